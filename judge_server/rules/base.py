"""What a deterministic check receives and returns; the rules themselves live in their own modules.

A rule is a function ``(RuleContext) -> RuleOutcome``. ``passed`` is three-valued: True (sure pass), False
(sure fail: a fact established beyond doubt, such as a card id no tool returned) and None (not sure, or the
rule does not apply: the pack's combine policy then lets the grader decide). ``evidence`` lists the facts
found either way.

This module imports no rule. Rules are named with ``@rule("name")`` (a tag, no side effect) and listed
explicitly in ``judge_server.rules.registry``, which builds the registry packs refer to.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hrm_wire.models import Product, ScoreRequest
from judge_server.packs.cards import DEFAULT_SYNTAX, CardScan, CardSyntax, scan_cards


@dataclass
class RuleOutcome:
    passed: bool | None
    reason: str = ""
    evidence: list[str] = field(default_factory=list)
    score: float | None = None
    confidence: float = 1.0
    #: named sub-rewards for composed packs (e.g. Shop-R1 format/type/value rewards)
    components: dict[str, float] = field(default_factory=dict)


@dataclass
class RuleContext:
    request: ScoreRequest
    params: dict[str, Any]
    #: the pack's card syntax (``RubricPack.cards``)
    cards: CardSyntax = DEFAULT_SYNTAX
    #: what the rules of one judgment share (the card scan, the product records): a judgment runs a dozen rules
    #: over the same response, and scanning it once per rule was a tenth of the pipeline's CPU
    shared: dict[Any, Any] = field(default_factory=dict)

    @property
    def scan(self) -> CardScan:
        key = ("scan", self.cards)
        found = self.shared.get(key)
        if found is None:
            found = self.shared[key] = scan_cards(self.request.response, self.cards, self.products.keys())
        return found

    @property
    def products(self) -> dict[str, Product]:
        if "products" not in self.shared:
            self.shared["products"] = self.request.products()
        return self.shared["products"]


RuleFn = Callable[[RuleContext], RuleOutcome]


def rule(name: str) -> Callable[[RuleFn], RuleFn]:
    """Name a rule (pack files refer to it by this name); registration is ``judge_server.rules.registry``'s job."""

    def deco(fn: RuleFn) -> RuleFn:
        fn.rule_name = name  # type: ignore[attr-defined]
        return fn

    return deco


def rule_name(fn: RuleFn) -> str:
    name = getattr(fn, "rule_name", None)
    if not isinstance(name, str):
        raise ValueError(f"{fn!r} is not a rule: decorate it with @rule('name')")
    return name

