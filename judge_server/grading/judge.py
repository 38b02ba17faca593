"""Asking the grader one question: constrained decoding, tolerant parsing, bounded retry, cache, tiers.

Tiers and abstention (issue 12): the engine's graders (a cascade's tiers weakest first, or the one
engine) are asked in turn. A verdict decides when its confidence reaches its tier's calibrated
threshold for the check (judge_server.thresholds); below it, or when the tier has no threshold for the
check, or when the tier failed to answer, the question goes to the next tier. When the last tier is
unsure too, the verdict comes back ``abstained`` (still carrying that tier's answer, for reports),
unless ``judge.last_tier_decides``. A question with no calibration at all is decided by the first tier,
as before calibration existed: nothing abstains without a calibration file. Each tier has its own
cache entries (the key holds the tier's model id), so a cascade reuses what each grader said before;
the key holds the question's hash, not the pack version, so unrelated pack edits keep cached verdicts.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from hrm_wire.errors import EngineError, VerdictParseError
from judge_server.config import JudgeConfig
from judge_server.engines import engine_tiers
from judge_server.engines.base import AwaitingAnswer, ChatMessage, GenerationRequest, GraderEngine
from judge_server.engines.configs import EngineConfig
from judge_server.grading.cache import VerdictCache, cache_key
from judge_server.grading.parsing import (
    ParsedVerdict,
    binary_schema,
    joint_confidences,
    joint_schema,
    parse_joint_verdict,
    parse_json_verdict,
    parse_line_verdict,
    scale_schema,
    verdict_confidence,
)
from judge_server.packs.schema import LLMQuestion
from judge_server.thresholds import ThresholdSet, question_hash

# The retry loop waits through this name (not asyncio.sleep directly) so a test can record the schedule
# without patching every asyncio.sleep in the process.
backoff_sleep = asyncio.sleep

log = logging.getLogger(__name__)


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
    #: the grader's answer is not in yet (the question was exported: engine kind batch); not a failure
    awaiting: bool = False
    #: the confidence comes from the engine's log-probs (False: none given, 1.0 is a placeholder that calibration
    #: leaves out of a fit)
    measured: bool = True

    #: a joint question's answer, per label: (verdict, confidence); set only inside the judge
    joint: dict[str, tuple[ParsedVerdict, float]] | None = None

    @property
    def ok(self) -> bool:
        return self.verdict is not None

    def copy(self, **changes: Any) -> LLMVerdict:
        """``dataclasses.replace`` for this plain dataclass, at a third of its cost (every question's answer is
        copied once or twice per judgment)."""
        if not changes.keys() <= _VERDICT_FIELDS:
            raise TypeError(f"not LLMVerdict fields: {sorted(changes.keys() - _VERDICT_FIELDS)}")
        new = object.__new__(LLMVerdict)
        new.__dict__.update(self.__dict__, **changes)
        return new


_VERDICT_FIELDS = frozenset(f.name for f in fields(LLMVerdict))


@dataclass
class JointVerdict:
    """A joint question's verdicts (one per label, in order) and its grader calls (one per tier asked)."""

    verdicts: list[LLMVerdict]
    tier_calls: list[LLMVerdict] = field(default_factory=list)

    @property
    def calls(self) -> int:
        return len(self.tier_calls)

    @property
    def attempts(self) -> int:
        return sum(c.attempts for c in self.tier_calls)

    @property
    def cached(self) -> bool:
        return all(c.cached for c in self.tier_calls)

    @property
    def prompt_tokens(self) -> int:
        return sum(c.prompt_tokens for c in self.tier_calls)


@dataclass(frozen=True)
class TierVerdict:
    """What one tier answered to one question (for calibration runs and metrics listeners)."""

    check_id: str | None
    question_hash: str
    #: one number per call of Judge.ask: tells apart the per-product questions of one check
    ask_id: int
    tier: str
    verdict: LLMVerdict
    threshold: float | None
    #: confident enough to decide (or, uncalibrated, the first tier)
    decided: bool
    #: the verdict Judge.ask returned (the deciding one, or the last tier's when it abstained or failed)
    returned: bool = False


def _retryable(exc: BaseException) -> bool:
    """Parse failures and transient engine errors are retried; a prompt over the context never fits."""
    if isinstance(exc, VerdictParseError):
        return True
    return isinstance(exc, EngineError) and exc.details.get("type") != "exceed_context_size_error"


