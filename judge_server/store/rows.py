"""Translation between domain objects (ScoreRequest/ScoreResult) and store rows."""

from __future__ import annotations

import hashlib
import json
import time
import uuid
from typing import Any

import orjson

from hrm_wire.models import CheckResult, HRMDetail, ItemsDetail, ScoreRequest, ScoreResult

L1_PREFIX = "l1:"
L2_PREFIX = "l2:"
CHECK_PREFIX = "chk:"  # a sub-check of an L1 dimension, labelled on its own


def l1_target(dimension: str) -> str:
    return L1_PREFIX + dimension


def l2_target(rubric: str) -> str:
    return L2_PREFIX + rubric


def check_target(check_id: str) -> str:
    return CHECK_PREFIX + check_id


def load_json_text(text: str) -> Any:
    """Stored JSON back to Python. orjson stops at 255 levels and pydantic's JSON parser near 200;
    the stdlib parser goes to Python's recursion limit, so whatever the depth policy let through
    (and was therefore stored) can always be read back."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)


def read_request(text: str) -> ScoreRequest:
    return ScoreRequest.model_validate(load_json_text(text))


def read_result(text: str) -> ScoreResult:
    return ScoreResult.model_validate(load_json_text(text))


def item_key_of(request_data: dict[str, Any]) -> str:
    """What makes two judgments the same review item: the request without its id and options
    (the caller's tag and the reward knobs), so re-judging a trajectory does not add an item."""
    core = {k: v for k, v in request_data.items() if k not in ("id", "options")}
    text = json.dumps(core, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:40]


def sub_checks(result: ScoreResult) -> dict[str, CheckResult]:
    """Checks labelled on their own (target ``chk:<id>``): the sub-checks of L1 dimensions that have more than one
    (a lone sub-check is the dimension), and the rubric items a request carried that were asked."""
    hrm = result.detail_as(HRMDetail)
    out: dict[str, CheckResult] = {}
    if hrm is not None and hrm.l1 is not None:
        for dim in hrm.l1.dimensions.values():
            if len(dim.checks) > 1:
                out.update({c: result.checks[c] for c in dim.checks if c in result.checks})
    items = result.detail_as(ItemsDetail)
    if items is not None:
        out.update({v.check: result.checks[v.check] for v in items.items.values() if v.check in result.checks})
    return out


def targets_of(result: ScoreResult) -> tuple[list[str], list[str]]:
    """The L1 dimensions and L2 rubrics an annotator can label for this result."""
    hrm = result.detail_as(HRMDetail)
    l1 = list(hrm.l1.dimensions) if hrm is not None and hrm.l1 is not None else []
    l2 = list(hrm.l2.rubrics) if hrm is not None and hrm.l2 is not None else []
    return l1, l2


def labelable(result: ScoreResult) -> list[str]:
    l1, l2 = targets_of(result)
    return ([l1_target(t) for t in l1] + [check_target(c) for c in sub_checks(result)]
            + [l2_target(t) for t in l2])


def targets_of_result_json(result_json: str) -> tuple[list[str], list[str]]:
    return targets_of(read_result(result_json))


def _check_verdict(check: CheckResult) -> tuple[bool, bool | None, float | None]:
    score = check.score if check.score is not None else (None if check.passed is None else float(check.passed))
    return True, check.passed, score


def judge_verdict(result: ScoreResult, target: str) -> tuple[bool, bool | None, float | None]:
    """``(known, passed, score)`` of the judge on a label target."""
    hrm = result.detail_as(HRMDetail)
    if target.startswith(L1_PREFIX) and hrm is not None and hrm.l1 is not None:
        dim = hrm.l1.dimensions.get(target[len(L1_PREFIX):])
        if dim is not None:
            score = None if dim.passed is None else float(dim.passed)
            return True, dim.passed, score
    if target.startswith(L2_PREFIX) and hrm is not None and hrm.l2 is not None:
        rubric = target[len(L2_PREFIX):]
        if rubric in hrm.l2.rubrics and rubric in result.checks:
            return _check_verdict(result.checks[rubric])
    if target.startswith(CHECK_PREFIX):
        sub = sub_checks(result).get(target[len(CHECK_PREFIX):])
        if sub is not None:
            return _check_verdict(sub)
    return False, None, None


def min_confidence(result: ScoreResult) -> float | None:
    confs = [c.confidence for c in result.checks.values() if c.source != "skipped"]
    hrm = result.detail_as(HRMDetail)
    if hrm is not None and hrm.l1 is not None:
        confs.extend(d.confidence for d in hrm.l1.dimensions.values())
    return min(confs) if confs else None


def is_abstained(result: ScoreResult) -> bool:
    return result.abstained or any(c.abstained for c in result.checks.values())


def judgment_row(request: ScoreRequest, result: ScoreResult, created_at: float | None = None,
                 uid: str | None = None) -> dict[str, Any]:
    l1, l2 = targets_of(result)
    category = request.category_label()
    request_json = request.model_dump_json(exclude_none=False)
    row = {
        "uid": uid or uuid.uuid4().hex,
        "created_at": time.time() if created_at is None else created_at,
        "request_id": result.id if result.id is not None else request.id,
        "rubric": result.rubric,
        "rubric_version": result.rubric_version,
        "grader_model": result.grader_model,
        "category": category,
        "query": request.query,
        "reward": result.reward,
        "composition": result.composition,
        "scores": orjson.dumps(result.scores).decode(),
        # the gate and the score the review list filters and sorts on (HRM: G_L1 and G_L2)
        "l1_passed": _gate(result),
        "l2_score": result.scores.get("g_l2"),
        "judge_failed": result.judge_failed,
        "low_confidence": result.low_confidence,
        "min_confidence": min_confidence(result),
        "l1_targets": ",".join(l1),
        "l2_targets": ",".join(l2),
        "item_key": item_key_of(load_json_text(request_json)),
        "abstained": is_abstained(result),
        "request_json": request_json,
        "result_json": result.model_dump_json(exclude_none=False),
    }
    # PostgreSQL text cannot hold NUL (DataError), and a query may carry one; the JSON columns escape it
    return {k: v.replace("\x00", "") if isinstance(v, str) else v for k, v in row.items()}


def _gate(result: ScoreResult) -> bool | None:
    """The result's gate (HRM: G_L1) from its composition's headline numbers."""
    g = result.scores.get("g_l1")
    return None if g is None else bool(g)
