"""A scoring request's rollout group reaches every grader call it makes: the frontend scores under
``group_scope`` and RemoteEngine routes each generation with the group as Serve's session id (what the
group-affinity router keys on). Real Frontend, pipeline and RemoteEngine; the grader handle is a stand-in
that records the options each call was made with and answers like the fake engine."""

from __future__ import annotations

import asyncio
from typing import Any

from hrm_wire.models import ScoreRequest
from judge_server.config import HRMConfig
from judge_server.engines.configs import engine_config
from judge_server.engines.fake import FakeEngine
from judge_server.pipeline import ScoringPipeline
from judge_server.serve.config import ServeConfig
from judge_server.serve.experimental.group_affinity import request_group
from judge_server.serve.frontend import Frontend
from judge_server.serve.remote_engine import RemoteEngine


class _Method:
    def __init__(self, handle: RecordingHandle, name: str) -> None:
        self.handle, self.name = handle, name

    def remote(self, *args: Any) -> Any:
        return asyncio.ensure_future(self.handle.call(self.name, *args))


class RecordingHandle:
    """Stands in for the grader's DeploymentHandle: ``options`` and ``<method>.remote``."""

    def __init__(self, engine: FakeEngine, sessions: list[str], session: str = "") -> None:
        self.engine, self.sessions, self.session = engine, sessions, session

    def options(self, *, session_id: str) -> RecordingHandle:
        return RecordingHandle(self.engine, self.sessions, session_id)

    def __getattr__(self, name: str) -> _Method:
        return _Method(self, name)

    async def call(self, name: str, *args: Any) -> Any:
        if name == "info":
            return {"model_id": self.engine.model_id, "ready": True, "error": None,
                    "supports_json_schema": True, "supports_logprobs": True}
        self.sessions.append(self.session)
        return await self.engine.generate(*args)


async def test_every_grader_call_carries_its_requests_group(examples: dict[str, dict[str, Any]]) -> None:
    engine = FakeEngine(engine_config(kind="fake"))
    await engine.start()
    sessions: list[str] = []
    config = HRMConfig(engine={"kind": "fake"}, cache={"enabled": False})
    pipeline = ScoringPipeline(config, engine=RemoteEngine(RecordingHandle(engine, sessions), config.engine))
    await pipeline.start()
    frontend = Frontend(ServeConfig(hrm=config), pipeline)
    item = examples["good-earbuds"]
    explicit = ScoreRequest.model_validate({**item, "options": {"group": "uid-42"}})
    await frontend.score(explicit, None)
    assert sessions and set(sessions) == {"uid-42"}
    sessions.clear()
    default = ScoreRequest.model_validate(item)
    await frontend.score(default, None)
    assert sessions and set(sessions) == {request_group(default)}
