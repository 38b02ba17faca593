"""The scripted fake engine keeps only its latest requests (it also serves load runs and benchmarks)."""

from __future__ import annotations

import asyncio

from judge_server.engines.base import ChatMessage, GenerationRequest
from judge_server.engines.configs import engine_config
from judge_server.engines.fake import REQUESTS_KEPT, FakeEngine


def test_requests_kept_are_the_latest_and_bounded() -> None:
    engine = FakeEngine(engine_config(kind="fake"))

    async def run() -> None:
        await engine.start()
        for i in range(REQUESTS_KEPT + 5):
            await engine.generate(GenerationRequest(messages=(ChatMessage(role="user", content=f"q{i}"),)))

    asyncio.run(run())
    assert len(engine.requests) == REQUESTS_KEPT
    assert engine.requests[0].messages[0].content == "q5"
    assert engine.requests[-1].messages[0].content == f"q{REQUESTS_KEPT + 4}"
