"""``options.group``: the wire field (bounded, typed 422), its default (a hash of what a prompt's rollouts
share) and the task-scoped group grader calls pick up (``group_scope`` / ``current_group``)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from hrm_wire.errors import InvalidRequest
from hrm_wire.models import ScoreRequest
from hrm_wire.proto import judge_pb2
from judge_server.serve.experimental.group_affinity import current_group, group_scope, request_group

CATALOG = [{"id": "PD_1", "name": "Quiet earbuds", "price": 49.0}]


def rollout(k: int, **changes: Any) -> dict[str, Any]:
    base = {"query": "quiet earbuds under $60", "catalog": CATALOG,
            "trajectory": [{"kind": "reasoning", "text": f"attempt {k}"}],
            "response": f"Try these <product>PD_1</product> (variant {k})"}
    return {**base, **changes}


def test_group_is_carried_and_bounded(make_pipeline) -> None:
    pipeline = make_pipeline()
    uid = "0b9d5c3e-5f5a-4c7e-9a43-3d2f0c1e7b11"
    assert pipeline.parse_request(rollout(0, options={"group": uid})).options.group == uid
    assert pipeline.parse_request(rollout(0)).options.group is None
    for bad, why in (("", "at least 1"), ("x" * 257, "at most 256"), ("a\nb", "pattern"), (7, "valid string")):
        with pytest.raises(InvalidRequest, match=why) as err:
            pipeline.parse_request(rollout(0, options={"group": bad}))
        assert err.value.field == "options.group" and err.value.http_status == 422


def test_grpc_request_json_carries_the_group() -> None:
    msg = judge_pb2.ScoreRequest(id="r-1", request_json=json.dumps(rollout(0, options={"group": "uid-7"})))
    wire = judge_pb2.ScoreRequest.FromString(msg.SerializeToString())
    assert ScoreRequest.model_validate_json(wire.request_json).options.group == "uid-7"


def test_default_group_is_shared_by_the_rollouts_of_one_prompt() -> None:
    groups = {request_group(ScoreRequest.model_validate(rollout(k))) for k in range(16)}
    assert len(groups) == 1
    (default,) = groups
    assert default != request_group(ScoreRequest.model_validate(rollout(0, query="a cozy gift")))
    assert default != request_group(ScoreRequest.model_validate(rollout(0, rubric="shop_r1")))
    assert default != request_group(ScoreRequest.model_validate(rollout(0, catalog=[{**CATALOG[0], "price": 9.0}])))
    assert request_group(ScoreRequest.model_validate(rollout(0, options={"group": "uid-7"}))) == "uid-7"


async def test_group_scope_reaches_the_tasks_a_judgment_starts() -> None:
    seen: list[str | None] = []

    async def grader_call() -> None:
        await asyncio.sleep(0)
        seen.append(current_group())

    async def judge(req: ScoreRequest) -> None:
        with group_scope(req) as group:
            assert group == request_group(req)
            await asyncio.gather(grader_call(), grader_call())

    a = ScoreRequest.model_validate(rollout(0, options={"group": "uid-a"}))
    b = ScoreRequest.model_validate(rollout(1, query="a cozy gift"))
    await asyncio.gather(judge(a), judge(b))
    assert sorted(seen, key=str) == sorted(["uid-a", "uid-a", request_group(b), request_group(b)], key=str)
    assert current_group() is None
