"""slime's remote reward (``--rm-type remote_rm --rm-url http://host:8000/trainers/slime --reward-key reward``).

Read from slime's source (``slime/rollout/rm_hub/__init__.py`` L34-52 @624b824): one POST per sample,
``{"prompt": templated text or the dataset's message list, "response": generated text, "label":
row[--label-key]}``; the JSON answer becomes ``sample.reward`` (a dict needs ``--reward-key``); 120 s, 10 tries,
then the rollout fails. A remote reward cannot mask a sample (that takes ``sample.remove_sample``, set by the
custom RM in ``hrm_client.trainers.slime``), so a sample without a reward gets ``failure_reward`` and the
answer says so (``hrm_masked``, ``cause``).
"""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from hrm_wire.errors import InvalidRequest
from judge_server.serve.frontend import Frontend
from judge_server.serve.trainers.common import body_reader, json_response, judge_sample, trainer_auth


def slime_router(frontend: Frontend) -> APIRouter:
    router = APIRouter(tags=["trainers"], dependencies=[trainer_auth(frontend)])
    read = body_reader(frontend)
    cfg = frontend.config.trainers

    @router.post("/trainers/slime", summary="slime remote reward (--rm-url, --reward-key reward)")
    async def slime(request: Request) -> Response:
        body = await read(request)
        if not isinstance(body, dict) or "response" not in body:
            raise InvalidRequest('body must be {"prompt": ..., "response": "...", "label": ...}', field="response")
        out = await judge_sample(frontend, body.get("prompt"), body["response"], body.get("label"),
                                 deadline_s=cfg.slime.deadline_s, transport="slime")
        return json_response({"reward": out.value(cfg.slime.failure_reward), **out.extras, "cause": out.cause})

    return router
