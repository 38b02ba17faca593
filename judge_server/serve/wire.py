"""Protobuf <-> domain translation (the gRPC side of the thin transports).

See proto/hrm/v1/judge.proto for the wire format: a typed envelope plus the domain objects as JSON.
"""

from __future__ import annotations

from typing import Any

from hrm_wire.errors import HRMError, InvalidRequest
from hrm_wire.models import RubricInfo, ScoreResult
from judge_server.errors.grpc_status import error_message
from judge_server.serve import grpc_edge


def judgment(pb2: Any, result: ScoreResult) -> Any:
    msg = pb2.Judgment(rubric=result.rubric, rubric_version=result.rubric_version,
                       grader_model=result.grader_model, judge_failed=result.judge_failed, cached=result.cached,
                       low_confidence=result.low_confidence, result_json=result.model_dump_json())
    for name, value in (("reward", result.reward), ("r_out", result.r_out), ("r_proc", result.r_proc)):
        if value is not None:
            setattr(msg, name, value)
    if result.l1 is not None and result.l1.passed is not None:
        msg.g_l1 = result.l1.passed
    if result.l2 is not None and result.l2.score is not None:
        msg.g_l2 = result.l2.score
    return msg


def response_of(pb2: Any, item_id: str | None, outcome: ScoreResult | HRMError) -> Any:
    if isinstance(outcome, HRMError):
        return pb2.ScoreResponse(id=item_id or "", error=error_message(pb2, outcome))
    return pb2.ScoreResponse(id=item_id or outcome.id or "", result=judgment(pb2, outcome))


def rubric(pb2: Any, info: RubricInfo) -> Any:
    return pb2.Rubric(id=info.id, version=info.version, description=info.description,
                      composition=info.composition, checks=list(info.checks))


def envelope_id(msg: Any) -> str | None:
    """The id of a request envelope (None for an undecodable one or an empty id)."""
    return None if isinstance(msg, grpc_edge.Refused) else (msg.id or None)


def payload(msg: Any) -> str | HRMError:
    """The request JSON of one ScoreRequest envelope, or the typed error that refuses it."""
    if isinstance(msg, grpc_edge.Refused):
        return msg.error
    if not msg.request_json:
        return InvalidRequest("request_json is empty", field="request_json", item_id=msg.id or None)
    return str(msg.request_json)
