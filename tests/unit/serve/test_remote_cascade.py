"""A cascade run in the grader deployment escalates from the ingress judge: RemoteEngine gives the judge
one tier per configured tier, each forwarded to ``GraderServer.generate(request, tier=n)``.

Real GraderServer, RemoteEngine and Judge; the Serve handle is a stand-in that calls the server's methods
(the real-Serve sibling is tests/serve/test_cascade_serve.py).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from threshold_sets import one_check_thresholds

from hrm_wire.errors import ConfigError, EngineUnavailable
from judge_server.config import CacheConfig, JudgeConfig
from judge_server.engines.base import ChatMessage, GenerationRequest
from judge_server.engines.configs import engine_config
from judge_server.grading.cache import VerdictCache
from judge_server.grading.judge import Judge
from judge_server.packs.schema import LLMQuestion
from judge_server.serve.grader import GraderServer
from judge_server.serve.remote_engine import RemoteEngine
from judge_server.thresholds import ThresholdSet

Q = LLMQuestion(prompt="Is the answer about the user's question? Answer yes or no.")
MSGS = (ChatMessage(role="user", content="material"),)
# Serve awaits GraderServer's async __del__; built by hand here, the garbage collector cannot
pytestmark = pytest.mark.filterwarnings("ignore:coroutine 'GraderServer.__del__' was never awaited")
CASCADE = {"kind": "cascade", "tiers": [{"kind": "fake", "model": "weak"}, {"kind": "fake", "model": "strong"}]}


def thresholds(per_tier: dict[str, float | None]) -> ThresholdSet:
    """A calibration of check ``on_topic`` (question Q): a tier's threshold, or None (it never decides)."""
    return one_check_thresholds(per_tier, "on_topic", Q)


class _Method:
    def __init__(self, server: GraderServer, name: str) -> None:
        self.server, self.name = server, name

    def remote(self, *args: Any) -> Any:
        return asyncio.ensure_future(getattr(self.server, self.name)(*args))


class ServerHandle:
    """Stands in for the grader's DeploymentHandle, calling one GraderServer in process."""

    def __init__(self, server: GraderServer) -> None:
        self.server = server

    def options(self, **_: Any) -> ServerHandle:
        return self

    def __getattr__(self, name: str) -> _Method:
        return _Method(self.server, name)


async def grader(config: dict[str, Any]) -> GraderServer:
    server = object.__new__(GraderServer)
    await GraderServer.__init__(server, config)  # Serve awaits the async constructor the same way
    assert await server.wait_ready(10)
    return server


async def test_the_ingress_judge_escalates_to_the_graders_second_tier() -> None:
    server = await grader(CASCADE)
    remote = RemoteEngine(ServerHandle(server), engine_config(CASCADE))
    await remote.start()
    assert [t.model_id for t in remote.tiers] == ["fake-weak", "fake-strong"]
    # the weak tier never decides this check, the strong one always does
    judge = Judge(remote, VerdictCache(CacheConfig(enabled=False)), JudgeConfig(), remote.config,
                  thresholds=thresholds({"fake-weak": None, "fake-strong": 0.0}))
    v = await judge.ask(Q, MSGS, check_id="on_topic")
    assert (v.tier, v.escalations, v.abstained) == ("fake-strong", 1, False)
    weak, strong = server.engine.tiers  # type: ignore[attr-defined]
    assert len(weak.requests) == len(strong.requests) == 1
    assert judge.tier_stats["fake-weak"]["escalated"] == judge.tier_stats["fake-strong"]["decided"] == 1
    # every tier unsure: the answer abstains on the last tier, not on the first
    judge.thresholds = thresholds({"fake-weak": None, "fake-strong": None})
    v = await judge.ask(Q, MSGS, check_id="on_topic")
    assert (v.tier, v.abstained) == ("fake-strong", True)


async def test_an_ingress_and_a_grader_built_from_different_configs_are_refused() -> None:
    server = await grader(CASCADE)
    single = RemoteEngine(ServerHandle(server), engine_config(kind="fake"))
    with pytest.raises(ConfigError, match=r"grader runs 2 tier\(s\).*config names 1") as err:
        await single.start()
    assert err.value.field == "engine.tiers"
    assert await single.readiness(1.0, busy_grace_s=0.0) is False  # and probes say not ready
    with pytest.raises(ConfigError, match="asked for tier 5"):
        await server.generate(_request(), 5)


async def test_a_cascade_tier_that_cannot_start_leaves_the_service_not_ready() -> None:
    broken = {"kind": "cascade", "tiers": [{"kind": "fake", "model": "weak"},
                                           {"kind": "openai", "openai": {"base_url": "http://127.0.0.1:9/v1"}}]}
    server = object.__new__(GraderServer)
    await GraderServer.__init__(server, broken)
    assert await server.wait_ready(30) is False
    info = await server.info()
    assert info["ready"] is False and "did not start" in info["error"]
    with pytest.raises(EngineUnavailable):
        await server.generate(_request(), 0)


def _request() -> GenerationRequest:
    return GenerationRequest(messages=MSGS)
