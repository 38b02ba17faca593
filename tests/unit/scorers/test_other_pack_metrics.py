"""Report metrics of shop_r1 and workflow_agent: pure functions against scikit-learn and hand counts, and
the hrm report sections (built from eval records) against the same functions on the ScoreResults."""

import json
import math
import random

import pytest
from oracle_metrics import (
    Row,
    macro_f1,
    rows_from_results,
    shop_r1_metrics,
    workflow_metrics,
)
from sklearn.metrics import accuracy_score, f1_score

import hrm_tools.report.pack_sections  # noqa: F401  (registers the sections)
from hrm_tools.eval.records import RunRecord
from hrm_tools.report.metrics import build
from hrm_tools.report.pack_metrics import PACK_SECTIONS
from hrm_wire.models import CheckResult, Failure, ScoreResult
from judge_server.rules.other.shop_r1 import ACTION_TYPES

NAMES = ["add_to_cart", "refinements.reviews", "search_input", "buy_now"]


def random_item(rng: random.Random, i: int) -> tuple[dict, str | None, str]:
    ref_type = rng.choice(ACTION_TYPES)
    ref = {"type": ref_type, "name": rng.choice(NAMES), "text": "gaming mouse"}
    roll = rng.random()
    if roll < 0.15:
        return ({"id": f"i{i}", "rubric": "shop_r1", "query": "q", "reference": ref, "response": "{not json"},
                None, ref_type)
    pred_type = ref_type if roll < 0.6 else rng.choice(ACTION_TYPES)
    pred = {"type": pred_type, "name": rng.choice([ref["name"], rng.choice(NAMES)]),
            "text": rng.choice(["gaming mouse", "wireless gaming mouse"])}
    response = json.dumps({"rationale": "r", "action": pred})
    return {"id": f"i{i}", "rubric": "shop_r1", "query": "q", "reference": ref, "response": response}, pred_type, ref_type


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_macro_f1_matches_sklearn(seed):
    rng = random.Random(seed)
    y_true = [rng.choice(ACTION_TYPES) for _ in range(60)]
    y_pred = [rng.choice([*ACTION_TYPES, None]) for _ in range(60)]
    labels = sorted({*y_true, *(p for p in y_pred if p)})
    expected = f1_score(y_true, [p or "invalid" for p in y_pred], labels=labels, average="macro", zero_division=0)
    assert macro_f1(y_true, y_pred) == pytest.approx(expected)
    assert macro_f1(["click"], [None]) == 0.0 and math.isnan(macro_f1([], []))


async def test_shop_r1_metrics_and_report_section(make_pipeline):
    rng = random.Random(7)
    pipe = make_pipeline()
    await pipe.start()
    results, preds, refs = [], [], []
    for i in range(45):
        data, pred, ref = random_item(rng, i)
        results.append(await pipe.score(pipe.parse_request(data)))
        preds.append(pred)
        refs.append(ref)
    await pipe.close()
    m = shop_r1_metrics(rows_from_results(results))
    exact = [r.checks["action"].passed for r in results]
    assert m["n"] == 45
    assert m["exact_action_accuracy"] == pytest.approx(sum(exact) / 45)
    assert 0 < sum(exact) < 45
    assert m["action_type_accuracy"] == pytest.approx(accuracy_score(refs, [p or "invalid" for p in preds]))
    labels = sorted({*refs, *(p for p in preds if p)})
    assert m["action_type_macro_f1"] == pytest.approx(
        f1_score(refs, [p or "invalid" for p in preds], labels=labels, average="macro", zero_division=0))
    assert m["format_validity"] == pytest.approx(sum(p is not None for p in preds) / 45)
    clicks = [i for i, r in enumerate(refs) if r == "click"]
    assert m["type_accuracy_click"] == pytest.approx(sum(preds[i] == "click" for i in clicks) / len(clicks))

    # the report section over eval records (3 items x 15 runs) gives the same numbers
    records = [RunRecord(item_id=f"item{i % 3}", run=i // 3, rubric="shop_r1", result=r)
               for i, r in enumerate(results)]
    records.append(RunRecord(item_id="item0", run=15, rubric="shop_r1",
                             result=ScoreResult(rubric="shop_r1", rubric_version="v", grader_model="m",
                                                judge_failed=True, failure=Failure(stage="action", cause="x"))))
    section = PACK_SECTIONS["shop_r1"](build(records))
    values = {metric.key: metric(build(records)) for metric in section.metrics}
    assert values["exact_action_acc"] == pytest.approx(m["exact_action_accuracy"])
    assert values["action_type_acc"] == pytest.approx(m["action_type_accuracy"])
    assert values["action_type_f1"] == pytest.approx(m["action_type_macro_f1"])
    assert values["type_acc_click"] == pytest.approx(m["type_accuracy_click"])


def wf_result(tool: bool, fmt: bool, quality: int | None, failed: bool = False) -> ScoreResult:
    checks = {"tool_call": CheckResult(id="tool_call", stage="accuracy", passed=tool, score=float(tool)),
              "format": CheckResult(id="format", stage="format", passed=fmt, score=float(fmt))}
    comps = {"tool_call": 0.4 * tool, "format": 0.2 * fmt}
    if quality is not None:
        norm = (quality - 1) / 2
        checks["response_quality"] = CheckResult(id="response_quality", stage="quality", passed=norm >= 0.5,
                                                 score=norm, raw_score=float(quality), source="llm")
        comps["response_quality"] = 0.4 * norm
    if failed:
        return ScoreResult(rubric="workflow_agent", rubric_version="v", grader_model="m", judge_failed=True,
                           failure=Failure(stage="quality", cause="unparseable"), checks=checks)
    return ScoreResult(rubric="workflow_agent", rubric_version="v", grader_model="m", reward=sum(comps.values()),
                       components=comps, checks=checks)


def test_workflow_metrics_and_report_section():
    results = [wf_result(True, True, 3), wf_result(False, True, 2), wf_result(True, False, 1),
               wf_result(True, True, 3), wf_result(False, False, 2, failed=True)]
    m = workflow_metrics(rows_from_results(results))
    assert m == {"n": 4, "accuracy": 0.75, "format_adherence": 0.75, "mean_response_validity": pytest.approx(2.25)}
    records = [RunRecord(item_id=f"t{i}", run=0, rubric="workflow_agent", result=r) for i, r in enumerate(results)]
    data = build(records)
    values = {metric.key: metric(data) for metric in PACK_SECTIONS["workflow_agent"](data).metrics}
    assert values == {"accuracy": 0.75, "format_adherence": 0.75, "mean_response_validity": pytest.approx(2.25)}


def test_rows_without_labels_are_left_out():
    assert shop_r1_metrics([Row({}, {"action": True})])["n"] == 0
    assert math.isnan(workflow_metrics([])["accuracy"])
