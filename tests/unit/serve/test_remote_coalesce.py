"""A judgment's questions that are ready together go to the grader in one call (ServeConfig.grader_coalesce_max),
each still answered, failed, re-sent and cancelled as its own.

Real GraderServer (fake engine) and RemoteEngine; the Serve handle is a stand-in that calls the server's methods
and counts the calls. The real-Serve sibling: tests/serve/test_serve_coalesce.py.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import pytest

from hrm_wire.errors import EngineError, EngineUnavailable
from judge_server.engines.base import ChatMessage, Generation, GenerationRequest
from judge_server.engines.configs import engine_config
from judge_server.engines.slot_affinity import trajectory_scope
from judge_server.serve.grader import GraderServer
from judge_server.serve.remote_engine import RemoteEngine

pytestmark = pytest.mark.filterwarnings("ignore:coroutine 'GraderServer.__del__' was never awaited")


class ActorDiedError(Exception):
    """Named like ray.exceptions.ActorDiedError: the replica running the call is gone."""


class CountingHandle:
    """Stands in for the grader's DeploymentHandle: calls one GraderServer in process, counting calls per method
    and the questions each generate_many carried; ``die`` fails that many next calls as a lost replica would."""

    def __init__(self, server: GraderServer) -> None:
        self.server = server
        self.calls: Counter[str] = Counter()
        self.sizes: list[int] = []
        self.die = 0
        self.futures: list[asyncio.Future[Any]] = []

    def options(self, **_: Any) -> CountingHandle:
        return self

    def __getattr__(self, name: str) -> Any:
        handle = self

        class Method:
            def remote(self, *args: Any) -> Any:
                handle.calls[name] += 1
                if name == "generate_many":
                    handle.sizes.append(len(args[0]))
                if handle.die:
                    handle.die -= 1

                    async def died() -> None:
                        raise ActorDiedError("replica killed")
                    fut = asyncio.ensure_future(died())
                else:
                    fut = asyncio.ensure_future(getattr(handle.server, name)(*args))
                handle.futures.append(fut)
                return fut

        return Method()


async def grader(config: dict[str, Any]) -> GraderServer:
    server = object.__new__(GraderServer)
    await GraderServer.__init__(server, config)  # Serve awaits the async constructor the same way
    assert await server.wait_ready(10)
    return server


def question(text: str) -> GenerationRequest:
    return GenerationRequest(messages=(ChatMessage(role="user", content=text),))


async def remote(config: dict[str, Any] | None = None, coalesce_max: int = 16) -> tuple[RemoteEngine, CountingHandle]:
    config = config or {"kind": "fake"}
    handle = CountingHandle(await grader(config))
    engine = RemoteEngine(handle, engine_config(config), coalesce_max=coalesce_max, resend_backoff_s=0.01)
    await engine.start()
    return engine, handle


async def test_a_judgments_ready_questions_travel_in_one_call_and_each_gets_its_own_answer() -> None:
    engine, handle = await remote()
    prompts = ["x" * (40 * k) for k in range(1, 7)]  # the fake reports prompt_tokens = len // 4
    with trajectory_scope("judgment-1"):
        outs = await asyncio.gather(*(engine.generate(question(p)) for p in prompts))
    assert [o.prompt_tokens for o in outs] == [10 * k for k in range(1, 7)]
    assert handle.calls == Counter({"info": 1, "generate_many": 1}) and handle.sizes == [6]
    assert (await handle.server.stats())["started"] == 6


async def test_judgments_are_not_mixed_and_the_cap_splits_a_call() -> None:
    engine, handle = await remote(coalesce_max=2)

    async def judgment(key: str, n: int) -> list[Generation]:
        with trajectory_scope(key):
            return await asyncio.gather(*(engine.generate(question(f"{key}-{i}")) for i in range(n)))

    a, b = await asyncio.gather(judgment("a", 5), judgment("b", 1))
    assert len(a) == 5 and len(b) == 1
    # a: 2 + 2 + 1 (a lone question goes as a plain generate), b alone
    assert sorted(handle.sizes) == [2, 2] and handle.calls["generate"] == 2
    asked = [r.affinity_key for r in handle.server.engine.requests]  # type: ignore[attr-defined]
    assert Counter(asked) == {"a": 5, "b": 1}  # the trajectory key still reaches the grader


async def test_off_sends_one_call_per_question() -> None:
    engine, handle = await remote(coalesce_max=0)
    with trajectory_scope("j"):
        await asyncio.gather(*(engine.generate(question(str(i))) for i in range(4)))
    assert handle.calls["generate"] == 4 and "generate_many" not in handle.calls


class PickyEngineServer(GraderServer):
    """A grader whose engine cannot answer prompts containing "bad"."""

    async def _generate(self, request: GenerationRequest, tier: int | None) -> Generation:
        if "bad" in request.messages[-1].content:
            self._counts["failed"] += 1
            raise EngineError("the engine refused this prompt")
        return await super()._generate(request, tier)


async def test_one_questions_failure_stays_its_own() -> None:
    server = object.__new__(PickyEngineServer)
    await GraderServer.__init__(server, {"kind": "fake"})
    handle = CountingHandle(server)
    engine = RemoteEngine(handle, engine_config(kind="fake"), coalesce_max=16)
    await engine.start()
    with trajectory_scope("j"):
        outs = await asyncio.gather(engine.generate(question("good")), engine.generate(question("bad")),
                                    engine.generate(question("fine")), return_exceptions=True)
    assert isinstance(outs[1], EngineError) and outs[1].message == "the engine refused this prompt"
    assert isinstance(outs[0], Generation) and isinstance(outs[2], Generation)
    assert handle.sizes == [3]


async def test_a_call_whose_replica_died_is_resent_whole_then_fails_typed() -> None:
    engine, handle = await remote()
    handle.die = 1
    with trajectory_scope("j"):
        outs = await asyncio.gather(*(engine.generate(question(str(i))) for i in range(3)))
    assert len(outs) == 3 and handle.sizes == [3, 3]
    handle.die = 10  # more losses than grader_lost_retries (2): every question fails, retryable, none hangs
    with trajectory_scope("k"):
        errs = await asyncio.gather(*(engine.generate(question(str(i))) for i in range(3)), return_exceptions=True)
    assert all(isinstance(e, EngineUnavailable) for e in errs)


async def test_when_every_asker_is_gone_the_grader_work_is_cancelled() -> None:
    engine, handle = await remote({"kind": "fake", "delay_s": 30})
    with trajectory_scope("j"):
        askers = [asyncio.ensure_future(engine.generate(question(str(i)))) for i in range(3)]
        await asyncio.sleep(0.05)  # the call is on the grader
        assert handle.sizes == [3]
        askers[0].cancel()
        await asyncio.sleep(0.01)
        assert (await handle.server.stats())["cancelled"] == 0  # two askers still wait
        for a in askers[1:]:
            a.cancel()
        await asyncio.gather(*askers, return_exceptions=True)
        await asyncio.sleep(0.05)
    stats = await handle.server.stats()
    assert stats["started"] == 3 and stats["cancelled"] == 3


async def test_a_grader_without_generate_many_gets_one_call_per_question() -> None:
    """A grader of an older release (mid-upgrade) does not say it takes several questions: none are coalesced."""
    engine, handle = await remote()
    info = await handle.server.info()
    del info["generate_many"]
    engine._apply(info)
    with trajectory_scope("j"):
        await asyncio.gather(*(engine.generate(question(str(i))) for i in range(3)))
    assert handle.calls["generate"] == 3 and "generate_many" not in handle.calls
