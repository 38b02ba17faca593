"""A NeMo Gym resources server: ``POST /trainers/nemo_gym/verify`` (and ``/seed_session``).

Read from NeMo Gym's source (``nemo_gym/base_resources_server.py`` L88-147, ``responses_api_agents/simple_agent/
app.py`` L333-344 @07d6b0d) and NeMo RL's (``nemo_rl/experience/rollouts.py`` L266-278, L2784-2794 @7ea279a):
the agent posts the dataset row (``responses_create_params``: an OpenAI Responses-API request, plus the row's
extra fields) with ``response`` (the model's Responses-API output: messages, reasoning, function calls and their
outputs); the server answers the same body plus ``reward``. A judgment without a reward answers ``reward:
failure_reward`` with ``instance_config.mask_sample: true`` (NeMo RL zeroes that sample's loss) and
``_ng_failure_class`` (Gym's eval tooling keeps such rows out of its metrics).

The row's HRM fields ride as extra top-level fields (``rubric``, ``rubric_items``, ``catalog``, ``reference``,
``category``, ``context``, ``query``) or together under ``hrm``.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request, Response

from hrm_wire.errors import InvalidRequest
from hrm_wire.trainers import LABEL_FIELDS
from judge_server.serve.frontend import Frontend
from judge_server.serve.trainers.common import body_reader, json_response, judge_sample, trainer_auth


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
    return ""


def responses_to_messages(items: Any) -> list[dict[str, Any]]:
    """Responses-API input/output items as OpenAI chat messages (function calls grouped into one assistant turn)."""
    if isinstance(items, str):
        return [{"role": "user", "content": items}]
    out: list[dict[str, Any]] = []
    reasoning: list[str] = []
    for item in items or []:
        if not isinstance(item, dict):
            continue
        kind = item.get("type", "message")
        if kind == "reasoning":
            reasoning.append(_text(item.get("summary")) or _text(item.get("content")))
        elif kind == "function_call":
            call = {"id": str(item.get("call_id") or item.get("id") or f"call_{len(out)}"), "type": "function",
                    "function": {"name": str(item.get("name", "")),
                                 "arguments": item.get("arguments") if isinstance(item.get("arguments"), str)
                                 else json.dumps(item.get("arguments") or {})}}
            last = out[-1] if out else None
            if last is not None and last["role"] == "assistant" and last.get("tool_calls") is not None \
                    and not last["content"]:
                last["tool_calls"].append(call)
            else:
                out.append({"role": "assistant", "content": "", "tool_calls": [call],
                            **({"reasoning_content": "\n".join(reasoning)} if reasoning else {})})
                reasoning = []
        elif kind == "function_call_output":
            out.append({"role": "tool", "tool_call_id": str(item.get("call_id", "")),
                        "content": item.get("output") if isinstance(item.get("output"), str)
                        else json.dumps(item.get("output"))})
        elif kind == "message":
            role = item.get("role", "user")
            msg: dict[str, Any] = {"role": "system" if role == "developer" else role,
                                   "content": _text(item.get("content"))}
            if role == "assistant" and reasoning:
                msg["reasoning_content"], reasoning = "\n".join(reasoning), []
            out.append(msg)
    return out


def nemo_gym_router(frontend: Frontend) -> APIRouter:
    router = APIRouter(tags=["trainers"], dependencies=[trainer_auth(frontend)])
    read = body_reader(frontend)
    cfg = frontend.config.trainers

    @router.post("/trainers/nemo_gym/seed_session", summary="NeMo Gym: start a rollout (nothing to seed)")
    async def seed_session() -> Response:
        return json_response({})

    @router.post("/trainers/nemo_gym/verify", summary="NeMo Gym resources server: the reward of one rollout")
    async def verify(request: Request) -> Response:
        body = await read(request)
        if not isinstance(body, dict) or not isinstance(body.get("responses_create_params"), dict) \
                or not isinstance(body.get("response"), dict):
            raise InvalidRequest("body must be a NeMo Gym verify request: responses_create_params and response",
                                 field="response")
        params = body["responses_create_params"]
        prompt = responses_to_messages(params.get("input"))
        if isinstance(params.get("instructions"), str) and params["instructions"]:
            prompt.insert(0, {"role": "system", "content": params["instructions"]})
        completion = responses_to_messages(body["response"].get("output"))
        label = body.get("hrm") if isinstance(body.get("hrm"), dict) else {
            k: body[k] for k in LABEL_FIELDS if k in body and k not in ("id", "messages", "options")}
        out = await judge_sample(frontend, prompt, completion, label or None, deadline_s=cfg.nemo_gym.deadline_s,
                                 transport="nemo_gym")
        answer: dict[str, Any] = {**body, "reward": out.value(cfg.nemo_gym.failure_reward), **out.extras}
        if out.masked:
            answer["instance_config"] = {**(body.get("instance_config") or {}), "mask_sample": True}
            answer["_ng_failure_class"] = "judge_abstained" if out.extras["hrm_abstained"] else "judge_failed"
            answer["_ng_failure_judge_error"] = out.cause
        return json_response(answer)

    return router
