"""Product-card checks of the UI: card syntax, card ids, every named product carded, cards shown when due.

``card_format``, ``card_ids_known`` and ``card_completeness`` read facts of the text and decide. ``ui_trigger``
decides only from what the caller stated (``options.expect_cards``) or the query's category; without either
it does not guess from the query's wording (the paper's own camping query reads as advice and calls for
cards) and returns not-sure, so the pack's grader question decides.
"""

from __future__ import annotations

import re

from hrm_wire.models import Category, Product, ScoreRequest
from judge_server.packs.cards import strip_cards
from judge_server.rules.base import RuleContext, RuleOutcome, rule
from judge_server.rules.shopping.attribution import attributor

#: categories whose answers are product recommendations: no cards there is a sure miss
_SEARCH = {Category.search_fuzzy, Category.search_multi_constraint, Category.search_bundle,
           Category.search_general}


@rule("card_format")
def card_format(ctx: RuleContext) -> RuleOutcome:
    """Cards follow the pack's syntax (``<product>ID[,ID]</product>``); nothing card-like is malformed."""
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


def mentioned(text: str, product: Product, carded_names: tuple[str, ...] = ()) -> bool:
    """Whether ``text`` names ``product`` as its record spells it: full name, or first three name words.

    Case matters: a record named "Insulated Water Bottle" is not named by "an insulated water bottle keeps ...".
    The three-word prefix does not count when a carded product's name has those words too ("Hydro Flask
    Standard Mouth 21 oz" is not named by a shortened mention of the carded 24 oz one).
    """
    name = product.name.strip()
    if not name:
        return False
    if name in text:
        return True
    words = name.split()
    if len(words) < 3:
        return False
    prefix = " ".join(words[:3])
    return prefix in text and not any(prefix in carded for carded in carded_names)


def without_names(text: str, names: tuple[str, ...]) -> str:
    """``text`` with each of ``names`` blanked out, longest first, so that "Apple iPhone 15 Pro" does not also
    read as "Apple iPhone 15"."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return text


# a product named only to be set aside or compared with is not a recommendation that needs a card
_SET_ASIDE = re.compile(r"\b(?:skip|avoid|left out|leave out|excluded?|ruled? out|(?:do|would|could)(?:n't| not) "
                        r"recommend|not recommend|rather than|instead of|unlike|compared|than|over (?:your|the) budget|"
                        r"too (?:expensive|pricey|heavy|big|small|loud)|out of stock|sold out|(?:does|do)(?:n't| not) "
                        r"(?:meet|fit|have|offer|come)|lacks?|passed on|pass on)\b", re.I)
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n+")


def _set_aside(text: str, product: Product, carded: tuple[str, ...]) -> bool:
    """Whether every sentence naming ``product`` sets it aside or compares against it."""
    naming = [s for s in _SENTENCES.split(text) if mentioned(s, product, carded)]
    return bool(naming) and all(_SET_ASIDE.search(s) for s in naming)


@rule("card_completeness")
def card_completeness(ctx: RuleContext) -> RuleOutcome:
    """Every product named in the text has a card, and every card id is valid (UI completeness).

    A product named without a card only in sentences that set it aside ("I left out the X: over budget") or
    compare with it ("cheaper than the X"), or one the user asked about in a consultation (or a query of no
    stated category), is not a sure miss: the rule then does not decide.
    """
    carded = tuple(n for n in (ctx.products[i].name.strip() for i in ctx.scan.ids if i in ctx.products) if n)
    text = without_names(strip_cards(ctx.request.response, ctx.cards), carded)
    named = [p for p in ctx.products.values() if p.id not in ctx.scan.ids and mentioned(text, p, carded)]
    # a consultation about a product the user named ("Is the X good for flying?") may answer without its card
    asked = attributor(ctx).named(ctx.request.query) if ctx.request.category in (
        None, Category.qa_consultation) else set()
    aside = [p for p in named if p.id in asked or _set_aside(text, p, carded)]
    missing = [p for p in named if p not in aside]
    evidence = [f"{p.id} ({p.name}) is named in the text without a card" for p in missing]
    unknown = [i for i in ctx.scan.ids if i not in ctx.products]
    evidence += [f"card {i} matches no product record" for i in unknown]
    if evidence:
        return RuleOutcome(False, evidence[0], evidence)
    if aside:
        return RuleOutcome(None, "product(s) named without a card only to be set aside, compared with or "
                                 "asked about",
                           [f"{p.id} ({p.name}) named without a card, set aside or compared" for p in aside])
    return RuleOutcome(True, "every product named in the text has a card")


def cards_expected(request: ScoreRequest) -> tuple[bool | None, str]:
    """Whether cards are due: True / False when the caller or the category says so, None when not sure."""
    if request.options.expect_cards is not None:
        return request.options.expect_cards, "set by the caller (options.expect_cards)"
    category = request.category
    if category is None:
        return None, "no category or options.expect_cards given"
    if category in _SEARCH:
        return True, f"category {request.category_label()}"
    return None, f"category {request.category_label()}: cards depend on the answer"


@rule("ui_trigger")
def ui_trigger(ctx: RuleContext) -> RuleOutcome:
    """Cards shown when the query calls for products and not otherwise, decided only where that is certain.

    - ``options.expect_cards`` set: cards must match it (pass or fail);
    - search categories: cards pass; no cards fail when the tools returned products to show (an empty search
      result leaves nothing to card, so that case is not sure);
    - QA-Compare: cards pass, none is not sure (a comparison of kinds of product needs none);
    - QA-Consultation: no cards pass, cards are not sure (a consultation often ends in a recommendation);
    - no category and no ``expect_cards``: not sure; the pack's grader question decides.
    """
    expected, basis = cards_expected(ctx.request)
    n = len(ctx.scan.cards)
    has = n > 0
    evidence = [basis, f"{n} card(s)"]
    if ctx.request.options.expect_cards is not None:
        if has == expected:
            return RuleOutcome(True, f"cards {'shown' if has else 'absent'} as the caller expects", evidence)
        what = "no product cards although" if expected else "product cards although"
        return RuleOutcome(False, f"{what} the caller says cards are {'due' if expected else 'not due'}", evidence)
    category = ctx.request.category
    if category in _SEARCH:
        if has:
            return RuleOutcome(True, f"cards shown for a product search ({basis})", evidence)
        if ctx.products:
            return RuleOutcome(False, f"no product cards although the query asks for products ({basis}) and "
                                      f"the tools returned {len(ctx.products)}", evidence)
        return RuleOutcome(None, f"no cards, and no tool returned a product to show ({basis})", evidence)
    if category == Category.qa_compare and has:
        return RuleOutcome(True, f"cards shown for a product comparison ({basis})", evidence)
    if category == Category.qa_consultation and not has:
        return RuleOutcome(True, f"no cards on a consultation ({basis})", evidence)
    return RuleOutcome(None, f"cards {'shown' if has else 'absent'}; whether they are due is not certain ({basis})",
                       evidence)
