"""Shapes a stored judgment into what the item page shows (no HTML here: templates escape)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from hrm_wire.models import (
    CheckResult,
    ObservationStep,
    Product,
    ReasoningStep,
    ScoreRequest,
    ScoreResult,
    ToolCallStep,
)
from judge_server.cards import scan_cards
from judge_server.store.records import Label
from judge_server.store.rows import l1_target, l2_target


@dataclass
class Segment:
    """A piece of the response: plain text, or a card (one product or a bundle)."""

    kind: str  # "text" | "card"
    text: str = ""
    products: list[tuple[str, Product | None]] = field(default_factory=list)


def response_segments(request: ScoreRequest) -> list[Segment]:
    """Text and product cards in order; card facts come from the trajectory's product records."""
    known = request.products()
    text = request.response
    out: list[Segment] = []
    pos = 0
    for card in scan_cards(text).cards:
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
    """One labelable verdict: an L1 dimension or an L2 rubric."""

    target: str
    title: str
    level: str
    judge_passed: bool | None
    judge_score: float | None
    reason: str
    confidence: float
    checks: list[CheckResult] = field(default_factory=list)
    mine: Label | None = None
    others: list[Label] = field(default_factory=list)


def target_views(result: ScoreResult, labels: list[Label], me: str | None) -> list[TargetView]:
    mine: dict[str, Label] = {}
    others: dict[str, list[Label]] = {}
    for lab in labels:
        if me and lab.annotator == me:
            mine[lab.target] = lab
        else:
            others.setdefault(lab.target, []).append(lab)
    out: list[TargetView] = []
    if result.l1:
        for name, dim in result.l1.dimensions.items():
            t = l1_target(name)
            out.append(TargetView(t, name.replace("_", " "), "L1", dim.passed,
                                  None if dim.passed is None else float(dim.passed), dim.reason, dim.confidence,
                                  list(dim.checks.values()), mine.get(t), others.get(t, [])))
    if result.l2:
        for name, check in result.l2.rubrics.items():
            t = l2_target(name)
            out.append(TargetView(t, name.replace("_", " "), "L2", check.passed, check.score, check.reason,
                                  check.confidence, [], mine.get(t), others.get(t, [])))
    return out


def fmt(value: Any, digits: int = 3) -> str:
    """Numbers for display; None and NaN as an em dash."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "pass" if value else "fail"
    if isinstance(value, float):
        return "—" if value != value else f"{value:.{digits}f}"
    return str(value)
