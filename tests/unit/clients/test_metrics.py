"""SmartShopBench metrics against hand-computed tables."""

from __future__ import annotations

import math

import pytest
from client_factories import failed_result, hrm_result, rec

from hrm_tools.report.metrics import build
from hrm_tools.report.report import build_report

T, F = True, False


def values(records, group="overall"):
    report, _, _ = build_report(records)
    (rep,) = report["rubrics"]
    return rep["values"][group], rep


def table_records():
    # item a (search_fuzzy): run0 pass L2 .5 r=1.2 | run1 PC fails r=0
    # item b (search_fuzzy): run0 pass L2 1.0 r=1.5 | run1 pass L2 .5 r=1.3
    # item c (qa_compare):   run0 judge failed      | run1 TR+DF fail r=0
    return [
        rec("a", 0, hrm_result(T, T, T, 0.5, reward=1.2, l2_rubrics={"x": T, "y": F})),
        rec("a", 1, hrm_result(F, T, T, None, reward=0.0)),
        rec("b", 0, hrm_result(T, T, T, 1.0, reward=1.5, l2_rubrics={"x": T, "y": T})),
        rec("b", 1, hrm_result(T, T, T, 0.5, reward=1.3, retries=1, l2_rubrics={"x": F, "y": T})),
        rec("c", 0, failed_result(attempts=3, retries=2), category="qa_compare"),
        rec("c", 1, hrm_result(T, F, F, None, reward=0.0), category="qa_compare"),
    ]


def test_hand_computed_table_overall():
    v, rep = values(table_records())
    assert rep["runs"] == 2 and rep["n_items"] == 3
    # run0 judged: a, b -> PC 2/2; run1: a, b, c -> PC 2/3
    assert v["PC"] == pytest.approx((1 + 2 / 3) / 2, abs=1e-6)
    # TR run0 2/2, run1 a1 b1 c0 -> 2/3
    assert v["TR"] == pytest.approx((1 + 2 / 3) / 2, abs=1e-6)
    assert v["DF"] == pytest.approx((1 + 2 / 3) / 2, abs=1e-6)
    # L1 run0 2/2, run1 only b -> 1/3
    assert v["avg@2"] == pytest.approx((1 + 1 / 3) / 2, abs=1e-6)
    # a fails run1 -> 0; b passes both -> 1; c fails run1 -> 0 (decided despite its judge failure)
    assert v["pass^2"] == pytest.approx(1 / 3, abs=1e-6)
    # per-run L2 means: run0 (0.5 + 1.0)/2 = .75, run1 b only = .5
    assert v["l2_avg@2"] == pytest.approx(0.625, abs=1e-6)
    assert v["l2_std@2"] == pytest.approx(0.125, abs=1e-6)
    assert v["mean_reward"] == pytest.approx((1.2 + 0 + 1.5 + 1.3 + 0) / 5, abs=1e-6)
    assert v["judge_failure_rate"] == pytest.approx(1 / 6, abs=1e-6)
    assert v["parse_retry_rate"] == pytest.approx((1 + 2) / (5 * 10 + 3), abs=1e-6)
    assert v["error_rate"] == 0
    assert v["n_items"] == 3 and v["n_runs"] == 6
    assert v["l2r:x"] == pytest.approx(2 / 3, abs=1e-6) and v["l2r:y"] == pytest.approx(2 / 3, abs=1e-6)


def test_hand_computed_table_per_category():
    fuzzy, rep = values(table_records(), "search_fuzzy")
    assert rep["groups"] == ["overall", "qa_compare", "search_fuzzy"]
    assert fuzzy["PC"] == pytest.approx((1 + 0.5) / 2, abs=1e-6)
    assert fuzzy["avg@2"] == pytest.approx(0.75, abs=1e-6)
    assert fuzzy["pass^2"] == pytest.approx(0.5, abs=1e-6)
    qa, _ = values(table_records(), "qa_compare")
    # run0 of c has no verdict: only run1 counts
    assert qa["PC"] == 1.0 and qa["TR"] == 0.0 and qa["avg@2"] == 0.0 and qa["pass^2"] == 0.0
    assert qa["l2_avg@2"] is None and qa["judge_failure_rate"] == 0.5


