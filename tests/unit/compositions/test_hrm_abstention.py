"""HRM gating with three-valued verdicts on the smartshop pack and the fake engine.

A result abstains exactly when its reward depends on an abstained check: reward, r_out and r_proc are
None, ``abstained`` is set with stage/check/cause, and it is neither judge_failed nor a real 0.
"""

from __future__ import annotations

import pytest
from grader_steer import steer

A = (1 + 0.5 * (4 / 7) ** 5)  # reward of an open L1 gate with G_L2 = 4/7 (< eta: no process reward)


async def score(pipeline, data):
    await pipeline.start()
    return await pipeline.score(pipeline.parse_request(data))


def assert_abstained(r, stage: str, check: str):
    assert r.abstained and not r.judge_failed and r.failure is None
    assert r.reward is None and r.detail.r_out is None and r.detail.r_proc is None
    assert r.abstention.stage == stage and r.abstention.check == check
    assert "abstained" in r.abstention.cause and "0.55" in r.abstention.cause  # says why, with the confidence
    c = r.checks[check]
    assert c.abstained and c.passed is None and not c.failed and c.tier == "fake-grader"


def assert_decided(r, reward: float):
    assert not r.abstained and r.abstention is None and not r.judge_failed
    assert r.reward == pytest.approx(reward)


# (item, exhaustive, grader answers by check id, expected: ("abstain", stage, check) or ("reward", value))
GATING = [
    # L1: an abstained check leaves its dimension, so the gate, undecided
    ("good-earbuds", {"text_relevance": "abstain"}, ("abstain", "l1", "text_relevance")),
    ("good-earbuds", {"ui_relevance": "abstain"}, ("abstain", "l1", "ui_relevance")),
    ("good-earbuds", {"description_faithfulness": "abstain"}, ("abstain", "l1", "description_faithfulness")),
    # L1 surely fails elsewhere: a real 0, whatever the abstained check would have said
    ("good-earbuds", {"text_relevance": "no", "ui_relevance": "abstain"}, ("reward", 0.0)),
    ("good-earbuds", {"ui_relevance": "no", "description_faithfulness": "abstain"}, ("reward", 0.0)),
    # L2: one abstained metric leaves G_L2 undecided
    ("good-earbuds", {"risk_mitigation": "abstain"}, ("abstain", "l2", "risk_mitigation")),
    # process abstains with the gate open: r_proc undecided
    ("good-earbuds", {"process": "abstain"}, ("abstain", "process", "process")),
    # process abstains with the gate closed (G_L2 = 4/7 < eta): it is not even asked, r_proc = 0
    ("good-castiron-advice", {"core_decision_axis": "no", "logical_consistency": "no", "risk_mitigation": "no",
                              "process": "abstain"}, ("reward", A)),
]


@pytest.mark.parametrize(("item", "answers", "expected"), GATING)
async def test_gating_table(make_pipeline, examples, item, answers, expected):
    p = make_pipeline()
    asked = steer(p, answers)
    r = await score(p, examples[item])
    if expected[0] == "abstain":
        assert_abstained(r, expected[1], expected[2])
    else:
        assert_decided(r, expected[1])
    if expected[:2] == ("abstain", "l1"):
        assert r.detail.l1.passed is None and r.detail.l2 is None and r.detail.process is None
        assert not any(c in asked for c in ("core_decision_axis", "process"))  # nothing past an undecided gate
    if expected[:2] == ("abstain", "l2"):
        assert r.detail.l1.passed is True and r.detail.l2.score is None and "process" not in asked
    if expected[:2] == ("abstain", "process"):
        assert r.detail.l2.score == 1.0 and r.detail.process.score is None and r.checks[r.detail.process.check].abstained
    if item == "good-castiron-advice":
        assert r.detail.process.skipped and "below eta" in r.detail.process.skip_reason and "process" not in asked


async def test_a_rule_veto_is_a_real_zero_whatever_the_grader_abstains_on(make_pipeline, examples):
    p = make_pipeline(l1_short_circuit=False)  # calibration mode: every L1 question is asked despite the veto
    asked = steer(p, {"text_relevance": "abstain"})
    r = await score(p, examples["flaw-constraint-violated"])
    assert "text_relevance" in asked and r.checks["text_relevance"].abstained
    assert r.detail.l1.passed is False and r.detail.l1.dimensions["text_relevance"].passed is None
    assert_decided(r, 0.0)


async def test_exhaustive_run_reports_an_l2_abstention_but_keeps_the_real_zero(make_pipeline, examples):
    data = {**examples["flaw-constraint-violated"], "options": {"exhaustive": True}}
    p = make_pipeline()
    steer(p, {"risk_mitigation": "abstain"})
    r = await score(p, data)
    assert r.checks["risk_mitigation"].abstained and r.detail.l2.score is None and not r.detail.l2.skipped
    assert_decided(r, 0.0)


async def test_judge_failure_is_reported_before_an_abstention(make_pipeline, examples):
    p = make_pipeline()
    steer(p, {"text_relevance": "fail", "ui_relevance": "abstain"})
    r = await score(p, examples["good-earbuds"])
    assert r.judge_failed and not r.abstained and r.reward is None
    assert r.failure.stage == "l1" and r.failure.check == "text_relevance"


async def test_per_product_abstention_and_sure_no_on_another_product_is_a_sure_fail(make_pipeline, examples):
    p = make_pipeline()
    real = p.judge.ask
    calls = 0

    async def one_no_one_unsure(q, messages, use_cache=True, *, check_id=None, agree=None):
        nonlocal calls
        from dataclasses import replace

        from judge_server.grading.parsing import ParsedVerdict

        v = await real(q, messages, use_cache, check_id=check_id, agree=agree)
        if check_id != "ui_relevance":
            return v
        calls += 1
        if calls == 1:
            return replace(v, abstained=True, confidence=0.5)
        return replace(v, verdict=ParsedVerdict(False, None, "a different kind of product"), confidence=0.9)

    p.judge.ask = one_no_one_unsure
    r = await score(p, examples["good-earbuds"])  # two carded products
    assert calls == 2
    c = r.checks["ui_relevance"]
    assert c.passed is False and not c.abstained and "different kind" in c.reason
    assert_decided(r, 0.0)


async def test_abstention_is_not_a_low_confidence_flag(make_pipeline, examples):
    p = make_pipeline()
    steer(p, {"text_relevance": "abstain"})
    r = await score(p, examples["good-castiron-advice"])
    assert r.abstained and not r.low_confidence  # decided checks only; the abstention is its own flag
