"""Running one check: its rule, its grader question (per product where asked) and its combine policy.

A check's verdict is pass, fail, abstained or judge-failed:

* judge failed (``failed``): the grader gave no usable answer after the retries (parse or engine error);
* abstained (``abstained``, ``passed`` None): no sure rule verdict, and the grader's verdict came with
  ``LLMVerdict.abstained`` (every grader tier below its calibrated confidence threshold for this check);
* otherwise ``passed`` True / False.

A per-product question's screen (``judge_server.checks.screens``) may settle plainly-yes products in code first;
only the others are asked, and a check whose products are all settled is a rule-sourced pass. A ``joint``
question asks for those products in one call; each product's verdict is then treated as if asked alone.
Per-product questions combine like an AND: any judge failure fails the check's judgment; else any sure
"no" fails the check (whatever the other products' verdicts); else any abstention abstains; else pass.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

from hrm_wire.models import CheckResult, Product, ScoreRequest
from judge_server.checks.combine import policy, rule_verdict
from judge_server.checks.eager import gather_eager
from judge_server.checks.screens import screen_for
from judge_server.grading.judge import JointVerdict, Judge, LLMVerdict
from judge_server.grading.prompts import Blocks, JointItem, Layout, render_joint_messages, render_messages
from judge_server.packs.cards import DEFAULT_SYNTAX, CardSyntax, product_paragraph, scan_cards
from judge_server.packs.schema import CheckSpec, LLMQuestion, RubricPack, SampleFact
from judge_server.rules.base import RuleContext, RuleOutcome
from judge_server.rules.registry import RULES

T = TypeVar("T")


class RunLog:
    """Book-keeping for one judgment: decided checks, timings, grader usage."""

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

    def add_joint(self, j: JointVerdict) -> None:
        for call in j.tier_calls:
            self.add_llm(call)

    def add_llm(self, v: LLMVerdict) -> None:
        self.llm_calls += 1
        self.attempts += v.attempts
        self.retries += max(0, v.attempts - 1)
        self.all_cached &= v.cached
        self.prompt_tokens += v.prompt_tokens
        self.cached_tokens += v.cached_tokens


class CheckRunner:
    """Runs the checks of one judgment; grader questions share the pipeline's concurrency bound."""

    def __init__(self, judge: Judge, sem: asyncio.Semaphore, pack: RubricPack, request: ScoreRequest,
                 use_cache: bool, layout: Layout = "question_first") -> None:
        self.judge = judge
        self.sem = sem
        self.pack = pack
        self.request = request
        self.use_cache = use_cache
        #: prompt layout of the grader questions (experimental.prompt_layout)
        self.layout = layout
        self.log = RunLog()
        self._syntax = pack.cards.syntax()
        self._shared: dict[Any, Any] = {}  # the rules' shared facts of this judgment (RuleContext.shared)
        # the records and the card scan, read through the rules' shared facts (made once per judgment)
        self._facts = RuleContext(request, {}, self._syntax, shared=self._shared)
        self._blocks = Blocks(request)  # the prompt blocks its questions share

    # -- rules -----------------------------------------------------------------------------------
    def rule(self, spec: CheckSpec) -> RuleOutcome | None:
        """Run the check's rule, if it has one (rules are cheap and synchronous)."""
        if spec.rule is None:
            return None
        out = RULES[spec.rule](RuleContext(self.request, spec.params, self._syntax, shared=self._shared))
        if out.components:
            self.log.components[spec.id] = out.components
        return out

    @staticmethod
    def decided_by_rule(spec: CheckSpec, outcome: RuleOutcome | None) -> CheckResult | None:
        """The check's result if its rule settles it under the pack's combine policy, else None."""
        assert spec.combine is not None  # set by CheckSpec's validator
        if outcome is None or not policy(spec.combine).rule_decides(outcome):
            return None
        return rule_verdict(spec.id, spec.stage, spec.group, outcome)

    # -- whole checks ----------------------------------------------------------------------------
    def record(self, check: CheckResult) -> CheckResult:
        self.log.checks[check.id] = check
        return check

    async def run(self, spec: CheckSpec) -> CheckResult:
        outcome = self.rule(spec)
        decided = self.decided_by_rule(spec, outcome)
        pending, settled = ([spec], []) if decided is None else ([], [spec])
        graded = await self.grade_pending(pending, {spec.id: outcome}, settled)
        return self.record(decided if decided is not None else graded[0])

    async def grade_pending(self, pending: list[CheckSpec], outcomes: dict[str, RuleOutcome | None],
                            settled: list[CheckSpec]) -> list[CheckResult]:
        """The grader's results for ``pending`` checks (not recorded). In a calibration run with
        ``judge.ask_where_rules_decide`` the ``settled`` ones are asked too, seen by the judge's listeners only:
        a rule's verdict always stands."""
        observe = [s for s in settled if s.llm is not None] if self.judge.ask_where_rules_decide else []
        results = await _all([self.grade(s, outcomes[s.id]) for s in [*pending, *observe]])
        return results[: len(pending)]

    async def run_all(self, specs: list[CheckSpec]) -> list[CheckResult]:
        return await _all([self.run(s) for s in specs])

    async def grade(self, spec: CheckSpec, outcome: RuleOutcome | None) -> CheckResult:
        """Ask the check's grader question and combine it with the rule outcome (not recorded)."""
        q = spec.llm
        assert q is not None and spec.combine is not None
        if q.per_product:
            products = self._facts.products
            ids = [i for i in self._facts.scan.ids if i in products]
            if not ids:
                return CheckResult(id=spec.id, stage=spec.stage, group=spec.group, passed=True, score=1.0,
                                   reason="no recommended products to judge", source="rule")
            settled = await self._screen(q, [products[i] for i in ids])
            ask = [i for i in ids if i not in settled]
            screened = [settled[i] for i in ids if i in settled]
            if not ask:
                screen = q.screen.name if q.screen else ""
                return CheckResult(id=spec.id, stage=spec.stage, group=spec.group, passed=True, score=1.0,
                                   source="rule", confidence=1.0,
                                   reason=f"every carded product settled by screen {screen} (no grader call)",
                                   evidence=[*(outcome.evidence if outcome else []), *screened])
            paragraphs = {i: product_paragraph(self.request.response, i, products[i].name) for i in ask}
            if q.joint:  # even for one product: one question hash, one prompt shape, one calibration
                verdicts = await self._ask_joint(spec, [(i, products[i], paragraphs[i]) for i in ask])
            else:
                verdicts = await _all([self._ask(spec, product=products[i], paragraph=paragraphs[i]) for i in ask])
            labelled = list(zip(ask, verdicts, strict=True))
        else:
            screened = []
            labelled = [("", await self._ask(spec))]
        graded = graded_check(spec, q, labelled, agree=self._agree(q))
        if graded.failed:
            return graded
        merged = policy(spec.combine).merge(outcome, graded)
        return merged.model_copy(update={"evidence": [*merged.evidence, *screened]}) if screened else merged

    async def _screen(self, q: LLMQuestion, products: list[Product]) -> dict[str, str]:
        """Product id -> evidence for the products the question's screen settles as a plain "yes"."""
        if q.screen is None or not self.judge.config.screens:
            return {}
        screen = screen_for(q.screen.name, q.screen.params)
        # embedding runs off the event loop: the ingress keeps serving while a screen computes
        settled = await asyncio.to_thread(screen.settle, self.request, products)
        return {s.product_id: s.evidence for s in settled}

    def _agree(self, q: LLMQuestion) -> bool | None:
        return None if q.agree_with is None else sample_fact(q.agree_with, self.request, self._syntax)

    async def _ask(self, spec: CheckSpec, **render: Any) -> LLMVerdict:
        assert spec.llm is not None
        messages = render_messages(self.pack, spec.llm, self.request, layout=self.layout, blocks=self._blocks,
                                   **render)
        async with self.sem:
            v = await self.judge.ask(spec.llm, messages, self.use_cache, check_id=spec.id,
                                     agree=self._agree(spec.llm))
        self.log.add_llm(v)
        return v

    async def _ask_joint(self, spec: CheckSpec, items: list[JointItem]) -> list[LLMVerdict]:
        """One call for several products (``LLMQuestion.joint``), labelled p1, p2, ... in the prompt."""
        assert spec.llm is not None
        labels = [f"p{k}" for k in range(1, len(items) + 1)]
        messages = render_joint_messages(self.pack, spec.llm, self.request,
                                         [(label, p, text) for label, (_, p, text) in zip(labels, items, strict=True)],
                                         layout=self.layout, blocks=self._blocks)
        async with self.sem:
            joint = await self.judge.ask_joint(spec.llm, messages, labels, self.use_cache,
                                               check_id=spec.id)
        self.log.add_joint(joint)
        # every tier call's attempts are counted once, on the first product (graded_check sums them)
        return [v.copy(attempts=joint.attempts if k == 0 else 0) for k, v in enumerate(joint.verdicts)]


