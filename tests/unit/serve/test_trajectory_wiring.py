"""Every grader question of one judgment carries that judgment's trajectory key across the remote hop: the
pipeline sets it (a context variable) and RemoteEngine copies it into ``GenerationRequest.affinity_key``,
which is what the grader replica's embedded engine pins a slot by. Real pipeline and RemoteEngine; the grader
handle is the recording stand-in of test_group_wiring (the real engine's side: tests/real/test_slot_affinity_real.py)."""

from __future__ import annotations

from typing import Any

from test_group_wiring import RecordingHandle  # same folder (pytest prepend import mode)

from hrm_wire.models import ScoreRequest
from judge_server.config import HRMConfig
from judge_server.engines.base import ChatMessage, GenerationRequest
from judge_server.engines.configs import engine_config
from judge_server.engines.fake import FakeEngine
from judge_server.engines.slot_affinity import trajectory_scope
from judge_server.pipeline import ScoringPipeline
from judge_server.serve.remote_engine import RemoteEngine


async def test_each_judgment_ships_its_own_trajectory_key(examples: dict[str, dict[str, Any]]) -> None:
    engine = FakeEngine(engine_config(kind="fake"))
    await engine.start()
    config = HRMConfig(engine={"kind": "fake"}, cache={"enabled": False})
    pipeline = ScoringPipeline(config, engine=RemoteEngine(RecordingHandle(engine, []), config.engine))
    await pipeline.start()
    items = [ScoreRequest.model_validate(examples[i]) for i in ("good-earbuds", "good-backpack", "good-earbuds")]
    results = await pipeline.score_many(items, concurrency=3)
    assert all(not isinstance(r, Exception) for r in results)
    keys = [r.affinity_key for r in engine.requests]
    assert len(keys) >= 3 * 2 and None not in keys
    # one key per judgment, even for the two judgments of the same request
    assert len(set(keys)) == 3
    await pipeline.close()


async def test_an_explicit_key_is_kept() -> None:
    engine = FakeEngine(engine_config(kind="fake"))
    await engine.start()
    remote = RemoteEngine(RecordingHandle(engine, []), engine_config(kind="fake"))
    request = GenerationRequest(messages=(ChatMessage(role="user", content="q"),), affinity_key="given")
    with trajectory_scope("context"):
        await remote.generate(request)
        await remote.generate(request.model_copy(update={"affinity_key": None}))
    await remote.generate(request.model_copy(update={"affinity_key": None}))
    assert [r.affinity_key for r in engine.requests] == ["given", "context", None]
