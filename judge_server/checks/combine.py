"""Combine policies: how a check's rule outcome and its grader verdict become one verdict.

A pack names a policy per check (``combine:``); policies are registered by name in ``POLICIES``
(the shipped five, listed explicitly) or with ``register_policy``. Each policy answers two questions:

* ``rule_decides(outcome)``: does the rule settle the check alone, so the grader is never asked?
* ``merge(outcome, graded)``: once the grader answered, what is the check's verdict?

Verdicts are three-valued. A rule returns ``passed`` True (sure pass), False (sure fail) or None
("not sure", or "does not apply"); a grader verdict is pass, fail, or abstained (every grader tier was
below its calibrated confidence threshold for the check). Only a sure rule verdict is ever final:

==================  ===========================================  ==========================================
policy              rule alone decides                           after the grader
==================  ===========================================  ==========================================
rule_only           always (None counts as pass: does not apply)  -
llm_only            never                                        the grader's verdict
rule_veto           only a sure False                            the grader's verdict (pass, fail, abstain)
rule_if_applicable  a sure True or a sure False                  the grader's verdict
both                never (the grader is always asked)           a sure rule False fails, else the grader's
==================  ===========================================  ==========================================
"""

from __future__ import annotations

from abc import ABC
from typing import TYPE_CHECKING, ClassVar

from hrm_wire.models import CheckResult
from judge_server.registry import Registry

if TYPE_CHECKING:  # rules import nothing from here; the type is only for signatures
    from judge_server.rules.base import RuleOutcome


class CombinePolicy(ABC):
    """One way of combining a rule and a grader question into a check verdict."""

    name: ClassVar[str]
    #: the check must have a rule / an LLM question for this policy to make sense
    needs_rule: ClassVar[bool] = True
    needs_llm: ClassVar[bool] = True

    def rule_decides(self, outcome: RuleOutcome) -> bool:
        """Whether the rule's outcome settles the check with no grader call."""
        return False

    def merge(self, outcome: RuleOutcome | None, graded: CheckResult) -> CheckResult:
        """The check's verdict once the grader answered (not called when the judge failed: a failure stays one).

        By default the grader's verdict, with the rule's evidence and the lower of the two confidences."""
        if outcome is None:
            return graded
        confidence = graded.confidence
        if outcome.passed is not None and not graded.abstained:
            confidence = min(confidence, outcome.confidence)
        return graded.model_copy(update={"source": "hybrid", "evidence": list(outcome.evidence),
                                         "confidence": confidence})


class RuleOnly(CombinePolicy):
    name = "rule_only"
    needs_llm = False

    def rule_decides(self, outcome: RuleOutcome) -> bool:
        return True


class LLMOnly(CombinePolicy):
    name = "llm_only"
    needs_rule = False


class RuleVeto(CombinePolicy):
    name = "rule_veto"

    def rule_decides(self, outcome: RuleOutcome) -> bool:
        return outcome.passed is False


class RuleIfApplicable(CombinePolicy):
    name = "rule_if_applicable"

    def rule_decides(self, outcome: RuleOutcome) -> bool:
        return outcome.passed is not None


class Both(CombinePolicy):
    name = "both"

    def merge(self, outcome: RuleOutcome | None, graded: CheckResult) -> CheckResult:
        merged = super().merge(outcome, graded)
        if outcome is not None and outcome.passed is False and not graded.failed:
            # a sure rule failure decides whatever the grader said (or whether it abstained)
            return merged.model_copy(update={"passed": False, "score": 0.0, "reason": outcome.reason,
                                             "abstained": False, "awaiting_answer": False})
        return merged


POLICIES: Registry[CombinePolicy] = Registry(
    "combine policy", {p.name: p for p in (RuleOnly(), LLMOnly(), RuleVeto(), RuleIfApplicable(), Both())})


def register_policy(cls: type[CombinePolicy]) -> type[CombinePolicy]:
    """Register a policy class under its ``name`` (class decorator)."""
    POLICIES.register(cls.name, cls())
    return cls


def policy(name: str) -> CombinePolicy:
    return POLICIES.get(name)


def rule_verdict(spec_id: str, stage: str, group: str | None, outcome: RuleOutcome) -> CheckResult:
    """The check's result when its rule decides alone (``rule_decides`` was true)."""
    # only rule_only lets a None through: a rule that does not apply cannot fail a sample
    passed = True if outcome.passed is None else outcome.passed
    score = outcome.score if outcome.score is not None else float(passed)
    reason = outcome.reason or ("not applicable" if outcome.passed is None else "")
    return CheckResult(id=spec_id, stage=stage, group=group, passed=passed, score=score, reason=reason,
                       evidence=list(outcome.evidence), confidence=outcome.confidence, source="rule")


__all__ = ["POLICIES", "CombinePolicy", "policy", "register_policy", "rule_verdict"]
