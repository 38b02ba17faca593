"""Shapes a stored judgment into what the item page shows (no HTML here: templates escape)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from hrm_wire.models import (
    CheckResult,
    HRMDetail,
    ItemsDetail,
    ObservationStep,
    Product,
    ReasoningStep,
    ScoreRequest,
    ScoreResult,
    ToolCallStep,
)
from judge_server.packs.cards import DEFAULT_SYNTAX, CardSyntax, scan_cards
from judge_server.review.guidelines import Guideline
from judge_server.store.records import Label
from judge_server.store.rows import check_target, l1_target, l2_target


@dataclass
class Segment:
    """A piece of the response: plain text, or a card (one product or a bundle)."""

    kind: str  # "text" | "card"
    text: str = ""
    products: list[tuple[str, Product | None]] = field(default_factory=list)


def response_segments(request: ScoreRequest, cards: CardSyntax = DEFAULT_SYNTAX) -> list[Segment]:
    """Text and product cards in order (the pack's card syntax); card facts come from the product records."""
    known = request.products()
    text = request.response
    out: list[Segment] = []
    pos = 0
    for card in scan_cards(text, cards, known).cards:
        if card.start > pos:
            out.append(Segment("text", text[pos:card.start]))
        out.append(Segment("card", card.raw, [(pid, known.get(pid)) for pid in card.ids]))
        pos = card.end
    if pos < len(text):
        out.append(Segment("text", text[pos:]))
    return out


@dataclass
class ToolCallView:
    name: str
    arguments: str
    call_id: str | None
    observation: str | None = None
    products: list[Product] = field(default_factory=list)


@dataclass
class TrajectoryView:
    calls: list[ToolCallView]
    reasoning: list[str]
    orphan_observations: list[ObservationStep]


def trajectory_view(request: ScoreRequest) -> TrajectoryView:
    """Tool calls paired with their observations (by call_id, else the next unclaimed one)."""
    calls: list[ToolCallView] = []
    by_id: dict[str, ToolCallView] = {}
    reasoning: list[str] = []
    orphans: list[ObservationStep] = []
    for step in request.trajectory:
        if isinstance(step, ReasoningStep):
            reasoning.append(step.text)
        elif isinstance(step, ToolCallStep):
            view = ToolCallView(step.name, json.dumps(step.arguments, ensure_ascii=False, indent=2), step.call_id)
            calls.append(view)
            if step.call_id:
                by_id[step.call_id] = view
        elif isinstance(step, ObservationStep):
            target = by_id.get(step.call_id or "") if step.call_id else None
            if target is None or target.observation is not None:
                target = next((c for c in reversed(calls) if c.observation is None), None)
            if target is None:
                orphans.append(step)
            else:
                target.observation = step.content
                target.products = list(step.products)
    return TrajectoryView(calls, reasoning, orphans)


@dataclass
class TargetView:
    """One labelable verdict: an L1 dimension, one of its sub-checks, an L2 rubric, or a request's rubric item."""

    target: str
    title: str
    level: str  # "L1" | "check" | "L2" | "item"
    judge_passed: bool | None
    judge_score: float | None
    reason: str
    confidence: float
    abstained: bool = False
    failed: bool = False
    failure: str | None = None
    checks: list[CheckResult] = field(default_factory=list)
    subs: list[TargetView] = field(default_factory=list)
    guides: list[Guideline] = field(default_factory=list)
    mine: Label | None = None
    others: list[Label] = field(default_factory=list)
    #: what else to know of an item: "pitfall" (yes is bad), "veto", the ordinal answer given
    tags: list[str] = field(default_factory=list)

    @property
    def judge_state(self) -> str:
        """pass / fail / abstained / failed / none: an abstention is not a failure, nor a fail."""
        if self.judge_passed is not None:
            return "pass" if self.judge_passed else "fail"
        if self.abstained:
            return "abstained"
        return "failed" if self.failed else "none"


def _check_view(c: CheckResult, target: str, title: str, level: str) -> TargetView:
    return TargetView(target, title, level, c.passed, c.score if c.score is not None else (
        None if c.passed is None else float(c.passed)), c.reason, c.confidence, abstained=c.abstained,
        failed=c.failed, failure=c.failure)


def target_views(result: ScoreResult, labels: list[Label], me: str | None,
                 guides: dict[str, list[Guideline]] | None = None,
                 request: ScoreRequest | None = None) -> list[TargetView]:
    """Targets in page order. ``labels`` may span several judgments of one item: the newest of
    each annotator's labels per target counts."""
    guides = guides or {}
    latest: dict[tuple[str, str], Label] = {}
    for lab in sorted(labels, key=lambda x: x.updated_at):
        latest[(lab.annotator, lab.target)] = lab
    mine: dict[str, Label] = {}
    others: dict[str, list[Label]] = {}
    for (who, target), lab in latest.items():
        if me and who == me:
            mine[target] = lab
        else:
            others.setdefault(target, []).append(lab)

    def attach(v: TargetView) -> TargetView:
        v.mine, v.others, v.guides = mine.get(v.target), others.get(v.target, []), guides.get(v.target, [])
        return v

    out: list[TargetView] = []
    hrm = result.detail_as(HRMDetail)
    if hrm is not None and hrm.l1 is not None:
        for name, dim in hrm.l1.dimensions.items():
            checks = [result.checks[c] for c in dim.checks if c in result.checks]
            v = attach(TargetView(l1_target(name), name.replace("_", " "), "L1", dim.passed,
                                  None if dim.passed is None else float(dim.passed), dim.reason, dim.confidence,
                                  abstained=any(c.abstained for c in checks),
                                  failed=any(c.failed for c in checks), checks=checks))
            if len(checks) > 1:
                v.subs = [attach(_check_view(c, check_target(c.id), c.id.replace("_", " "), "check"))
                          for c in checks]
            out.append(v)
    if hrm is not None and hrm.l2 is not None:
        for name in hrm.l2.rubrics:
            if name in result.checks:
                out.append(attach(_check_view(result.checks[name], l2_target(name), name.replace("_", " "), "L2")))
    items = result.detail_as(ItemsDetail)
    if items is not None:
        # a request's own rubric items: each asked item is a target, titled by its text (the request holds it)
        texts = {i.id: i.text for i in (request.rubric_items or [])} if request is not None else {}
        for iid, v in items.items.items():
            if v.check in result.checks:
                view = _check_view(result.checks[v.check], check_target(v.check), texts.get(iid, iid.replace("_", " ")),
                                   "item")
                view.tags = [t for t, on in (("pitfall: yes is bad", v.weight < 0), ("veto", v.veto),
                                             (f"answer: {v.answer}", v.answer not in (None, "yes", "no"))) if on]
                out.append(attach(view))
    return out


def answered(targets: list[TargetView]) -> bool:
    """The annotator has given a verdict (pass, fail or unsure) on some target of this item."""
    return any(t.mine is not None or any(s.mine is not None for s in t.subs) for t in targets)


def fmt(value: Any, digits: int = 3) -> str:
    """Numbers for display; None and NaN as an em dash."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "pass" if value else "fail"
    if isinstance(value, float):
        return "—" if value != value else f"{value:.{digits}f}"
    return str(value)
