"""The judgment store's counters on /metrics, and review tokens kept apart from scoring tokens.

Real components: the service's HTTP app on uvicorn and its gRPC server (real sockets) over the real
Frontend and pipeline (fake grader), a real JudgmentStore on SQLite, and the review router as the Serve
app mounts it. The last test does the same inside the real Ray Serve app (the session's Serve instance).
"""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import httpx
import pytest
import uvicorn
from prometheus_client.parser import text_string_to_metric_families

from hrm_wire.proto import judge_pb2, judge_pb2_grpc
from judge_server.engines.fake import FakeEngine
from judge_server.pipeline import ScoringPipeline
from judge_server.serve.config import ServeConfig, dump_config
from judge_server.store import JudgmentStore

ROOT = Path(__file__).resolve().parents[2]
ROWS = [json.loads(line) for line in (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines()]
SCORER = "score-secret"
ANNOTATOR = "alice:review-secret"  # name:secret; the bearer is the secret


def sample(i: int = 0, **changes: Any) -> dict[str, Any]:
    return {**ROWS[i % len(ROWS)], **changes}


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def store_metrics(text: str) -> dict[str, float]:
    out = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            if s.name.startswith("hrm_store_"):
                out[s.name] = s.value
    return out


@dataclass
class Service:
    http: httpx.AsyncClient
    stub: Any
    store: JudgmentStore | None


def config_of(tmp: Path, **overrides: Any) -> ServeConfig:
    return ServeConfig.model_validate({
        "hrm": {"engine": {"kind": "fake"}, "cache": {"enabled": False, "directory": str(tmp / "cache")},
                "judge": {"backoff_initial_s": 0.0, "backoff_max_s": 0.0}},
        "grpc": {"port": 0, "grace_s": 0.1, "reflection": False},
        **overrides})


@asynccontextmanager
async def running(config: ServeConfig) -> AsyncIterator[Service]:
    from judge_server.serve.app import _open_store, _review_router
    from judge_server.serve.frontend import Frontend
    from judge_server.serve.grpc_server import GRPCServer
    from judge_server.serve.http_app import build_http_app

    pipeline = ScoringPipeline(config.hrm, engine=FakeEngine(config.hrm.engine))
    await pipeline.start()
    store = await _open_store(config)  # what the ingress replica does
    frontend = Frontend(config, pipeline, store=store)
    routers = [_review_router(config, store)] if config.review else []
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(build_http_app(frontend, extra_routers=routers), log_level="warning",
                                           lifespan="off"))
    serving = asyncio.ensure_future(server.serve(sockets=[sock]))
    grpc_server = GRPCServer(frontend, config.grpc)
    try:
        while not server.started:
            await asyncio.sleep(0.01)
        gport = await grpc_server.start()
        async with grpc.aio.insecure_channel(f"127.0.0.1:{gport}") as channel, \
                httpx.AsyncClient(base_url=f"http://127.0.0.1:{sock.getsockname()[1]}", timeout=30) as http:
            yield Service(http, judge_pb2_grpc.JudgeServiceStub(channel), store)
    finally:
        await grpc_server.stop()
        server.should_exit = True
        await serving
        await pipeline.close()
        if store is not None:
            store.close()


# ------------------------------------------------------------------------------- /metrics


async def test_metrics_export_the_store_counters(tmp_path) -> None:
    config = config_of(tmp_path, store={"url": f"sqlite:///{tmp_path / 'j.db'}"})
    async with running(config) as svc:
        assert store_metrics((await svc.http.get("/metrics")).text) == {
            "hrm_store_submitted_total": 0, "hrm_store_written_total": 0, "hrm_store_dropped_total": 0,
            "hrm_store_errors_total": 0, "hrm_store_purged_total": 0, "hrm_store_queue_depth": 0}
        for i in range(3):
            assert (await svc.http.post("/v1/score", json=sample(i, id=f"m-{i}"))).status_code == 200
        assert svc.store.flush(30)
        m = store_metrics((await svc.http.get("/metrics")).text)
        assert m["hrm_store_submitted_total"] == 3 and m["hrm_store_written_total"] == 3
        assert m["hrm_store_dropped_total"] == 0 and m["hrm_store_queue_depth"] == 0
        assert svc.store.purge(time.time() + 1) == 3  # the retention rule's deletion, run now
        assert store_metrics((await svc.http.get("/metrics")).text)["hrm_store_purged_total"] == 3
        svc.store.close()
        # a closed store drops the judgment (counted) and the request still succeeds
        assert (await svc.http.post("/v1/score", json=sample(4, id="after-close"))).status_code == 200
        m = store_metrics((await svc.http.get("/metrics")).text)
        assert m["hrm_store_dropped_total"] == 1 and m["hrm_store_submitted_total"] == 3
        counters = svc.store.counters()
        assert m == {("hrm_store_queue_depth" if k == "queue_depth" else f"hrm_store_{k}_total"): float(v)
                     for k, v in counters.items()}


async def test_metrics_without_a_store_have_no_store_series(tmp_path) -> None:
    async with running(config_of(tmp_path)) as svc:
        assert (await svc.http.post("/v1/score", json=sample(0))).status_code == 200
        text = (await svc.http.get("/metrics")).text
    assert "hrm_judgments_total" in text and store_metrics(text) == {}


# ------------------------------------------------------------------------------- review tokens


