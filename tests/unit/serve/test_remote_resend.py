"""A grader question whose replica died mid-answer is re-sent (ServeConfig.grader_lost_retries), since a question
has no side effects; other failures are not, and the re-sends are bounded.

The handle is a stand-in whose calls fail with errors named like Ray's; the real-Serve sibling kills a grader
replica under load (tests/serve/test_faults.py::test_replica_killed_mid_question_is_answered_by_another).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from hrm_wire.errors import EngineUnavailable, HRMError
from judge_server.engines.base import ChatMessage, Generation, GenerationRequest
from judge_server.engines.configs import engine_config
from judge_server.serve.remote_engine import RemoteEngine

REQUEST = GenerationRequest(messages=(ChatMessage(role="user", content="q"),))


class ActorDiedError(Exception):
    """Named like ray.exceptions.ActorDiedError: the replica running the call is gone."""


class DeploymentUnavailableError(Exception):
    """Named like Serve's: no grader deployment at all."""


class ScriptedHandle:
    """Fails the first calls with the scripted errors, then answers."""

    def __init__(self, errors: list[BaseException]) -> None:
        self.errors = list(errors)
        self.calls = 0

    def options(self, **_: Any) -> ScriptedHandle:
        return self

    @property
    def generate(self) -> ScriptedHandle:
        return self

    def remote(self, *_: Any) -> Any:
        self.calls += 1

        async def answer() -> Generation:
            if self.errors:
                raise self.errors.pop(0)
            return Generation(text='{"is_pass": true}', prompt_tokens=3)

        return asyncio.ensure_future(answer())


def engine(handle: ScriptedHandle, retries: int = 2) -> tuple[RemoteEngine, list[int]]:
    resends: list[int] = []
    remote = RemoteEngine(handle, engine_config(kind="fake"), lost_retries=retries,
                          on_resend=lambda: resends.append(1), resend_backoff_s=0.01)
    return remote, resends


def test_a_question_whose_replica_died_is_answered_by_a_resend() -> None:
    handle = ScriptedHandle([ActorDiedError("replica killed"), ActorDiedError("again")])
    remote, resends = engine(handle)
    out = asyncio.run(remote.generate(REQUEST))
    assert out.text == '{"is_pass": true}'
    assert handle.calls == 3 and len(resends) == 2


def test_resends_are_bounded_then_the_call_fails_retryably() -> None:
    handle = ScriptedHandle([ActorDiedError("x")] * 5)
    remote, resends = engine(handle, retries=2)
    with pytest.raises(EngineUnavailable):
        asyncio.run(remote.generate(REQUEST))
    assert handle.calls == 3 and len(resends) == 2
    assert not remote.is_ready()  # readiness follows what calls saw


def test_zero_retries_fails_at_once() -> None:
    handle = ScriptedHandle([ActorDiedError("x")])
    remote, resends = engine(handle, retries=0)
    with pytest.raises(EngineUnavailable):
        asyncio.run(remote.generate(REQUEST))
    assert handle.calls == 1 and not resends


@pytest.mark.parametrize("error", [DeploymentUnavailableError("no grader"), ValueError("bug in the grader"),
                                   EngineUnavailable("engine not loaded")])
def test_other_failures_are_not_resent(error: BaseException) -> None:
    handle = ScriptedHandle([error])
    remote, resends = engine(handle)
    with pytest.raises(HRMError):
        asyncio.run(remote.generate(REQUEST))
    assert handle.calls == 1 and not resends
