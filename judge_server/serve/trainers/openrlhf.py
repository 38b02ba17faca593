"""OpenRLHF's remote reward (``--reward.remote_url http://host:8000/trainers/openrlhf``).

Read from OpenRLHF's source (``openrlhf/utils/agent.py`` L281-356 @3c3be62, v0.11.0; the 0.11.2 wheel rotates
endpoints and skips empty shards): one POST per sample (a whole batch in v0.8), ``{"query": [prompt + response as
decoded with special tokens], "prompts": [templated prompt], "labels": [row[--data.label_key], any JSON]}`` ->
``{"rewards": [...], "scores": [...], "extra_logs": {name: [...]}}``; 180 s per try, 5 tries. A ``None`` reward
crashes the step and there is no mask, so a sample without a reward gets ``failure_reward`` and
``extra_logs.hrm_masked = 1``. Empty lists (v0.11.0 sends them to extra endpoints) get empty lists.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request, Response

from hrm_wire.errors import InvalidRequest
from hrm_wire.trainers import EXTRA_KEYS
from judge_server.serve.frontend import Frontend
from judge_server.serve.trainers.common import body_reader, json_response, judge_sample, trainer_auth


def completion_of(query: str, prompt: str) -> str:
    """The response part of OpenRLHF's ``query`` (prompt ids + response ids decoded together)."""
    if prompt and query.startswith(prompt):
        return query[len(prompt):]
    return query  # decoding differences: the whole text is parsed as a conversation (build_request)


def openrlhf_router(frontend: Frontend) -> APIRouter:
    router = APIRouter(tags=["trainers"], dependencies=[trainer_auth(frontend)])
    read = body_reader(frontend)
    cfg = frontend.config.trainers

    @router.post("/trainers/openrlhf", summary="OpenRLHF remote reward (--reward.remote_url)")
    async def openrlhf(request: Request) -> Response:
        body = await read(request)
        if not isinstance(body, dict) or not isinstance(body.get("query"), list):
            raise InvalidRequest('body must be {"query": [...], "prompts": [...], "labels": [...]}', field="query")
        queries = body["query"]
        for name in ("prompts", "labels"):
            if body.get(name) is not None and not isinstance(body[name], list):
                raise InvalidRequest(f"{name} must be a list with one entry per sample (or left out), not "
                                     f"{type(body[name]).__name__}", field=name)
        prompts = body.get("prompts") or [""] * len(queries)
        labels = body.get("labels") or [None] * len(queries)
        if not (len(prompts) == len(labels) == len(queries)):
            raise InvalidRequest(f"query, prompts and labels must have one entry per sample ({len(queries)}, "
                                 f"{len(prompts)}, {len(labels)})", field="prompts")
        outs = await asyncio.gather(*(
            judge_sample(frontend, p if isinstance(p, str) else None,
                         completion_of(q, p) if isinstance(q, str) and isinstance(p, str) else q, lab,
                         deadline_s=cfg.openrlhf.deadline_s, transport="openrlhf")
            for q, p, lab in zip(queries, prompts, labels, strict=True)))
        rewards = [o.value(cfg.openrlhf.failure_reward) for o in outs]
        keys = [*EXTRA_KEYS, *cfg.score_keys]
        logs: dict[str, Any] = {k: [o.extras[k] for o in outs] for k in keys}
        return json_response({"rewards": rewards, "scores": rewards, "extra_logs": logs})

    return router
