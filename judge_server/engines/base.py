"""The small interface every grader engine implements."""

from __future__ import annotations

import abc
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class AwaitingAnswer(Exception):  # noqa: N818 - a state, not a failure
    """The grader's answer to this question is not in yet: the question was exported."""

    def __init__(self, custom_id: str, requests_path: Path) -> None:
        super().__init__(f"awaiting the grader's answer to {custom_id} (exported to {requests_path})")
        self.custom_id = custom_id
        self.requests_path = requests_path


class ServingHints(BaseModel):
    """What the Serve application needs to know of an engine to size its grader deployment."""

    model_config = ConfigDict(frozen=True)
    #: generations one grader replica accepts at once (slots plus a short queue; a batching engine takes many)
    max_ongoing: int = 1024
    #: GPUs one replica holds
    num_gpus: float = 0.0
    #: how far a rollout group's replica may lead the least-loaded one before the group spills
    #: (experimental.group_affinity)
    affinity_imbalance: int = 4
    #: grader questions one pipeline keeps in flight when ``judge.concurrency`` is unset: what the engine can
    #: answer at once, so a batching grader is fed and a slot-bound one is not queued deep
    in_flight: int = 4


class EngineSettings(BaseModel):
    """What every engine's configuration has: its ``kind`` and the sampling settings of a verdict.

    Each engine defines its own subclass next to its code (``EmbeddedConfig`` in ``engines/embedded.py``, ...);
    ``judge_server.engines.configs.EngineConfig`` is their union, told apart by ``kind``.
    """

    model_config = ConfigDict(extra="forbid")

    kind: str = Field(description="Engine kind.")
    temperature: float = Field(default=0.0, ge=0, description="Sampling temperature for verdicts.")
    seed: int = Field(default=0, description="Sampling seed.")
    max_tokens: int = Field(default=160, ge=1, description="Default cap on generated tokens per verdict.")

    def serving_hints(self) -> ServingHints:
        return ServingHints()


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    role: Literal["system", "user", "assistant"]
    content: str


class GenerationRequest(BaseModel):
    """One grader generation. Everything in it but ``affinity_key`` is part of the cache key."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    messages: tuple[ChatMessage, ...]
    json_schema: dict[str, Any] | None = Field(default=None, description="Constrain output to this JSON schema.")
    schema_name: str = "verdict"
    max_tokens: int = 160
    temperature: float = 0.0
    seed: int = 0
    top_logprobs: int = Field(default=0, ge=0, le=20, description="Ask for this many alternatives per token.")
    # excluded from model_dump, hence from the verdict cache key; pickling (Ray) keeps it
    affinity_key: str | None = Field(
        default=None, exclude=True,
        description="The trajectory this question belongs to (engines/affinity.py), set where the question "
                    "leaves its process (remote engine); the embedded engine pins a trajectory to one slot.")


class TokenLogprob(BaseModel):
    token: str
    logprob: float
    top: list[tuple[str, float]] = Field(default_factory=list)


class Generation(BaseModel):
    text: str
    finish_reason: str = "stop"
    prompt_tokens: int = 0
    cached_tokens: int = 0
    completion_tokens: int = 0
    logprobs: list[TokenLogprob] | None = None
    # Where the engine's time went, as the engine itself measured it (None where it does not say): what
    # decides whether a prompt layout can pay (prefill) or only a shorter answer can (decode).
    prefill_s: float | None = Field(default=None, ge=0, description="Seconds spent on the prompt tokens not "
                                    "served from the prefix cache.")
    decode_s: float | None = Field(default=None, ge=0, description="Seconds spent generating the answer.")


def summed_usage(draws: list[Generation]) -> dict[str, Any]:
    """The token counts and engine seconds of several generations behind one answer, summed (None stays None)."""

    def total(name: str) -> float | None:
        values = [getattr(g, name) for g in draws]
        return None if any(v is None for v in values) else sum(values)

    return dict(prompt_tokens=sum(g.prompt_tokens for g in draws), cached_tokens=sum(g.cached_tokens for g in draws),
                completion_tokens=sum(g.completion_tokens for g in draws),
                prefill_s=total("prefill_s"), decode_s=total("decode_s"))


class GraderEngine(abc.ABC):
    """A grader LLM. Implementations must be safe to call concurrently from one event loop."""

    #: whether ``json_schema`` is enforced by constrained decoding
    supports_json_schema: bool = False
    #: whether ``top_logprobs`` is honoured
    supports_logprobs: bool = False

    def __init__(self, config: EngineSettings) -> None:
        self.config = config

    @property
    @abc.abstractmethod
    def model_id(self) -> str:
        """Identifies the weights (part of every result, and of the cache key through ``cache_identity``)."""

    @property
    def cache_identity(self) -> str:
        """What the verdict cache keys this grader's answers on: its model id, unless an engine's answers depend
        on settings the request does not carry (the fake grader's scripted behaviour)."""
        return self.model_id

    @abc.abstractmethod
    async def start(self) -> None:
        """Load the model. Idempotent."""

    @abc.abstractmethod
    def is_ready(self) -> bool:
        """True once `start` finished."""

    @abc.abstractmethod
    async def generate(self, request: GenerationRequest) -> Generation:
        """Generate one answer. Cancelling the awaiting task must abandon the work where possible.

        Raises EngineUnavailable (not loaded / unreachable) or EngineError (this generation failed).
        """

    async def close(self) -> None:  # noqa: B027 - optional hook
        """Release the model."""
