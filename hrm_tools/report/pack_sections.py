"""Report sections of the shop_r1 and workflow_agent packs (importing this module registers them;
``hrm_tools.report.pack_metrics`` does on first use).

Computed from the eval arrays alone (``hrm_tools.report.metrics.EvalData``), so the client needs nothing from
the server: the action types are read off the one-hot label components the shop_r1 scorer writes
(``action.predicted_<type>``, ``action.reference_<type>``), and the workflow pack's response-quality
score on the judge's own scale from ``CheckResult.raw_score`` (array ``raw:<check>``). The definitions
are those of ``tests/oracle_metrics.py`` (Shop-R1 Tables 2-3; the workflow-graph paper's turn
metrics); tests/unit/clients/test_pack_sections.py checks both give the same numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from hrm_tools.report.metrics import NAN, EvalData, Metric, pooled_mean
from hrm_tools.report.pack_metrics import Plot, Section, register_pack

_PRED, _REF = "comp:action.predicted_", "comp:action.reference_"


def action_types(data: EvalData) -> list[str]:
    return sorted({k[len("action.reference_"):] for k in data.keys("comp:") if k.startswith("action.reference_")}
                  | {k[len("action.predicted_"):] for k in data.keys("comp:") if k.startswith("action.predicted_")})


def _one_hot_label(data: EvalData, prefix: str, types: Sequence[str]) -> np.ndarray:
    """Per cell: the index of the single type whose component is >= 0.5; -1 for none or several; -2 where
    the cell has no components (not judged)."""
    if not types:
        return np.full((len(data), data.runs), -2)
    stack = np.stack([data.get(prefix + t) for t in types])  # types x items x runs
    hot = stack >= 0.5
    label = np.where(hot.sum(axis=0) == 1, hot.argmax(axis=0), -1)
    return np.where(np.all(np.isnan(stack), axis=0), -2, label)


def macro_f1(y_true: np.ndarray, y_pred: np.ndarray) -> float:
    """Unweighted mean per-class F1 over classes seen among references and valid predictions (an invalid
    prediction, -1, is a miss and no class's false positive); scikit-learn's zero_division=0."""
    if y_true.size == 0:
        return NAN
    classes = sorted({*y_true.tolist(), *(p for p in y_pred.tolist() if p >= 0)})
    scores = []
    for c in classes:
        tp = int(np.sum((y_true == c) & (y_pred == c)))
        fp = int(np.sum((y_true != c) & (y_pred == c)))
        fn = int(np.sum((y_true == c) & (y_pred != c)))
        scores.append(2 * tp / (2 * tp + fp + fn) if tp else 0.0)
    return float(np.mean(scores))


def shop_r1_values(data: EvalData, check: str = "action") -> dict[str, float]:
    types = action_types(data)
    valid = data.get("valid") == 1.0
    ref, pred = _one_hot_label(data, _REF, types), _one_hot_label(data, _PRED, types)
    cells = valid & (ref >= 0)  # judged runs with a reference label
    r, p = ref[cells], pred[cells]
    exact = np.nan_to_num(data.get("check:" + check)[cells], nan=0.0)

    def mean(a: np.ndarray) -> float:
        return float(a.mean()) if a.size else NAN

    out = {"n": float(r.size), "exact_action_accuracy": mean(exact), "action_type_accuracy": mean(p == r),
           "action_type_macro_f1": macro_f1(r, p), "format_validity": mean(p >= 0)}
    for i, t in enumerate(types):
        sub = r == i
        out[f"exact_accuracy_{t}"] = mean(exact[sub])
        out[f"type_accuracy_{t}"] = mean(p[sub] == i)
    return out


def _metric(key: str, label: str, definition: str, compute: Callable[[EvalData], dict[str, float]], field: str,
            kind: str = "rate", source: str | None = None) -> Metric:
    return Metric(key, label, definition, lambda d: compute(d).get(field, NAN), kind=kind,  # type: ignore[arg-type]
                  source=source)


@register_pack("shop_r1")
def shop_r1_section(data: EvalData) -> Section:
    m = [
        _metric("exact_action_acc", "exact-action accuracy", "Runs whose predicted action matches the reference in "
                "type and every sub-field (case and whitespace folded) / judged runs.", shop_r1_values,
                "exact_action_accuracy"),
        _metric("action_type_acc", "action-type accuracy", "Runs whose predicted action type equals the reference "
                "type / judged runs (an invalid object counts as wrong).", shop_r1_values, "action_type_accuracy", source="check:action"),
        _metric("action_type_f1", "action-type macro-F1", "Mean over action types (seen among references or valid "
                "predictions) of the per-type F1 of the predicted type; invalid objects are misses.",
                shop_r1_values, "action_type_macro_f1", source="check:action"),
        _metric("format_validity", "format validity", "Runs whose response is a valid {rationale, action} object "
                "/ judged runs.", shop_r1_values, "format_validity", source="check:action"),
    ]
    types = action_types(data)
    for t in types:
        m.append(_metric(f"exact_acc_{t}", f"exact accuracy ({t})", f"Exact-action accuracy over runs whose "
                         f"reference action is {t}.", shop_r1_values, f"exact_accuracy_{t}"))
        m.append(_metric(f"type_acc_{t}", f"type accuracy ({t})", f"Action-type accuracy over runs whose "
                         f"reference action is {t}.", shop_r1_values, f"type_accuracy_{t}"))
    plots = [Plot("shop_r1_by_type", "Accuracy per reference action type", "bars",
                  tuple(k for t in types for k in (f"exact_acc_{t}", f"type_acc_{t}")))]
    return Section("Shop-R1 action prediction", m, plots)


def workflow_values(data: EvalData, tool_check: str = "tool_call", quality_check: str = "response_quality",
                    format_check: str = "format") -> dict[str, float]:
    valid = data.get("valid") == 1.0

    def mean(key: str) -> float:
        a = data.get(key)[valid]
        a = a[~np.isnan(a)]
        return float(a.mean()) if a.size else NAN

    return {"n": float(valid.sum()), "accuracy": mean("check:" + tool_check),
            "format_adherence": mean("check:" + format_check), "mean_response_validity": mean("raw:" + quality_check)}


@register_pack("workflow_agent")
def workflow_section(data: EvalData) -> Section:
    m = [
        _metric("accuracy", "accuracy", "Turns whose tool call is judged correct (right tool or rightly none, "
                "required arguments present, arguments equal to or meaning the same as the reference) / judged "
                "turns.", workflow_values, "accuracy", source="check:tool_call"),
        _metric("format_adherence", "format adherence", "Turns whose response passes the coded format validator "
                "/ judged turns.", workflow_values, "format_adherence", source="check:format"),
        _metric("mean_response_validity", "mean response validity", "Mean response-quality score on the judge's "
                "1-3 scale (3: highly valid) over judged turns.", workflow_values, "mean_response_validity",
                kind="score", source="raw:response_quality"),
    ]
    plots = [Plot("workflow_rates", "Accuracy and format adherence", "bars", ("accuracy", "format_adherence"))]
    return Section("Workflow agent (turn-level)", m, plots)


EFFICIENCY = ("tool_calls", "turns", "reasoning_tokens")


def efficiency_section(data: EvalData) -> Section | None:
    """What the policy spent per run (the paper's Fig. 6b): tool calls, turns, reasoning tokens; any pack.

    None when no run has a trajectory shape and every reasoning length is 0 (packs without trajectories).
    """
    have = [k for k in ("tool_calls", "turns") if not np.all(np.isnan(data.get(k)))]
    reasoning = data.get("reasoning_tokens")
    if not have and not np.nansum(reasoning):
        return None
    defs = {
        "tool_calls": ("tool calls / run", "Mean number of tool calls per run (tool_call steps of the run's "
                       "trajectory in the eval input)."),
        "turns": ("turns / run", "Mean policy turns per run: tool calls issued together (no observation between "
                  "them) are one turn, the final response one more; from the eval input's trajectories."),
        "reasoning_tokens": ("reasoning tokens / run", "Mean reasoning length per judged run "
                             "(ScoreResult.reasoning_len: whitespace tokens of the reasoning steps and <think> "
                             "spans)."),
    }
    metrics = [Metric(k, defs[k][0], defs[k][1] + " Describes the policy, not the judge: runs the judge failed "
                      "on count too.", (lambda key: lambda d: pooled_mean(d.get(key)))(k), kind="mean",
                      higher_is_better=None, source=k)
               for k in EFFICIENCY if k in have or k == "reasoning_tokens"]
    plots = []
    if have:
        plots.append(Plot("efficiency_by_category", "Tool calls and turns per category (mean per run)",
                          "category_bars", tuple(have)))
    plots.append(Plot("reasoning_by_category", "Reasoning tokens per category (mean per run)", "category_bars",
                      ("reasoning_tokens",)))
    return Section("Efficiency (tool calls, turns, reasoning)", metrics, plots)
