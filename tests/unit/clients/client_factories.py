"""Small builders of ScoreResult / RunRecord for metric tests (no engine involved)."""

from __future__ import annotations

from hrm_tools.eval.records import RunRecord
from hrm_wire.errors import Overloaded
from hrm_wire.models import CheckResult, DimensionResult, Failure, HRMDetail, L1Result, L2Result, ScoreResult

DIMS = ("product_correctness", "text_relevance", "description_faithfulness")


def hrm_result(pc: bool | None, tr: bool | None, df: bool | None, l2: float | None = None, *, reward: float = 0.0,
               attempts: int = 10, retries: int = 0, l2_rubrics: dict[str, bool] | None = None) -> ScoreResult:
    dims = {d: DimensionResult(passed=v) for d, v in zip(DIMS, (pc, tr, df), strict=True)}
    passed = all(v is True for v in (pc, tr, df))
    rubrics = {k: CheckResult(id=k, stage="l2", passed=v) for k, v in (l2_rubrics or {}).items()}
    return ScoreResult(rubric="smartshop", rubric_version="v", grader_model="m", reward=reward, composition="hrm",
                       detail=HRMDetail(l1=L1Result(passed=passed, dimensions=dims),
                                        l2=L2Result(score=l2, skipped=l2 is None, rubrics=list(rubrics))),
                       checks=rubrics, parse_attempts=attempts, retries=retries)


def failed_result(attempts: int = 3, retries: int = 2) -> ScoreResult:
    return ScoreResult(rubric="smartshop", rubric_version="v", grader_model="m", reward=None, judge_failed=True,
                       failure=Failure(stage="l1", cause="unparseable verdict"), parse_attempts=attempts,
                       retries=retries)


def rec(item: str, run: int, result: ScoreResult | None = None, *, category: str | None = "search_fuzzy",
        rubric: str = "smartshop") -> RunRecord:
    if result is None:
        return RunRecord.from_error(item, run, category, rubric, Overloaded("busy", retry_after_s=1))
    return RunRecord(item_id=item, run=run, category=category, rubric=rubric, result=result)
