"""Every error type of the core maps to its HTTP status and gRPC code on the real transports."""

from __future__ import annotations

import json

import grpc
import pytest
from transport_harness import grpc_request, sample, trailers

from hrm_wire.errors import ALL_ERRORS, HRMError
from hrm_wire.proto import judge_pb2
from judge_server.errors import grpc_status as errors_grpc
from judge_server.errors import http_status as errors_http

pytestmark = pytest.mark.asyncio


@pytest.mark.parametrize("cls", ALL_ERRORS, ids=lambda c: c.__name__)
async def test_http_status_per_error_type(transports, cls: type[HRMError]) -> None:
    r = await transports.http.post("/v1/score", json=sample(context={"raise": cls.code}))
    assert r.status_code == cls.http_status
    err = r.json()["error"]
    assert err["type"] == cls.code
    assert err["message"] == f"injected {cls.code}"
    assert err["field"] == "context.raise"
    assert r.headers[errors_http.ERROR_TYPE_HEADER] == cls.code
    if cls.code == "overloaded":
        assert r.headers["Retry-After"] == "3"  # 2.5 s rounded up
    else:
        assert "Retry-After" not in r.headers


@pytest.mark.parametrize("cls", ALL_ERRORS, ids=lambda c: c.__name__)
async def test_grpc_code_per_error_type(transports, cls: type[HRMError]) -> None:
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await transports.stub.Score(grpc_request(sample(context={"raise": cls.code})))
    assert info.value.code() == grpc.StatusCode[cls.grpc_code]
    md = trailers(info.value)
    assert md[errors_grpc.TYPE_KEY] == cls.code
    assert md[errors_grpc.FIELD_KEY] == "context.raise"
    assert f"injected {cls.code}" in info.value.details()
    if cls.code == "overloaded":
        assert float(md[errors_grpc.RETRY_KEY]) == 2.5
    else:
        assert errors_grpc.RETRY_KEY not in md


async def test_internal_fault_leaks_nothing(transports) -> None:
    r = await transports.http.post("/v1/score", json=sample(context={"raise": "python"}))
    assert r.status_code == 500
    assert r.json() == {"error": {"type": "internal", "message": "internal error", "item_id": "good-earbuds"}}
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await transports.stub.Score(grpc_request(sample(context={"raise": "python"})))
    assert info.value.code() == grpc.StatusCode.INTERNAL
    assert info.value.details() == "internal error (item 'good-earbuds')"
    for text in (r.text, info.value.details(), str(info.value.debug_error_string())):
        assert "secret" not in text and "Traceback" not in text


async def test_batch_item_fails_alone_http(transports) -> None:
    items = [sample(0, id="ok-1"), sample(1, id="bad", context={"raise": "unknown_rubric"}),
             sample(2, id="boom", context={"raise": "python"}), {"id": "invalid", "query": "q"}]
    r = await transports.http.post("/v1/score/batch", json={"items": items})
    assert r.status_code == 200
    out = r.json()["items"]
    assert [o["id"] for o in out] == ["ok-1", "bad", "boom", "invalid"]
    assert out[0]["result"]["reward"] is not None and "error" not in out[0]
    assert out[1]["error"]["type"] == "unknown_rubric"
    assert out[2]["error"] == {"type": "internal", "message": "internal error", "item_id": "boom"}
    assert out[3]["error"]["type"] == "invalid_request" and out[3]["error"]["field"] == "response"


async def test_batch_item_fails_alone_grpc(transports) -> None:
    batch = judge_pb2.ScoreBatchRequest(items=[
        grpc_request(sample(0), "a"), grpc_request(sample(1, context={"raise": "deadline_exceeded"}), "b"),
        judge_pb2.ScoreRequest(id="c", request_json="{not json"), grpc_request(sample(3), "d")])
    resp = await transports.stub.ScoreBatch(batch)
    assert [i.id for i in resp.items] == ["a", "b", "c", "d"]
    assert [i.WhichOneof("outcome") for i in resp.items] == ["result", "error", "error", "result"]
    b, c = resp.items[1].error, resp.items[2].error
    assert (b.type, b.grpc_code, b.http_status) == ("deadline_exceeded", "DEADLINE_EXCEEDED", 504)
    assert (c.type, c.grpc_code, c.http_status) == ("invalid_request", "INVALID_ARGUMENT", 422)
    assert json.loads(resp.items[0].result.result_json)["id"] == "a"


async def test_stream_item_fails_alone(transports) -> None:
    requests = [grpc_request(sample(0), "s1"), grpc_request(sample(1, context={"raise": "engine_error"}), "s2"),
                judge_pb2.ScoreRequest(id="s3", request_json=""), grpc_request(sample(2), "s4")]
    got = {r.id: r async for r in transports.stub.StreamScore(iter(requests))}
    assert set(got) == {"s1", "s2", "s3", "s4"}
    assert got["s1"].HasField("result") and got["s4"].HasField("result")
    assert got["s2"].error.type == "engine_error" and got["s2"].error.grpc_code == "INTERNAL"
    assert got["s3"].error.field == "request_json"
