"""Eval metrics computed from output records.

Records become an ``EvalData``: per-item (rows) x per-run (columns) float arrays, NaN where a value
does not apply (a run that errored, a judge failure, L2 skipped because L1 failed, a padding column
for an item with fewer runs). Every metric is a function of an ``EvalData``; the same functions serve
the report, per-category breakdowns (row subsets) and the paired bootstrap of ``hrm compare`` (row
resamples). Definitions follow SmartShopBench (DESIGN.md, "Evaluation metrics").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from hrm_tools.eval.records import RunRecord
from hrm_wire.graders import is_smoke_grader
from hrm_wire.models import HRMDetail, ItemsDetail, WeightedDetail

NAN = float("nan")
UNCATEGORIZED = "uncategorized"

#: L1 dimension ids as the HRM composition names them, with the paper's abbreviations
L1_DIMENSIONS = {"product_correctness": "PC", "text_relevance": "TR", "description_faithfulness": "DF"}


#: the group of every item, beside the per-category groups
OVERALL = "overall"


def smoke_warning(graders: list[str]) -> str | None:
    """The warning a report carries when a plumbing grader (``is_smoke_grader``) made its verdicts."""
    smoke = [g for g in graders if is_smoke_grader(g)]
    if not smoke:
        return None
    return (f"Judged by {', '.join(smoke)}: a plumbing grader (a fake or a 135M model) whose verdicts are not judgments. These numbers "
            "check the plumbing only; never quote them as judge verdicts.")


@dataclass
class EvalData:
    """Items x runs arrays of one rubric's records."""

    item_ids: list[str]
    categories: list[str]
    runs: int
    arrays: dict[str, np.ndarray] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.item_ids)

    def get(self, key: str) -> np.ndarray:
        arr = self.arrays.get(key)
        return arr if arr is not None else np.full((len(self), self.runs), np.nan)

    def keys(self, prefix: str) -> list[str]:
        return sorted(k[len(prefix):] for k in self.arrays if k.startswith(prefix))

    def take(self, rows: np.ndarray | list[int]) -> EvalData:
        rows = np.asarray(rows, dtype=int)
        return EvalData([self.item_ids[i] for i in rows], [self.categories[i] for i in rows], self.runs,
                        {k: v[rows] for k, v in self.arrays.items()})

    def by_category(self) -> dict[str, EvalData]:
        out: dict[str, list[int]] = {}
        for i, c in enumerate(self.categories):
            out.setdefault(c, []).append(i)
        return {c: self.take(rows) for c, rows in sorted(out.items())}


def trajectory_shape(steps: Sequence[object]) -> tuple[int, int]:
    """(tool calls, policy turns) of one run's trajectory (the paper's Fig. 6b efficiency).

    Tool calls issued together (no observation between them: parallel calls of one assistant message) are
    one turn; the final response is one more. Steps are HRM's (``kind`` reasoning / tool_call / observation).
    """
    calls = turns = 0
    open_turn = False
    for step in steps:
        kind = getattr(step, "kind", None) if not isinstance(step, Mapping) else step.get("kind")
        if kind == "tool_call":
            calls += 1
            if not open_turn:
                turns += 1
                open_turn = True
        elif kind == "observation":
            open_turn = False
    return calls, turns + 1


def build(records: Iterable[RunRecord], shapes: Mapping[tuple[str, int], tuple[int, int]] | None = None) -> EvalData:
    """Arrays of one rubric's records (``split_by_rubric`` first when a file mixes packs).

    ``shapes``: (tool calls, turns) per (item id, run), from the eval input's trajectories
    (:func:`trajectory_shape`); the output records do not carry them.
    """
    recs = list(records)
    items: dict[str, int] = {}
    cats: list[str] = []
    for r in sorted(recs, key=lambda r: (r.item_id, r.run)):
        if r.item_id not in items:
            items[r.item_id] = len(items)
            cats.append(r.category or UNCATEGORIZED)
    n, runs = len(items), max((r.run + 1 for r in recs), default=0)
    arrays: dict[str, np.ndarray] = {}

    def put(key: str, i: int, j: int, value: float) -> None:
        arr = arrays.get(key)
        if arr is None:
            arr = arrays[key] = np.full((n, runs), np.nan)
        arr[i, j] = value

    for r in recs:
        i, j = items[r.item_id], r.run
        put("present", i, j, 1.0)
        put("errored", i, j, float(r.error is not None or r.result is None))
        if shapes is not None and r.key in shapes:  # what the policy did, whatever the judge made of it
            put("tool_calls", i, j, float(shapes[r.key][0]))
            put("turns", i, j, float(shapes[r.key][1]))
        res = r.result
        if res is None:
            continue
        put("reasoning_tokens", i, j, float(res.reasoning_len))
        put("judge_failed", i, j, float(res.judge_failed))
        put("attempts", i, j, float(res.parse_attempts))
        put("retries", i, j, float(res.retries))
        put("abstained", i, j, float(res.abstained))
        if res.judge_failed:
            continue  # excluded from every quality metric, counted in the judge-failure rate
        put("valid", i, j, 1.0)
        put("decided", i, j, float(res.reward is not None))
        if res.reward is not None:
            put("reward", i, j, res.reward)
        hrm = res.detail_as(HRMDetail)
        if hrm is not None and hrm.r_proc is not None:
            put("r_proc", i, j, hrm.r_proc)
        if hrm is not None and hrm.l1 is not None:
            if hrm.l1.passed is not None:
                put("l1", i, j, float(hrm.l1.passed))
            for dim, d in hrm.l1.dimensions.items():
                if d.passed is not None:
                    put("dim:" + dim, i, j, float(d.passed))
        if hrm is not None and hrm.l2 is not None:
            if hrm.l2.score is not None:
                put("l2", i, j, hrm.l2.score)
            for rid in hrm.l2.rubrics:
                c = res.checks.get(rid)
                if c is not None and c.passed is not None:
                    put("l2r:" + rid, i, j, float(c.passed))
        weighted = res.detail_as(WeightedDetail)
        for name, value in (weighted.components.items() if weighted is not None else ()):
            put("comp:" + name, i, j, float(value))
        own = res.detail_as(ItemsDetail)
        if own is not None and own.decided_weight is not None:
            put("score:decided_weight", i, j, own.decided_weight)
        for iid, v in (own.items.items() if own is not None else ()):
            if v.status == "not_applicable":
                put("item_na:" + iid, i, j, 1.0)
                continue
            put("item_na:" + iid, i, j, 0.0)
            if v.score is not None:
                put("item:" + iid, i, j, v.score)
        for cid, c in res.checks.items():
            if c.passed is not None:
                put("check:" + cid, i, j, float(c.passed))
            if c.raw_score is not None:
                put("raw:" + cid, i, j, float(c.raw_score))
    for key in ("present",):
        if key in arrays:
            arrays[key] = np.nan_to_num(arrays[key], nan=0.0)
    return EvalData(list(items), cats, runs, arrays)


