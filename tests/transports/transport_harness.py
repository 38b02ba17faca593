"""Helpers: both transports (real uvicorn HTTP server, real grpc.aio server) over a Frontend, without Ray.

The pipeline is the real ScoringPipeline on the scripted fake engine, wrapped so that a request can
ask for any error of the tree to be raised (``context.raise = <error code>``): that is how every
error type reaches both transports. The Ray Serve tier (tests/serve) runs the same transports inside
the real application.
"""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import httpx
import uvicorn

from hrm_wire.errors import ERRORS_BY_CODE, Overloaded
from hrm_wire.proto import judge_pb2, judge_pb2_grpc
from judge_server.engines.fake import FakeEngine
from judge_server.pipeline import ScoringPipeline
from judge_server.serve.config import ServeConfig
from judge_server.serve.frontend import Frontend
from judge_server.serve.grpc_server import GRPCServer
from judge_server.serve.http_app import build_http_app

ROOT = Path(__file__).resolve().parents[2]


def sample(idx: int = 0, **changes: Any) -> dict[str, Any]:
    rows = [json.loads(line) for line in (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines()]
    row = dict(rows[idx])
    row.update(changes)
    return row


def held(marker: str = "HOLD-ME") -> dict[str, Any]:
    """A sample whose every grader prompt carries ``marker`` (the fake engine delays on it)."""
    row = sample(0)
    row["response"] += f" {marker}"
    return row


class InjectingPipeline:
    """A real pipeline that raises the error named by ``context.raise`` instead of judging."""

    def __init__(self, inner: ScoringPipeline) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def score(self, request: Any, *, deadline_s: float | None = None) -> Any:
        code = request.context.get("raise")
        if code == "python":
            raise RuntimeError("secret internal detail /etc/passwd")
        if code:
            retry = 2.5 if ERRORS_BY_CODE[code] is Overloaded else None
            raise ERRORS_BY_CODE[code](f"injected {code}", field="context.raise", retry_after_s=retry)
        return await self.inner.score(request, deadline_s=deadline_s)


class CountingEngine(FakeEngine):
    """The fake engine, counting generations that finished or were cancelled."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.counts = {"running": 0, "finished": 0, "cancelled": 0}

    async def generate(self, request: Any) -> Any:
        self.counts["running"] += 1
        try:
            out = await super().generate(request)
        except asyncio.CancelledError:
            self.counts["cancelled"] += 1
            raise
        finally:
            self.counts["running"] -= 1
        self.counts["finished"] += 1
        return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Transports:
    http: httpx.AsyncClient
    stub: Any
    channel: grpc.aio.Channel
    frontend: Frontend
    engine: CountingEngine


@asynccontextmanager
async def _start(config: ServeConfig) -> AsyncIterator[Transports]:
    engine = CountingEngine(config.hrm.engine)
    pipeline = ScoringPipeline(config.hrm, engine=engine)
    await pipeline.start()
    frontend = Frontend(config, InjectingPipeline(pipeline))
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(build_http_app(frontend), host="127.0.0.1", port=port,
                                           log_level="warning", lifespan="off"))
    serving = asyncio.ensure_future(server.serve())
    grpc_server = GRPCServer(frontend, config.grpc)
    try:
        while not server.started:
            await asyncio.sleep(0.01)
        gport = await grpc_server.start()
        async with grpc.aio.insecure_channel(f"127.0.0.1:{gport}") as channel, \
                httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as http:
            yield Transports(http, judge_pb2_grpc.JudgeServiceStub(channel), channel, frontend, engine)
    finally:
        await grpc_server.stop()
        server.should_exit = True
        await serving
        await pipeline.close()


def make_config(tmp_path: Path, **overrides: Any) -> ServeConfig:
    base: dict[str, Any] = {
        "hrm": {"engine": {"kind": "fake"}, "cache": {"enabled": False, "directory": str(tmp_path / "cache")},
                "judge": {"backoff_initial_s": 0.0, "backoff_max_s": 0.0}},
        "grpc": {"port": 0, "grace_s": 0.1},
    }
    for key, value in overrides.items():
        base[key] = {**base[key], **value} if isinstance(value, dict) and key in base else value
    return ServeConfig.model_validate(base)


def grpc_request(payload: dict[str, Any], item_id: str = "") -> Any:
    return judge_pb2.ScoreRequest(id=item_id, request_json=json.dumps(payload))


def trailers(exc: grpc.aio.AioRpcError) -> dict[str, str]:
    return {k: v for k, v in (exc.trailing_metadata() or ())}
