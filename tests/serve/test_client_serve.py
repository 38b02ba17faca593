"""hrm_client against the real Ray Serve application (the session's app: fake grader, token, max_queue 4):
score, score_batch and stream (out of order) over gRPC and HTTP with the sync and async clients, and a
deadline that expires (the server cancels the grader's work)."""

from __future__ import annotations

import asyncio
import time

import pytest
from serve_harness import HOLD, SLOW, TOKEN, sample

from hrm_client import AsyncJudgeClient, JudgeClient, RetryPolicy
from hrm_client.errors import DeadlineExceeded, RequestTooLarge, Unauthenticated, UnknownRubric
from hrm_wire.models import ScoreResult

pytestmark = pytest.mark.serve

NO_CACHE = {"use_cache": False}


@pytest.fixture(params=["grpc", "http"])
def url(request, app) -> str:
    return app.grpc_target if request.param == "grpc" else app.base_url


def _wait(predicate, timeout: float = 30.0) -> None:
    t0 = time.monotonic()
    while not predicate():
        assert time.monotonic() - t0 < timeout, "condition not reached"
        time.sleep(0.05)


def stream_items() -> list[dict]:
    # the first is slow on the grader (0.4 s per generation): the later ones must overtake it
    return [sample(0, SLOW, id="cs-slow", options=NO_CACHE), sample(1, id="cs-1", options=NO_CACHE),
            sample(2, id="cs-2", options=NO_CACHE), sample(3, id="cs-bad", rubric="no_such_pack")]


def check_stream(got) -> None:
    assert sorted(s.index for s in got) == [0, 1, 2, 3]
    assert got[-1].id == "cs-slow" and got[-1].ok, [s.id for s in got]
    by_id = {s.id: s for s in got}
    assert isinstance(by_id["cs-bad"].error, UnknownRubric) and by_id["cs-bad"].error.item_id == "cs-bad"
    for item_id in ("cs-slow", "cs-1", "cs-2"):
        assert by_id[item_id].result.id == item_id and by_id[item_id].result.reward is not None


def check_batch(out) -> None:
    assert [type(o).__name__ for o in out] == ["ScoreResult", "UnknownRubric", "ScoreResult"]
    assert out[0].id == "cb-0" and out[2].id == "cb-2" and out[1].item_id == "cb-1"


BATCH = [sample(4, id="cb-0"), sample(5, id="cb-1", rubric="no_such_pack"), sample(6, id="cb-2")]


async def test_async_client_on_serve(url, app) -> None:
    async with AsyncJudgeClient(url, token=TOKEN, timeout=120) as client:
        result = await client.score(sample(0, id="ca-1"))
        assert isinstance(result, ScoreResult) and result.id == "ca-1" and result.grader_model == "fake-grader"
        assert "smartshop" in [r.id for r in await client.rubrics()]
        check_batch(await client.score_batch(BATCH))
        check_stream([s async for s in client.stream(stream_items(), concurrency=4)])
        with pytest.raises(RequestTooLarge) as info:  # the server's size cap, typed on the client
            await client.score(sample(0, response="x" * 30_000))
        assert info.value.field == "response"


def test_sync_client_on_serve(url, app) -> None:
    with JudgeClient(url, token=TOKEN, timeout=120) as client:
        result = client.score(sample(1, id="cs-sync"))
        assert result.id == "cs-sync" and result.reward is not None
        check_batch(client.score_batch(BATCH))
        check_stream(list(client.stream(iter(stream_items()), concurrency=4)))


async def test_client_without_token_is_refused(url, app) -> None:
    async with AsyncJudgeClient(url, retry=RetryPolicy.none()) as client:
        with pytest.raises(Unauthenticated):
            await client.score(sample(0))
        got = [s async for s in client.stream([sample(0, id="nt-0"), sample(1, id="nt-1")])]
    assert sorted(s.id for s in got) == ["nt-0", "nt-1"] and all(isinstance(s.error, Unauthenticated) for s in got)


@pytest.mark.parametrize("kind", ["sync", "async"])
def test_expired_deadline_is_deadline_exceeded(url, app, kind) -> None:
    before = app.grader_stats()  # a blocking Serve handle call: this test is not a coroutine
    held = sample(2, HOLD, options=NO_CACHE)  # 60 s per generation on the grader

    async def score_async() -> None:
        async with AsyncJudgeClient(url, token=TOKEN, timeout=120) as client:
            await client.score(held, timeout=1.0)

    t0 = time.monotonic()
    with pytest.raises(DeadlineExceeded):
        if kind == "async":
            asyncio.run(score_async())
        else:
            with JudgeClient(url, token=TOKEN, timeout=1.0) as client:
                client.score(held)
    assert time.monotonic() - t0 < 30  # not the 60 s the grader would have taken
    # the caller's remaining budget reached the server, which cancelled the held generation
    _wait(lambda: app.grader_stats()["cancelled"] > before["cancelled"])
    _wait(lambda: app.queue_depth() == 0)
