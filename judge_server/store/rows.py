"""Translation between domain objects (ScoreRequest/ScoreResult) and store rows."""

from __future__ import annotations

import time
import uuid
from typing import Any

import orjson

from hrm_wire.models import CheckResult, ScoreRequest, ScoreResult

L1_PREFIX = "l1:"
L2_PREFIX = "l2:"


def l1_target(dimension: str) -> str:
    return L1_PREFIX + dimension


def l2_target(rubric: str) -> str:
    return L2_PREFIX + rubric


def targets_of(result: ScoreResult) -> tuple[list[str], list[str]]:
    """The L1 dimensions and L2 rubrics an annotator can label for this result."""
    l1 = list(result.l1.dimensions) if result.l1 else []
    l2 = list(result.l2.rubrics) if result.l2 else []
    return l1, l2


def targets_of_result_json(result_json: str) -> tuple[list[str], list[str]]:
    data = orjson.loads(result_json)
    l1 = list((data.get("l1") or {}).get("dimensions") or {})
    l2 = list((data.get("l2") or {}).get("rubrics") or {})
    return l1, l2


def judge_verdict(result: ScoreResult, target: str) -> tuple[bool, bool | None, float | None]:
    """``(known, passed, score)`` of the judge on a label target."""
    if target.startswith(L1_PREFIX) and result.l1:
        dim = result.l1.dimensions.get(target[len(L1_PREFIX):])
        if dim is not None:
            score = None if dim.passed is None else float(dim.passed)
            return True, dim.passed, score
    if target.startswith(L2_PREFIX) and result.l2:
        check = result.l2.rubrics.get(target[len(L2_PREFIX):])
        if check is not None:
            score = check.score if check.score is not None else (
                None if check.passed is None else float(check.passed))
            return True, check.passed, score
    return False, None, None


def _all_checks(result: ScoreResult) -> list[CheckResult]:
    out = list(result.checks.values())
    if result.l1:
        for dim in result.l1.dimensions.values():
            out.extend(dim.checks.values())
    if result.l2:
        out.extend(result.l2.rubrics.values())
    if result.process and result.process.check:
        out.append(result.process.check)
    return out


def min_confidence(result: ScoreResult) -> float | None:
    confs = [c.confidence for c in _all_checks(result) if c.source != "skipped"]
    if result.l1:
        confs.extend(d.confidence for d in result.l1.dimensions.values())
    return min(confs) if confs else None


def judgment_row(request: ScoreRequest, result: ScoreResult, created_at: float | None = None,
                 uid: str | None = None) -> dict[str, Any]:
    l1, l2 = targets_of(result)
    category = request.category.value if request.category is not None else None
    return {
        "uid": uid or uuid.uuid4().hex,
        "created_at": time.time() if created_at is None else created_at,
        "request_id": result.id if result.id is not None else request.id,
        "rubric": result.rubric,
        "rubric_version": result.rubric_version,
        "grader_model": result.grader_model,
        "category": category,
        "query": request.query,
        "reward": result.reward,
        "r_out": result.r_out,
        "r_proc": result.r_proc,
        "l1_passed": result.l1.passed if result.l1 else None,
        "l2_score": result.l2.score if result.l2 else None,
        "process_score": result.process.score if result.process else None,
        "judge_failed": result.judge_failed,
        "low_confidence": result.low_confidence,
        "min_confidence": min_confidence(result),
        "l1_targets": ",".join(l1),
        "l2_targets": ",".join(l2),
        "request_json": request.model_dump_json(exclude_none=False),
        "result_json": result.model_dump_json(exclude_none=False),
    }
