"""The client against a real running service (HTTP app on uvicorn + gRPC server, real sockets, no Ray):
retries against a server that fails then succeeds, timeouts, streaming out of order, typed errors."""

from __future__ import annotations

import copy
import inspect
import json
import socket
import time
from pathlib import Path

import pytest
from client_service import ClientService

from hrm_client import AsyncJudgeClient, JudgeClient, RetryPolicy
from hrm_client.errors import (
    DeadlineExceeded,
    EngineUnavailable,
    InvalidRequest,
    Overloaded,
    RequestTooLarge,
    ServiceUnreachable,
    Unauthenticated,
    UnknownRubric,
)
from hrm_wire.models import ScoreRequest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = {d["id"]: d for d in map(json.loads, (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines())}
FAST = RetryPolicy(max_attempts=3, initial_backoff_s=0.01, max_backoff_s=0.05)


def sample(name: str = "good-earbuds", **changes) -> dict:
    d = copy.deepcopy(EXAMPLES[name])
    d.update(changes)
    return d


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    svc = ClientService(tmp_path_factory.mktemp("svc"), delay_markers={"SLOWSLOW": 0.6, "GLACIAL": 5.0}).start()
    yield svc
    svc.stop()


@pytest.fixture(params=["grpc", "http"])
def url(request, service):
    return service.grpc_url if request.param == "grpc" else service.http_url


async def test_score_matches_in_process_pipeline(url, service, make_pipeline):
    async with AsyncJudgeClient(url, timeout=30) as client:
        remote = await client.score(sample(id="x1"))
        rubrics = await client.rubrics()
    pipeline = make_pipeline()
    await pipeline.start()
    local = await pipeline.score(ScoreRequest.model_validate(sample(id="x1")))
    await pipeline.close()
    assert remote.id == "x1" and remote.reward == local.reward and remote.detail.l1 == local.detail.l1
    assert "smartshop" in [r.id for r in rubrics]


async def test_retries_a_server_that_fails_then_succeeds_and_honours_the_hint(url, service):
    service.fail_next(Overloaded("queue full", retry_after_s=0.4), EngineUnavailable("grader restarting"))
    async with AsyncJudgeClient(url, retry=FAST) as client:
        t0 = time.monotonic()
        result = await client.score(sample())
        waited = time.monotonic() - t0
    assert result.reward is not None and service.pipeline.calls == 3
    assert waited >= 0.4  # the server's retry hint, not the 10 ms backoff, set the wait


async def test_gives_up_after_max_attempts_with_the_typed_error(url, service):
    service.fail_next(*[Overloaded("queue full", retry_after_s=0.05)] * 5)
    async with AsyncJudgeClient(url, retry=RetryPolicy(max_attempts=2, initial_backoff_s=0.01)) as client:
        with pytest.raises(Overloaded) as ei:
            await client.score(sample())
    assert service.pipeline.calls == 2 and ei.value.retry_after_s is not None


async def test_no_retry_for_errors_the_policy_does_not_name(url, service):
    service.fail_next(Overloaded("queue full", retry_after_s=0.05))
    policy = RetryPolicy(max_attempts=5, grpc_codes=frozenset({"UNAVAILABLE"}), http_statuses=frozenset({429}))
    async with AsyncJudgeClient(url, retry=policy) as client:
        with pytest.raises(Overloaded):
            await client.score(sample())
    assert service.pipeline.calls == 1


async def test_typed_errors_mirror_the_server(url, service):
    async with AsyncJudgeClient(url, retry=FAST) as client:
        with pytest.raises(UnknownRubric) as ei:
            await client.score(sample(rubric="no_such_pack"))
        assert ei.value.http_status == 404 and ei.value.grpc_code == "NOT_FOUND"
        with pytest.raises(RequestTooLarge) as ei2:
            await client.score(sample(response="x" * 30_000))
        assert ei2.value.field == "response"
        with pytest.raises(InvalidRequest) as ei3:  # caught before sending: names the field
            await client.score(sample(query=""))
        assert ei3.value.field == "query"


async def test_per_call_timeout_raises_deadline_exceeded(url, service):
    async with AsyncJudgeClient(url, timeout=30, retry=FAST) as client:
        t0 = time.monotonic()
        with pytest.raises(DeadlineExceeded):
            await client.score(sample(response=sample()["response"] + " GLACIAL"), timeout=0.5)
        assert time.monotonic() - t0 < 4.5  # the call did not wait for the 5 s engine delay
        ok = await client.score(sample())  # the client is still usable afterwards
    assert ok.reward is not None


async def test_stream_yields_in_completion_order(url, service):
    items = [sample(id="slow", response=sample()["response"] + " SLOWSLOW")]
    items += [sample(name, id=name) for name in ("good-cozy-gift", "good-backpack", "flaw-offtopic")]
    items.append(sample(id="bad", rubric="no_such_pack"))
    async with AsyncJudgeClient(url, timeout=30) as client:
        got = [s async for s in client.stream(items, concurrency=8)]
    assert sorted(s.index for s in got) == [0, 1, 2, 3, 4]
    assert got[-1].id == "slow" and got[-1].ok  # sent first, answered last
    bad = next(s for s in got if s.id == "bad")
    assert not bad.ok and isinstance(bad.error, UnknownRubric)
    assert all(s.result.id == s.id for s in got if s.ok)


async def test_score_batch_each_item_fails_alone(url, service):
    async with AsyncJudgeClient(url, timeout=30) as client:
        out = await client.score_batch([sample(id="a"), sample(id="b", rubric="nope"), sample("flaw-offtopic", id="c")])
    assert [type(o).__name__ for o in out] == ["ScoreResult", "UnknownRubric", "ScoreResult"]
    assert out[0].id == "a" and out[2].id == "c" and out[1].item_id == "b"


def test_sync_client_has_the_async_signatures():
    for name, fn in inspect.getmembers(AsyncJudgeClient, inspect.isfunction):
        if name.startswith("_") or name in ("close",):
            continue
        sync = getattr(JudgeClient, name)
        a, s = inspect.signature(fn), inspect.signature(sync)
        assert list(a.parameters) == list(s.parameters), name
        assert [p.default for p in a.parameters.values()] == [p.default for p in s.parameters.values()], name
    assert list(inspect.signature(AsyncJudgeClient.__init__).parameters) == \
        list(inspect.signature(JudgeClient.__init__).parameters)


def test_sync_client_score_stream_and_retry(url, service):
    with JudgeClient(url, timeout=30, retry=FAST) as client:
        service.fail_next(EngineUnavailable("grader restarting"))
        r = client.score(sample(id="s1"))
        assert r.id == "s1" and service.pipeline.calls == 2
        items = [sample(id="slow", response=sample()["response"] + " SLOWSLOW"), sample("good-backpack", id="fast")]
        got = list(client.stream(iter(items)))
        assert [s.id for s in got] == ["fast", "slow"]
        with pytest.raises(DeadlineExceeded):
            client.score(sample(response=sample()["response"] + " GLACIAL"), timeout=0.3)


@pytest.mark.parametrize("scheme", ["grpc://", "http://"])
async def test_unreachable_service_is_retried_then_typed(scheme):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    async with AsyncJudgeClient(f"{scheme}127.0.0.1:{port}", timeout=10, retry=FAST) as client:
        with pytest.raises(ServiceUnreachable):
            await client.score(sample())


async def test_bearer_token(tmp_path):
    svc = ClientService(tmp_path, tokens=["s3cret"]).start()
    try:
        for url in (svc.grpc_url, svc.http_url):
            async with AsyncJudgeClient(url, retry=FAST) as anon:
                with pytest.raises(Unauthenticated):
                    await anon.score(sample())
            async with AsyncJudgeClient(url, token="s3cret") as client:
                assert (await client.score(sample())).reward is not None
    finally:
        svc.stop()


def test_hrm_eval_against_the_service_with_retries_and_resume(url, service, tmp_path):
    """The real-backed sibling of the in-process eval tests: `hrm eval --url` over both transports."""
    from hrm_tools.cli import main
    from hrm_tools.eval.records import read_records

    names = ["good-earbuds", "good-backpack", "flaw-offtopic", "flaw-missing-card"]
    lines = []
    for i, name in enumerate(names):
        d = sample(name)
        runs = [{"trajectory": EXAMPLES[names[(i + r) % 4]].get("trajectory", []),
                 "response": EXAMPLES[names[(i + r) % 4]]["response"]} for r in range(2)]
        lines.append(json.dumps({**{k: v for k, v in d.items() if k not in ("trajectory", "response")}, "runs": runs}))
    lines.append(json.dumps({"id": "nopack", "query": "q", "rubric": "no_such_pack", "response": "r"}))
    inp, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    inp.write_text("\n".join(lines) + "\n")
    service.fail_next(Overloaded("queue full", retry_after_s=0.05), EngineUnavailable("restarting"))
    assert main(["eval", str(inp), "-o", str(out), "--url", url, "--no-progress", "--concurrency", "3"]) == 1
    recs = {r.key: r for r in read_records(out)}
    assert len(recs) == 9 and recs[("nopack", 0)].error["type"] == "unknown_rubric"
    assert all(r.result is not None for k, r in recs.items() if k[0] != "nopack")
    # resume: only the errored run is sent again
    service.fail_next()
    assert main(["eval", str(inp), "-o", str(out), "--url", url, "--no-progress"]) == 1
    assert service.pipeline.calls == 1 and len(read_records(out)) == 9
    assert main(["report", str(out)]) == 0
