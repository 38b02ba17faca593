"""The issue-30 probes, each a regression test on both transports: JSON nested inside strings (tool-call
arguments, tool outputs, OpenAI messages), duplicate ids in a batch and a stream, a body that never finishes,
/metrics behind the token when configured."""

from __future__ import annotations

import asyncio

import grpc
import pytest
from transport_harness import grpc_request, sample, trailers

from hrm_wire.proto import judge_pb2

pytestmark = pytest.mark.asyncio


def deep_text(levels: int) -> str:
    return '{"a":' * levels + '"x"' + "}" * levels


def with_text_json(levels: int, where: str) -> dict:
    row = sample(0)
    if where == "arguments":
        row["trajectory"][1]["arguments"] = '{"q": ' + deep_text(levels) + "}"
    elif where == "content":
        obs = next(s for s in row["trajectory"] if s["kind"] == "observation")
        obs["products"] = []
        obs["content"] = '[{"product_id": "PD_1", "title": "t", "price": 5, "spec": ' + deep_text(levels) + "}]"
    else:
        row = {"messages": [{"role": "user", "content": "q"},
                            {"role": "assistant", "content": None, "tool_calls": [{"id": "c", "type": "function",
                             "function": {"name": "s", "arguments": '{"q": ' + deep_text(levels) + "}"}}]},
                            {"role": "tool", "tool_call_id": "c", "content": "[]"},
                            {"role": "assistant", "content": "done"}]}
    return row


@pytest.mark.parametrize("levels", [40, 300, 3000])
@pytest.mark.parametrize("where", ["arguments", "content", "messages"])
async def test_json_inside_strings_is_held_to_the_depth_policy(transports, where, levels) -> None:
    payload = with_text_json(levels, where)
    r = await transports.http.post("/v1/score", json=payload)
    assert r.status_code in (413, 422), r.text
    assert r.json()["error"]["type"] in ("request_too_large", "invalid_request")
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await transports.stub.Score(grpc_request(payload))
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT and trailers(info.value)["hrm-error-type"]
    batch = await transports.stub.ScoreBatch(judge_pb2.ScoreBatchRequest(items=[grpc_request(payload, "d"),
                                                                                grpc_request(sample(1), "ok")]))
    assert batch.items[0].HasField("error") and batch.items[1].HasField("result")


async def test_duplicate_ids_in_a_batch_fail_the_repeats(transports) -> None:
    a, b = sample(0, id="same"), sample(1, id="same")
    r = await transports.http.post("/v1/score/batch", json={"items": [a, b]})
    items = r.json()["items"]
    assert "result" in items[0] and items[1]["error"]["field"] == "id" and "repeats item 0" in items[1]["error"]["message"]
    batch = await transports.stub.ScoreBatch(judge_pb2.ScoreBatchRequest(items=[grpc_request(a, "x"),
                                                                                grpc_request(b, "x")]))
    assert batch.items[0].HasField("result") and batch.items[1].error.field == "id"


async def test_a_stream_refuses_an_id_already_in_flight(transports) -> None:
    transports.engine.config.delay_s = 0.2  # keep the first one in flight
    got = [m async for m in transports.stub.StreamScore(iter([grpc_request(sample(0), "dup"),
                                                             grpc_request(sample(1), "dup")]))]
    transports.engine.config.delay_s = 0.0
    assert sorted(m.HasField("result") for m in got) == [False, True]
    assert next(m for m in got if m.HasField("error")).error.field == "id"


async def test_a_body_that_never_finishes_gets_408(start_transports) -> None:
    async with start_transports(http={"body_timeout_s": 0.5}) as t:
        host, port = t.http.base_url.host, t.http.base_url.port
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(b"POST /v1/score HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 1000\r\n\r\n{\"query\": ")
        await writer.drain()
        head = await asyncio.wait_for(reader.read(4096), timeout=10)
        writer.close()
        assert head.startswith(b"HTTP/1.1 408") and b"body_timeout" in head


async def test_metrics_can_require_the_token(start_transports) -> None:
    async with start_transports(auth={"tokens": ["s3cret"]}, http={"metrics_auth": True}) as t:
        assert (await t.http.get("/metrics")).status_code == 401
        assert (await t.http.get("/metrics", headers={"Authorization": "Bearer s3cret"})).status_code == 200
    async with start_transports(auth={"tokens": ["s3cret"]}) as t:  # default: scrapers need no token
        assert (await t.http.get("/metrics")).status_code == 200