def split_by_rubric(records: Iterable[RunRecord]) -> dict[str, list[RunRecord]]:
    out: dict[str, list[RunRecord]] = {}
    for r in records:
        out.setdefault(r.rubric, []).append(r)
    return dict(sorted(out.items()))


# ---- reductions ---------------------------------------------------------------------------------

def per_run_means(a: np.ndarray) -> np.ndarray:
    """Mean of each run (column) over the items that have a value in it; runs with none are dropped."""
    if a.size == 0:
        return np.array([])
    valid = ~np.isnan(a)
    count = valid.sum(axis=0)
    total = np.where(valid, a, 0.0).sum(axis=0)
    has = count > 0
    return total[has] / count[has]


def mean_over_runs(a: np.ndarray) -> float:
    """The paper's "averaged over runs": the mean of the per-run rates."""
    m = per_run_means(a)
    return float(m.mean()) if m.size else NAN


def std_over_runs(a: np.ndarray) -> float:
    """Population standard deviation of the per-run means (0 for a single run)."""
    m = per_run_means(a)
    return float(m.std()) if m.size else NAN


def pooled_mean(a: np.ndarray) -> float:
    valid = ~np.isnan(a)
    n = int(valid.sum())
    return float(np.where(valid, a, 0.0).sum() / n) if n else NAN


def ratio(num: np.ndarray, den: np.ndarray) -> float:
    d = float(np.nansum(den))
    return float(np.nansum(num)) / d if d else NAN


def pass_all_runs(l1: np.ndarray, present: np.ndarray) -> float:
    """Pass^R: an item counts 1 if every one of its runs passed L1, 0 if any judged run failed.

    An item none of whose judged runs failed but with a run that has no verdict (judge failure or
    error) is undecided and left out of the denominator.
    """
    if l1.size == 0:
        return NAN
    has_run = present > 0
    judged = ~np.isnan(l1)
    failed_any = np.any(judged & (l1 == 0), axis=1)
    all_pass = np.all(~has_run | (judged & (l1 == 1)), axis=1) & np.any(has_run, axis=1)
    decided = failed_any | all_pass
    if not decided.any():
        return NAN
    return float(all_pass[decided].mean())


# ---- metric specs -------------------------------------------------------------------------------

Kind = Literal["rate", "score", "count", "mean"]


@dataclass(frozen=True)
class Metric:
    """A named metric, its definition as the report prints it, and how to compute it."""

    key: str
    label: str
    definition: str
    fn: Callable[[EvalData], float]
    kind: Kind = "rate"
    #: whether a larger value is better (None: neither, e.g. counts)
    higher_is_better: bool | None = True
    #: the per-run array the metric averages: its coverage is the share of runs with a value in it
    source: str | None = None

    def __call__(self, data: EvalData) -> float:
        return self.fn(data) if len(data) else NAN


def coverage(data: EvalData, source: str | None) -> float:
    """Share of the runs attempted (``present``) whose ``source`` array holds a value: decided results.

    A judge failure, an abstention, an error, a gate that skipped the check: each is a run without a value.
    """
    if source is None or not len(data):
        return NAN
    present = data.get("present") > 0
    n = int(present.sum())
    return float((~np.isnan(data.get(source)) & present).sum() / n) if n else NAN


def fmt(value: float | None, kind: Kind) -> str:
    if value is None or (isinstance(value, float) and np.isnan(value)):
        return "—"
    if kind == "rate":
        return f"{100 * value:.2f}"
    if kind == "count":
        return f"{int(value)}"
    if kind == "mean":  # a per-run average of a count (tool calls, turns, tokens)
        return f"{value:.2f}"
    return f"{value:.4f}"


def clean(value: float) -> float | None:
    """NaN -> None for JSON."""
    return None if value is None or np.isnan(value) else round(float(value), 6)
