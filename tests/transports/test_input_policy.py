"""The one size/depth policy on every path (unary, batch, stream; HTTP and gRPC), and the issue-15
regressions: deep nesting was a 500/INTERNAL, batch items skipped the per-item cap, alpha=beta=1e308
gave reward null with judge_failed false, a 200k-character query was judged, unary errors had no field."""

from __future__ import annotations

import json
from typing import Any

import grpc
import pytest
from transport_harness import grpc_request, sample, trailers

from hrm_wire.proto import judge_pb2

pytestmark = pytest.mark.asyncio


def deep_arguments(levels: int) -> dict[str, Any]:
    node: Any = "x"
    for _ in range(levels):
        node = {"a": node}
    row = sample(0)
    row["trajectory"][1]["arguments"] = node
    return row


async def test_deep_nesting_is_a_typed_413_on_every_path(transports) -> None:
    deep = deep_arguments(300)
    r = await transports.http.post("/v1/score", content=json.dumps(deep))
    assert r.status_code == 413, r.text
    err = r.json()["error"]
    assert err["type"] == "request_too_large" and err["field"] == "trajectory.1.arguments"
    r = await transports.http.post("/v1/score/batch", content=json.dumps({"items": [sample(1), deep]}))
    assert r.status_code == 200
    items = r.json()["items"]
    assert "result" in items[0] and items[1]["error"]["type"] == "request_too_large"
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await transports.stub.Score(grpc_request(deep))
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert trailers(info.value)["hrm-error-type"] == "request_too_large"
    assert trailers(info.value)["hrm-error-field"] == "trajectory.1.arguments"
    batch = await transports.stub.ScoreBatch(judge_pb2.ScoreBatchRequest(items=[grpc_request(deep, "d")]))
    assert batch.items[0].error.type == "request_too_large"
    got = [m async for m in transports.stub.StreamScore(iter([grpc_request(deep, "s"), grpc_request(sample(), "t")]))]
    by_id = {m.id: m for m in got}
    assert by_id["s"].error.type == "request_too_large" and by_id["t"].HasField("result")


async def test_nesting_within_the_cap_is_scored(transports) -> None:
    r = await transports.http.post("/v1/score", json=deep_arguments(20))
    assert r.status_code == 200 and r.json()["judge_failed"] is False


async def test_batch_items_get_the_per_item_size_cap(start_transports) -> None:
    async with start_transports(hrm={"limits": {"max_request_bytes": 4096}}) as t:
        big = sample(2, id="big", response=sample(2)["response"] + " " + "x" * 5000)
        r = await t.http.post("/v1/score/batch", json={"items": [sample(0, id="ok"), big]})
        assert r.status_code == 200
        items = r.json()["items"]
        assert "result" in items[0]
        assert items[1]["error"]["type"] == "request_too_large" and items[1]["error"]["item_id"] == "big"
        resp = await t.stub.ScoreBatch(judge_pb2.ScoreBatchRequest(items=[grpc_request(big, "big")]))
        assert resp.items[0].error.type == "request_too_large"


async def test_huge_query_is_refused_up_front(transports) -> None:
    row = sample(0, query="q" * 200_000)
    r = await transports.http.post("/v1/score", json=row)
    assert r.status_code == 413
    assert r.json()["error"]["field"] == "query" and r.json()["error"]["type"] == "request_too_large"
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await transports.stub.Score(grpc_request(row))
    assert trailers(info.value)["hrm-error-field"] == "query"
    assert transports.engine.counts["finished"] == 0  # nothing was asked of the grader


@pytest.mark.parametrize("params", [{"alpha": 1e308, "beta": 1e308}, {"alpha": 1e308}, {"k": 1e308}])
async def test_reward_params_out_of_range_are_invalid(transports, params) -> None:
    row = sample(0, options={"reward": params})
    r = await transports.http.post("/v1/score", json=row)
    assert r.status_code == 422, r.text
    assert r.json()["error"]["field"].startswith("options.reward.")
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await transports.stub.Score(grpc_request(row))
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert trailers(info.value)["hrm-error-field"].startswith("options.reward.")


async def test_largest_reward_params_give_a_finite_reward(transports) -> None:
    r = await transports.http.post("/v1/score", json=sample(0, options={"reward": {"alpha": 1000, "beta": 1000}}))
    assert r.status_code == 200
    assert r.json()["reward"] is not None and r.json()["judge_failed"] is False


@pytest.mark.parametrize("raw", [b"{not json", b"[1, 2]", b"\"text\"", b"", b"\xef\xbb\xbf{}", b"{\"a\": NaN}"])
async def test_unary_json_errors_name_the_field(transports, raw: bytes) -> None:
    r = await transports.http.post("/v1/score", content=raw, headers={"content-type": "application/json"})
    assert r.status_code == 422, r.text
    assert r.json()["error"]["field"] == "body"
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await transports.stub.Score(judge_pb2.ScoreRequest(request_json=raw.decode("utf-8", "replace")))
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert trailers(info.value)["hrm-error-field"] == "request_json"


async def test_grpc_message_over_the_body_cap_is_typed(start_transports) -> None:
    async with start_transports(hrm={"limits": {"max_body_bytes": 4096}}) as t:
        batch = judge_pb2.ScoreBatchRequest(items=[grpc_request(sample(i)) for i in range(4)])
        assert batch.ByteSize() > 4096
        with pytest.raises(grpc.aio.AioRpcError) as info:
            await t.stub.ScoreBatch(batch)
        assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert trailers(info.value) == {"hrm-error-type": "request_too_large", "hrm-error-field": "body"}


async def test_legacy_cap_keys_land_in_the_one_policy(start_transports) -> None:
    async with start_transports(max_batch_items=3, http={"max_body_bytes": 5000}) as t:
        assert t.frontend.limits.max_batch_items == 3 and t.frontend.limits.max_body_bytes == 5000
