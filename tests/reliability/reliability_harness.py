"""The reliability tier's service: the real HTTP app (in-process ASGI) and a real grpc.aio server, both
over one Frontend on the real pipeline with the scripted fake engine, on a loop in a background thread.

Checks shared by the fuzzers and the corpus replay live here too, so "what a good answer is" is
written once: no 5xx / INTERNAL except the documented ones, every 4xx typed (with a field where one
applies), a reward that is a number or null only with ``judge_failed``.
"""

from __future__ import annotations

import asyncio
import json
import math
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import uvicorn

from hrm_wire.proto import judge_pb2_grpc
from judge_server.engines.fake import FakeEngine
from judge_server.pipeline import ScoringPipeline
from judge_server.serve.config import ServeConfig
from judge_server.serve.frontend import Frontend
from judge_server.serve.grpc_server import GRPCServer
from judge_server.serve.http_app import build_http_app

ROOT = Path(__file__).resolve().parents[2]
CORPUS = Path(__file__).resolve().parent / "corpus"
#: the time one request may take with the fake engine (generous: 2 shared cores, ~12 grader questions)
REQUEST_BOUND_S = 15.0
#: 5xx a caller may see by design (documented in the OpenAPI responses): overload, grader gone, deadline
DOCUMENTED_5XX = {503: {"overloaded", "engine_unavailable"}, 504: {"deadline_exceeded"}}
DOCUMENTED_GRPC = {"RESOURCE_EXHAUSTED", "UNAVAILABLE", "DEADLINE_EXCEEDED"}
#: error types that are about one field of the input, so they must name it
FIELD_TYPES = {"invalid_request", "request_too_large", "unknown_rubric"}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def samples() -> list[dict[str, Any]]:
    return [json.loads(line) for line in (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines()]


def make_config(tmp: Path) -> ServeConfig:
    return ServeConfig.model_validate({
        "hrm": {"engine": {"kind": "fake"}, "cache": {"enabled": False, "directory": str(tmp / "cache")},
                "judge": {"backoff_initial_s": 0.0, "backoff_max_s": 0.0, "concurrency": 16}},
        "grpc": {"port": 0, "grace_s": 0.1},
        "max_queue": 4096,
    })


@dataclass
class Service:
    app: Any            # the FastAPI app (ASGI, called in process by Schemathesis)
    frontend: Frontend
    grpc_target: str
    http_url: str       # the same app behind a real uvicorn (chunked bodies, raw bytes)
    loop: asyncio.AbstractEventLoop


@contextmanager
def running_service(tmp: Path) -> Iterator[Service]:
    """Pipeline + gRPC server on a private event loop thread; the ASGI app is built over the same Frontend."""
    config = make_config(tmp)
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="reliability-service", daemon=True)
    thread.start()

    http_port = _free_port()

    async def start() -> tuple[ScoringPipeline, Frontend, GRPCServer, int, Any, Any]:
        pipeline = ScoringPipeline(config.hrm, engine=FakeEngine(config.hrm.engine))
        await pipeline.start()
        frontend = Frontend(config, pipeline)
        server = GRPCServer(frontend, config.grpc)
        web = uvicorn.Server(uvicorn.Config(build_http_app(frontend), host="127.0.0.1", port=http_port,
                                            log_level="warning", lifespan="off"))
        serving = asyncio.ensure_future(web.serve())
        while not web.started:
            await asyncio.sleep(0.01)
        return pipeline, frontend, server, await server.start(), web, serving

    pipeline, frontend, server, port, web, serving = asyncio.run_coroutine_threadsafe(start(), loop).result(60)
    try:
        yield Service(build_http_app(frontend), frontend, f"127.0.0.1:{port}", f"http://127.0.0.1:{http_port}", loop)
    finally:
        async def stop() -> None:
            web.should_exit = True
            await serving
            await server.stop()
            await pipeline.close()

        asyncio.run_coroutine_threadsafe(stop(), loop).result(30)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)


@contextmanager
def grpc_stub(target: str) -> Iterator[Any]:
    with grpc.insecure_channel(target, options=[("grpc.max_send_message_length", 64 * 1024 * 1024)]) as channel:
        yield judge_pb2_grpc.JudgeServiceStub(channel)


# -- what a good answer is ------------------------------------------------------------------------
def check_error_dict(err: Any, where: str) -> None:
    assert isinstance(err, dict) and isinstance(err.get("type"), str) and isinstance(err.get("message"), str), \
        f"{where}: untyped error {err!r}"
    assert err["type"] != "internal", f"{where}: internal error {err!r}"
    if err["type"] in FIELD_TYPES:
        assert err.get("field") is not None, f"{where}: {err['type']} without a field: {err!r}"[:2000]


def check_result_dict(result: Any, where: str) -> None:
    assert isinstance(result, dict), f"{where}: result is not an object"
    reward = result.get("reward")
    if reward is None:
        assert result.get("judge_failed") or result.get("abstained"), f"{where}: reward null without a failure"
    else:
        assert isinstance(reward, (int, float)) and math.isfinite(reward), f"{where}: reward {reward!r}"


def check_http(status: int, headers: Any, body: bytes, path: str) -> None:
    """One HTTP answer of the scoring API."""
    where = f"{path} -> {status}"
    if status >= 500:
        typ = headers.get("x-hrm-error-type")
        assert typ in DOCUMENTED_5XX.get(status, set()), f"{where}: undocumented server error {body[:300]!r}"
        return
    if 400 <= status < 500:
        typ = headers.get("x-hrm-error-type")
        assert typ, f"{where}: 4xx without X-HRM-Error-Type: {body[:300]!r}"
        err = json.loads(body)["error"]
        assert err["type"] == typ, f"{where}: header {typ!r} vs body {err!r}"
        check_error_dict(err, where)
        return
    if path == "/v1/score" and status == 200:
        check_result_dict(json.loads(body), where)
    if path == "/v1/score/batch" and status == 200:
        for i, item in enumerate(json.loads(body)["items"]):
            if "error" in item:
                if item["error"]["type"] in {t for ts in DOCUMENTED_5XX.values() for t in ts}:
                    continue
                check_error_dict(item["error"], f"{where} item {i}")
            else:
                check_result_dict(item["result"], f"{where} item {i}")


def check_grpc_error(exc: grpc.RpcError, where: str) -> None:
    code = exc.code().name
    md = dict(exc.trailing_metadata() or ())
    if code in DOCUMENTED_GRPC:
        return
    assert code != "INTERNAL" and code != "UNKNOWN", f"{where}: {code} {exc.details()!r}"
    assert md.get("hrm-error-type"), f"{where}: {code} without hrm-error-type ({exc.details()!r})"
    if md["hrm-error-type"] in FIELD_TYPES:
        assert "hrm-error-field" in md, f"{where}: {md['hrm-error-type']} without a field ({exc.details()!r})"


def check_grpc_item(resp: Any, where: str) -> None:
    if resp.WhichOneof("outcome") == "error":
        e = resp.error
        if e.grpc_code in DOCUMENTED_GRPC:
            return
        check_error_dict({"type": e.type, "message": e.message, **({"field": e.field} if e.field else {})}, where)
    else:
        check_result_dict(json.loads(resp.result.result_json), where)
