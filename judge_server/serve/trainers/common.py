"""What the trainer routes share: auth (header, or ``?token=`` where configured), body reading, one sample."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import orjson
from fastapi import Depends, Request, Response

from hrm_wire.errors import HRMError, InvalidRequest
from hrm_wire.models import ScoreResult
from hrm_wire.trainers import Outcome, TrainerInputError, build_request, outcome
from judge_server import limits
from judge_server.serve.frontend import Frontend


def json_response(data: Any) -> Response:
    return Response(orjson.dumps(data, option=orjson.OPT_SERIALIZE_NUMPY), media_type="application/json")


def trainer_auth(frontend: Frontend) -> Any:
    def require(request: Request) -> None:
        header = request.headers.get("authorization")
        token = request.query_params.get("token") if frontend.config.trainers.query_token else None
        frontend.authorize(header if header or token is None else f"Bearer {token}")

    return Depends(require)


def body_reader(frontend: Frontend) -> Callable[[Request], Awaitable[Any]]:
    async def read(request: Request) -> Any:
        raw = await request.body()
        return limits.load_json(raw, frontend.limits, max_bytes=frontend.limits.max_body_bytes, field="body",
                                depth=False)

    return read


async def judge_sample(frontend: Frontend, prompt: Any, completion: Any, label: Any, *, deadline_s: float,
                       transport: str, request_id: str | None = None) -> Outcome:
    """One rollout through the pipeline; anything that goes wrong is this sample's outcome, never the batch's."""
    cfg = frontend.config.trainers
    try:
        data = build_request(prompt, completion, label, template=cfg.template, rubric=cfg.rubric,
                             request_id=request_id)
        # The body was read without the depth policy (one deep sample must fail alone), and the request is
        # serialized below before its own checks: hold it (JSON text in the label now parsed) to the policy here.
        limits.check_depth(data, frontend.limits, field="label")
    except (TrainerInputError, HRMError) as exc:
        err: HRMError = exc if isinstance(exc, HRMError) else InvalidRequest(str(exc), field="label")
        frontend.count_error(transport, err)
        return outcome(err, tuple(cfg.score_keys))
    _, answer = await frontend.score_item(orjson.dumps(data), request_id, deadline_s, transport)
    return outcome(answer if isinstance(answer, (ScoreResult, HRMError)) else HRMError(str(answer)),
                   tuple(cfg.score_keys))