async def _all(coros: list[Coroutine[Any, Any, T]]) -> list[T]:
    """``coros`` run concurrently, each started in place and made a task only if it waits (``eager``): with its
    answers cached a judgment's checks never wait, and a task for each was a tenth of such a judgment's CPU
    (research/bench/bench_pipeline_cpu.py)."""
    if len(coros) == 1:
        return [await coros[0]]
    return await gather_eager(coros)


def sample_fact(name: SampleFact | None, request: ScoreRequest, cards: CardSyntax = DEFAULT_SYNTAX) -> bool | None:
    """A fact of the sample a binary answer is compared with (``LLMQuestion.agree_with``)."""
    if name == "cards_shown":
        return bool(scan_cards(request.response, cards, request.products()).cards)
    return None


def _normalised(q: LLMQuestion, v: LLMVerdict, agree: bool | None) -> float:
    pv = v.verdict
    assert pv is not None
    if pv.passed is not None:
        return 1.0 if pv.passed == (True if agree is None else agree) else 0.0
    lo, hi = q.scale
    return (float(pv.raw_score or 0) - lo) / (hi - lo)


def _passes(q: LLMQuestion, score: float) -> bool:
    return score == 1.0 if q.answer == "binary" else score >= q.pass_threshold


def graded_check(spec: CheckSpec, q: LLMQuestion, labelled: list[tuple[str, LLMVerdict]],
                 agree: bool | None = None) -> CheckResult:
    """One check's verdict from its grader answers (one per product, or one with an empty label).

    ``agree``: the sample fact a binary answer must equal to pass (``agree_with``); None: "yes" passes.
    """
    # one pass sorts the answers (a check's verdict is built for every grader question of every judgment)
    attempts, cached, confidence = 0, True, 1.0
    failed: tuple[str, LLMVerdict] | None = None
    decided: list[tuple[str, LLMVerdict, float]] = []
    failing: list[tuple[str, LLMVerdict, float]] = []
    waiting: list[tuple[str, LLMVerdict]] = []
    abstained: list[tuple[str, LLMVerdict]] = []
    for i, v in labelled:
        attempts += v.attempts
        cached = cached and v.cached
        confidence = min(confidence, v.confidence)
        if v.awaiting:
            waiting.append((i, v))
        elif v.abstained:  # an abstaining tier may still hand back its (unsure) verdict; it is never used as one
            abstained.append((i, v))
        elif not v.ok:
            failed = failed or (i, v)
        else:
            score = _normalised(q, v, agree)
            decided.append((i, v, score))
            if not _passes(q, score):
                failing.append((i, v, score))
    base: dict[str, Any] = dict(id=spec.id, stage=spec.stage, group=spec.group, source="llm", attempts=attempts,
                                cached=cached, confidence=confidence)
    if failed:
        pid, v = failed
        return CheckResult(**{**base, "confidence": 0.0}, failed=True, failure=v.failure, raw=v.raw,
                           reason=f"judge failed{' on ' + pid if pid else ''}: {v.failure}")
    if waiting and not failing:  # a sure "no" elsewhere decides the check whatever the exported questions say
        pid, v = waiting[0]
        return CheckResult(**{**base, "confidence": 0.0}, passed=None, awaiting_answer=True, tier=v.tier,
                           reason=f"{pid + ': ' if pid else ''}{v.failure}"
                                  + (f" (and {len(waiting) - 1} more)" if len(waiting) > 1 else ""))
    if abstained and not failing:
        pid, v = min(abstained, key=lambda iv: iv[1].confidence)
        said = f"; its unsure answer: {v.verdict.reason}" if v.verdict and v.verdict.reason else ""
        reason = (f"{pid + ': ' if pid else ''}abstained: grader confidence {v.confidence:.2f} is below the "
                  f"calibrated threshold for {spec.id} on every tier{f' (last: {v.tier})' if v.tier else ''}{said}")
        unsure = decided + [(i, v, _normalised(q, v, agree)) for i, v in abstained if v.verdict is not None]
        return CheckResult(**base, passed=None, abstained=True, reason=reason, tier=v.tier,
                           **_grader_answer(q, unsure))
    # the deciding answer: the worst failing one, else the lowest-scoring pass
    pid, wv, score = min(failing or decided, key=lambda ivs: ivs[2])
    assert wv.verdict is not None
    reason = (f"{pid}: " if pid else "") + wv.verdict.reason
    if agree is not None and q.agree_with:
        said = "yes" if wv.verdict.passed else "no"
        reason = f"grader: {said}; {q.agree_with.replace('_', ' ')}: {'yes' if agree else 'no'} - {reason}"
    return CheckResult(**base, passed=not failing, score=score, raw_score=wv.verdict.raw_score, reason=reason,
                       tier=wv.tier, **_grader_answer(q, decided))


def combined_confidence(answers: list[tuple[bool, float]]) -> float:
    """Confidence of a per-product check's combined verdict from its (passed, confidence) answers, as the
    judge decides it: the check passes decided only when every "yes" reaches the threshold (the lowest
    counts); it fails decided as soon as one "no" reaches it (the highest "no" counts)."""
    noes = [c for p, c in answers if not p]
    return max(noes) if noes else min(c for _, c in answers)


def _grader_answer(q: LLMQuestion, answers: list[tuple[str, LLMVerdict, float]]) -> dict[str, Any]:
    """``grader_passed``/``grader_confidence`` from (label, verdict, score) answers, combined as the judge
    decides a per-product check and as ``hrm calibrate`` observes it (``combined_confidence``)."""
    if not answers:
        return {}
    said = [(_passes(q, s), v.confidence) for _, v, s in answers]
    return {"grader_passed": all(p for p, _ in said), "grader_confidence": combined_confidence(said)}