def review_config(tmp_path: Path, **auth: Any) -> ServeConfig:
    return config_of(tmp_path, store={"url": f"sqlite:///{tmp_path / 'r.db'}"}, review=True,
                     auth={"tokens": [SCORER], **auth})


async def scores(svc: Service, token: str) -> bool:
    r = await svc.http.post("/v1/score", json=sample(1), headers=bearer(token))
    assert r.status_code in (200, 401), r.text
    try:
        await svc.stub.Score(judge_pb2.ScoreRequest(request_json=json.dumps(sample(1))),
                             metadata=(("authorization", f"Bearer {token}"),), timeout=30)
        grpc_ok = True
    except grpc.aio.AioRpcError as exc:
        assert exc.code() == grpc.StatusCode.UNAUTHENTICATED
        grpc_ok = False
    assert grpc_ok == (r.status_code == 200)  # both transports agree
    return r.status_code == 200


async def reviews(svc: Service, token: str) -> bool:
    r = await svc.http.get("/review/api/judgments", headers=bearer(token))
    assert r.status_code in (200, 401), r.text
    return r.status_code == 200


async def test_annotator_tokens_do_not_score_and_scoring_tokens_do_not_review(tmp_path) -> None:
    async with running(review_config(tmp_path, review_tokens=[ANNOTATOR])) as svc:
        assert await scores(svc, SCORER)
        assert not await scores(svc, "review-secret") and not await scores(svc, ANNOTATOR)
        assert await reviews(svc, "review-secret")
        assert not await reviews(svc, SCORER)
        svc.store.flush(30)
        uid = (await svc.http.get("/review/api/judgments", headers=bearer("review-secret"))).json()["items"][0]["uid"]
        r = await svc.http.put(f"/review/api/judgments/{uid}/labels", headers=bearer("review-secret"),
                               json={"labels": [{"target": "l1:product_correctness", "verdict": True}]})
        assert r.status_code == 200 and r.json()["annotator"] == "alice"  # the token fixes the name


async def test_review_tokens_from_the_environment(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("HRM_REVIEW_TOKENS", "bob:env-secret, carol:other")
    async with running(review_config(tmp_path)) as svc:
        assert await reviews(svc, "env-secret") and await reviews(svc, "other")
        assert not await reviews(svc, SCORER)
        assert not await scores(svc, "env-secret")


async def test_review_falls_back_to_scoring_tokens_when_no_review_tokens(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("HRM_REVIEW_TOKENS", raising=False)
    async with running(review_config(tmp_path)) as svc:
        assert await reviews(svc, SCORER) and await scores(svc, SCORER)
        assert not await reviews(svc, "nope")


def test_review_tokens_config_and_replica_round_trip() -> None:
    config = ServeConfig.model_validate({"auth": {"tokens": ["s"], "review_tokens": ["a:x", " ", "y"],
                                                  "review_tokens_env": "MY_REVIEW"}})
    assert config.auth.review_token_list({"MY_REVIEW": "b:z,,a:x"}) == ["a:x", "y", "b:z"]
    assert config.auth.all_tokens({"MY_REVIEW": "b:z"}) == {"s"}  # review tokens never score
    again = ServeConfig.model_validate(dump_config(config)).auth
    assert again.review_token_list({}) == ["a:x", "y"] and again.review_tokens_env == "MY_REVIEW"
    assert ServeConfig.model_validate({"auth": {"tokens": ["s"]}}).auth.review_token_list({}) == ["s"]
    assert ServeConfig().auth.review_token_list({}) is None  # both empty: auth off on both


# ------------------------------------------------------------------------------- real Serve app


@pytest.mark.serve
def test_store_metrics_and_review_tokens_in_the_serve_app(ray_serve, serve_deploy, tmp_path) -> None:
    from ray import serve

    config = {
        "hrm": {"engine": {"kind": "fake"}, "cache": {"enabled": False, "directory": str(tmp_path / "cache")}},
        "auth": {"tokens": [SCORER], "review_tokens": [ANNOTATOR]},
        "store": {"url": f"sqlite:///{tmp_path / 'serve.db'}"}, "review": True,
        "ingress": {"num_cpus": 0.1}, "grader": {"num_cpus": 0.1},
    }
    app = serve_deploy(ray_serve, "hrm-store-auth", "/store-auth", config)
    try:
        for i in range(2):
            r = app.http.post("/v1/score", json=sample(i, id=f"sa-{i}"), headers=bearer(SCORER))
            assert r.status_code == 200, r.text
        assert app.http.post("/v1/score", json=sample(2), headers=bearer("review-secret")).status_code == 401
        assert app.http.get("/review/api/judgments", headers=bearer(SCORER)).status_code == 401
        t0 = time.monotonic()
        while store_metrics(app.http.get("/metrics").text).get("hrm_store_written_total") != 2:
            assert time.monotonic() - t0 < 30, app.http.get("/metrics").text
            time.sleep(0.1)
        listed = app.http.get("/review/api/judgments", headers=bearer("review-secret"))
        assert listed.status_code == 200 and listed.json()["total"] == 2
        m = store_metrics(app.http.get("/metrics").text)
        assert m["hrm_store_submitted_total"] == 2 and m["hrm_store_dropped_total"] == 0
    finally:
        app.channel.close()
        app.http.close()
        serve.delete("hrm-store-auth")
