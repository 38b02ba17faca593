"""Any OpenAI-compatible chat endpoint (OpenAI, vLLM's server, llama.cpp's server, ...) as a grader engine.

Requests use ``/chat/completions`` with a ``json_schema`` response format and, on request, logprobs. Failures
map onto the error tree: unreachable, overloaded or refusing our key -> EngineUnavailable (the service cannot
grade right now); a generation the server rejected or botched -> EngineError. Cancelling the awaiting task
closes the HTTP request, which vLLM and llama.cpp servers take as an abort.
"""

from __future__ import annotations

import os
from typing import Any, Literal
from urllib.parse import urlsplit

import httpx
from pydantic import Field

from hrm_wire.errors import EngineError, EngineUnavailable, HRMError
from judge_server.engines.base import (
    EngineSettings,
    Generation,
    GenerationRequest,
    GraderEngine,
    ServingHints,
    TokenLogprob,
)

#: statuses meaning "the endpoint cannot serve now" rather than "this request is bad"
_UNAVAILABLE = {401, 403, 404, 408, 429, 502, 503, 504}


def request_body(request: GenerationRequest, *, cache_prompt: bool, stream: bool = True) -> dict[str, Any]:
    """The OpenAI-style chat body (llama.cpp's server and the embedded engine take it too)."""
    body: dict[str, Any] = {
        "messages": [{"role": m.role, "content": m.content} for m in request.messages],
        "max_tokens": request.max_tokens,
        "temperature": request.temperature,
        "seed": request.seed,
        "cache_prompt": cache_prompt,
    }
    if request.json_schema is not None:
        body["response_format"] = {"type": "json_schema",
                                   "json_schema": {"name": request.schema_name, "schema": request.json_schema,
                                                   "strict": True}}
    if request.top_logprobs:
        body["logprobs"] = True
        body["top_logprobs"] = request.top_logprobs
    if stream:
        body["stream"] = True
        body["stream_options"] = {"include_usage": True}
        body["return_progress"] = True
    return body


def map_logprobs(content: list[dict[str, Any]] | None) -> list[TokenLogprob]:
    """OpenAI ``choices[0].logprobs.content`` entries -> TokenLogprob."""
    out: list[TokenLogprob] = []
    for entry in content or []:
        top = [(str(t.get("token", "")), float(t.get("logprob", 0.0))) for t in entry.get("top_logprobs") or []]
        out.append(TokenLogprob(token=str(entry.get("token", "")), logprob=float(entry.get("logprob", 0.0)), top=top))
    return out


def usage_counts(usage: dict[str, Any] | None, timings: dict[str, Any] | None = None) -> tuple[int, int, int]:
    """(prompt_tokens, cached_tokens, completion_tokens); cached from usage details, else llama.cpp timings."""
    usage = usage or {}
    details = usage.get("prompt_tokens_details") or {}
    cached = details.get("cached_tokens")
    if cached is None and timings:
        cached = timings.get("cache_n")
    return int(usage.get("prompt_tokens") or 0), int(cached or 0), int(usage.get("completion_tokens") or 0)


def phase_seconds(timings: dict[str, Any] | None) -> tuple[float | None, float | None]:
    """(prefill_s, decode_s) from llama.cpp's ``timings`` (``prompt_ms``, ``predicted_ms``); None where absent."""
    if not timings:
        return None, None

    def seconds(key: str) -> float | None:
        value = timings.get(key)
        return max(0.0, float(value)) / 1000.0 if isinstance(value, (int, float)) else None

    return seconds("prompt_ms"), seconds("predicted_ms")


def error_from_payload(error: Any, *, where: str) -> HRMError:
    """An error object from an OpenAI-compatible server -> EngineUnavailable (overloaded/loading) or EngineError."""
    if isinstance(error, dict):
        message = str(error.get("message") or error)
        code = error.get("code")
        details = {k: error[k] for k in ("code", "type") if k in error}
    else:
        message, code, details = str(error), None, {}
    if code in (503, "503") or error_type(error) in ("unavailable_error", "service_unavailable"):
        return EngineUnavailable(f"{where}: {message}", details=details)
    return EngineError(f"{where}: {message}", details=details)


def error_type(error: Any) -> str | None:
    return str(error.get("type")) if isinstance(error, dict) and error.get("type") is not None else None


def chat_body(request: GenerationRequest, model: str) -> dict[str, Any]:
    # No llama.cpp extensions (cache_prompt): OpenAI rejects unknown fields; servers cache prefixes anyway.
    body = request_body(request, cache_prompt=False, stream=False)
    body.pop("cache_prompt", None)
    body["model"] = model
    return body


