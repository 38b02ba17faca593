"""Report metrics of the shop_r1 and workflow_agent packs: pure functions over result rows.

A row is what one judged run left behind: its ``components`` (``ScoreResult.components``) plus, for the
workflow pack, the verdicts and raw scores of its checks. ``rows_from_results`` extracts rows from
``ScoreResult`` objects; the eval report (hrm_client) builds the same rows from its arrays. Judge
failures are not rows: they are counted apart and never enter a quality metric.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from hrm_wire.models import ScoreResult
from judge_server.rules.other.shop_r1 import ACTION_TYPES

NAN = float("nan")


@dataclass(frozen=True)
class Row:
    """One judged run: reward components by name and, per check, its pass verdict and raw score."""

    components: dict[str, float] = field(default_factory=dict)
    passed: dict[str, bool] = field(default_factory=dict)
    raw_scores: dict[str, float] = field(default_factory=dict)


def rows_from_results(results: Iterable[ScoreResult]) -> list[Row]:
    rows = []
    for r in results:
        if r.judge_failed:
            continue
        rows.append(Row(dict(r.detail.components) if r.detail is not None and r.detail.kind == "weighted" else {},
                        {cid: bool(c.passed) for cid, c in r.checks.items() if c.passed is not None},
                        {cid: float(c.raw_score) for cid, c in r.checks.items() if c.raw_score is not None}))
    return rows


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else NAN


# ---- shop_r1 ------------------------------------------------------------------------------------

def action_labels(components: dict[str, float], check: str = "action") -> tuple[str | None, str | None]:
    """(predicted type or None for an invalid prediction, reference type) from the label components."""
    def which(prefix: str) -> str | None:
        hits = [t for t in ACTION_TYPES if components.get(f"{check}.{prefix}_{t}", 0.0) >= 0.5]
        return hits[0] if len(hits) == 1 else None

    return which("predicted"), which("reference")


def macro_f1(y_true: Sequence[str], y_pred: Sequence[str | None], labels: Sequence[str] | None = None) -> float:
    """Unweighted mean over classes of per-class F1 (as scikit-learn's ``f1_score(average='macro')``).

    Classes default to those seen among references and valid predictions; an invalid prediction (None)
    counts as a miss for its reference class and a false positive for no class. A class with no true
    and no predicted instance is not among the defaults; a listed one scores 0 (scikit-learn's
    zero_division=0).
    """
    if len(y_true) != len(y_pred):
        raise ValueError("y_true and y_pred differ in length")
    if not y_true:
        return NAN
    classes = list(labels) if labels is not None else sorted({*y_true, *(p for p in y_pred if p is not None)})
    scores = []
    for c in classes:
        tp = sum(t == c and p == c for t, p in zip(y_true, y_pred, strict=True))
        fp = sum(t != c and p == c for t, p in zip(y_true, y_pred, strict=True))
        fn = sum(t == c and p != c for t, p in zip(y_true, y_pred, strict=True))
        scores.append(2 * tp / (2 * tp + fp + fn) if tp else 0.0)
    return _mean(scores)


def shop_r1_metrics(rows: Sequence[Row], check: str = "action") -> dict[str, float]:
    """Exact-action accuracy, action-type accuracy and action-type macro-F1 (Shop-R1, Table 2),
    plus exact and type accuracy per reference action type (Table 3)."""
    labelled = [(row, *action_labels(row.components, check)) for row in rows]
    labelled = [(row, p, t) for row, p, t in labelled if t is not None]
    out: dict[str, float] = {
        "n": float(len(labelled)),
        "exact_action_accuracy": _mean([float(row.passed.get(check, False)) for row, _, _ in labelled]),
        "action_type_accuracy": _mean([float(p == t) for _, p, t in labelled]),
        "action_type_macro_f1": macro_f1([t for _, _, t in labelled], [p for _, p, _ in labelled]),
        "format_validity": _mean([float(p is not None) for _, p, _ in labelled]),
    }
    for kind in ACTION_TYPES:
        subset = [(row, p) for row, p, t in labelled if t == kind]
        out[f"exact_accuracy_{kind}"] = _mean([float(row.passed.get(check, False)) for row, _ in subset])
        out[f"type_accuracy_{kind}"] = _mean([float(p == kind) for _, p in subset])
    return out


# ---- workflow_agent -----------------------------------------------------------------------------

def workflow_metrics(rows: Sequence[Row], tool_check: str = "tool_call", quality_check: str = "response_quality",
                     format_check: str = "format") -> dict[str, float]:
    """The workflow-graph paper's three turn-level metrics: accuracy (tool-call judge passes), format
    adherence (validator passes) and mean response validity (raw 1-3 quality score)."""
    def rate(check: str) -> float:
        return _mean([float(r.passed[check]) for r in rows if check in r.passed])

    return {
        "n": float(len(rows)),
        "accuracy": rate(tool_check),
        "format_adherence": rate(format_check),
        "mean_response_validity": _mean([r.raw_scores[quality_check] for r in rows if quality_check in r.raw_scores]),
    }


