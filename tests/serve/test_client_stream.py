"""``stream`` against the real transports (HTTP app on uvicorn + gRPC server, real sockets, no Ray).

Over gRPC it is one bidirectional StreamScore call; over HTTP, concurrent unary requests. Both yield in
completion order with bounded in-flight and per-item errors in place. The gRPC stream re-sends
unanswered items on a new call when the connection fails (a TCP proxy cuts or refuses connections).
"""

from __future__ import annotations

import asyncio
import copy
import json
import time
from pathlib import Path

import pytest
from client_service import ClientService
from tcp_proxy import TcpProxy

from hrm_client import AsyncJudgeClient, JudgeClient, RetryPolicy
from hrm_client.errors import (
    DeadlineExceeded,
    InvalidRequest,
    Overloaded,
    ServiceUnreachable,
    Unauthenticated,
    UnknownRubric,
)
from judge_server.serve.metrics import method_label

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = {d["id"]: d for d in map(json.loads, (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines())}
NAMES = ["good-earbuds", "good-cozy-gift", "good-backpack", "flaw-offtopic", "flaw-missing-card"]
FAST = RetryPolicy(max_attempts=3, initial_backoff_s=0.01, max_backoff_s=0.05)
# gRPC's own reconnect backoff (about 1 s, then 1.6 s) sits under ours after a refused connection
PATIENT = RetryPolicy(max_attempts=8, initial_backoff_s=0.2, max_backoff_s=2.0)


def sample(name: str = "good-earbuds", marker: str | None = None, **changes) -> dict:
    d = copy.deepcopy(EXAMPLES[name])
    d.update(changes)
    if marker:
        d["response"] += f" {marker}"
    return d


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    svc = ClientService(tmp_path_factory.mktemp("svc"),
                        delay_markers={"SLOWSLOW": 0.6, "GLACIAL": 5.0, "BRIEF": 0.05}).start()
    yield svc
    svc.stop()


@pytest.fixture(params=["grpc", "http"])
def url(request, service):
    return service.grpc_url if request.param == "grpc" else service.http_url


@pytest.fixture
def proxy(service):
    host, port = service.grpc_url.split(":")
    p = TcpProxy(host, int(port)).start()
    yield p
    p.stop()


def rpc_count(service: ClientService, method: str) -> float:
    value = service.grpc.frontend.metrics.registry.get_sample_value(
        "hrm_request_latency_seconds_count", {"transport": "grpc", "method": method_label(method)})
    return value or 0.0


@pytest.fixture
def in_flight(service, monkeypatch):
    """Track how many judgments the server runs at once (the wrapper runs on the service's loop)."""
    seen = {"now": 0, "max": 0}
    inner = service.pipeline.score

    async def score(request, *, deadline_s=None):
        seen["now"] += 1
        seen["max"] = max(seen["max"], seen["now"])
        try:
            return await inner(request, deadline_s=deadline_s)
        finally:
            seen["now"] -= 1

    monkeypatch.setattr(service.pipeline, "score", score)
    return seen


async def test_grpc_stream_is_one_bidi_call_in_completion_order(service):
    items = [sample(id="slow", marker="SLOWSLOW")] + [sample(n, id=n) for n in NAMES]
    before_stream, before_unary = rpc_count(service, "StreamScore"), rpc_count(service, "Score")
    async with AsyncJudgeClient(service.grpc_url, timeout=30) as client:
        got = [s async for s in client.stream(items, concurrency=8)]
    assert [s.id for s in got][-1] == "slow" and sorted(s.index for s in got) == list(range(6))
    assert all(s.ok and s.result.id == s.id for s in got)
    for _ in range(50):  # the server records the call when it ends, just after the last answer
        if rpc_count(service, "StreamScore") == before_stream + 1:
            break
        await asyncio.sleep(0.02)
    assert rpc_count(service, "StreamScore") == before_stream + 1
    assert rpc_count(service, "Score") == before_unary


async def test_stream_keeps_in_flight_bounded(url, service, in_flight):
    items = [sample(NAMES[i % 5], marker="BRIEF", id=f"b{i}", options={"use_cache": False}) for i in range(8)]
    async with AsyncJudgeClient(url, timeout=30) as client:
        got = [s async for s in client.stream(items, concurrency=2)]
    assert len(got) == 8 and all(s.ok for s in got)
    assert in_flight["max"] == 2


async def test_stream_resends_an_item_the_server_refused(url, service):
    service.fail_next(Overloaded("queue full", retry_after_s=0.05))
    items = [sample(n, id=n) for n in NAMES]
    async with AsyncJudgeClient(url, timeout=30, retry=FAST) as client:
        got = [s async for s in client.stream(items)]
    assert sorted(s.id for s in got) == sorted(NAMES) and all(s.ok for s in got)
    assert service.pipeline.calls == len(NAMES) + 1


async def test_stream_item_errors_in_place(url, service):
    items = [sample(id="ok-1"), sample(id="nopack", rubric="no_such_pack"), sample(id="empty", query=""),
             sample("good-backpack", id="ok-2")]
    async with AsyncJudgeClient(url, timeout=30, retry=FAST) as client:
        got = {s.id: s async for s in client.stream(items)}
    assert got["ok-1"].ok and got["ok-2"].ok
    assert isinstance(got["nopack"].error, UnknownRubric) and got["nopack"].index == 1
    assert isinstance(got["empty"].error, InvalidRequest) and got["empty"].error.field == "query"


async def test_stream_item_deadline(url, service):
    items = [sample(id="glacial", marker="GLACIAL"), sample("good-backpack", id="fast")]
    async with AsyncJudgeClient(url, timeout=30) as client:
        t0 = time.monotonic()
        got = {s.id: s async for s in client.stream(items, timeout=0.8)}
        assert time.monotonic() - t0 < 4.5  # did not wait for the 5 s engine delay
    assert got["fast"].ok
    assert isinstance(got["glacial"].error, DeadlineExceeded) and got["glacial"].error.item_id == "glacial"


async def test_stream_ids_missing_or_repeated(url, service):
    items = [sample(id="dup"), sample("good-backpack", id="dup", marker="SLOWSLOW"),
             {k: v for k, v in sample("flaw-offtopic").items() if k != "id"}]
    async with AsyncJudgeClient(url, timeout=30) as client:
        got = sorted([s async for s in client.stream(items)], key=lambda s: s.index)
    assert [s.id for s in got] == ["dup", "dup", None] and all(s.ok for s in got)
    assert [s.result.id for s in got] == ["dup", "dup", None]
    assert got[1].result.reward is not None


async def test_stream_early_exit_leaves_the_client_usable(url, service):
    items = [sample(n, id=n) for n in NAMES] + [sample(id="glacial", marker="GLACIAL")]
    async with AsyncJudgeClient(url, timeout=30) as client:
        async for s in client.stream(items):
            assert s.ok
            break
        assert (await client.score(sample(id="after"))).id == "after"


async def test_grpc_stream_resends_unanswered_items_after_a_dropped_connection(service, proxy):
    items = [sample(id="slow", marker="SLOWSLOW", options={"use_cache": False})]
    items += [sample(n, id=n, options={"use_cache": False}) for n in NAMES[1:]]
    got = []
    async with AsyncJudgeClient(proxy.url, timeout=30, retry=PATIENT) as client:
        service.fail_next()
        async for s in client.stream(items):
            got.append(s)
            if len(got) == len(items) - 1:
                assert proxy.drop() == 1  # "slow" is still being judged: its answer is lost
    assert [s.id for s in got][-1] == "slow" and all(s.ok for s in got)
    assert proxy.accepted == 2
    assert service.pipeline.calls == len(items) + 1  # only the unanswered item was sent again


async def test_grpc_stream_retries_establishment(service, proxy):
    proxy.reject = 2
    items = [sample(n, id=n) for n in NAMES]
    async with AsyncJudgeClient(proxy.url, timeout=30, retry=PATIENT) as client:
        got = [s async for s in client.stream(items)]
    assert proxy.refused == 2 and proxy.accepted == 1
    assert sorted(s.id for s in got) == sorted(NAMES) and all(s.ok for s in got)


def test_grpc_stream_gives_up_with_each_item_typed(service, proxy):
    proxy.reject = 10**6
    items = [sample(n, id=n) for n in NAMES]
    with JudgeClient(proxy.url, timeout=30, retry=FAST) as client:
        got = list(client.stream(iter(items), concurrency=2))  # the stream itself never raises
    assert sorted(s.id for s in got) == sorted(NAMES)
    assert all(isinstance(s.error, ServiceUnreachable) and s.error.item_id == s.id for s in got)
    assert proxy.accepted == 0


async def test_stream_bad_token_fails_each_item(tmp_path):
    svc = ClientService(tmp_path, tokens=["s3cret"]).start()
    try:
        items = [sample(n, id=n) for n in NAMES[:3]]
        for url in (svc.grpc_url, svc.http_url):
            async with AsyncJudgeClient(url, token="wrong", retry=FAST) as client:
                got = [s async for s in client.stream(items)]
            assert sorted(s.id for s in got) == sorted(NAMES[:3])
            assert all(isinstance(s.error, Unauthenticated) for s in got), url
            async with AsyncJudgeClient(url, token="s3cret") as client:
                assert all(s.ok for s in [s async for s in client.stream(items)])
    finally:
        svc.stop()
