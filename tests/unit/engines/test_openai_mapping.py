"""OpenAI wire mapping and the openai engine against httpx.MockTransport (real sibling: tests/real)."""

from __future__ import annotations

import json

import httpx
import pytest

from hrm_wire.errors import EngineError, EngineUnavailable
from judge_server.engines.base import ChatMessage, GenerationRequest
from judge_server.engines.openai import (
    OpenAIConfig,
    OpenAIEngine,
    chat_body,
    error_from_payload,
    http_error,
    map_logprobs,
    parse_completion,
    phase_seconds,
    request_body,
    usage_counts,
)

SCHEMA = {"type": "object", "properties": {"is_pass": {"type": "boolean"}}, "required": ["is_pass"]}


def req(**kw) -> GenerationRequest:
    msgs = (ChatMessage(role="system", content="rubric"), ChatMessage(role="user", content="answer"))
    return GenerationRequest(messages=msgs, **kw)


def completion(text: str = '{"is_pass": true}', **extra) -> dict:
    return {"object": "chat.completion",
            "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": text},
                         **extra}],
            "usage": {"prompt_tokens": 120, "completion_tokens": 7, "prompt_tokens_details": {"cached_tokens": 100}}}


def test_request_body_schema_logprobs_and_stream() -> None:
    body = request_body(req(json_schema=SCHEMA, schema_name="pc", top_logprobs=3, max_tokens=50, temperature=0.2,
                            seed=7), cache_prompt=True)
    assert body["messages"] == [{"role": "system", "content": "rubric"}, {"role": "user", "content": "answer"}]
    assert body["response_format"] == {"type": "json_schema",
                                       "json_schema": {"name": "pc", "schema": SCHEMA, "strict": True}}
    assert (body["logprobs"], body["top_logprobs"]) == (True, 3)
    assert (body["max_tokens"], body["temperature"], body["seed"], body["cache_prompt"]) == (50, 0.2, 7, True)
    assert body["stream"] is True and body["stream_options"] == {"include_usage": True} and body["return_progress"]
    plain = request_body(req(), cache_prompt=False, stream=False)
    assert "response_format" not in plain and "logprobs" not in plain and "stream" not in plain
    sent = chat_body(req(json_schema=SCHEMA), "my-model")
    assert sent["model"] == "my-model" and "cache_prompt" not in sent and "stream" not in sent


def test_usage_counts_prefers_details_then_timings() -> None:
    assert usage_counts({"prompt_tokens": 10, "completion_tokens": 2,
                         "prompt_tokens_details": {"cached_tokens": 8}}, {"cache_n": 3}) == (10, 8, 2)
    assert usage_counts({"prompt_tokens": 10, "completion_tokens": 2}, {"cache_n": 3}) == (10, 3, 2)
    assert usage_counts(None) == (0, 0, 0)


def test_phase_seconds_from_llama_cpp_timings() -> None:
    assert phase_seconds({"prompt_ms": 1500.0, "predicted_ms": 250}) == (1.5, 0.25)
    assert phase_seconds({"cache_n": 3}) == (None, None)  # a server that reports no phases
    assert phase_seconds(None) == (None, None)
    assert phase_seconds({"prompt_ms": "n/a", "predicted_ms": -1}) == (None, 0.0)
    data = completion()
    assert (parse_completion(data).prefill_s, parse_completion(data).decode_s) == (None, None)
    data["timings"] = {"prompt_ms": 40.0, "predicted_ms": 700.0}
    assert (parse_completion(data).prefill_s, parse_completion(data).decode_s) == (0.04, 0.7)


def test_map_logprobs() -> None:
    mapped = map_logprobs([{"token": " true", "logprob": -0.1,
                            "top_logprobs": [{"token": " true", "logprob": -0.1}, {"token": " false", "logprob": -2.5}]}])
    assert mapped[0].token == " true" and mapped[0].logprob == -0.1
    assert mapped[0].top == [(" true", -0.1), (" false", -2.5)]
    assert map_logprobs(None) == []


def test_parse_completion_and_errors() -> None:
    gen = parse_completion(completion(logprobs={"content": [{"token": "{", "logprob": -0.5, "top_logprobs": []}]}))
    assert gen.text == '{"is_pass": true}' and gen.finish_reason == "stop"
    assert (gen.prompt_tokens, gen.cached_tokens, gen.completion_tokens) == (120, 100, 7)
    assert gen.logprobs is not None and gen.logprobs[0].token == "{"
    assert parse_completion(completion()).logprobs is None
    with pytest.raises(EngineError, match="no choices"):
        parse_completion({"choices": []})
    with pytest.raises(EngineError, match="refusal: nope"):
        parse_completion({"choices": [{"message": {"content": None, "refusal": "nope"}}]})
    with pytest.raises(EngineError, match="not a chat completion"):
        parse_completion(["x"])
    err = error_from_payload({"code": 400, "message": "request (5031 tokens) exceeds the available context size",
                              "type": "exceed_context_size_error"}, where="llama.cpp")
    assert type(err) is EngineError and "exceeds" in err.message and err.details["type"] == "exceed_context_size_error"
    assert isinstance(error_from_payload({"code": 503, "message": "Loading model"}, where="x"), EngineUnavailable)


