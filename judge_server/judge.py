"""Asking the grader one question: constrained decoding, tolerant parsing, bounded retry, cache."""

from __future__ import annotations

from dataclasses import dataclass

from tenacity import AsyncRetrying, retry_if_exception, stop_after_attempt, wait_exponential

from hrm_wire.errors import EngineError, VerdictParseError
from judge_server.cache import VerdictCache, cache_key
from judge_server.config import EngineConfig, JudgeConfig
from judge_server.engines.base import ChatMessage, GenerationRequest, GraderEngine
from judge_server.parsing import (
    ParsedVerdict,
    binary_schema,
    parse_json_verdict,
    parse_line_verdict,
    scale_schema,
    verdict_confidence,
)
from judge_server.rubric import LLMQuestion


@dataclass
class LLMVerdict:
    """Outcome of one question: a parsed verdict, or a failure with the last raw answer."""

    verdict: ParsedVerdict | None
    confidence: float = 1.0
    attempts: int = 0
    cached: bool = False
    failure: str | None = None
    raw: str | None = None
    prompt_tokens: int = 0
    cached_tokens: int = 0
    #: every grader tier was below its confidence threshold for this check: the verdict is not usable
    abstained: bool = False
    #: name of the grader tier (engine) whose verdict this is
    tier: str | None = None
    #: how many times the question went to a stronger tier
    escalations: int = 0

    @property
    def ok(self) -> bool:
        return self.verdict is not None


def _retryable(exc: BaseException) -> bool:
    """Parse failures and transient engine errors are retried; a prompt over the context never fits."""
    if isinstance(exc, VerdictParseError):
        return True
    return isinstance(exc, EngineError) and exc.details.get("type") != "exceed_context_size_error"


class Judge:
    """Turns an LLM question plus rendered messages into a verdict, with retries and caching."""

    def __init__(self, engine: GraderEngine, cache: VerdictCache, judge_config: JudgeConfig,
                 engine_config: EngineConfig) -> None:
        self.engine = engine
        self.cache = cache
        self.config = judge_config
        self.engine_config = engine_config
        self.parse_failures = 0
        self.retries = 0

    def build_request(self, q: LLMQuestion, messages: tuple[ChatMessage, ...]) -> GenerationRequest:
        schema = None
        if self.engine.supports_json_schema and q.answer != "line":
            schema = binary_schema(q.reason_chars) if q.answer == "binary" else scale_schema(*q.scale, q.reason_chars)
        return GenerationRequest(
            messages=messages, json_schema=schema, max_tokens=q.max_tokens,
            temperature=self.engine_config.temperature, seed=self.engine_config.seed,
            top_logprobs=5 if (q.answer == "binary" and self.engine.supports_logprobs) else 0)

    def _parse(self, q: LLMQuestion, text: str) -> ParsedVerdict:
        if q.answer == "line":
            return parse_line_verdict(text, q.scale)
        return parse_json_verdict(text, q.answer, q.scale)

    async def ask(self, q: LLMQuestion, messages: tuple[ChatMessage, ...], pack_version: str,
                  use_cache: bool = True, *, check_id: str | None = None) -> LLMVerdict:
        request = self.build_request(q, messages)
        key = cache_key(self.engine.model_id, pack_version, request)
        verdict, hit = await self.cache.get_or_compute(
            key, lambda: self._generate_with_retry(q, request), use_cache=use_cache, storable=lambda v: v.ok)
        if hit:
            return LLMVerdict(verdict.verdict, verdict.confidence, 0, True, verdict.failure, verdict.raw)
        return verdict

    async def _generate_with_retry(self, q: LLMQuestion, request: GenerationRequest) -> LLMVerdict:
        attempts = 0
        last_raw: str | None = None
        last_error = ""
        prompt_tokens = cached_tokens = 0
        current = request
        retrying = AsyncRetrying(
            stop=stop_after_attempt(self.config.max_attempts),
            wait=wait_exponential(multiplier=self.config.backoff_initial_s, max=self.config.backoff_max_s),
            retry=retry_if_exception(_retryable),
            reraise=True,
        )
        try:
            async for attempt in retrying:
                with attempt:
                    attempts += 1
                    if attempts > 1:
                        self.retries += 1
                    gen = await self.engine.generate(current)
                    prompt_tokens += gen.prompt_tokens
                    cached_tokens += gen.cached_tokens
                    last_raw = gen.text
                    try:
                        parsed = self._parse(q, gen.text)
                    except VerdictParseError as exc:
                        self.parse_failures += 1
                        last_error = exc.message
                        current = self._repair(request, gen.text, exc.message, q)
                        raise
                    conf = verdict_confidence(gen.logprobs, gen.text, parsed.passed)
                    return LLMVerdict(parsed, conf, attempts, False, None, None, prompt_tokens, cached_tokens)
        except VerdictParseError:
            return LLMVerdict(None, 0.0, attempts, False, f"unparseable verdict after {attempts} attempt(s): "
                              f"{last_error}", last_raw, prompt_tokens, cached_tokens)
        except EngineError as exc:
            return LLMVerdict(None, 0.0, attempts, False, f"grader engine error after {attempts} attempt(s): "
                              f"{exc.message}", last_raw, prompt_tokens, cached_tokens)
        raise AssertionError("unreachable")  # pragma: no cover

    @staticmethod
    def _repair(original: GenerationRequest, bad: str, error: str, q: LLMQuestion) -> GenerationRequest:
        """Show the grader its unparseable answer and ask again, in the required format only."""
        from judge_server.prompts import answer_format

        repair = (f"Your previous answer could not be used ({error}). Reply again with only the required "
                  f"format, nothing else. {answer_format(q)}")
        messages = (*original.messages, ChatMessage(role="assistant", content=bad[:1000]),
                    ChatMessage(role="user", content=repair))
        return original.model_copy(update={"messages": messages})
