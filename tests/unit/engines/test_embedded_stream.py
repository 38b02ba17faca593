"""The embedded engine's stream handling against a scripted stand-in for xllamacpp.Server.

The real engine is exercised in tests/real/test_embedded_engine.py; these tests pin down the chunk mapping,
error mapping and the cancellation hand-shake without loading a model.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest

from hrm_wire.errors import EngineError, EngineUnavailable
from judge_server.engines.base import ChatMessage, GenerationRequest
from judge_server.engines.configs import engine_config
from judge_server.engines.embedded import EmbeddedEngine, _Collector, _run_stream


def chunk(content: str | None = None, finish: str | None = None, logprob: float | None = None, **extra) -> dict:
    choice: dict[str, Any] = {"index": 0, "finish_reason": finish, "delta": {"content": content}}
    if logprob is not None:
        choice["logprobs"] = {"content": [{"token": content, "logprob": logprob,
                                           "top_logprobs": [{"token": content, "logprob": logprob}]}]}
    return {"object": "chat.completion.chunk", "choices": [choice], **extra}


STREAM = [
    {"choices": [{"delta": {"role": "assistant", "content": None}}], "prompt_progress": {"total": 300, "processed": 256}},
    chunk("{", logprob=-0.1),
    chunk('"is_pass": true', logprob=-0.2),
    chunk("}", logprob=-0.3),
    {"choices": [{"finish_reason": "stop", "index": 0, "delta": {}}]},
    {"choices": [], "usage": {"prompt_tokens": 300, "completion_tokens": 3,
                              "prompt_tokens_details": {"cached_tokens": 250}},
     "timings": {"cache_n": 250, "prompt_n": 50, "prompt_ms": 812.5, "predicted_n": 3, "predicted_ms": 250.0}},
]


class ScriptedServer:
    """Calls the callback with scripted chunks like xllamacpp does; records whether it was told to stop."""

    def __init__(self, chunks: list[Any], delay_s: float = 0.0, raise_exc: Exception | None = None) -> None:
        self.chunks = chunks
        self.delay_s = delay_s
        self.raise_exc = raise_exc
        self.bodies: list[dict] = []
        self.stopped_at: int | None = None
        self.done = threading.Event()

    def handle_chat_completions(self, body: dict, callback) -> None:
        self.bodies.append(body)
        try:
            if self.raise_exc is not None:
                raise self.raise_exc
            for i, c in enumerate(self.chunks):
                time.sleep(self.delay_s)
                if callback(c):
                    self.stopped_at = i
                    return
        finally:
            self.done.set()


def req(top_logprobs: int = 0) -> GenerationRequest:
    return GenerationRequest(messages=(ChatMessage(role="user", content="grade"),), top_logprobs=top_logprobs,
                             json_schema={"type": "object"})


def test_stream_is_collected() -> None:
    server = ScriptedServer(STREAM)
    from judge_server.engines.openai import request_body

    gen = _run_stream(server, request_body(req(top_logprobs=1), cache_prompt=True), threading.Event())
    assert gen.text == '{"is_pass": true}' and gen.finish_reason == "stop"
    assert (gen.prompt_tokens, gen.cached_tokens, gen.completion_tokens) == (300, 250, 3)
    assert (gen.prefill_s, gen.decode_s) == (0.8125, 0.25)  # llama.cpp's own timings, ms -> s
    assert gen.logprobs is not None and [t.logprob for t in gen.logprobs] == [-0.1, -0.2, -0.3]
    gen = _run_stream(ScriptedServer(STREAM), request_body(req(), cache_prompt=True), threading.Event())
    assert gen.logprobs is None


def test_error_chunk_and_value_error_and_truncated_stream() -> None:
    error = {"error": {"code": 400, "message": "request (5031 tokens) exceeds the available context size (4096 tokens)",
                       "type": "exceed_context_size_error"}}
    with pytest.raises(EngineError, match="exceeds the available context"):
        _run_stream(ScriptedServer([error]), {"stream": True}, threading.Event())
    with pytest.raises(EngineUnavailable, match="Loading model"):
        _run_stream(ScriptedServer([{"error": {"code": 503, "message": "Loading model"}}]), {}, threading.Event())
    with pytest.raises(EngineError, match="rejected the request: JSON schema error"):
        _run_stream(ScriptedServer([], raise_exc=ValueError("JSON schema error at #")), {}, threading.Event())
    with pytest.raises(EngineError, match="without a finish reason"):
        _run_stream(ScriptedServer(STREAM[:3]), {}, threading.Event())


def test_collector_never_raises_and_stops_on_garbage() -> None:
    collector = _Collector(threading.Event())
    assert collector({"choices": "not a list of dicts"}) is True
    assert "bad chunk" in collector.error["message"]
    assert _Collector(threading.Event())("a string") is True


def started_engine(server: ScriptedServer) -> EmbeddedEngine:
    import concurrent.futures

    engine = EmbeddedEngine(engine_config(model="smollm2-135m"))
    engine._server = server
    engine._executor = concurrent.futures.ThreadPoolExecutor(max_workers=2)
    return engine


async def test_not_started_is_unavailable() -> None:
    engine = EmbeddedEngine(engine_config(model="smollm2-135m"))
    assert engine.model_id == "smollm2-135m-instruct-q4_1" and not engine.is_ready()
    with pytest.raises(EngineUnavailable, match="not started"):
        await engine.generate(req())


async def test_generate_passes_body_and_cache_flag() -> None:
    server = ScriptedServer(STREAM)
    engine = EmbeddedEngine(engine_config(model="smollm2-135m", cache_prompt=False))
    import concurrent.futures

    engine._server, engine._executor = server, concurrent.futures.ThreadPoolExecutor(max_workers=1)
    gen = await engine.generate(req())
    assert gen.text == '{"is_pass": true}'
    assert server.bodies[0]["cache_prompt"] is False and server.bodies[0]["stream"] is True
    await engine.close()
    with pytest.raises(EngineUnavailable):
        await engine.generate(req())


async def test_cancelling_the_caller_stops_the_llama_task() -> None:
    endless = [chunk("x")] * 10_000
    server = ScriptedServer(endless, delay_s=0.005)
    engine = started_engine(server)
    task = asyncio.create_task(engine.generate(req()))
    await asyncio.sleep(0.1)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await asyncio.to_thread(server.done.wait, 5)
    assert server.stopped_at is not None and server.stopped_at < len(endless) - 1
    assert engine._inflight == set()
    await engine.close()


async def test_close_stops_running_generations() -> None:
    server = ScriptedServer([chunk("x")] * 10_000, delay_s=0.005)
    engine = started_engine(server)
    task = asyncio.create_task(engine.generate(req()))
    await asyncio.sleep(0.1)
    await engine.close()
    with pytest.raises(EngineUnavailable, match="engine closing"):
        await task
    assert server.stopped_at is not None


async def test_close_fails_queued_generations_as_unavailable() -> None:
    import concurrent.futures

    server = ScriptedServer([chunk("x")] * 10_000, delay_s=0.005)
    engine = EmbeddedEngine(engine_config(model="smollm2-135m"))
    engine._server, engine._executor = server, concurrent.futures.ThreadPoolExecutor(max_workers=1)
    running = asyncio.create_task(engine.generate(req()))
    queued = asyncio.create_task(engine.generate(req()))
    await asyncio.sleep(0.1)
    await engine.close()
    for task in (running, queued):
        with pytest.raises(EngineUnavailable):
            await task
    assert len(server.bodies) == 1  # the queued one never reached llama.cpp
