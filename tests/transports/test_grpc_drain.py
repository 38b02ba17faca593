"""An ingress that stops lets its in-flight gRPC judgments finish (``grpc.grace_s``, by default the ingress's
``drain_s``) and refuses new ones at once. Serve drains only the HTTP requests it routed; without this, an
autoscaled ingress going away cut gRPC calls after a fixed 5 s.

Real grpc.aio server and Frontend over the real pipeline on the fake engine (delayed by a marker), no Ray;
the Ingress wiring (``grpc.stop(default_grace_s=ingress.drain_s)``) runs in every Serve-tier teardown.
"""

from __future__ import annotations

import asyncio
from typing import Any

import grpc
import pytest
from transport_harness import free_port, grpc_request, held

from hrm_wire.proto import judge_pb2, judge_pb2_grpc
from judge_server.pipeline import ScoringPipeline
from judge_server.serve.config import ServeConfig
from judge_server.serve.frontend import Frontend
from judge_server.serve.grpc_server import GRPCServer

DELAY_S = 0.5  # per grader question: a judgment takes a few seconds


def config(tmp_path: Any, grace_s: float | None) -> ServeConfig:
    return ServeConfig.model_validate({
        "hrm": {"engine": {"kind": "fake", "fake": {"delay_markers": {"HOLD-ME": DELAY_S}}},
                "cache": {"enabled": False, "directory": str(tmp_path / "cache")}},
        "grpc": {"port": free_port(), "grace_s": grace_s, "reflection": False},
    })


async def stop_during_a_call(tmp_path: Any, grace_s: float | None, default_grace_s: float) -> tuple[Any, Any]:
    """Start one Score call, stop the server while it runs, then try a second call. (first, second) outcome:
    a ScoreResponse or the grpc.StatusCode it failed with."""
    cfg = config(tmp_path, grace_s)
    pipeline = ScoringPipeline(cfg.hrm)
    await pipeline.start()
    server = GRPCServer(Frontend(cfg, pipeline), cfg.grpc)
    port = await server.start()
    try:
        async with grpc.aio.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = judge_pb2_grpc.JudgeServiceStub(channel)

            async def call(item_id: str) -> Any:
                try:
                    return await stub.Score(grpc_request(held(), item_id), timeout=60)
                except grpc.aio.AioRpcError as exc:
                    return exc.code()

            first = asyncio.ensure_future(call("in-flight"))
            await asyncio.sleep(DELAY_S / 2)  # the judgment is at its first grader question
            stopping = asyncio.ensure_future(server.stop(default_grace_s=default_grace_s))
            await asyncio.sleep(0.05)
            second = await call("after-stop")
            await stopping
            return await first, second
    finally:
        await pipeline.close()


def test_in_flight_call_finishes_and_new_calls_are_refused(tmp_path: Any) -> None:
    first, second = asyncio.run(stop_during_a_call(tmp_path, None, default_grace_s=60))
    assert isinstance(first, judge_pb2.ScoreResponse) and first.WhichOneof("outcome") == "result", first
    assert second == grpc.StatusCode.UNAVAILABLE


@pytest.mark.parametrize(("grace_s", "default"), [(0.0, 60.0), (None, 0.0)])
def test_without_grace_the_in_flight_call_is_cut(tmp_path: Any, grace_s: float | None, default: float) -> None:
    # the control: what a short grace does to the same call (an explicit grace_s wins over the default)
    first, _ = asyncio.run(stop_during_a_call(tmp_path, grace_s, default_grace_s=default))
    assert first in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED), first