class Judge:
    """Turns an LLM question plus rendered messages into a verdict, with retries, caching and tiers."""

    def __init__(self, engine: GraderEngine, cache: VerdictCache, judge_config: JudgeConfig,
                 engine_config: EngineConfig, *, thresholds: ThresholdSet | None = None) -> None:
        self.engine = engine
        self.cache = cache
        self.config = judge_config
        self.engine_config = engine_config
        self.tiers = engine_tiers(engine)
        #: calibrated per-check thresholds (``judge_server.thresholds.load_thresholds``); none: the first tier decides
        self.thresholds = thresholds if thresholds is not None else ThresholdSet()
        if self.thresholds:
            log.info("calibrated thresholds from %s", ", ".join(self.thresholds.files))
        self.parse_failures = 0
        self.retries = 0
        #: per tier: questions asked, decided, sent on to the next tier; and abstentions on the last tier
        self.tier_stats: dict[str, Counter[str]] = {t.model_id: Counter() for t in self.tiers}
        #: called with every tier's answer (calibration runs record them)
        self.listeners: list[Callable[[TierVerdict], None]] = []
        #: ask every tier even after one decided (calibration: every grader's verdict on every question)
        self.ask_all_tiers = False
        #: ask the grader a check's question even where a rule settled the check (calibration only: the
        #: verdict is observed, never used). A set written with the rules hides from the grader the very flaws
        #: its rules catch, so its "yes" would be fitted on few flawed items and look surer than it is.
        self.ask_where_rules_decide = False
        self._asks = 0

    def build_request(self, q: LLMQuestion, messages: tuple[ChatMessage, ...],
                      engine: GraderEngine | None = None, *, labels: list[str] | None = None) -> GenerationRequest:
        engine = engine or self.tiers[0]
        config = self.engine_config if engine is self.engine else engine.config  # a cascade tier's own settings
        schema = None
        if engine.supports_json_schema and q.answer != "line":
            schema = binary_schema(q.reason_chars) if q.answer == "binary" else scale_schema(*q.scale, q.reason_chars)
            if labels:
                schema = joint_schema(labels, q.reason_chars)
        return GenerationRequest(
            messages=messages, json_schema=schema, schema_name="joint_verdict" if labels else "verdict",
            max_tokens=q.max_tokens * len(labels) if labels else q.max_tokens,
            temperature=config.temperature, seed=config.seed,
            top_logprobs=5 if (q.answer == "binary" and engine.supports_logprobs) else 0)

    def _parse(self, q: LLMQuestion, text: str) -> ParsedVerdict:
        if q.answer == "line":
            return parse_line_verdict(text, q.scale)
        return parse_json_verdict(text, q.answer, q.scale)

    async def ask(self, q: LLMQuestion, messages: tuple[ChatMessage, ...],
                  use_cache: bool = True, *, check_id: str | None = None, agree: bool | None = None) -> LLMVerdict:
        """Ask the tiers in turn until one is confident enough (see the module docstring).

        ``agree``: for a question with ``agree_with``, the sample fact a "yes" must equal for the check to
        pass; a class-conditional threshold is then looked up for the check verdict the answer makes (as
        the calibration observed it), not for the bare yes/no.
        """
        qhash = question_hash(q)
        self._asks += 1
        ask_id = self._asks
        chosen: LLMVerdict | None = None
        for n, engine in enumerate(self.tiers):
            v = await self._ask_tier(engine, q, messages, use_cache, qhash)
            if self._settle(v, n, engine, check_id, qhash, ask_id, agree, counted=chosen is None):
                chosen = chosen or v
                if not self.ask_all_tiers:
                    break
        assert chosen is not None
        return chosen

    async def ask_joint(self, q: LLMQuestion, messages: tuple[ChatMessage, ...], labels: list[str],
                        use_cache: bool = True, *,
                        check_id: str | None = None) -> JointVerdict:
        """A joint per-product question (``LLMQuestion.joint``): one call per tier answers every label, and
        each label's verdict is decided, escalated or abstained on its own, as if asked alone. A tier is
        asked only while some label is still undecided; its answers replace only those. It is asked about every
        product all the same: one prompt shape per question keeps each tier's cache entries and calibration
        those of the whole joint question."""
        qhash = question_hash(q)
        ask_ids = {label: self._asks + k for k, label in enumerate(labels, 1)}
        self._asks += len(labels)
        chosen: dict[str, LLMVerdict] = {}
        usage = JointVerdict([])
        for n, engine in enumerate(self.tiers):
            if len(chosen) == len(labels) and not self.ask_all_tiers:
                break
            answers, call = await self._ask_tier_joint(engine, q, messages, labels, use_cache, qhash)
            usage.tier_calls.append(call)
            for label in labels:
                v = answers[label]
                counted = label not in chosen
                if self._settle(v, n, engine, check_id, qhash, ask_ids[label], None, counted=counted) and counted:
                    chosen[label] = v
        usage.verdicts = [chosen[label] for label in labels]
        return usage

    def _settle(self, v: LLMVerdict, n: int, engine: GraderEngine, check_id: str | None, qhash: str,
                ask_id: int, agree: bool | None, *, counted: bool) -> bool:
        """Tier ``n``'s verdict on one question: mark it, count it, tell the listeners; True when it decides
        (or must stand: the last tier's unsure answer, then ``abstained``, or its failure)."""
        calibrated = self.thresholds.calibrated(check_id, qhash)
        last = n == len(self.tiers) - 1
        v.tier, v.escalations = engine.model_id, n
        threshold = self.thresholds.threshold(engine.model_id, check_id, qhash, _side(v, agree)) if calibrated else None
        if v.awaiting:
            decided = True  # an exported question stands: asking another tier would decide it behind its back
        elif not v.ok:
            decided = last  # a tier that cannot answer hands over; the last one's failure stands
        elif not calibrated:
            decided = True
        else:
            decided = threshold is not None and v.confidence >= threshold
            if not decided and last and not self.config.last_tier_decides:
                v.abstained = True
            decided = decided or last
        if counted:  # tiers asked only because of ask_all_tiers do not count
            stats = self.tier_stats.get(engine.model_id)
            if stats is None:  # a remote engine learns its id on start
                stats = self.tier_stats[engine.model_id] = Counter()
            stats["asked"] += 1
            stats["awaiting" if v.awaiting else "abstained" if v.abstained else "decided" if decided else "escalated"] += 1
        for listener in self.listeners:
            listener(TierVerdict(check_id, qhash, ask_id, engine.model_id, v, threshold,
                                 decided and not v.abstained, decided and counted))
        return decided

    async def _ask_tier(self, engine: GraderEngine, q: LLMQuestion, messages: tuple[ChatMessage, ...],
                        use_cache: bool, qhash: str) -> LLMVerdict:
        request = self.build_request(q, messages, engine)
        # keyed on the question (its hash) rather than the pack version: the rendered request already holds
        # everything the grader sees, so an edit elsewhere in the pack keeps this question's verdicts valid
        key = cache_key(engine.cache_identity, "question:" + qhash, request)
        verdict, hit = await self.cache.get_or_compute(
            key, lambda: self._generate_with_retry(q, request, engine), use_cache=use_cache,
            storable=lambda v: v.ok)
        if hit:
            # a hit keeps what the cascade decided (tier, escalations, abstention), not only the verdict
            return verdict.copy(attempts=0, cached=True, prompt_tokens=0, cached_tokens=0)
        return verdict.copy()  # single-flight callers share the computed object: never mutate it

    async def _ask_tier_joint(self, engine: GraderEngine, q: LLMQuestion, messages: tuple[ChatMessage, ...],
                              labels: list[str], use_cache: bool,
                              qhash: str) -> tuple[dict[str, LLMVerdict], LLMVerdict]:
        """One tier's joint answer: a verdict per label, and the call's usage (attempts, tokens, cache)."""
        request = self.build_request(q, messages, engine, labels=labels)
        key = cache_key(engine.cache_identity, "question:" + qhash, request)
        answers, hit = await self.cache.get_or_compute(
            key, lambda: self._generate_joint(q, request, engine, labels), use_cache=use_cache,
            storable=lambda a: all(v.ok for v in a.values()))
        call = next(iter(answers.values()))
        if hit:
            return ({k: v.copy(attempts=0, cached=True, prompt_tokens=0, cached_tokens=0)
                     for k, v in answers.items()}, call.copy(attempts=0, cached=True, prompt_tokens=0,
                                                          cached_tokens=0))
        return {k: v.copy() for k, v in answers.items()}, call.copy()

    async def _generate_joint(self, q: LLMQuestion, request: GenerationRequest, engine: GraderEngine,
                              labels: list[str]) -> dict[str, LLMVerdict]:
        outcome = await self._generate_with_retry(q, request, engine, labels=labels)
        if not outcome.ok:
            return {label: outcome.copy() for label in labels}
        joint = outcome.joint or {}
        return {label: outcome.copy(verdict=joint[label][0], confidence=joint[label][1], joint=None)
                for label in labels}

    async def _generate_with_retry(self, q: LLMQuestion, request: GenerationRequest,
                                   engine: GraderEngine | None = None, *, labels: list[str] | None = None) -> LLMVerdict:
        """Generate and parse, retrying parse failures with a repair turn. With ``labels`` (a joint
        question) the verdict returned is the first label's and ``joint`` holds every label's."""
        engine = engine or self.tiers[0]
        # checks start in place, in their caller's task, until they first wait (judge_server.checks.eager): wait once
        # here, so an engine's code runs in a task of its own from its first line (asyncio.timeout relies on that)
        await asyncio.sleep(0)
        attempts = 0
        last_raw: str | None = None
        last_error = ""
        prompt_tokens = cached_tokens = 0
        current = request
        # A plain loop, not tenacity's async iterator: with a fast grader that iterator was over half of a
        # question's own CPU. The policy is tenacity's wait_exponential: initial * 2**(n-1), at most max.
        try:
            while True:
                attempts += 1
                if attempts > 1:
                    self.retries += 1
                try:
                    gen = await engine.generate(current)
                    prompt_tokens += gen.prompt_tokens
                    cached_tokens += gen.cached_tokens
                    last_raw = gen.text
                    try:
                        if labels:
                            each = parse_joint_verdict(gen.text, labels)
                        else:
                            parsed = self._parse(q, gen.text)
                    except VerdictParseError as exc:
                        self.parse_failures += 1
                        last_error = exc.message
                        current = self._repair(request, gen.text, exc.message, q, labels)
                        raise
                except (VerdictParseError, EngineError) as exc:
                    if not _retryable(exc) or attempts >= self.config.max_attempts:
                        raise
                    await backoff_sleep(min(self.config.backoff_max_s,
                                            self.config.backoff_initial_s * 2 ** (attempts - 1)))
                    continue
                if labels:
                    confs = joint_confidences(gen.logprobs, labels, {k: pv.passed for k, pv in each.items()})
                    return LLMVerdict(each[labels[0]], confs[labels[0]], attempts, False, None, None,
                                      prompt_tokens, cached_tokens,
                                      joint={k: (pv, confs[k]) for k, pv in each.items()},
                                      measured=gen.logprobs is not None)
                conf = verdict_confidence(gen.logprobs, gen.text, parsed.passed)
                return LLMVerdict(parsed, conf, attempts, False, None, None, prompt_tokens, cached_tokens,
                                  measured=gen.logprobs is not None)
        except AwaitingAnswer as waiting:
            return LLMVerdict(None, 0.0, attempts, False, str(waiting), last_raw, prompt_tokens, cached_tokens,
                              awaiting=True, measured=False)
        except VerdictParseError:
            return LLMVerdict(None, 0.0, attempts, False, f"unparseable verdict after {attempts} attempt(s): "
                              f"{last_error}", last_raw, prompt_tokens, cached_tokens, measured=False)
        except EngineError as exc:
            return LLMVerdict(None, 0.0, attempts, False, f"grader engine error after {attempts} attempt(s): "
                              f"{exc.message}", last_raw, prompt_tokens, cached_tokens, measured=False)

    @staticmethod
    def _repair(original: GenerationRequest, bad: str, error: str, q: LLMQuestion,
                labels: list[str] | None = None) -> GenerationRequest:
        """Show the grader its unparseable answer and ask again, in the required format only."""
        from judge_server.grading.prompts import answer_format, joint_answer_format

        wanted = joint_answer_format(q, labels) if labels else answer_format(q)
        repair = (f"Your previous answer could not be used ({error}). Reply again with only the required "
                  f"format, nothing else. {wanted}")
        messages = (*original.messages, ChatMessage(role="assistant", content=bad[:1000]),
                    ChatMessage(role="user", content=repair))
        return original.model_copy(update={"messages": messages})


def _side(v: LLMVerdict, agree: bool | None) -> bool | None:
    """Which class-conditional threshold applies: the check verdict this answer makes (None: pooled)."""
    passed = v.verdict.passed if v.verdict is not None else None
    if passed is None or agree is None:
        return passed
    return passed == agree
