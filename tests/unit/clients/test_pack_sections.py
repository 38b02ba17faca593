"""The client-side report sections of shop_r1 and workflow_agent give the numbers of the server's pure metric
functions (tests/oracle_metrics.py) on the same ScoreResults, and of scikit-learn."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from oracle_metrics import rows_from_results, shop_r1_metrics, workflow_metrics
from sklearn.metrics import f1_score

from hrm_tools.eval.records import RunRecord
from hrm_tools.report.metrics import build
from hrm_tools.report.pack_metrics import sections_for
from hrm_tools.report.pack_sections import action_types, macro_f1, shop_r1_values, workflow_values
from hrm_wire.models import CheckResult, Failure, ScoreResult

TYPES = ("click", "type_and_submit", "terminate")
NAMES = ["add_to_cart", "search_input", "buy_now"]


def shop_r1_request(rng: random.Random, i: int) -> dict:
    ref = {"type": rng.choice(TYPES), "name": rng.choice(NAMES), "text": "gaming mouse"}
    if rng.random() < 0.15:
        response = "{not json"
    else:
        pred = {"type": ref["type"] if rng.random() < 0.6 else rng.choice(TYPES),
                "name": rng.choice([ref["name"], rng.choice(NAMES)]), "text": "gaming mouse"}
        response = json.dumps({"rationale": "r", "action": pred})
    return {"id": f"i{i}", "rubric": "shop_r1", "query": "q", "reference": ref, "response": response}


@pytest.mark.parametrize("seed", [0, 1])
def test_macro_f1_matches_sklearn(seed):
    rng = np.random.default_rng(seed)
    y_true = rng.integers(0, 3, 50)
    y_pred = rng.integers(-1, 3, 50)
    labels = sorted({*y_true.tolist(), *(p for p in y_pred.tolist() if p >= 0)})
    assert macro_f1(y_true, y_pred) == pytest.approx(
        f1_score(y_true, y_pred, labels=labels, average="macro", zero_division=0))


async def test_shop_r1_section_matches_server_metrics(make_pipeline):
    rng = random.Random(3)
    pipe = make_pipeline()
    await pipe.start()
    results = [await pipe.score(pipe.parse_request(shop_r1_request(rng, i))) for i in range(40)]
    await pipe.close()
    expected = shop_r1_metrics(rows_from_results(results))
    records = [RunRecord(item_id=f"item{i % 4}", run=i // 4, rubric="shop_r1", result=r) for i, r in enumerate(results)]
    records.append(RunRecord(item_id="item0", run=10, rubric="shop_r1",
                             result=ScoreResult(rubric="shop_r1", rubric_version="v", grader_model="m",
                                                judge_failed=True, failure=Failure(stage="action", cause="x"))))
    data = build(records)
    assert action_types(data) == sorted(TYPES)
    got = shop_r1_values(data)
    assert set(got) == set(expected)
    for key, value in expected.items():
        assert got[key] == pytest.approx(value, nan_ok=True), key
    keys = {m.key for s in sections_for("shop_r1", data) for m in s.metrics}
    assert {"exact_action_acc", "action_type_f1", "type_acc_click", "mean_reward"} <= keys


def wf(tool: bool, fmt: bool, quality: int | None, failed: bool = False) -> ScoreResult:
    checks = {"tool_call": CheckResult(id="tool_call", stage="accuracy", passed=tool),
              "format": CheckResult(id="format", stage="format", passed=fmt)}
    if quality is not None:
        checks["response_quality"] = CheckResult(id="response_quality", stage="quality", passed=quality >= 2,
                                                 raw_score=float(quality), source="llm")
    if failed:
        return ScoreResult(rubric="workflow_agent", rubric_version="v", grader_model="m", judge_failed=True,
                           failure=Failure(stage="quality", cause="unparseable"), checks=checks)
    return ScoreResult(rubric="workflow_agent", rubric_version="v", grader_model="m", reward=1.0, checks=checks)


def test_workflow_section_matches_server_metrics():
    results = [wf(True, True, 3), wf(False, True, 2), wf(True, False, 1), wf(True, True, None),
               wf(False, False, 2, failed=True)]
    expected = workflow_metrics(rows_from_results(results))
    data = build(RunRecord(item_id=f"t{i}", run=0, rubric="workflow_agent", result=r) for i, r in enumerate(results))
    assert workflow_values(data) == pytest.approx(expected)
    assert expected["mean_response_validity"] == pytest.approx(2.0)
