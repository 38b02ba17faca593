"""The one scoring pipeline: rules -> L1 questions -> gate -> L2 -> process -> reward.

Transports (HTTP, gRPC), the CLI, the eval runner and the verl plugin all call
``ScoringPipeline.score``; nothing else decides a reward.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Iterable
from typing import Any

import orjson
from pydantic import ValidationError

from hrm_wire.errors import DeadlineExceeded, HRMError, InvalidRequest, RequestTooLarge
from hrm_wire.models import (
    CheckResult,
    DimensionResult,
    Failure,
    L1Result,
    L2Result,
    ProcessResult,
    RubricInfo,
    ScoreRequest,
    ScoreResult,
)
from judge_server.cache import VerdictCache
from judge_server.cards import product_paragraph
from judge_server.config import HRMConfig
from judge_server.engines import GraderEngine, make_engine
from judge_server.judge import Judge, LLMVerdict
from judge_server.prompts import render_messages
from judge_server.rewards import hrm_reward, process_gate_open
from judge_server.rubric import CheckSpec, RubricPack, RubricRegistry
from judge_server.rules import RULES, RuleContext, RuleOutcome

_THINK = re.compile(r"<think>(.*?)</think>", re.S)


def reasoning_length(request: ScoreRequest) -> int:
    """Whitespace tokens of reasoning: reasoning steps plus any <think> span in the response."""
    text = request.reasoning_text() + " " + " ".join(_THINK.findall(request.response))
    return len(text.split())


class _Run:
    """Book-keeping for one judgment."""

    def __init__(self) -> None:
        self.checks: dict[str, CheckResult] = {}
        self.timings: dict[str, float] = {}
        self.llm_calls = 0
        self.attempts = 0
        self.retries = 0
        self.all_cached = True
        self.prompt_tokens = 0
        self.cached_tokens = 0
        #: named sub-rewards reported by rules, by check id
        self.components: dict[str, dict[str, float]] = {}

    def add_llm(self, v: LLMVerdict) -> None:
        self.llm_calls += 1
        self.attempts += v.attempts
        self.retries += max(0, v.attempts - 1)
        self.all_cached &= v.cached
        self.prompt_tokens += v.prompt_tokens
        self.cached_tokens += v.cached_tokens


class ScoringPipeline:
    """Scores trajectories against rubric packs with one grader engine."""

    def __init__(self, config: HRMConfig | None = None, engine: GraderEngine | None = None,
                 registry: RubricRegistry | None = None) -> None:
        self.config = config or HRMConfig()
        self.engine = engine or make_engine(self.config.engine)
        extra = [self.config.rubrics_dir] if self.config.rubrics_dir else []
        self.registry = registry or RubricRegistry(extra)
        self.cache = VerdictCache(self.config.cache)
        self.judge = Judge(self.engine, self.cache, self.config.judge, self.config.engine)
        self._sem = asyncio.Semaphore(self.config.judge.concurrency)

    # -- lifecycle -----------------------------------------------------------------------------
    async def start(self) -> None:
        await self.engine.start()

    @property
    def ready(self) -> bool:
        return self.engine.is_ready()

    async def close(self) -> None:
        await self.engine.close()
        self.cache.close()

    def list_rubrics(self) -> list[RubricInfo]:
        return self.registry.infos()

    # -- input ---------------------------------------------------------------------------------
    def parse_request(self, data: dict[str, Any] | bytes | str, item_id: str | None = None) -> ScoreRequest:
        """Validate wire input into a ScoreRequest; errors name the item and the field."""
        limits = self.config.limits
        if isinstance(data, (bytes, str)):
            if len(data) > limits.max_request_bytes:
                raise RequestTooLarge(f"request is {len(data)} bytes, over the {limits.max_request_bytes} cap",
                                      item_id=item_id)
            try:
                data = orjson.loads(data)
            except orjson.JSONDecodeError as exc:
                raise InvalidRequest(f"not valid JSON: {exc}", item_id=item_id) from None
        if not isinstance(data, dict):
            raise InvalidRequest("a scoring request must be a JSON object", item_id=item_id)
        item_id = item_id or (str(data["id"]) if data.get("id") is not None else None)
        try:
            request = ScoreRequest.model_validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            field = ".".join(str(p) for p in first["loc"])
            raise InvalidRequest(f"{field}: {first['msg']}", field=field, item_id=item_id) from None
        self.check_limits(request)
        return request

    def check_limits(self, request: ScoreRequest) -> None:
        limits = self.config.limits
        if len(request.response) > limits.max_response_chars:
            raise RequestTooLarge(f"response has {len(request.response)} characters, over the "
                                  f"{limits.max_response_chars} cap", field="response", item_id=request.id)
        if len(request.trajectory) > limits.max_steps:
            raise RequestTooLarge(f"trajectory has {len(request.trajectory)} steps, over the {limits.max_steps} cap",
                                  field="trajectory", item_id=request.id)

    # -- scoring -------------------------------------------------------------------------------
    async def score(self, request: ScoreRequest, *, deadline_s: float | None = None) -> ScoreResult:
        """Judge one trajectory. A judge failure is a result with ``judge_failed``; bad input raises."""
        pack = self.registry.get(request.rubric)
        self.check_limits(request)
        if deadline_s is None:
            return await self._score(pack, request)
        if deadline_s <= 0:
            raise DeadlineExceeded("deadline already passed", item_id=request.id)
        try:
            return await asyncio.wait_for(self._score(pack, request), timeout=deadline_s)
        except asyncio.TimeoutError:
            raise DeadlineExceeded(f"judgment did not finish within {deadline_s:.3g} s; engine work cancelled",
                                   item_id=request.id) from None

    async def score_many(self, requests: Iterable[ScoreRequest], concurrency: int = 4,
                         deadline_s: float | None = None) -> list[ScoreResult | HRMError]:
        """Score several requests; a failing one yields its error in place and the others carry on."""
        sem = asyncio.Semaphore(concurrency)

        async def one(r: ScoreRequest) -> ScoreResult | HRMError:
            async with sem:
                try:
                    return await self.score(r, deadline_s=deadline_s)
                except HRMError as exc:
                    exc.item_id = exc.item_id or r.id
                    return exc

        return list(await asyncio.gather(*(one(r) for r in requests)))

    async def _score(self, pack: RubricPack, req: ScoreRequest) -> ScoreResult:
        t0 = time.perf_counter()
        run = _Run()
        ctx_params: dict[str, Any] = {}
        result = ScoreResult(id=req.id, rubric=pack.id, rubric_version=pack.version,
                             grader_model=self.engine.model_id, reasoning_len=reasoning_length(req))
        if pack.composition.kind == "hrm":
            await self._score_hrm(pack, req, run, result, ctx_params)
        else:
            await self._score_weighted(pack, req, run, result)
        run.timings["total"] = (time.perf_counter() - t0) * 1000
        result.checks = run.checks
        result.timings_ms = {k: round(v, 3) for k, v in run.timings.items()}
        result.llm_calls = run.llm_calls
        result.parse_attempts = run.attempts
        result.retries = run.retries
        result.cached = run.llm_calls > 0 and run.all_cached
        result.prompt_tokens = run.prompt_tokens
        result.cached_prompt_tokens = run.cached_tokens
        threshold = self.config.judge.low_confidence
        result.low_confidence = any(c.confidence < threshold for c in run.checks.values()
                                    if c.passed is not None and c.source != "skipped")
        return result

    # -- hrm composition -----------------------------------------------------------------------
    async def _score_hrm(self, pack: RubricPack, req: ScoreRequest, run: _Run, result: ScoreResult,
                         _: dict[str, Any]) -> None:
        comp = pack.composition
        params = req.options.reward or comp.reward
        use_cache = req.options.use_cache and self.config.cache.enabled

        # L1, rules first: a deterministic failure closes the gate with no LLM call at all.
        t = time.perf_counter()
        l1_specs = pack.stage("l1")
        outcomes = {s.id: self._run_rule(s, req, run) for s in l1_specs}
        run.timings["rules"] = (time.perf_counter() - t) * 1000
        decided = {s.id: self._rule_decision(s, outcomes[s.id]) for s in l1_specs}
        vetoed = [sid for sid, d in decided.items() if d is not None and d.passed is False]
        pending = [s for s in l1_specs if decided[s.id] is None]
        exhaustive = req.options.exhaustive
        if vetoed and self.config.judge.l1_short_circuit and not exhaustive:
            for s in pending:
                decided[s.id] = CheckResult(id=s.id, stage=s.stage, group=s.group, source="skipped",
                                            reason=f"not asked: L1 already failed on {vetoed[0]}")
            pending = []
        t = time.perf_counter()
        asked = await asyncio.gather(*(self._run_llm_check(pack, s, req, outcomes[s.id], run, use_cache)
                                       for s in pending))
        for s, r in zip(pending, asked, strict=True):
            decided[s.id] = r
        run.timings["l1"] = (time.perf_counter() - t) * 1000
        for s in l1_specs:
            run.checks[s.id] = decided[s.id]  # type: ignore[assignment]

        l1 = L1Result()
        for dim in comp.l1_dimensions:
            subs = {s.id: run.checks[s.id] for s in l1_specs if s.group == dim}
            l1.dimensions[dim] = _dimension(subs)
        dims = [d.passed for d in l1.dimensions.values()]
        l1.passed = False if False in dims else (None if None in dims else True)
        result.l1 = l1
        if l1.passed is None:
            self._fail(result, run, "l1")
            return
        if not l1.passed and not exhaustive:
            result.l2 = L2Result(skipped=True)
            result.process = ProcessResult(skipped=True, skip_reason="L1 gate failed")
            reward = hrm_reward(False, None, None, params)
            result.reward, result.r_out, result.r_proc = reward.total, reward.r_out, reward.r_proc
            return

        # L2: every rubric judged independently.
        t = time.perf_counter()
        l2_specs = pack.stage("l2")
        l2_checks = await asyncio.gather(*(self._run_check(pack, s, req, run, use_cache) for s in l2_specs))
        run.timings["l2"] = (time.perf_counter() - t) * 1000
        for c in l2_checks:
            run.checks[c.id] = c
        if any(c.passed is None for c in l2_checks):
            result.l2 = L2Result(rubrics={c.id: c for c in l2_checks})
            self._fail(result, run, "l2")
            return
        g_l2 = sum(bool(c.passed) for c in l2_checks) / len(l2_checks) if l2_checks else 1.0
        result.l2 = L2Result(score=g_l2, rubrics={c.id: c for c in l2_checks})
        if not l1.passed:  # exhaustive evaluation: L2 reported, reward still gated
            result.process = ProcessResult(skipped=True, skip_reason="L1 gate failed")
            reward = hrm_reward(False, None, None, params)
            result.reward, result.r_out, result.r_proc = reward.total, reward.r_out, reward.r_proc
            return

        # Process: only when the gate is open.
        proc_specs = pack.stage("process")
        process_score: float | None = None
        if not proc_specs:
            result.process = ProcessResult(skipped=True, skip_reason="pack has no process check")
            process_score = 0.0  # nothing to judge: r_proc = 0, reward = r_out
        elif not req.options.process_judge:
            result.process = ProcessResult(skipped=True, skip_reason="disabled by options.process_judge")
            process_score = 0.0
        elif not process_gate_open(True, g_l2, params):
            result.process = ProcessResult(skipped=True, skip_reason=f"G_L2 {g_l2:.3f} below eta {params.eta}")
        else:
            t = time.perf_counter()
            c = await self._run_check(pack, proc_specs[0], req, run, use_cache)
            run.timings["process"] = (time.perf_counter() - t) * 1000
            run.checks[c.id] = c
            result.process = ProcessResult(score=c.score, reason=c.reason, check=c)
            if c.score is None:
                self._fail(result, run, "process")
                return
            process_score = c.score
        reward = hrm_reward(True, g_l2, process_score, params)
        result.reward, result.r_out, result.r_proc = reward.total, reward.r_out, reward.r_proc

    # -- weighted composition ------------------------------------------------------------------
    async def _score_weighted(self, pack: RubricPack, req: ScoreRequest, run: _Run, result: ScoreResult) -> None:
        use_cache = req.options.use_cache and self.config.cache.enabled
        t = time.perf_counter()
        checks = await asyncio.gather(*(self._run_check(pack, s, req, run, use_cache) for s in pack.checks))
        run.timings["checks"] = (time.perf_counter() - t) * 1000
        for c in checks:
            run.checks[c.id] = c
        failed = [c for c in checks if c.failed]
        if failed:
            self._fail(result, run, failed[0].stage)
            return
        components: dict[str, float] = {}
        for spec, c in zip(pack.checks, checks, strict=True):
            components[spec.id] = spec.weight * (c.score if c.score is not None else float(bool(c.passed)))
            for name, value in run.components.get(spec.id, {}).items():
                components[f"{spec.id}.{name}"] = value
        total = sum(v for k, v in components.items() if "." not in k)
        gates_closed = [g for g in pack.composition.gates if not run.checks[g].passed]
        result.components = components
        result.reward = 0.0 if gates_closed else total
        result.r_out = result.reward

    # -- checks --------------------------------------------------------------------------------
    @staticmethod
    def _run_rule(spec: CheckSpec, req: ScoreRequest, run: _Run) -> RuleOutcome | None:
        if spec.rule is None:
            return None
        out = RULES[spec.rule](RuleContext(req, spec.params))
        if out.components:
            run.components[spec.id] = out.components
        return out

    @staticmethod
    def _rule_decision(spec: CheckSpec, out: RuleOutcome | None) -> CheckResult | None:
        """The check's result if the rule alone decides it, else None (the LLM must be asked)."""
        if out is None or spec.combine == "llm_only":
            return None
        decisive = (spec.combine == "rule_only"
                    or (spec.combine == "rule_veto" and out.passed is False)
                    or (spec.combine == "rule_if_applicable" and out.passed is not None))
        if not decisive:
            return None
        passed = True if out.passed is None else out.passed  # a rule that does not apply cannot fail a sample
        score = out.score if out.score is not None else float(passed)
        reason = out.reason or ("not applicable" if out.passed is None else "")
        return CheckResult(id=spec.id, stage=spec.stage, group=spec.group, passed=passed, score=score,
                           reason=reason, evidence=out.evidence, confidence=out.confidence, source="rule")

    async def _run_check(self, pack: RubricPack, spec: CheckSpec, req: ScoreRequest, run: _Run,
                         use_cache: bool) -> CheckResult:
        out = self._run_rule(spec, req, run)
        decided = self._rule_decision(spec, out)
        if decided is not None:
            return decided
        return await self._run_llm_check(pack, spec, req, out, run, use_cache)

    async def _ask(self, pack: RubricPack, spec: CheckSpec, req: ScoreRequest, run: _Run, use_cache: bool,
                   **render: Any) -> LLMVerdict:
        assert spec.llm is not None
        messages = render_messages(pack, spec.llm, req, **render)
        async with self._sem:
            v = await self.judge.ask(spec.llm, messages, pack.version, use_cache)
        run.add_llm(v)
        return v

    async def _run_llm_check(self, pack: RubricPack, spec: CheckSpec, req: ScoreRequest, out: RuleOutcome | None,
                             run: _Run, use_cache: bool) -> CheckResult:
        q = spec.llm
        assert q is not None
        base = dict(id=spec.id, stage=spec.stage, group=spec.group)
        if q.per_product:
            from judge_server.cards import scan_cards

            products = req.products()
            ids = [i for i in scan_cards(req.response).ids if i in products]
            if not ids:
                return CheckResult(**base, passed=True, score=1.0, reason="no recommended products to judge",
                                   source="rule")
            verdicts = await asyncio.gather(*(
                self._ask(pack, spec, req, run, use_cache, product=products[i],
                          paragraph=product_paragraph(req.response, i, products[i].name)) for i in ids))
            labelled = list(zip(ids, verdicts, strict=True))
        else:
            labelled = [("", await self._ask(pack, spec, req, run, use_cache))]
        failed = [(i, v) for i, v in labelled if not v.ok]
        attempts = sum(v.attempts for _, v in labelled)
        cached = all(v.cached for _, v in labelled)
        if failed:
            pid, v = failed[0]
            return CheckResult(**base, source="llm", failed=True, failure=v.failure, raw=v.raw, attempts=attempts,
                               cached=cached, confidence=0.0,
                               reason=f"judge failed{' on ' + pid if pid else ''}: {v.failure}")
        lo, hi = q.scale
        scores = []
        for _, v in labelled:
            pv = v.verdict
            assert pv is not None
            if pv.passed is not None:
                scores.append(1.0 if pv.passed else 0.0)
            else:
                scores.append((float(pv.raw_score or 0) - lo) / (hi - lo))
        llm_pass = [s >= q.pass_threshold if q.answer != "binary" else s == 1.0 for s in scores]
        # pack policy for small graders: an unsure "no" does not fail the check alone; its low confidence
        # still flags the result for review
        unsure = [q.answer == "binary" and not ok and v.confidence < q.min_fail_confidence
                  for ok, (_, v) in zip(llm_pass, labelled, strict=True)]
        llm_pass = [ok or u for ok, u in zip(llm_pass, unsure, strict=True)]
        passed = all(llm_pass)
        worst = min(range(len(scores)), key=lambda k: (llm_pass[k], not unsure[k], scores[k]))
        pid, wv = labelled[worst]
        reason = (f"{pid}: " if pid else "") + (wv.verdict.reason if wv.verdict else "")
        if unsure[worst]:
            reason = (f"passed: the grader's 'no' was unsure ({wv.confidence:.2f} < {q.min_fail_confidence:g}) - "
                      + reason)
        scores = [1.0 if u else s for s, u in zip(scores, unsure, strict=True)]
        confidence = min(v.confidence for _, v in labelled)
        score = min(scores) if q.per_product else scores[0]
        raw_score = wv.verdict.raw_score if wv.verdict else None
        source = "llm"
        evidence: list[str] = []
        if out is not None:
            source = "hybrid"
            evidence = list(out.evidence)
            if spec.combine == "both" and out.passed is False:
                passed, score = False, 0.0
                reason = out.reason
            confidence = min(confidence, out.confidence) if out.passed is not None else confidence
        return CheckResult(**base, passed=passed, score=score, raw_score=raw_score, reason=reason, evidence=evidence,
                           confidence=confidence, source=source, attempts=attempts, cached=cached)

    @staticmethod
    def _fail(result: ScoreResult, run: _Run, stage: str) -> None:
        bad = next(c for c in run.checks.values() if c.failed)
        result.judge_failed = True
        result.failure = Failure(stage=stage, check=bad.id, cause=bad.failure or "judge failed", raw=bad.raw)
        result.reward = result.r_out = result.r_proc = None


def _dimension(subs: dict[str, CheckResult]) -> DimensionResult:
    verdicts = [c.passed for c in subs.values()]
    passed = False if False in verdicts else (None if None in verdicts else True)
    failing = [c for c in subs.values() if c.passed is False]
    reason = failing[0].reason if failing else "; ".join(c.reason for c in subs.values() if c.reason)[:400]
    confidences = [c.confidence for c in subs.values() if c.source != "skipped"]
    return DimensionResult(passed=passed, reason=reason, confidence=min(confidences, default=1.0), checks=subs)