def parse_completion(data: Any) -> Generation:
    """A ``chat.completion`` object -> Generation (EngineError if it has no usable choice)."""
    if not isinstance(data, dict):
        raise EngineError(f"endpoint returned {type(data).__name__}, not a chat completion object")
    if "error" in data:
        raise error_from_payload(data["error"], where="endpoint")
    choices = data.get("choices") or []
    if not choices or not isinstance(choices[0], dict):
        raise EngineError("endpoint returned no choices", details={"response": str(data)[:500]})
    choice = choices[0]
    message = choice.get("message") or {}
    text = message.get("content")
    if text is None:
        refusal = message.get("refusal")
        raise EngineError(f"endpoint returned no content{f' (refusal: {refusal})' if refusal else ''}")
    prompt, cached, completion = usage_counts(data.get("usage"), data.get("timings"))
    prefill_s, decode_s = phase_seconds(data.get("timings"))  # llama.cpp's server reports them; OpenAI does not
    logprobs = choice.get("logprobs")
    return Generation(text=str(text), finish_reason=str(choice.get("finish_reason") or "stop"),
                      prompt_tokens=prompt, cached_tokens=cached, completion_tokens=completion,
                      prefill_s=prefill_s, decode_s=decode_s,
                      logprobs=map_logprobs(logprobs.get("content")) if isinstance(logprobs, dict) else None)


def http_error(response: httpx.Response) -> HRMError:
    try:
        payload = response.json()
        error = payload.get("error", payload) if isinstance(payload, dict) else payload
    except ValueError:
        error = response.text[:500]
    message = error.get("message", str(error)) if isinstance(error, dict) else str(error)
    text = f"endpoint answered HTTP {response.status_code}: {message}"
    details = {"status": response.status_code}
    if response.status_code in _UNAVAILABLE:
        retry = response.headers.get("retry-after")
        try:
            retry_after = float(retry) if retry is not None else None
        except ValueError:
            retry_after = None
        return EngineUnavailable(text, retry_after_s=retry_after, details=details)
    return EngineError(text, details=details)


class OpenAIConfig(EngineSettings):
    """``kind: openai``: any OpenAI-compatible chat endpoint (OpenAI, vLLM's server, llama.cpp's server, ...)."""

    kind: Literal["openai"] = Field(default="openai", description="Engine kind.")
    base_url: str = Field(default="http://localhost:8000/v1", description="Base URL of an OpenAI-compatible API.")
    api_key_env: str = Field(default="OPENAI_API_KEY", description="Environment variable holding the API key.")
    model: str = Field(default="gpt-4o-mini", description="Model name sent in requests.")
    timeout_s: float = Field(default=120.0, gt=0, description="HTTP timeout per generation.")
    max_connections: int = Field(default=64, ge=1, description="Connection pool size.")

    def serving_hints(self) -> ServingHints:
        # the server batches what it is sent: keep the connection pool busy
        return ServingHints(in_flight=self.max_connections)


class OpenAIEngine(GraderEngine):
    """Grades through an OpenAI-compatible HTTP API; base URL, model and key variable come from config."""

    supports_json_schema = True
    supports_logprobs = True
    config: OpenAIConfig

    def __init__(self, config: OpenAIConfig, *, transport: httpx.AsyncBaseTransport | None = None) -> None:
        super().__init__(config)
        self._client: httpx.AsyncClient | None = None
        self._transport = transport  # for unit tests (httpx.MockTransport)

    @property
    def model_id(self) -> str:
        host = urlsplit(self.config.base_url).netloc
        return f"openai:{self.config.model}@{host}"

    async def start(self) -> None:
        if self._client is not None:
            return
        cfg = self.config
        headers = {"Content-Type": "application/json"}
        key = os.environ.get(cfg.api_key_env)
        if key:
            headers["Authorization"] = f"Bearer {key}"
        limits = httpx.Limits(max_connections=cfg.max_connections, max_keepalive_connections=cfg.max_connections)
        client = httpx.AsyncClient(base_url=cfg.base_url.rstrip("/") + "/", headers=headers, limits=limits,
                                   timeout=httpx.Timeout(cfg.timeout_s, connect=min(10.0, cfg.timeout_s)),
                                   transport=self._transport)
        # Fail at start-up, not on the first judgment, when the endpoint is unreachable or refuses the key.
        try:
            response = await client.get("models")
        except httpx.TransportError as exc:
            await client.aclose()
            raise EngineUnavailable(f"cannot reach {cfg.base_url}: {exc!r}") from None
        if response.status_code in (401, 403):
            await client.aclose()
            raise http_error(response)
        self._client = client

    def is_ready(self) -> bool:
        return self._client is not None

    async def close(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            await client.aclose()

    async def generate(self, request: GenerationRequest) -> Generation:
        client = self._client
        if client is None:
            raise EngineUnavailable("openai engine not started")
        try:
            response = await client.post("chat/completions", json=chat_body(request, self.config.model))
        except (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout, httpx.RemoteProtocolError) as exc:
            raise EngineUnavailable(f"cannot reach {self.config.base_url}: {exc!r}") from None
        except httpx.TimeoutException:
            raise EngineError(f"no answer within {self.config.timeout_s} s") from None
        except httpx.TransportError as exc:
            raise EngineUnavailable(f"transport error talking to {self.config.base_url}: {exc!r}") from None
        if response.status_code != 200:
            raise http_error(response)
        try:
            data = response.json()
        except ValueError:
            raise EngineError(f"endpoint returned invalid JSON: {response.text[:200]!r}") from None
        return parse_completion(data)
