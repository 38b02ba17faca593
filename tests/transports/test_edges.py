"""Cross-cutting concerns at the transport edges: request ids, health without a token, typed errors once."""

from __future__ import annotations

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from transport_harness import grpc_request, sample

pytestmark = pytest.mark.asyncio


async def test_request_id_is_echoed_or_assigned(transports) -> None:
    r = await transports.http.post("/v1/score", json=sample(), headers={"X-Request-ID": "trace-42"})
    assert r.status_code == 200 and r.headers["X-Request-ID"] == "trace-42"
    fresh = await transports.http.get("/healthz")
    assert len(fresh.headers["X-Request-ID"]) == 32
    bad = await transports.http.post("/v1/score", content=b"{", headers={"X-Request-ID": "a b\tc"})
    assert bad.status_code == 422 and bad.headers["X-Request-ID"] not in ("a b\tc", "")
    assert bad.headers["X-HRM-Error-Type"] == "invalid_request"


async def test_internal_faults_are_typed_and_counted_once(transports) -> None:
    r = await transports.http.post("/v1/score", json=sample(context={"raise": "python"}))
    assert r.status_code == 500 and r.headers["X-HRM-Error-Type"] == "internal"
    with pytest.raises(grpc.aio.AioRpcError):
        await transports.stub.Score(grpc_request(sample(context={"raise": "python"})))
    text = transports.frontend.metrics.render().decode()
    assert 'hrm_request_errors_total{transport="http",type="internal"} 1.0' in text
    assert 'hrm_request_errors_total{transport="grpc",type="internal"} 1.0' in text
    assert 'hrm_request_latency_seconds_count{method="score",transport="http"}' in text
    assert 'hrm_request_latency_seconds_count{method="score",transport="grpc"}' in text


async def test_health_needs_no_token(start_transports) -> None:
    async with start_transports(auth={"tokens": ["secret"]}) as t:
        stub = health_pb2_grpc.HealthStub(t.channel)
        resp = await stub.Check(health_pb2.HealthCheckRequest(service="hrm.v2.JudgeService"))
        assert resp.status == health_pb2.HealthCheckResponse.SERVING
        with pytest.raises(grpc.aio.AioRpcError) as info:
            await t.stub.ListRubrics(__import__("hrm_wire.proto", fromlist=["judge_pb2"]).judge_pb2.ListRubricsRequest())
        assert info.value.code() == grpc.StatusCode.UNAUTHENTICATED


async def test_docs_work_offline(transports) -> None:
    """/docs references its Swagger assets on this service, never a CDN, and the assets are served."""
    page = await transports.http.get("/docs")
    assert page.status_code == 200
    assert "cdn" not in page.text.lower() and "unpkg" not in page.text.lower()
    import re

    assets = re.findall(r'(?:src|href)="(/[^"]+\.(?:js|css))"', page.text)
    assert assets, page.text[:500]
    for path in assets:
        r = await transports.http.get(path)
        assert r.status_code == 200 and len(r.content) > 1000, path
    redoc = await transports.http.get("/redoc")
    assert redoc.status_code == 200 and "cdn.jsdelivr" not in redoc.text


async def test_one_method_label_set_across_transports(transports) -> None:
    from hrm_wire.proto import judge_pb2

    await transports.http.get("/v1/rubrics")
    await transports.stub.ListRubrics(judge_pb2.ListRubricsRequest())
    text = transports.frontend.metrics.render().decode()
    for transport in ("http", "grpc"):
        assert f'hrm_request_latency_seconds_count{{method="rubrics",transport="{transport}"}}' in text
