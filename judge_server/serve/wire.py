"""Protobuf <-> domain translation (the gRPC side of the thin transports).

See proto/hrm/v2/judge.proto for the wire format: a typed envelope plus the domain objects as JSON.
"""

from __future__ import annotations

from hrm_wire.errors import HRMError, InvalidRequest
from hrm_wire.models import RubricInfo, ScoreResult
from hrm_wire.pb import judge_pb2 as pb2
from judge_server.errors.grpc_status import error_message
from judge_server.serve import grpc_edge


def judgment(result: ScoreResult) -> pb2.Judgment:
    msg = pb2.Judgment(rubric=result.rubric, rubric_version=result.rubric_version,
                       grader_model=result.grader_model, judge_failed=result.judge_failed,
                       abstained=result.abstained, awaiting_answers=result.awaiting_answers,
                       cached=result.cached, low_confidence=result.low_confidence,
                       composition=result.composition or "", scores=result.scores,
                       result_json=result.model_dump_json())
    if result.reward is not None:
        msg.reward = result.reward
    return msg


def response_of(item_id: str | None, outcome: ScoreResult | HRMError) -> pb2.ScoreResponse:
    if isinstance(outcome, HRMError):
        return pb2.ScoreResponse(id=item_id or "", error=error_message(outcome))
    return pb2.ScoreResponse(id=item_id or outcome.id or "", result=judgment(outcome))


def rubric(info: RubricInfo) -> pb2.Rubric:
    return pb2.Rubric(id=info.id, version=info.version, description=info.description,
                      composition=info.composition, checks=list(info.checks), scores=list(info.scores),
                      context_keys=list(info.context_keys))


def envelope_id(msg: pb2.ScoreRequest | grpc_edge.Refused) -> str | None:
    """The id of a request envelope (None for an undecodable one or an empty id)."""
    return None if isinstance(msg, grpc_edge.Refused) else (msg.id or None)


def payload(msg: pb2.ScoreRequest | grpc_edge.Refused) -> str | HRMError:
    """The request JSON of one ScoreRequest envelope, or the typed error that refuses it."""
    if isinstance(msg, grpc_edge.Refused):
        return msg.error
    if not msg.request_json:
        return InvalidRequest("request_json is empty", field="request_json", item_id=msg.id or None)
    return str(msg.request_json)
