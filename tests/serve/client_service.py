"""A real HRM service for client tests, without Ray: the serve helper's HTTP app (FastAPI on uvicorn) and
gRPC server on real sockets, over the real Frontend and ScoringPipeline (fake grader engine), in a
background thread with its own event loop. A pipeline proxy scripts failures ("fails, then succeeds").
"""

from __future__ import annotations

import asyncio
import socket
import threading
from pathlib import Path
from typing import Any

from hrm_wire.errors import HRMError
from judge_server.config import HRMConfig
from judge_server.engines.fake import FakeEngine
from judge_server.pipeline import ScoringPipeline


class ScriptedPipeline:
    """Delegates to a real pipeline, but the first ``failures`` score calls raise the listed errors."""

    def __init__(self, pipeline: ScoringPipeline) -> None:
        self.pipeline = pipeline
        self.failures: list[HRMError] = []
        self.calls = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.pipeline, name)

    async def score(self, request: Any, *, deadline_s: float | None = None) -> Any:
        self.calls += 1
        if self.failures:
            raise self.failures.pop(0)
        return await self.pipeline.score(request, deadline_s=deadline_s)


class ClientService:
    """Start with ``start()``; ``http_url`` / ``grpc_url`` point at it; ``stop()`` shuts it down."""

    def __init__(self, tmp: Path, *, delay_markers: dict[str, float] | None = None, tokens: list[str] = (),
                 max_queue: int = 512) -> None:
        self.tmp = tmp
        self.delay_markers = delay_markers or {}
        self.tokens = list(tokens)
        self.max_queue = max_queue
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="client-service", daemon=True)
        self.pipeline: ScriptedPipeline | None = None
        self.http_url = self.grpc_url = ""

    def _run(self, coro: Any, timeout: float = 60) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    async def _start(self) -> None:
        import uvicorn

        from judge_server.serve.config import GRPCConfig, ServeConfig
        from judge_server.serve.frontend import Frontend
        from judge_server.serve.grpc_server import GRPCServer
        from judge_server.serve.http_app import build_http_app

        core = HRMConfig(engine={"kind": "fake", "fake": {"default": "pass", "delay_markers": self.delay_markers}},
                         cache={"enabled": False, "directory": str(self.tmp / "cache")},
                         judge={"backoff_initial_s": 0.0, "backoff_max_s": 0.0})
        real = ScoringPipeline(core, engine=FakeEngine(core.engine))
        await real.start()
        self.pipeline = ScriptedPipeline(real)
        config = ServeConfig(hrm=core, max_queue=self.max_queue, retry_after_s=0.4,
                             grpc=GRPCConfig(port=0, reflection=False, grace_s=0.0),
                             auth={"tokens": self.tokens})
        frontend = Frontend(config, self.pipeline)
        self.grpc = GRPCServer(frontend, config.grpc)
        port = await self.grpc.start()
        self.grpc_url = f"127.0.0.1:{port}"
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        self.uvicorn = uvicorn.Server(uvicorn.Config(build_http_app(frontend), log_level="warning", lifespan="off"))
        self._http_task = asyncio.ensure_future(self.uvicorn.serve(sockets=[sock]))
        while not self.uvicorn.started:
            await asyncio.sleep(0.02)
        self.http_url = f"http://127.0.0.1:{sock.getsockname()[1]}"

    def start(self) -> ClientService:
        self.thread.start()
        self._run(self._start())
        return self

    def fail_next(self, *errors: HRMError) -> None:
        assert self.pipeline is not None
        self.pipeline.failures[:] = list(errors)
        self.pipeline.calls = 0

    async def _stop(self) -> None:
        self.uvicorn.should_exit = True
        await self._http_task
        await self.grpc.stop()
        if self.pipeline is not None:
            await self.pipeline.pipeline.close()

    def stop(self) -> None:
        try:
            self._run(self._stop())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)