@pytest.mark.parametrize(("status", "kind"), [(400, EngineError), (500, EngineError), (422, EngineError),
                                              (401, EngineUnavailable), (404, EngineUnavailable),
                                              (429, EngineUnavailable), (503, EngineUnavailable)])
def test_http_error_classes(status: int, kind: type) -> None:
    err = http_error(httpx.Response(status, json={"error": {"message": "boom"}}, headers={"retry-after": "2"}))
    assert type(err) is kind and "boom" in err.message and err.details["status"] == status
    if kind is EngineUnavailable:
        assert err.retry_after_s == 2.0


def make_engine(handler, monkeypatch: pytest.MonkeyPatch, key: str | None = "sk-test") -> OpenAIEngine:
    if key is None:
        monkeypatch.delenv("HRM_TEST_KEY", raising=False)
    else:
        monkeypatch.setenv("HRM_TEST_KEY", key)
    cfg = OpenAIConfig(base_url="http://grader.test/v1", api_key_env="HRM_TEST_KEY", model="judge-7b", timeout_s=5)
    return OpenAIEngine(cfg, transport=httpx.MockTransport(handler))


async def test_engine_round_trip(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        if request.url.path == "/v1/models":
            return httpx.Response(200, json={"data": []})
        return httpx.Response(200, json=completion())

    engine = make_engine(handler, monkeypatch)
    assert engine.model_id == "openai:judge-7b@grader.test" and not engine.is_ready()
    with pytest.raises(EngineUnavailable):
        await engine.generate(req())
    await engine.start()
    gen = await engine.generate(req(json_schema=SCHEMA, top_logprobs=2))
    assert gen.text == '{"is_pass": true}' and gen.cached_tokens == 100
    post = seen[-1]
    assert post.url.path == "/v1/chat/completions" and post.headers["authorization"] == "Bearer sk-test"
    body = json.loads(post.content)
    assert body["model"] == "judge-7b" and body["response_format"]["json_schema"]["schema"] == SCHEMA
    assert body["top_logprobs"] == 2
    await engine.close()
    assert not engine.is_ready()


async def test_engine_without_key_sends_no_auth(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json={"data": []} if request.url.path.endswith("models") else completion())

    engine = make_engine(handler, monkeypatch, key=None)
    await engine.start()
    await engine.generate(req())
    assert all("authorization" not in r.headers for r in seen)
    await engine.close()


async def test_engine_error_mapping(monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter([httpx.Response(500, json={"error": {"message": "kaboom"}}),
                    httpx.Response(503, text="overloaded", headers={"retry-after": "1.5"}),
                    httpx.Response(200, text="not json"),
                    httpx.ConnectError("refused"),
                    httpx.ReadTimeout("slow")])

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path.endswith("models"):
            return httpx.Response(200, json={"data": []})
        answer = next(answers)
        if isinstance(answer, Exception):
            raise answer
        return answer

    engine = make_engine(handler, monkeypatch)
    await engine.start()
    with pytest.raises(EngineError, match="kaboom"):
        await engine.generate(req())
    with pytest.raises(EngineUnavailable) as info:
        await engine.generate(req())
    assert info.value.retry_after_s == 1.5
    with pytest.raises(EngineError, match="invalid JSON"):
        await engine.generate(req())
    with pytest.raises(EngineUnavailable, match="cannot reach"):
        await engine.generate(req())
    with pytest.raises(EngineError, match="no answer within 5.0 s"):
        await engine.generate(req())
    await engine.close()


async def test_start_fails_on_unreachable_or_rejected_key(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("connection refused")

    with pytest.raises(EngineUnavailable, match="cannot reach http://grader.test/v1"):
        await make_engine(refuse, monkeypatch).start()

    def reject(request: httpx.Request) -> httpx.Response:
        return httpx.Response(401, json={"error": {"message": "Invalid API Key"}})

    engine = make_engine(reject, monkeypatch)
    with pytest.raises(EngineUnavailable, match="Invalid API Key"):
        await engine.start()
    assert not engine.is_ready()