def test_single_run():
    recs = [rec("a", 0, hrm_result(T, T, T, 0.8, reward=1.1)), rec("b", 0, hrm_result(T, F, T, None)),
            rec("c", 0, hrm_result(T, T, T, 0.6, reward=1.05))]
    v, rep = values(recs)
    assert rep["runs"] == 1
    assert v["avg@1"] == pytest.approx(2 / 3, abs=1e-6) and v["pass^1"] == pytest.approx(2 / 3, abs=1e-6)
    assert v["TR"] == pytest.approx(2 / 3, abs=1e-6) and v["PC"] == 1.0
    assert v["l2_avg@1"] == pytest.approx(0.7, abs=1e-6) and v["l2_std@1"] == 0.0


def test_all_fail():
    recs = [rec(i, r, hrm_result(F, T, F, None)) for i in "abc" for r in range(4)]
    v, _ = values(recs)
    assert v["PC"] == 0 and v["DF"] == 0 and v["TR"] == 1 and v["avg@4"] == 0 and v["pass^4"] == 0
    assert v["l2_avg@4"] is None and v["l2_std@4"] is None and v["mean_reward"] == 0


def test_all_pass():
    recs = [rec(i, r, hrm_result(T, T, T, 1.0, reward=1.5)) for i in "ab" for r in range(4)]
    v, _ = values(recs)
    assert v["PC"] == v["TR"] == v["DF"] == v["avg@4"] == v["pass^4"] == 1.0
    assert v["l2_avg@4"] == 1.0 and v["l2_std@4"] == 0.0 and v["mean_reward"] == 1.5


def test_judge_failures_and_errors_are_excluded_and_counted():
    recs = [rec("a", 0, hrm_result(T, T, T, 1.0, reward=1.5)), rec("a", 1, failed_result()),
            rec("b", 0, hrm_result(T, T, T, 1.0, reward=1.5)), rec("b", 1, None),  # b run1: overloaded
            rec("c", 0, failed_result()), rec("c", 1, failed_result())]
    v, _ = values(recs)
    # quality metrics only see the two valid runs
    assert v["PC"] == 1.0 and v["avg@2"] == 1.0 and v["mean_reward"] == 1.5
    # no item is decided for Pass^2: a and b passed what was judged but miss a verdict, c has none
    assert v["pass^2"] is None
    assert v["judge_failure_rate"] == pytest.approx(3 / 5, abs=1e-6)  # 3 of the 5 runs that got a judgment
    assert v["error_rate"] == pytest.approx(1 / 6, abs=1e-6)
    assert v["n_runs"] == 6


def test_items_with_fewer_runs_pad_not_fail():
    recs = [rec("a", 0, hrm_result(T, T, T, 1.0)), rec("a", 1, hrm_result(T, T, T, 1.0)),
            rec("b", 0, hrm_result(T, T, T, 0.5))]
    data = build(recs)
    assert data.runs == 2 and math.isnan(data.get("l1")[1, 1])
    v, _ = values(recs)
    assert v["pass^2"] == 1.0 and v["avg@2"] == 1.0


def test_generic_pack_gets_components_and_checks():
    from hrm_wire.models import CheckResult, ScoreResult, WeightedDetail

    def res(fmt_ok: bool, acc: float) -> ScoreResult:
        return ScoreResult(rubric="other", rubric_version="v", grader_model="m", reward=acc,
                           detail=WeightedDetail(components={"format": float(fmt_ok), "accuracy": acc}),
                           checks={"format": CheckResult(id="format", stage="s", passed=fmt_ok)})

    recs = [rec("a", 0, res(T, 1.0), rubric="other", category=None),
            rec("b", 0, res(F, 0.0), rubric="other", category=None)]
    report, _, _ = build_report(recs)
    (rep,) = report["rubrics"]
    assert [s["title"] for s in rep["sections"]] == ["General"]
    v = rep["values"]["overall"]
    assert v["check:format"] == 0.5 and v["comp:accuracy"] == 0.5 and v["comp:format"] == 0.5
    assert rep["groups"] == ["overall", "uncategorized"]
