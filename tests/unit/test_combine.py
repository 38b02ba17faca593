"""Combine policies: when a rule settles a check alone, and how rule and grader verdicts merge."""

from __future__ import annotations

import pytest

from hrm_wire.models import CheckResult
from judge_server.checks.combine import POLICIES, CombinePolicy, policy, register_policy, rule_verdict
from judge_server.rules.base import RuleOutcome

SURE_PASS, SURE_FAIL, UNSURE = RuleOutcome(True, "ok"), RuleOutcome(False, "bad", ["fact"]), RuleOutcome(None, "?")


@pytest.mark.parametrize(("name", "decides"), [
    ("rule_only", (True, True, True)),
    ("llm_only", (False, False, False)),
    ("rule_veto", (False, True, False)),           # only a sure failure vetoes
    ("rule_if_applicable", (True, True, False)),   # a sure verdict either way decides
    ("both", (False, False, False)),               # the grader is always asked
])
def test_when_the_rule_decides_alone(name, decides):
    p = policy(name)
    assert tuple(p.rule_decides(o) for o in (SURE_PASS, SURE_FAIL, UNSURE)) == decides


def graded(passed: bool | None, abstained: bool = False, confidence: float = 0.9) -> CheckResult:
    return CheckResult(id="c", stage="l1", passed=passed, score=None if passed is None else float(passed),
                       reason="grader", confidence=confidence, source="llm", abstained=abstained)


def test_merge_keeps_the_graders_verdict_and_abstention_with_the_rules_evidence():
    abst = policy("rule_veto").merge(RuleOutcome(True, "ok", ["e"], confidence=0.8), graded(None, abstained=True))
    assert abst.abstained and abst.passed is None and abst.source == "hybrid" and abst.evidence == ["e"]
    assert abst.confidence == 0.9  # an abstention keeps the grader's own confidence
    decided = policy("rule_if_applicable").merge(RuleOutcome(True, "ok", confidence=0.8), graded(True))
    assert decided.passed is True and decided.confidence == 0.8
    assert policy("llm_only").merge(None, graded(False)).source == "llm"


@pytest.mark.parametrize("grader", [graded(True), graded(None, abstained=True)])
def test_both_a_sure_rule_failure_decides_whatever_the_grader_said(grader):
    merged = policy("both").merge(SURE_FAIL, grader)
    assert merged.passed is False and merged.score == 0.0 and not merged.abstained and merged.reason == "bad"


def test_rule_verdict_counts_not_applicable_as_a_pass():
    r = rule_verdict("c", "l1", "g", RuleOutcome(None))
    assert r.passed is True and r.reason == "not applicable" and r.source == "rule"
    assert rule_verdict("c", "l1", None, SURE_FAIL).passed is False


def test_policies_are_registered_by_name():
    assert set(POLICIES) == {"rule_only", "llm_only", "rule_veto", "rule_if_applicable", "both"}
    with pytest.raises(ValueError, match="registered"):
        policy("majority")

    class Lenient(CombinePolicy):
        name = "lenient_test"

    try:
        register_policy(Lenient)
        assert isinstance(policy("lenient_test"), Lenient)
        with pytest.raises(ValueError, match="twice"):
            register_policy(type("Other", (CombinePolicy,), {"name": "lenient_test"}))
    finally:
        POLICIES.unregister("lenient_test")
