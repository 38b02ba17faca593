"""A scripted engine for unit tests: answers from a script, then a valid (or junk) default."""

from __future__ import annotations

import asyncio
import hashlib
from collections import deque
from typing import Any, Literal

import orjson
from pydantic import Field

from hrm_wire.errors import EngineUnavailable
from judge_server.engines.base import (
    EngineSettings,
    Generation,
    GenerationRequest,
    GraderEngine,
    TokenLogprob,
)


def sample_from_schema(schema: dict[str, Any], passing: bool) -> Any:
    """A value valid under (the subset of JSON schema HRM uses) that reads as a pass or a fail."""
    if "enum" in schema:
        values = schema["enum"]
        return values[0] if passing else values[-1]
    kind = schema.get("type")
    if kind == "object":
        return {k: sample_from_schema(v, passing) for k, v in schema.get("properties", {}).items()}
    if kind == "boolean":
        return passing
    if kind in ("integer", "number"):
        return schema.get("maximum", 1) if passing else schema.get("minimum", 0)
    if kind == "array":
        return []
    return "scripted fake verdict"


class FakeConfig(EngineSettings):
    """``kind: fake``: a scripted grader for tests and plumbing runs (never for quality claims)."""

    kind: Literal["fake"] = Field(default="fake", description="Engine kind.")
    model: str = Field(default="grader", description="Names the fake grader: its model id is fake-<model>, so two "
                                                     "fake tiers of a cascade can be told apart.")
    responses: list[str] = Field(default_factory=list,
                                 description="Scripted answers returned in order; afterwards `default` applies.")
    default: Literal["pass", "fail", "garbage"] = Field(
        default="pass", description="Answer once the script is used up: a valid passing/failing verdict or junk.")
    delay_s: float = Field(default=0.0, ge=0, description="Artificial latency per generation.")
    delay_markers: dict[str, float] = Field(
        default_factory=dict, description="Extra delay when the prompt contains the key (out-of-order tests).")


#: how many of its latest requests a fake engine keeps for inspection
REQUESTS_KEPT = 1024


class FakeEngine(GraderEngine):
    """Deterministic engine. ``script`` (constructor or config) is consumed in order, shared by all callers."""

    supports_json_schema = True
    supports_logprobs = True
    config: FakeConfig

    def __init__(self, config: FakeConfig | None = None, script: list[str] | None = None) -> None:
        super().__init__(config or FakeConfig())
        self.script: list[str] = list(script if script is not None else self.config.responses)
        # the latest requests, for tests to inspect; bounded, because a fake grader also serves load runs and
        # benchmarks, where keeping every request grows the heap the garbage collector walks without end
        self.requests: deque[GenerationRequest] = deque(maxlen=REQUESTS_KEPT)
        self._ready = False

    @property
    def model_id(self) -> str:
        # engine.model names a fake tier of a cascade ("fake-weak")
        return f"fake-{self.config.model}"

    @property
    def cache_identity(self) -> str:
        # a fake set to fail (or scripted) answers differently under the same name: never its passing verdicts
        if self.config.default == "pass" and not self.config.responses:
            return self.model_id
        behaviour = orjson.dumps([self.config.default, self.config.responses]).decode()
        return f"{self.model_id}#{hashlib.sha256(behaviour.encode()).hexdigest()[:12]}"

    async def start(self) -> None:
        self._ready = True

    def is_ready(self) -> bool:
        return self._ready

    def _default(self, request: GenerationRequest) -> str:
        mode = self.config.default
        if mode == "garbage":
            return "I think it is fine, probably."
        if request.json_schema is not None:
            return orjson.dumps(sample_from_schema(request.json_schema, mode == "pass")).decode()
        return f"Reason: scripted fake verdict\nScore: {1 if mode == 'pass' else 0}"

    async def generate(self, request: GenerationRequest) -> Generation:
        if not self._ready:
            raise EngineUnavailable("fake engine not started")
        self.requests.append(request)
        prompt = "\n".join(m.content for m in request.messages)
        delay = self.config.delay_s + sum(d for k, d in self.config.delay_markers.items() if k in prompt)
        if delay:
            await asyncio.sleep(delay)
        text = self.script.pop(0) if self.script else self._default(request)
        logprobs = None
        if request.top_logprobs:
            logprobs = [TokenLogprob(token=text, logprob=0.0, top=[(text, 0.0)])]
        return Generation(text=text, prompt_tokens=len(prompt) // 4, completion_tokens=max(1, len(text) // 4),
                          logprobs=logprobs)
