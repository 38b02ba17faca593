"""Fitting per-check confidence thresholds from labelled grader verdicts.

Method (``fixed_sequence_binomial``, after "Trust or Escalate", Jung et al., arXiv 2407.18370): for one
check and one grader, each labelled observation is (verdict, confidence, label). A threshold λ decides
the observations with confidence ≥ λ; its risk is the disagreement rate on those. Candidate thresholds
are the observed confidences, tested from the highest down; the null hypothesis "risk(λ) > α"
(α = 1 - target agreement) is rejected when the binomial tail ``P(Binom(m, α) ≤ k) ≤ δ`` for k
disagreements among m decided items (equivalently, the one-sided Clopper-Pearson (1-δ) upper bound on
the risk is ≤ α). Testing stops at the first threshold not rejected; the lowest rejected one is chosen.
Fixed-sequence testing controls the family-wise error, so with probability ≥ 1-δ over the calibration
draw the chosen threshold's agreement on decided items is ≥ 1-α (for test data exchangeable with
the calibration data: a guarantee about *that* distribution, not about an independently written set).

Candidates that decide too few items for any rejection (m < ln δ / ln(1-α), 22 at α = δ = 0.1) are
skipped: which ones those are depends only on the confidences, never on the labels, so skipping them
keeps the guarantee and saves the sequence from ending on a threshold it could never certify.

Small samples: with fewer observations than that minimum nothing can be certified; if there are at
least ``min_labels`` observations the fit falls back to ``holdout_empirical``: the lowest threshold
whose agreement on the (held-out, never trained on) labelled items reaches the target, with no
statistical guarantee (the file says so per check). Fewer than ``min_labels``: no threshold, so the
tier never decides that check. ``method="holdout_empirical"`` asks for the empirical rule everywhere.

Class-conditional thresholds (``by_verdict=True``, the default): the same test is run separately on
the grader's "pass" verdicts and on its "fail" verdicts (a Mondrian split on the predicted class), each
at delta/2, so by the union bound both hold together with probability >= 1-delta and the agreement
on all decided verdicts is again >= 1-alpha. The split matters when a grader's reliability depends on
what it answers: one pooled threshold must then be high enough for the worse side and discards the
good side's verdicts. The price is that each side needs its own labelled verdicts (29 decided per side
at alpha = 0.1, delta/2 = 0.05 for a certificate; below that the empirical fallback applies per side).
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from hrm_wire.errors import InvalidRequest
from judge_server.thresholds.calibration_file import (
    CalibrationFile,
    CheckThreshold,
    CurvePoint,
    Method,
    TierThresholds,
    VerdictThreshold,
)


@dataclass(frozen=True)
class Observation:
    """One grader verdict on one check of one labelled item."""

    check_id: str
    model_id: str
    question_hash: str
    passed: bool
    confidence: float
    label: bool

    @property
    def agrees(self) -> bool:
        return self.passed == self.label


def binom_cdf(k: int, n: int, p: float) -> float:
    """P(Binom(n, p) <= k), summed exactly (n is a count of labelled items: small). Kept here rather than
    importing SciPy, so the judge core does not need it; tests check it against scipy.stats.binom."""
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    return math.fsum(math.comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k + 1))


def min_certifiable(alpha: float, delta: float) -> int:
    """Fewest decided items for which zero disagreements would already reject risk > alpha."""
    return math.ceil(math.log(delta) / math.log(1 - alpha))


def error_upper_bound(errors: int, n: int, delta: float) -> float:
    """One-sided (1-delta) Clopper-Pearson upper bound on a disagreement rate: the p with
    P(Binom(n, p) <= errors) = delta (the binomial tail falls as p grows), found by bisection."""
    if errors >= n:
        return 1.0
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if binom_cdf(errors, n, mid) > delta:
            lo = mid
        else:
            hi = mid
    return hi


def curve(obs: list[Observation], delta: float) -> list[CurvePoint]:
    """Coverage and agreement at every observed confidence (highest threshold first)."""
    out = []
    for lam in sorted({o.confidence for o in obs}, reverse=True):
        dec = [o for o in obs if o.confidence >= lam]
        k = sum(not o.agrees for o in dec)
        out.append(CurvePoint(threshold=lam, decided=len(dec), coverage=len(dec) / len(obs),
                              agreement=1 - k / len(dec), error_upper=error_upper_bound(k, len(dec), delta)))
    return out


def _fixed_sequence(points: list[CurvePoint], alpha: float, delta: float) -> CurvePoint | None:
    chosen = None
    m_min = min_certifiable(alpha, delta)
    for p in points:
        if p.decided < m_min:
            continue
        errors = round((1 - (p.agreement or 0)) * p.decided)
        if binom_cdf(errors, p.decided, alpha) > delta:
            break
        chosen = p
    return chosen


def _empirical(points: list[CurvePoint], target: float) -> CurvePoint | None:
    ok = [p for p in points if (p.agreement or 0) >= target]
    return min(ok, key=lambda p: p.threshold) if ok else None


def fit_check(obs: list[Observation], *, target: float = 0.9, delta: float = 0.1, method: Method =
              "fixed_sequence_binomial", min_labels: int = 8, by_verdict: bool = True) -> CheckThreshold:
    """The threshold(s) for one check and one grader (see the module docstring)."""
    qhash = obs[0].question_hash if obs else ""
    pooled = _fit_side(obs, target=target, delta=delta, method=method, min_labels=min_labels)
    sides = None
    if by_verdict:
        sides = {name: _fit_side([o for o in obs if o.passed == want], target=target, delta=delta / 2,
                                 method=method, min_labels=min_labels)
                 for name, want in (("pass", True), ("fail", False))}
    return CheckThreshold(question_hash=qhash, by_verdict=sides, **pooled.model_dump())


def _fit_side(obs: list[Observation], *, target: float, delta: float, method: Method,
              min_labels: int) -> VerdictThreshold:
    alpha = 1 - target
    if len(obs) < min_labels:
        return VerdictThreshold(n=len(obs), threshold=None, method="none",
                                note=f"only {len(obs)} labelled verdict(s), fewer than {min_labels}: never decided "
                                     f"by this grader")
    points = curve(obs, delta)
    used: Method = method
    note = ""
    if method == "fixed_sequence_binomial" and len(obs) < min_certifiable(alpha, delta):
        used = "holdout_empirical"
        note = (f"{len(obs)} labelled verdicts cannot certify {target:.0%} agreement at delta {delta:g} (needs "
                f">= {min_certifiable(alpha, delta)}): empirical threshold, no guarantee")
    best = _fixed_sequence(points, alpha, delta) if used == "fixed_sequence_binomial" else _empirical(points, target)
    if best is None:
        note = note or ("no threshold reaches the target agreement" if used == "holdout_empirical" else
                        f"no threshold certified: agreement >= {target:.0%} cannot be shown at delta {delta:g}")
        return VerdictThreshold(n=len(obs), threshold=None, method=used, note=note, curve=points)
    return VerdictThreshold(n=len(obs), threshold=best.threshold, method=used, coverage=best.coverage,
                            agreement=best.agreement, note=note, curve=points)


def fit(observations: Iterable[Observation], *, pack: str, target: float = 0.9, delta: float = 0.1,
        method: Method = "fixed_sequence_binomial", min_labels: int = 8, source: str = "",
        by_verdict: bool = True) -> CalibrationFile:
    """A calibration file with one threshold per (grader, check) present in ``observations``."""
    groups: dict[tuple[str, str], list[Observation]] = defaultdict(list)
    for o in observations:
        groups[(o.model_id, o.check_id)].append(o)
    tiers: dict[str, TierThresholds] = {}
    for (model, cid), obs in sorted(groups.items()):
        hashes = {o.question_hash for o in obs}
        if len(hashes) > 1:
            raise InvalidRequest(f"check {cid!r} ({model}) was asked {len(hashes)} different questions in the "
                                 f"observations; fit each question version separately", field="question_hash")
        tiers.setdefault(model, TierThresholds()).checks[cid] = fit_check(
            obs, target=target, delta=delta, method=method, min_labels=min_labels, by_verdict=by_verdict)
    return CalibrationFile(pack=pack, target_agreement=target, delta=delta, method=method, source=source,
                           created=datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), tiers=tiers)


# ----------------------------------------------------------------------------------------- inputs

def observations_from_records(records: Iterable[dict[str, Any]]) -> tuple[str | None, list[Observation]]:
    """(pack id, observations) from ``hrm calibrate`` per-item records (``observations`` + ``labels``)."""
    pack = None
    out = []
    for r in records:
        if r.get("error") is not None:
            continue
        pack = pack or r.get("rubric")
        labels = (r.get("labels") or {}).get("checks") or {}
        for o in r.get("observations") or []:
            label = labels.get(o["check"])
            if isinstance(label, bool) and isinstance(o.get("passed"), bool):
                out.append(Observation(o["check"], o["tier"], o["question_hash"], o["passed"],
                                       float(o["confidence"]), label))
    return pack, out


def fit_from_calibrate_output(output_jsonl: str | Path, out_path: str | Path, *, target: float = 0.9,
                              delta: float = 0.1, method: Method = "fixed_sequence_binomial",
                              min_labels: int = 8, by_verdict: bool = True) -> CalibrationFile:
    """Fit thresholds from an ``hrm calibrate`` results file and write the calibration file."""
    path = Path(output_jsonl)
    latest: dict[str, dict[str, Any]] = {}  # a resumed run may hold several records per item: the last counts
    for line in path.read_text().splitlines():
        if line.strip():
            try:
                rec = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut short by an interruption
            latest[str(rec.get("id"))] = rec
    pack, obs = observations_from_records(latest.values())
    if not obs or pack is None:
        raise InvalidRequest(f"{path}: no labelled grader verdicts (run hrm calibrate on a labelled set first)",
                             field="observations")
    cal = fit(obs, pack=pack, target=target, delta=delta, method=method, min_labels=min_labels,
              source=str(path), by_verdict=by_verdict)
    cal.dump(Path(out_path))
    return cal
