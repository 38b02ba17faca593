"""The rubric_items composition: a request's own rubric items, one narrow question (or code verifier) per item.

A pack of this kind (the shipped ``items``) holds question templates, not checks: ``criterion`` (no/yes items),
``criterion_scale`` (ordinal items) and ``condition`` (an item's ``applies_if``). ``pack_for`` turns the request's
items into a per-request pack with one check per item, the item's text in place of ``{criterion}``, so the
verdict cache, retries, thresholds and the review UI treat an item like any other check (the item text is part of
the question, hence of the cache key and the question hash thresholds are keyed by).

Scoring, in rounds (every question of a round concurrently):

1. the ``applies_if`` conditions; an item whose condition does not hold is ``not_applicable`` and leaves the sum;
2. the veto items: a positive veto item answered below its pass mark, or a pitfall veto item answered "yes",
   zeroes the reward (a decided 0; the other items are not asked unless ``options.ask_all``/``exhaustive``);
3. the other items.

reward = max(0, sum(w * s) / sum(positive w)) over the applicable, decided items, with s the answer's position
over the last choice (no/yes: 0/1). A judge failure on any needed question makes the result ``judge_failed``.
It abstains (reward None, ``abstention`` naming the item) when a veto item is undecided, when undecided items hold
more than ``composition.max_abstained_share`` of the applicable items' total |weight|, or when no positive item
applies; never a silent 0.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from hrm_wire.errors import InvalidRequest
from hrm_wire.models import (
    CheckResult,
    Failure,
    ItemsDetail,
    ItemVerdict,
    RubricItem,
    ScoreRequest,
    ScoreResult,
)
from judge_server.compositions.base import Composition, Judgment
from judge_server.packs.schema import CheckSpec, LLMQuestion, RubricPack
from judge_server.registry import UnknownName
from judge_server.rules.registry import ITEM_VERIFIERS
from judge_server.thresholds import question_hash

TEMPLATES = ("criterion", "criterion_scale", "condition")
_BINARY = ("no", "yes")
_CONDITION = "__applies"


def condition_id(item_id: str) -> str:
    return f"{item_id}{_CONDITION}"


def _params_error(exc: ValidationError, n: int, item: RubricItem) -> InvalidRequest:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ()))
    field = f"rubric_items.{n}.params" + (f".{where}" if where else "")
    return InvalidRequest(f"rubric item {n} ({item.id!r}): {item.verifier} parameters: {first['msg']}", field=field)


class RubricItemsComposition(Composition):
    name = "rubric_items"

    def validate_pack(self, pack: RubricPack) -> None:
        ids = {c.id: c for c in pack.checks}
        missing = [t for t in TEMPLATES if t not in ids]
        if missing:
            raise ValueError(f"rubric_items packs need the question templates {list(TEMPLATES)}; missing {missing}")
        for t, placeholder in (("criterion", "{criterion}"), ("criterion_scale", "{criterion}"),
                               ("condition", "{condition}")):
            q = ids[t].llm
            if q is None or placeholder not in q.prompt:
                raise ValueError(f"template {t!r} needs an llm question whose prompt holds {placeholder}")
        if "{choices}" not in (ids["criterion_scale"].llm.prompt if ids["criterion_scale"].llm else ""):
            raise ValueError("template 'criterion_scale' needs {choices} in its prompt")
        if ids["criterion"].llm.answer != "binary" or ids["condition"].llm.answer != "binary":  # type: ignore[union-attr]
            raise ValueError("templates 'criterion' and 'condition' need binary answers")
        if ids["criterion_scale"].llm.answer == "binary":  # type: ignore[union-attr]
            raise ValueError("template 'criterion_scale' needs a scale or line answer")

    def headline_keys(self, pack: RubricPack) -> list[str]:
        return ["vetoed", "decided_weight"]

    def headline(self, result: ScoreResult) -> dict[str, float]:
        d = result.detail_as(ItemsDetail)
        if d is None:
            return {}
        out = {"decided_weight": d.decided_weight}
        if result.reward is not None:
            out["vetoed"] = float(d.vetoed_by is not None)
        return {k: float(v) for k, v in out.items() if v is not None}

    # -- the per-request pack ----------------------------------------------------------------------------
    def pack_for(self, pack: RubricPack, request: ScoreRequest) -> RubricPack:
        items = request.rubric_items
        if not items:
            raise InvalidRequest(f"rubric {pack.id!r} judges a request's own rubric items: give `rubric_items` (or "
                                 "a `rubric` list of items)", field="rubric_items")
        templates = {c.id: c for c in pack.checks}
        ids = {i.id: n for n, i in enumerate(items)}
        checks: list[CheckSpec] = []
        for n, item in enumerate(items):
            if item.applies_if is not None:
                if condition_id(item.id) in ids:
                    raise InvalidRequest(f"rubric item id {condition_id(item.id)!r} is reserved for item "
                                         f"{item.id!r}'s applies_if question: rename it",
                                         field=f"rubric_items.{ids[condition_id(item.id)]}.id")
                checks.append(self._condition(templates["condition"], item, request))
            checks.append(self._item_check(templates, n, item, request))
        data: dict[str, Any] = {**pack.model_dump(exclude={"checks"}), "checks": [c.model_dump() for c in checks]}
        return RubricPack.model_validate(data)  # our own construction: the shape check suffices (names known)

    @staticmethod
    def _inputs(template: LLMQuestion, request: ScoreRequest) -> list[str]:
        # a missing reference would render an empty REFERENCE block the grader might read as "no expert answer"
        return [i for i in template.inputs if i != "reference" or request.reference is not None]

    def _condition(self, template: CheckSpec, item: RubricItem, request: ScoreRequest) -> CheckSpec:
        q = template.llm
        assert q is not None  # validate_pack
        prompt = q.prompt.replace("{condition}", item.applies_if or "")
        return CheckSpec(id=condition_id(item.id), title=f"applies: {item.applies_if}"[:120], stage="condition",
                         llm=q.model_copy(update={"prompt": prompt, "inputs": self._inputs(q, request)}),
                         combine="llm_only")

    def _item_check(self, templates: dict[str, CheckSpec], n: int, item: RubricItem,
                    request: ScoreRequest) -> CheckSpec:
        stage = "veto" if item.veto else "item"
        if item.verifier.startswith("code:"):
            name = item.verifier.removeprefix("code:")
            try:
                fn = ITEM_VERIFIERS[name]
            except (KeyError, UnknownName):
                raise InvalidRequest(f"rubric item {n} ({item.id!r}): no code verifier {name!r}; request items may "
                                     f"name {ITEM_VERIFIERS.names()}", field=f"rubric_items.{n}.verifier") from None
            model = getattr(fn, "params_model", None)
            if model is not None:
                try:
                    model.model_validate(item.params)
                except ValidationError as exc:
                    raise _params_error(exc, n, item) from None
            if [c.lower() for c in item.choices] != list(_BINARY):
                raise InvalidRequest(f"rubric item {n} ({item.id!r}): a code verifier answers no/yes; leave "
                                     "`choices` out", field=f"rubric_items.{n}.choices")
            return CheckSpec(id=item.id, title=item.text[:120], stage=stage, rule=name, params=item.params,
                             combine="rule_only", weight=abs(item.weight))
        if [c.lower() for c in item.choices] == list(_BINARY):
            q = templates["criterion"].llm
            assert q is not None
            prompt = q.prompt.replace("{criterion}", item.text)
            llm = q.model_copy(update={"prompt": prompt, "inputs": self._inputs(q, request)})
        else:
            q = templates["criterion_scale"].llm
            assert q is not None
            choices = "\n".join(f"{i}: {c}" for i, c in enumerate(item.choices))
            prompt = q.prompt.replace("{criterion}", item.text).replace("{choices}", choices)
            llm = q.model_copy(update={"prompt": prompt, "inputs": self._inputs(q, request),
                                       "scale": (0, len(item.choices) - 1)})
        return CheckSpec(id=item.id, title=item.text[:120], stage=stage, llm=llm, combine="llm_only",
                         weight=abs(item.weight))

    # -- scoring -----------------------------------------------------------------------------------------
    async def score(self, job: Judgment) -> None:
        items = job.request.rubric_items or []
        specs = {c.id: c for c in job.pack.checks}
        every = job.request.options.ask_all or job.request.options.exhaustive
        if job.request.options.ask_all:  # one export round holds every question
            with job.timed("items"):
                await job.run(job.pack.checks)
        with job.timed("conditions"):
            conds = {c.id: c for c in await job.run([specs[condition_id(i.id)] for i in items if i.applies_if])}
        applies: dict[str, bool | None] = {}
        for item in items:
            c = conds.get(condition_id(item.id))
            applies[item.id] = True if c is None else (None if c.passed is None else c.passed)
        vetoes = [i for i in items if i.veto and applies[i.id] is not False]
        with job.timed("vetoes"):
            await job.run([specs[i.id] for i in vetoes if applies[i.id]])
        vetoed_by = next((i.id for i in vetoes if applies[i.id] and _vetoes(i, job.checks[i.id])), None)
        rest = [i for i in items if not i.veto and applies[i.id]]
        if vetoed_by is None or every:
            with job.timed("items"):
                await job.run([specs[i.id] for i in rest])
        self._finish(job, items, applies, vetoed_by)

    def _finish(self, job: Judgment, items: list[RubricItem], applies: dict[str, bool | None],
                vetoed_by: str | None) -> None:
        verdicts: dict[str, ItemVerdict] = {}
        for item in items:
            verdicts[item.id] = _verdict(item, applies[item.id], job.checks.get(item.id),
                                         job.checks.get(condition_id(item.id)))
        thresholds = job.runner.judge.thresholds
        calibrated = all(thresholds.calibrated(s.id, question_hash(s.llm)) for s in job.pack.checks
                         if s.llm is not None)
        applicable = [i for i in items if verdicts[i.id].status != "not_applicable"]
        total = sum(abs(i.weight) for i in applicable)
        decided = sum(abs(i.weight) for i in applicable if verdicts[i.id].status == "answered")
        detail = ItemsDetail(items=verdicts, vetoed_by=vetoed_by, calibrated=calibrated,
                             decided_weight=round(decided / total, 6) if total else None)
        job.result.detail = detail
        if vetoed_by is not None:  # a sure veto decides whatever else is undecided
            job.set_reward(0.0)
            return
        needed = [i for i in items if verdicts[i.id].status != "not_applicable"]
        checks = [c for i in needed for c in (job.checks.get(condition_id(i.id)), job.checks.get(i.id)) if c]
        failed = [c for c in checks if c.failed]
        if failed:
            job.fail(failed[0].stage, failed)
            return
        open_vetoes = [i for i in needed if i.veto and verdicts[i.id].status in ("abstained", "awaiting")]
        if open_vetoes:
            job.abstain("veto", [_deciding(job, open_vetoes[0])])
            return
        undecided = [i for i in needed if verdicts[i.id].status in ("abstained", "awaiting")]
        share = sum(abs(i.weight) for i in undecided) / total if total else 0.0
        if undecided and share > job.pack.composition.max_abstained_share:
            job.abstain("item", [_deciding(job, i) for i in undecided])
            if job.result.abstention is not None and not job.result.awaiting_answers:
                job.result.abstention.cause = (f"undecided items hold {share:.0%} of the weight (over "
                                               f"{job.pack.composition.max_abstained_share:.0%}): "
                                               + job.result.abstention.cause)
            return
        answered = [i for i in needed if verdicts[i.id].status == "answered"]
        positive = sum(i.weight for i in answered if i.weight > 0)
        if positive <= 0:
            job.result.abstained = True
            job.result.abstention = Failure(stage="item", cause="no positive-weight item applies to this response "
                                                               "(or none was decided): nothing to score")
            job.result.reward = None
            return
        total_score = sum(i.weight * (verdicts[i.id].score or 0.0) for i in answered)
        job.set_reward(max(0.0, total_score / positive))


def _vetoes(item: RubricItem, check: CheckResult) -> bool:
    """A decided veto item that fails: a positive one below its pass mark, a pitfall one answered yes."""
    if check.passed is None:
        return False
    return check.passed if item.pitfall else not check.passed


def _deciding(job: Judgment, item: RubricItem) -> CheckResult:
    c = job.checks.get(condition_id(item.id))
    if c is not None and c.passed is None:
        return c
    return job.checks[item.id]


def _verdict(item: RubricItem, applies: bool | None, check: CheckResult | None,
             condition: CheckResult | None) -> ItemVerdict:
    base: dict[str, Any] = {"weight": item.weight, "veto": item.veto, "check": item.id}
    if applies is False:
        return ItemVerdict(status="not_applicable", **base)
    if applies is None and condition is not None:
        status = "failed" if condition.failed else "awaiting" if condition.awaiting_answer else "abstained"
        return ItemVerdict(status=status, **base)
    if check is None:
        return ItemVerdict(status="not_asked", **base)
    if check.failed:
        return ItemVerdict(status="failed", **base)
    if check.awaiting_answer:
        return ItemVerdict(status="awaiting", **base)
    if check.passed is None:
        return ItemVerdict(status="abstained", **base)
    score = check.score if check.score is not None else float(check.passed)
    position = round(score * (len(item.choices) - 1))
    return ItemVerdict(status="answered", answer=item.choices[position], score=score, **base)

