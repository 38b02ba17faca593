"""Report sections of the shop_r1 and workflow_agent packs for ``hrm report`` (hrm_client's registry).

Importing this module registers them. The eval report keeps per-(item, run) float arrays
(``hrm_client.metrics.EvalData``); this module turns the judged cells back into rows and applies the
pure metric functions of ``judge_server.scorers.metrics``, so the numbers match what those functions
give on the ScoreResults themselves.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from hrm_client.metrics import EvalData, Metric
from hrm_client.pack_metrics import Plot, Section, register_pack

from judge_server.rubric import RubricRegistry
from judge_server.scorers.metrics import Row, shop_r1_metrics, workflow_metrics
from judge_server.scorers.shop_r1 import ACTION_TYPES


def _rows(data: EvalData, comps: list[str], checks: list[str],
          raw: dict[str, tuple[float, float, float]] | None = None) -> list[Row]:
    """One row per judged (item, run) cell. ``raw`` maps a check to (weight, low, high) of its scale, to
    recover its raw score from its weighted component (weight x (raw - low) / (high - low))."""
    valid = data.get("valid") == 1.0
    arrays = {k: data.get("comp:" + k) for k in comps}
    passed = {k: data.get("check:" + k) for k in checks}
    weighted = {k: data.get("comp:" + k) for k in (raw or {})}
    rows = []
    for i, j in zip(*np.nonzero(valid), strict=True):
        raw_scores = {}
        for k, (w, lo, hi) in (raw or {}).items():
            v = weighted[k][i, j]
            if w > 0 and not np.isnan(v):
                raw_scores[k] = lo + (hi - lo) * float(v) / w
        rows.append(Row({k: float(a[i, j]) for k, a in arrays.items() if not np.isnan(a[i, j])},
                        {k: bool(a[i, j]) for k, a in passed.items() if not np.isnan(a[i, j])},
                        raw_scores))
    return rows


def _metric(key: str, label: str, definition: str, compute, field: str, kind: str = "rate") -> Metric:
    return Metric(key, label, definition, lambda d: compute(d)[field], kind=kind)  # type: ignore[arg-type]


def _shop_r1(d: EvalData) -> dict[str, float]:
    comps = [f"action.{side}_{t}" for side in ("predicted", "reference") for t in ACTION_TYPES]
    return shop_r1_metrics(_rows(d, comps, ["action"]))


@register_pack("shop_r1")
def shop_r1_section(data: EvalData) -> Section:
    m = [
        _metric("exact_action_acc", "exact-action accuracy", "Runs whose predicted action matches the reference in "
                "type and every sub-field (case and whitespace folded) / judged runs.", _shop_r1,
                "exact_action_accuracy"),
        _metric("action_type_acc", "action-type accuracy", "Runs whose predicted action type equals the reference "
                "type / judged runs (an invalid object counts as wrong).", _shop_r1, "action_type_accuracy"),
        _metric("action_type_f1", "action-type macro-F1", "Mean over action types (seen among references or valid "
                "predictions) of the per-type F1 of the predicted type; invalid objects are misses.", _shop_r1,
                "action_type_macro_f1"),
        _metric("format_validity", "format validity", "Runs whose response is a valid {rationale, action} object "
                "/ judged runs.", _shop_r1, "format_validity"),
    ]
    for t in ACTION_TYPES:
        m.append(_metric(f"exact_acc_{t}", f"exact accuracy ({t})", f"Exact-action accuracy over runs whose "
                         f"reference action is {t}.", _shop_r1, f"exact_accuracy_{t}"))
        m.append(_metric(f"type_acc_{t}", f"type accuracy ({t})", f"Action-type accuracy over runs whose "
                         f"reference action is {t}.", _shop_r1, f"type_accuracy_{t}"))
    plots = [Plot("shop_r1_by_type", "Accuracy per reference action type", "bars",
                  tuple(k for t in ACTION_TYPES for k in (f"exact_acc_{t}", f"type_acc_{t}")))]
    return Section("Shop-R1 action prediction", m, plots)


@lru_cache(maxsize=1)
def _quality_scale(pack_id: str, check: str) -> tuple[float, float, float]:
    spec = next(c for c in RubricRegistry().get(pack_id).checks if c.id == check)
    assert spec.llm is not None
    lo, hi = spec.llm.scale
    return spec.weight, float(lo), float(hi)


def _workflow(d: EvalData) -> dict[str, float]:
    raw = {"response_quality": _quality_scale("workflow_agent", "response_quality")}
    return workflow_metrics(_rows(d, [], ["tool_call", "format"], raw))


@register_pack("workflow_agent")
def workflow_section(data: EvalData) -> Section:
    m = [
        _metric("accuracy", "accuracy", "Turns whose tool call is judged correct (right tool or rightly none, "
                "required arguments present, arguments equal to or meaning the same as the reference) / judged "
                "turns.", _workflow, "accuracy"),
        _metric("format_adherence", "format adherence", "Turns whose response passes the coded format validator "
                "/ judged turns.", _workflow, "format_adherence"),
        _metric("mean_response_validity", "mean response validity", "Mean response-quality score on the judge's "
                "1-3 scale (3: highly valid) over judged turns.", _workflow, "mean_response_validity", kind="score"),
    ]
    plots = [Plot("workflow_rates", "Accuracy and format adherence", "bars", ("accuracy", "format_adherence"))]
    return Section("Workflow agent (turn-level)", m, plots)
