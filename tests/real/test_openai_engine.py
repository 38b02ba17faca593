"""The openai engine over real HTTP against a real OpenAI-compatible server: llama.cpp's own server.

xllamacpp starts llama.cpp's HTTP server (``/v1/chat/completions``, bearer-key protected) next to the
in-process engine; the embedded engine exposes its address and key. SmolLM2 is the model (plumbing only).
"""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import Iterator

import pytest

from hrm_wire.errors import EngineError, EngineUnavailable
from judge_server.engines import make_engine
from judge_server.engines.base import ChatMessage, GenerationRequest
from judge_server.engines.configs import engine_config
from judge_server.engines.embedded import EmbeddedEngine
from judge_server.engines.openai import OpenAIConfig, OpenAIEngine

pytestmark = pytest.mark.real

VERDICT = {"type": "object", "properties": {"is_pass": {"type": "boolean"}, "reason": {"type": "string",
                                                                                        "maxLength": 80}},
           "required": ["is_pass", "reason"], "additionalProperties": False}
RUBRIC = "You grade answers of a shopping assistant for budget compliance. Reply with the JSON verdict. " * 6


def question(answer: str, **kw) -> GenerationRequest:
    return GenerationRequest(messages=(ChatMessage(role="system", content=RUBRIC),
                                       ChatMessage(role="user", content=answer)),
                             json_schema=VERDICT, max_tokens=120, **kw)


@pytest.fixture(scope="module")
def llama_server() -> Iterator[EmbeddedEngine]:
    server = EmbeddedEngine(engine_config(model="smollm2-135m", n_ctx=4096, n_parallel=2, threads=1,
                                         batch_threads=1))
    asyncio.run(server.start())
    yield server
    asyncio.run(server.close())


def client_engine(base_url: str, monkeypatch: pytest.MonkeyPatch, key: str, timeout_s: float = 120) -> OpenAIEngine:
    monkeypatch.setenv("HRM_TEST_GRADER_KEY", key)
    engine = make_engine(OpenAIConfig(base_url=base_url, api_key_env="HRM_TEST_GRADER_KEY", model="smollm2",
                                      timeout_s=timeout_s))
    assert isinstance(engine, OpenAIEngine)
    return engine


async def test_schema_output_logprobs_and_cached_prefix(llama_server: EmbeddedEngine,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    engine = client_engine(f"{llama_server.listening_address}/v1", monkeypatch, llama_server.http_api_key)
    await engine.start()
    try:
        first = await engine.generate(question("The $45 blender fits the $50 budget.", top_logprobs=2))
        data = json.loads(first.text)
        assert isinstance(data["is_pass"], bool) and isinstance(data["reason"], str)
        assert first.prompt_tokens > 100 and first.completion_tokens > 0
        # Non-streamed answers carry a logprob for every generated token.
        assert first.logprobs is not None and len(first.logprobs) == first.completion_tokens
        assert all(len(t.top) == 2 and t.logprob <= 0 for t in first.logprobs)
        second = await engine.generate(question("The $95 kettle exceeds the $50 budget."))
        assert second.logprobs is None
        assert 100 < second.cached_tokens < second.prompt_tokens
        # llama.cpp's server adds its timings to the completion object; OpenAI itself does not
        assert first.prefill_s and first.decode_s and second.prefill_s is not None
        together = await asyncio.gather(*(engine.generate(question(f"Item {i} costs ${i}.")) for i in range(3)))
        assert all(isinstance(json.loads(g.text)["is_pass"], bool) for g in together)
    finally:
        await engine.close()


async def test_rejected_request_is_engine_error(llama_server: EmbeddedEngine, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = client_engine(f"{llama_server.listening_address}/v1", monkeypatch, llama_server.http_api_key)
    await engine.start()
    try:
        with pytest.raises(EngineError, match="HTTP 400"):
            await engine.generate(GenerationRequest(messages=(ChatMessage(role="user", content="word " * 6000),)))
    finally:
        await engine.close()


async def test_wrong_key_is_unavailable_at_start(llama_server: EmbeddedEngine,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    engine = client_engine(f"{llama_server.listening_address}/v1", monkeypatch, "not-the-key")
    with pytest.raises(EngineUnavailable, match="HTTP 401"):
        await engine.start()
    assert not engine.is_ready()


async def test_connection_refused_is_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    engine = client_engine(f"http://127.0.0.1:{port}/v1", monkeypatch, "k")
    with pytest.raises(EngineUnavailable, match="cannot reach"):
        await engine.start()


async def test_server_going_away_is_unavailable(monkeypatch: pytest.MonkeyPatch) -> None:
    server = EmbeddedEngine(engine_config(model="smollm2-135m", n_ctx=1024, threads=1, batch_threads=1))
    await server.start()
    engine = client_engine(f"{server.listening_address}/v1", monkeypatch, server.http_api_key)
    await engine.start()
    try:
        await server.close()
        with pytest.raises(EngineUnavailable):
            await engine.generate(question("The $45 blender fits the $50 budget."))
    finally:
        await engine.close()
