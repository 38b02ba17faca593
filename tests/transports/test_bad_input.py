"""Malformed protobuf/JSON, oversized messages, unknown rubric, bad headers: typed 4xx naming the field."""

from __future__ import annotations

import grpc
import pytest
from transport_harness import grpc_request, sample, trailers

from hrm_wire.proto import judge_pb2

pytestmark = pytest.mark.asyncio


async def test_malformed_json_http(transports) -> None:
    r = await transports.http.post("/v1/score", content=b'{"query": "x", ', headers={"content-type": "application/json"})
    assert r.status_code == 422
    assert r.json()["error"]["type"] == "invalid_request"
    assert "JSON" in r.json()["error"]["message"]


async def test_missing_field_named(transports) -> None:
    payload = sample()
    del payload["query"]
    r = await transports.http.post("/v1/score", json=payload)
    assert r.status_code == 422 and r.json()["error"]["field"] == "query"
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await transports.stub.Score(grpc_request(payload))
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert trailers(info.value)["hrm-error-field"] == "query"


async def test_malformed_protobuf(transports) -> None:
    # A length-delimited field 2 claiming 255 bytes with only one present: not a parseable message.
    raw = transports.channel.unary_unary("/hrm.v2.JudgeService/Score", request_serializer=None,
                                         response_deserializer=None)
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await raw(b"\x12\xff\x01x")
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "hrm.v2.ScoreRequest" in info.value.details()
    assert trailers(info.value)["hrm-error-field"] == "hrm.v2.ScoreRequest"


async def test_empty_request_json(transports) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await transports.stub.Score(judge_pb2.ScoreRequest(id="x"))
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert trailers(info.value)["hrm-error-field"] == "request_json"


async def test_unknown_rubric(transports) -> None:
    r = await transports.http.post("/v1/score", json=sample(rubric="no-such-pack"))
    assert r.status_code == 404
    assert r.json()["error"]["type"] == "unknown_rubric" and r.json()["error"]["field"] == "rubric"
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await transports.stub.Score(grpc_request(sample(rubric="no-such-pack")))
    assert info.value.code() == grpc.StatusCode.NOT_FOUND
    assert trailers(info.value)["hrm-error-field"] == "rubric"


async def test_oversized_item(start_transports) -> None:
    async with start_transports(hrm={"limits": {"max_request_bytes": 1024}}) as t:
        big = sample(response="x" * 5000)
        with pytest.raises(grpc.aio.AioRpcError) as info:
            await t.stub.Score(grpc_request(big))
        assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert trailers(info.value)["hrm-error-type"] == "request_too_large"
        r = await t.http.post("/v1/score", json=big)
        assert r.status_code == 413 and r.json()["error"]["type"] == "request_too_large"


async def test_oversized_http_body(start_transports) -> None:
    async with start_transports(hrm={"limits": {"max_body_bytes": 2048}}) as t:
        r = await t.http.post("/v1/score/batch", json={"items": [sample()] * 5})
        assert r.status_code == 413 and r.json()["error"]["field"] == "body"


async def test_batch_caps_and_shape(start_transports) -> None:
    async with start_transports(hrm={"limits": {"max_batch_items": 2}}) as t:
        r = await t.http.post("/v1/score/batch", json={"items": [sample()] * 3})
        assert r.status_code == 413 and r.json()["error"]["field"] == "items"
        with pytest.raises(grpc.aio.AioRpcError) as info:
            await t.stub.ScoreBatch(judge_pb2.ScoreBatchRequest(items=[grpc_request(sample())] * 3))
        assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert trailers(info.value)["hrm-error-field"] == "items"
        r = await t.http.post("/v1/score/batch", json=[sample()])
        assert r.status_code == 422 and r.json()["error"]["field"] == "items"
        r = await t.http.post("/v1/score/batch", json={"items": [], "extra": 1})
        assert r.status_code == 422 and r.json()["error"]["field"] == "extra"


async def test_bad_timeout_header(transports) -> None:
    for value in ("soon", "-1", "0"):
        r = await transports.http.post("/v1/score", json=sample(), headers={"X-HRM-Timeout-S": value})
        assert r.status_code == 422, value
        assert r.json()["error"]["field"] == "X-HRM-Timeout-S"
