"""A real HRM HTTP service (Frontend + the core pipeline + uvicorn) on its own thread and event loop, so trainer
code under test (sync or async, in threads or subprocesses) calls it over the network as it would call
`hrm serve`. The Ray Serve deployment of the same app is covered by tests/serve."""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import uvicorn

from judge_server.pipeline import ScoringPipeline
from judge_server.serve.config import ServeConfig
from judge_server.serve.frontend import Frontend
from judge_server.serve.http_app import build_http_app

ROOT = Path(__file__).resolve().parents[2]
PACKS = ROOT / "examples" / "trl_grpo" / "packs"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def config(tmp_path: Path, **overrides: Any) -> ServeConfig:
    hrm = {"engine": {"kind": "fake"}, "cache": {"enabled": False, "directory": str(tmp_path / "cache")},
           "judge": {"backoff_initial_s": 0.0, "backoff_max_s": 0.0}, "rubrics_dir": str(PACKS),
           **overrides.pop("hrm", {})}
    return ServeConfig.model_validate({"hrm": hrm, "grpc": {"enabled": False}, **overrides})


@contextmanager
def running(cfg: ServeConfig) -> Iterator[tuple[str, Frontend]]:
    """``(base URL, frontend)`` of a service running until the block ends."""
    loop = asyncio.new_event_loop()
    port = free_port()
    box: dict[str, Any] = {}
    started = threading.Event()

    async def main() -> None:
        pipeline = ScoringPipeline(cfg.hrm)
        await pipeline.start()
        frontend = Frontend(cfg, pipeline)
        server = uvicorn.Server(uvicorn.Config(build_http_app(frontend), host="127.0.0.1", port=port,
                                               log_level="warning", lifespan="off"))
        box.update(frontend=frontend, server=server)
        serving = asyncio.ensure_future(server.serve())
        while not server.started:
            await asyncio.sleep(0.01)
        started.set()
        await serving
        await pipeline.close()

    thread = threading.Thread(target=lambda: loop.run_until_complete(main()), daemon=True)
    thread.start()
    if not started.wait(60):
        raise RuntimeError("the HRM test service did not start")
    try:
        yield f"http://127.0.0.1:{port}", box["frontend"]
    finally:
        box["server"].should_exit = True
        thread.join(30)
        loop.close()
