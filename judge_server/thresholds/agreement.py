"""Judge-vs-human agreement statistics: Cohen's kappa, Spearman's rho, confusion matrices.

Pure functions over plain sequences (no numpy needed), so the review UI, the calibration CLI and
the tests can share them. They follow scikit-learn's ``cohen_kappa_score`` / ``confusion_matrix``
and SciPy's ``spearmanr`` exactly, including the undefined cases: where the statistic divides by
zero (both raters constant on the same label for kappa, a constant series for rho) the result is
``nan`` rather than a made-up 0 or 1, and callers show it as "undefined".
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

#: The paper's calibration figures (ChatShopBuddy): human vs judge on L1 and L2.
PAPER_KAPPA_L1 = 0.79
PAPER_RHO_L2 = 0.71
#: Below this many paired labels a kappa or rho is shown with a small-sample warning: with a handful
#: of items one flipped label moves kappa by tenths, and its confidence interval spans most of [-1, 1].
MIN_RELIABLE_N = 20


def _check_pair(a: Sequence[Any], b: Sequence[Any]) -> None:
    if len(a) != len(b):
        raise ValueError(f"the two raters have different lengths: {len(a)} != {len(b)}")


def _sorted_labels(values: Sequence[Hashable]) -> list[Hashable]:
    uniq = set(values)
    try:
        return sorted(uniq)  # type: ignore[type-var]
    except TypeError:  # mixed, unorderable labels: keep first-seen order
        return list(dict.fromkeys(values))


def confusion_matrix(a: Sequence[Hashable], b: Sequence[Hashable],
                     labels: Sequence[Hashable] | None = None) -> list[list[int]]:
    """Counts ``m[i][j]`` of items rater ``a`` put in ``labels[i]`` and rater ``b`` in ``labels[j]``.

    ``labels`` defaults to the sorted union of both raters' labels (as scikit-learn does); pairs
    with a label outside ``labels`` are not counted.
    """
    _check_pair(a, b)
    labs = list(labels) if labels is not None else _sorted_labels(list(a) + list(b))
    index = {lab: i for i, lab in enumerate(labs)}
    m = [[0] * len(labs) for _ in labs]
    for x, y in zip(a, b, strict=True):
        i, j = index.get(x), index.get(y)
        if i is not None and j is not None:
            m[i][j] += 1
    return m


def cohen_kappa(a: Sequence[Hashable], b: Sequence[Hashable],
                labels: Sequence[Hashable] | None = None) -> float:
    """Cohen's kappa ``(p_o - p_e) / (1 - p_e)``; ``nan`` when undefined (no items, or ``p_e == 1``)."""
    m = confusion_matrix(a, b, labels)
    n = sum(map(sum, m))
    if n == 0:
        return math.nan
    k = len(m)
    rows = [sum(m[i]) for i in range(k)]
    cols = [sum(m[i][j] for i in range(k)) for j in range(k)]
    # Same form as scikit-learn (1 - observed disagreement / expected disagreement), so the
    # floating-point result matches it to the last bits, not just approximately.
    observed = sum(m[i][j] for i in range(k) for j in range(k) if i != j)
    expected = sum(rows[i] * cols[j] for i in range(k) for j in range(k) if i != j) / n
    if expected == 0:
        return math.nan
    return 1.0 - observed / expected


def rank_average(x: Sequence[float]) -> list[float]:
    """1-based ranks, ties sharing the mean of the ranks they span (SciPy's ``rankdata``)."""
    order = sorted(range(len(x)), key=lambda i: x[i])
    ranks = [0.0] * len(x)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and x[order[j + 1]] == x[order[i]]:
            j += 1
        avg = (i + j) / 2.0 + 1.0
        for t in range(i, j + 1):
            ranks[order[t]] = avg
        i = j + 1
    return ranks


def pearson(x: Sequence[float], y: Sequence[float]) -> float:
    """Pearson's r; ``nan`` for fewer than two items or a constant series."""
    _check_pair(x, y)
    n = len(x)
    if n < 2:
        return math.nan
    mx, my = math.fsum(x) / n, math.fsum(y) / n
    dx = [v - mx for v in x]
    dy = [v - my for v in y]
    sxx = math.fsum(v * v for v in dx)
    syy = math.fsum(v * v for v in dy)
    if sxx == 0 or syy == 0:
        return math.nan
    r = math.fsum(p * q for p, q in zip(dx, dy, strict=True)) / math.sqrt(sxx * syy)
    return max(-1.0, min(1.0, r))


def spearman_rho(x: Sequence[float], y: Sequence[float]) -> float:
    """Spearman's rank correlation (ties take average ranks); ``nan`` where SciPy gives ``nan``."""
    _check_pair(x, y)
    if any(isinstance(v, float) and math.isnan(v) for v in (*x, *y)):
        return math.nan
    return pearson(rank_average(x), rank_average(y))


def finite_or_none(value: float) -> float | None:
    """``nan`` becomes ``None`` (JSON has no NaN)."""
    return None if value is None or math.isnan(value) else value


@dataclass
class BinaryAgreement:
    """Judge vs human on one binary target (an L1 dimension, the L1 gate or an L2 rubric)."""

    target: str
    n: int = 0
    agree: int = 0
    kappa: float = math.nan
    #: rows = judge, columns = human, order (fail, pass)
    confusion: list[list[int]] = field(default_factory=lambda: [[0, 0], [0, 0]])

    @property
    def agreement(self) -> float:
        return self.agree / self.n if self.n else math.nan

    @property
    def small_sample(self) -> bool:
        return self.n < MIN_RELIABLE_N

    def to_dict(self) -> dict[str, Any]:
        (ff, fp), (pf, pp) = self.confusion
        return {"target": self.target, "n": self.n, "agree": self.agree, "small_sample": self.small_sample,
                "agreement": finite_or_none(self.agreement), "kappa": finite_or_none(self.kappa),
                "judge_fail_human_fail": ff, "judge_fail_human_pass": fp,
                "judge_pass_human_fail": pf, "judge_pass_human_pass": pp}


def binary_agreement(target: str, judge: Sequence[bool], human: Sequence[bool]) -> BinaryAgreement:
    """Kappa, raw agreement and the 2x2 confusion matrix (labels fixed to fail, pass)."""
    _check_pair(judge, human)
    j = [bool(v) for v in judge]
    h = [bool(v) for v in human]
    return BinaryAgreement(
        target=target, n=len(j), agree=sum(p == q for p, q in zip(j, h, strict=True)),
        kappa=cohen_kappa(j, h, labels=[False, True]),
        confusion=confusion_matrix(j, h, labels=[False, True]))


@dataclass
class RankAgreement:
    """Judge score vs human score (Spearman's rho)."""

    target: str
    n: int = 0
    rho: float = math.nan
    judge_mean: float = math.nan
    human_mean: float = math.nan

    @property
    def small_sample(self) -> bool:
        return self.n < MIN_RELIABLE_N

    def to_dict(self) -> dict[str, Any]:
        return {"target": self.target, "n": self.n, "small_sample": self.small_sample,
                "rho": finite_or_none(self.rho),
                "judge_mean": finite_or_none(self.judge_mean), "human_mean": finite_or_none(self.human_mean)}


def rank_agreement(target: str, judge: Sequence[float], human: Sequence[float]) -> RankAgreement:
    _check_pair(judge, human)
    n = len(judge)
    return RankAgreement(target=target, n=n, rho=spearman_rho(judge, human),
                         judge_mean=math.fsum(judge) / n if n else math.nan,
                         human_mean=math.fsum(human) / n if n else math.nan)
