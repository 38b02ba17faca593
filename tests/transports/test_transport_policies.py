"""Auth, backpressure and deadlines on the transports (the serve tier repeats them inside Ray Serve)."""

from __future__ import annotations

import asyncio

import grpc
import pytest
from transport_harness import grpc_request, held, sample, trailers

from hrm_wire.proto import judge_pb2

pytestmark = pytest.mark.asyncio


async def test_bearer_auth(start_transports, monkeypatch) -> None:
    monkeypatch.setenv("HRM_SERVE_TOKENS", "env-token, other")
    async with start_transports(auth={"tokens": ["cfg-token"]}) as t:
        for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "Basic cfg-token"}):
            r = await t.http.post("/v1/score", json=sample(), headers=headers)
            assert r.status_code == 401 and r.headers["WWW-Authenticate"] == "Bearer"
        for token in ("cfg-token", "env-token", "other"):
            r = await t.http.post("/v1/score", json=sample(), headers={"Authorization": f"Bearer {token}"})
            assert r.status_code == 200, token
        assert (await t.http.get("/healthz")).status_code == 200
        assert (await t.http.get("/v1/rubrics")).status_code == 401
        for md in ((), (("authorization", "Bearer wrong"),)):
            with pytest.raises(grpc.aio.AioRpcError) as info:
                await t.stub.Score(grpc_request(sample()), metadata=md)
            assert info.value.code() == grpc.StatusCode.UNAUTHENTICATED
        ok = await t.stub.Score(grpc_request(sample()), metadata=(("authorization", "Bearer env-token"),))
        assert ok.HasField("result")
        with pytest.raises(grpc.aio.AioRpcError) as info:
            async for _ in t.stub.StreamScore(iter([grpc_request(sample())])):
                pass
        assert info.value.code() == grpc.StatusCode.UNAUTHENTICATED


async def test_backpressure(start_transports) -> None:
    async with start_transports(max_queue=2, retry_after_s=1.5,
                                hrm={"engine": {"kind": "fake", "fake": {"delay_markers": {"HOLD-ME": 30}}}}) as t:
        slow = [asyncio.ensure_future(t.stub.Score(grpc_request(held()), timeout=20))
                for _ in range(2)]
        while t.frontend.queue_depth < 2:
            await asyncio.sleep(0.02)
        r = await t.http.post("/v1/score", json=sample())
        assert r.status_code == 503 and r.headers["Retry-After"] == "2"
        with pytest.raises(grpc.aio.AioRpcError) as info:
            await t.stub.Score(grpc_request(sample()))
        assert info.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert float(trailers(info.value)["retry-after-s"]) == 1.5
        batch = await t.stub.ScoreBatch(judge_pb2.ScoreBatchRequest(items=[grpc_request(sample(), "b")]))
        assert batch.items[0].error.type == "overloaded" and batch.items[0].error.retry_after_s == 1.5
        for f in slow:
            f.cancel()
        while t.frontend.queue_depth:
            await asyncio.sleep(0.02)
        assert (await t.http.post("/v1/score", json=sample())).status_code == 200


async def test_deadlines_cancel_engine_work(start_transports) -> None:
    async with start_transports(hrm={"engine": {"kind": "fake", "fake": {"delay_markers": {"HOLD-ME": 30}}}}) as t:
        slow = held()
        r = await t.http.post("/v1/score", json=slow, headers={"X-HRM-Timeout-S": "0.3"})
        assert r.status_code == 504 and r.json()["error"]["type"] == "deadline_exceeded"
        with pytest.raises(grpc.aio.AioRpcError) as info:
            await t.stub.Score(grpc_request(slow), timeout=0.3)
        assert info.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
        # the queue slot is freed when the cancelled judgment unwinds, a moment after the caller's deadline
        for _ in range(100):
            if t.engine.counts["running"] == 0 and t.frontend.queue_depth == 0:
                break
            await asyncio.sleep(0.02)
        # the held engine calls of both timed-out judgments were cancelled, not left running
        assert t.engine.counts["running"] == 0
        assert t.engine.counts["cancelled"] >= 2
        assert t.frontend.queue_depth == 0
