"""Readiness of the ingress's view of the grader (RemoteEngine.readiness), with a scripted handle.

The real sibling is tests/serve/test_faults.py (a grader replica killed in the real Serve app); this
pins the rule itself: the grader's answer is its word; an unanswered probe means "busy" only while
generations are being answered and none has found the grader gone since.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from hrm_wire.errors import EngineUnavailable
from judge_server.engines import Generation, GenerationRequest
from judge_server.engines.configs import engine_config
from judge_server.serve.remote_engine import RemoteEngine

pytestmark = pytest.mark.asyncio

INFO = {"model_id": "g", "ready": True, "supports_json_schema": True, "supports_logprobs": False}


class ActorDiedError(Exception):
    """Named like Ray's: a call to a replica that was killed."""


class Response:
    def __init__(self, coro: Any) -> None:
        self.coro = coro

    def __await__(self) -> Any:
        return self.coro.__await__()

    def cancel(self) -> None:
        raise AssertionError("a probe call must not be cancelled")


class Method:
    def __init__(self, behaviour: Any) -> None:
        self.behaviour = behaviour

    def remote(self, *args: Any) -> Response:
        return Response(self.behaviour(*args))


class Handle:
    """``info`` and ``generate`` follow ``mode``: ok | slow (no answer in time) | dead."""

    def __init__(self) -> None:
        self._mode = "ok"
        self._released = asyncio.Event()
        self.info_calls = 0
        self.info = Method(self._info)
        self.generate = Method(self._generate)

    @property
    def mode(self) -> str:
        return self._mode

    @mode.setter
    def mode(self, value: str) -> None:
        self._mode = value
        if value == "slow":
            self._released = asyncio.Event()
        else:
            self._released.set()  # a queued info call gets its answer now

    async def _info(self) -> dict[str, Any]:
        self.info_calls += 1
        if self._mode == "slow":
            await self._released.wait()
        if self._mode == "dead":
            raise ActorDiedError("killed")
        return INFO

    async def _generate(self, request: Any) -> Generation:
        if self.mode == "dead":
            raise ActorDiedError("killed")
        return Generation(text='{"passed": true}')


def request() -> GenerationRequest:
    return GenerationRequest(messages=[{"role": "user", "content": "q"}])


async def test_answer_busy_gone_and_back() -> None:
    handle = Handle()
    engine = RemoteEngine(handle, engine_config(kind="fake"))
    assert await engine.readiness(0.05, busy_grace_s=5) is True and engine.model_id == "g"

    handle.mode = "slow"  # idle and unanswered: not ready
    assert await engine.readiness(0.05, busy_grace_s=5) is False

    handle.mode = "ok"
    await engine.generate(request())
    handle.mode = "slow"  # answering generations, probe queued behind them: busy, still ready
    assert await engine.readiness(0.05, busy_grace_s=5) is True
    assert await engine.readiness(0.05, busy_grace_s=0.0) is False  # ... but only within the grace

    handle.mode = "dead"  # a generation finds the replica gone: not ready at the next probe
    with pytest.raises(EngineUnavailable):
        await engine.generate(request())
    assert engine.is_ready() is False
    assert await engine.readiness(0.05, busy_grace_s=5) is False  # the queued probe fails too
    handle.mode = "slow"
    assert await engine.readiness(0.05, busy_grace_s=5) is False

    handle.mode = "ok"  # Serve replaced it
    assert await engine.readiness(0.05, busy_grace_s=5) is True


async def test_a_slow_probe_is_awaited_again_not_sent_again() -> None:
    handle = Handle()
    engine = RemoteEngine(handle, engine_config(kind="fake"))
    handle.mode = "slow"
    for _ in range(3):
        assert await engine.readiness(0.02, busy_grace_s=5) is False
    assert handle.info_calls == 1  # one call in flight, never cancelled (Serve's router breaks on that)
    handle.mode = "ok"
    assert await engine.readiness(0.5, busy_grace_s=5) is True


async def test_a_failed_probe_is_not_busy() -> None:
    handle = Handle()
    engine = RemoteEngine(handle, engine_config(kind="fake"))
    await engine.generate(request())
    handle.mode = "dead"
    assert await engine.readiness(0.05, busy_grace_s=5) is False
