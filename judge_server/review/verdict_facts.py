"""What the judge said on one label target, as the threshold fit needs it (``hrm calibrate --from-labels``).

A label is on a target (``l1:<dimension>``, ``chk:<L1 sub-check>``, ``l2:<rubric metric>``); thresholds are per
*check*. A target names one check when it is a sub-check, an L2 metric, or an L1 dimension with a single check
(the review UI offers no ``chk:`` target then: the dimension is that check). A dimension of several checks is
an AND of several questions, so it names no check and gives the fit nothing.

The stored result does not hold the question's hash, so the export computes it from the pack as loaded now,
and only when the judgment was made with that very pack version: for an older version the column stays empty
and the fit leaves the row out (its question may have changed since).
"""

from __future__ import annotations

from typing import Any

from hrm_wire.models import CheckResult, HRMDetail, ScoreResult
from judge_server.packs.schema import RubricPack
from judge_server.store.rows import CHECK_PREFIX, L1_PREFIX, L2_PREFIX, sub_checks
from judge_server.thresholds import question_hash

#: export columns filled here (the label's own columns come from review.exchange)
FACT_COLUMNS = ["check", "judge_source", "judge_answer", "judge_confidence", "judge_tier", "judge_abstained",
                "question_hash", "rubric_version", "grader_model"]


def check_of_target(result: ScoreResult, target: str) -> CheckResult | None:
    """The one check whose verdict the target's label judges, or None (unknown target, or several checks)."""
    if target.startswith(CHECK_PREFIX):
        return sub_checks(result).get(target[len(CHECK_PREFIX):])
    hrm = result.detail_as(HRMDetail)
    if target.startswith(L2_PREFIX) and hrm is not None and hrm.l2 is not None:
        rubric = target[len(L2_PREFIX):]
        return result.checks.get(rubric) if rubric in hrm.l2.rubrics else None
    if target.startswith(L1_PREFIX) and hrm is not None and hrm.l1 is not None:
        dim = hrm.l1.dimensions.get(target[len(L1_PREFIX):])
        if dim is not None and len(dim.checks) == 1:
            return result.checks.get(dim.checks[0])
    return None


def verdict_facts(result: ScoreResult, target: str, pack: RubricPack | None) -> dict[str, Any]:
    """The ``FACT_COLUMNS`` of one label row (None where they do not apply).

    ``judge_answer`` is the check verdict the grader's answers make (``CheckResult.grader_passed``): for an
    abstained check the verdict it would have had. Labels on abstained checks, which the review queue shows
    first, are the observations below the current thresholds a refit needs. ``judge_confidence`` is that
    answer's confidence as ``hrm calibrate`` observes it (the highest "no" of a failing per-product check,
    the lowest "yes" of a passing one); results stored before these fields existed give the check's reported
    confidence. ``judge_source: rule`` rows carry no grader verdict and the fit skips them.
    """
    out: dict[str, Any] = dict.fromkeys(FACT_COLUMNS)
    out.update(rubric_version=result.rubric_version, grader_model=result.grader_model)
    check = check_of_target(result, target)
    if check is None:
        return out
    confidence = check.grader_confidence if check.grader_confidence is not None else check.confidence
    out.update(check=check.id, judge_source=check.source, judge_abstained=check.abstained, judge_tier=check.tier,
               judge_answer=None if check.grader_passed is None else ("pass" if check.grader_passed else "fail"),
               judge_confidence=None if check.source == "skipped" else round(confidence, 6))
    if pack is not None and pack.version == result.rubric_version:
        spec = next((c for c in pack.checks if c.id == check.id), None)
        if spec is not None and spec.llm is not None:
            out["question_hash"] = question_hash(spec.llm)
    return out
