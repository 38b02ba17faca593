"""Deterministic checks, registered by name so rubric packs can refer to them.

A rule returns a ``RuleOutcome``: ``passed`` is None when the rule does not apply to this sample
(the pack's combine policy then decides what happens), and ``evidence`` lists the facts found.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from hrm_wire.models import Category, Product, ScoreRequest
from judge_server.cards import CardScan, scan_cards


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

    @cached_property
    def scan(self) -> CardScan:
        return scan_cards(self.request.response)

    @cached_property
    def products(self) -> dict[str, Product]:
        return self.request.products()


RuleFn = Callable[[RuleContext], RuleOutcome]
RULES: dict[str, RuleFn] = {}


def rule(name: str) -> Callable[[RuleFn], RuleFn]:
    """Register a rule under ``name`` (pack files refer to it)."""

    def deco(fn: RuleFn) -> RuleFn:
        if name in RULES and RULES[name] is not fn:
            raise ValueError(f"rule {name!r} registered twice")
        RULES[name] = fn
        return fn

    return deco


@rule("card_format")
def card_format(ctx: RuleContext) -> RuleOutcome:
    """Cards follow ``<product>PD_x[,PD_y]</product>``; nothing card-like is malformed."""
    problems = ctx.scan.problems
    if problems:
        return RuleOutcome(False, f"malformed product card: {problems[0]}", problems)
    bare = [i for i in ctx.scan.bare_ids if i not in ctx.scan.ids]
    if bare and ctx.params.get("forbid_bare_ids", True):
        return RuleOutcome(False, f"product id written outside a card: {', '.join(bare)}", bare)
    n = len(ctx.scan.cards)
    return RuleOutcome(True, f"{n} well-formed card(s)" if n else "no cards to check")


@rule("card_ids_known")
def card_ids_known(ctx: RuleContext) -> RuleOutcome:
    """Every card id is among the products the tools returned (or the supplied catalog)."""
    unknown = [i for i in ctx.scan.ids if i not in ctx.products]
    if unknown:
        return RuleOutcome(False, f"card id(s) not returned by any tool: {', '.join(unknown)}",
                           [f"unknown id {i}" for i in unknown])
    return RuleOutcome(True, f"all {len(ctx.scan.ids)} card id(s) come from tool results")


def _mentioned(text: str, product: Product) -> bool:
    name = product.name.strip().lower()
    if not name:
        return False
    low = text.lower()
    if name in low:
        return True
    words = name.split()
    # brand + model (first three words) is how responses usually name a product
    return len(words) >= 3 and " ".join(words[:3]) in low


@rule("card_completeness")
def card_completeness(ctx: RuleContext) -> RuleOutcome:
    """Every product named in the text has a card, and every card id is valid (UI completeness)."""
    from judge_server.cards import strip_cards

    text = strip_cards(ctx.request.response)
    missing = [p.id for p in ctx.products.values() if p.id not in ctx.scan.ids and _mentioned(text, p)]
    evidence = [f"{pid} ({ctx.products[pid].name}) is named in the text without a card" for pid in missing]
    unknown = [i for i in ctx.scan.ids if i not in ctx.products]
    evidence += [f"card {i} matches no product record" for i in unknown]
    if evidence:
        return RuleOutcome(False, evidence[0], evidence)
    return RuleOutcome(True, "every product named in the text has a card")


_SHOPPING = re.compile(
    r"\b(recommend|suggest|find|looking for|look for|buy|purchase|shop|need an?|want an?|get me|options?|"
    r"which (one|should)|best\b.*\b(for|under)|under \$?\d|below \$?\d|budget|gift|compare|vs\.?|versus|"
    r"bundle|set of|pair of|cheapest|alternatives?)\b", re.I)
_ADVICE = re.compile(
    r"\b(how (do|to|can|should|often|long|much)|why (do|does|is)|what is the difference|what does|explain|"
    r"is it (safe|ok|okay|worth)|tips?|should i (wash|clean|store|charge)|care for|maintain)\b", re.I)

_CARD_CATEGORIES = {Category.search_fuzzy, Category.search_multi_constraint, Category.search_bundle,
                    Category.search_general, Category.qa_compare}


def cards_expected(request: ScoreRequest) -> tuple[bool, float, str]:
    """Whether the query calls for product cards, with a confidence and the basis of the decision."""
    if request.options.expect_cards is not None:
        return request.options.expect_cards, 1.0, "set by the caller (options.expect_cards)"
    if request.category is not None:
        expected = request.category in _CARD_CATEGORIES
        return expected, 1.0, f"category {request.category.value}"
    shopping, advice = bool(_SHOPPING.search(request.query)), bool(_ADVICE.search(request.query))
    if shopping and not advice:
        return True, 0.8, "the query asks for products"
    if advice and not shopping:
        return False, 0.8, "the query asks for advice, not products"
    return shopping, 0.55, "the query's intent is ambiguous"


@rule("ui_trigger")
def ui_trigger(ctx: RuleContext) -> RuleOutcome:
    """Cards are shown when the query calls for products and not otherwise."""
    expected, confidence, basis = cards_expected(ctx.request)
    has = bool(ctx.scan.cards)
    if expected and not has:
        return RuleOutcome(False, f"no product cards although the query calls for products ({basis})",
                           [basis], confidence=confidence)
    if not expected and has:
        return RuleOutcome(False, f"product cards shown for a question that needs none ({basis})",
                           [basis, f"{len(ctx.scan.cards)} card(s)"], confidence=confidence)
    return RuleOutcome(True, f"cards {'shown' if has else 'absent'} as expected ({basis})", [basis],
                       confidence=confidence)


@rule("tool_arguments")
def tool_arguments(ctx: RuleContext) -> RuleOutcome:
    """Tool calls carry non-empty arguments (a coarse guard; the process judge grades their quality)."""
    calls = ctx.request.tool_calls()
    if not calls:
        return RuleOutcome(None, "no tool calls")
    empty = [c.name for c in calls if not c.arguments or all(v in (None, "", [], {}) for v in c.arguments.values())]
    if empty:
        return RuleOutcome(False, f"tool call(s) with empty arguments: {', '.join(empty)}", empty)
    return RuleOutcome(True, f"{len(calls)} tool call(s) with arguments")


# Importing these packages registers their rules: fact, constraint and injection checks (verify) and
# the rules of the packs beyond shopping, shop_r1 and workflow_agent (scorers).
from judge_server import scorers as _scorers  # noqa: E402,F401
from judge_server import verify as _verify  # noqa: E402,F401
