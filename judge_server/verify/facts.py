"""Facts stated about a recommended product, checked against its record.

For each carded product the paragraph(s) about it are scanned for:

- prices ("$129.99") against ``price`` (relative tolerance ``price_tolerance``);
- numbers with units ("8 hours", "470 g", "6.8-inch", "3-pack") against attributes whose key names a
  unit of the same family (``battery_hours``, ``weight_g``, ``screen_in``, ``pack_size``), after unit
  normalisation, within ``unit_tolerance``;
- ratings written as codes ("IPX7") against attribute values carrying such a code;
- boolean features named by an attribute key ("dishwasher safe", "self-emptying", "noise cancelling"),
  negation-aware, against that attribute's true/false value.

A stated fact that matches another product shown in the same response, the bundle total, or a figure
from the query is not a contradiction (comparisons and restated needs). Contradictions fail the check
with the mismatches as evidence; otherwise the rule does not decide (``passed`` None) and reports what it
verified, so a pack's combine policy lets the LLM judge the claims code cannot check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from hrm_wire.models import Product
from judge_server.cards import product_paragraph
from judge_server.rules import RuleContext, RuleOutcome, rule
from judge_server.verify.constraints import price_cap
from judge_server.verify.units import (
    attribute_quantities,
    close,
    negated,
    phrase_pattern,
    quantities_in,
)

_PRICE = re.compile(r"(?:\$|USD\s?|US\$)\s?(\d{1,3}(?:,\d{3})*(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)", re.I)
_RATING = re.compile(r"\bIP[X0-6][0-9]\b", re.I)


@dataclass
class FactReport:
    """What one product's paragraph states, split by outcome."""

    verified: list[str] = field(default_factory=list)
    contradicted: list[str] = field(default_factory=list)
    unverifiable: list[str] = field(default_factory=list)


def _ratings(value: Any) -> set[str]:
    return {m.upper() for m in _RATING.findall(value)} if isinstance(value, str) else set()


def _bundle_totals(ctx: RuleContext) -> list[float]:
    totals = []
    for card in ctx.scan.cards:
        prices = [ctx.products[i].price for i in card.ids if i in ctx.products]
        if len(card.ids) > 1 and prices and all(p is not None for p in prices):
            totals.append(sum(p for p in prices if p is not None))
    return totals


def check_prices(para: str, p: Product, others: list[Product], allowed: list[float], tol: float,
                 report: FactReport) -> None:
    for m in _PRICE.finditer(para):
        stated = float(m.group(1).replace(",", ""))
        if p.price is not None and abs(stated - p.price) <= max(0.01, tol * p.price):
            report.verified.append(f"price ${stated:g} matches")
        elif any(q.price is not None and abs(q.price - stated) <= max(0.01, tol * q.price) for q in others) \
                or any(abs(stated - a) < 0.01 + tol * a for a in allowed):
            continue  # another product's price, a bundle total, or the budget being restated
        elif p.price is None:
            report.unverifiable.append(f"price ${stated:g} (record has no price)")
        else:
            report.contradicted.append(f"text says ${stated:g}, record says {p.price:g} {p.currency}")


def check_quantities(para: str, p: Product, others: list[Product], query: str, tol: float,
                     report: FactReport) -> None:
    own = attribute_quantities(p.attributes)
    theirs = [q for o in others for _, q in attribute_quantities(o.attributes)]
    asked = quantities_in(query)
    for q in quantities_in(para):
        same = [(k, a) for k, a in own if a.family == q.family]
        if not same:
            report.unverifiable.append(f"{q.text!r} (no {q.family} attribute in the record)")
            continue
        if any(close(q.base, a.base, tol) for _, a in same) or (
                len(same) > 1 and close(q.base, sum(a.base for _, a in same), tol)):
            report.verified.append(f"{q.text!r} matches {', '.join(a.text for _, a in same)}")
        elif any(a.family == q.family and close(q.base, a.base, tol) for a in theirs + asked):
            continue  # a figure of another product in a comparison, or the user's own requirement
        else:
            report.contradicted.append(f"text says {q.text!r}, record says {', '.join(a.text for _, a in same)}")


def check_ratings(para: str, p: Product, others: list[Product], report: FactReport) -> None:
    own = set().union(*(_ratings(v) for v in p.attributes.values()))
    theirs = set().union(*(_ratings(v) for o in others for v in o.attributes.values()))
    for m in _RATING.finditer(para):
        code = m.group(0).upper()
        if code in own:
            report.verified.append(f"rating {code} matches")
        elif code in theirs:
            continue
        elif own:
            report.contradicted.append(f"text says {code}, record says {', '.join(sorted(own))}")
        else:
            report.unverifiable.append(f"rating {code} (record has none)")


def check_features(para: str, p: Product, others: list[Product], report: FactReport) -> None:
    for key, value in p.attributes.items():
        if not isinstance(value, bool):
            continue
        for m in phrase_pattern(key).finditer(para):
            claims = not negated(para, m.start())
            if claims == value:
                report.verified.append(f"{'has' if value else 'lacks'} {key.replace('_', ' ')}")
                break
            # in a comparison paragraph the claim may be about the other product
            if any(o.attributes.get(key) is claims for o in others):
                continue
            report.contradicted.append(f"text says it {'has' if claims else 'lacks'} {key.replace('_', ' ')}, "
                                       f"record says {key}={value}")
            break


def _named_in(para: str, p: Product) -> bool:
    """Whether a paragraph talks about ``p`` too (its card id, full name or first three name words)."""
    if p.id in para:
        return True
    name = p.name.lower().strip()
    low = para.lower()
    return bool(name) and (name in low or (len(name.split()) >= 3 and " ".join(name.split()[:3]) in low))


def product_facts(ctx: RuleContext, pid: str, tol_price: float, tol_unit: float) -> FactReport:
    p = ctx.products[pid]
    para = product_paragraph(ctx.request.response, pid, p.name)
    report = FactReport()
    if not para:
        return report
    others = [o for o in ctx.products.values() if o.id != pid and _named_in(para, o)]
    allowed = _bundle_totals(ctx)
    cap = price_cap(ctx.request.query)
    if cap is not None:
        allowed.append(cap)
    check_prices(para, p, others, allowed, tol_price, report)
    check_quantities(para, p, others, ctx.request.query, tol_unit, report)
    check_ratings(para, p, others, report)
    check_features(para, p, others, report)
    return report


@rule("fact_check")
def fact_check(ctx: RuleContext) -> RuleOutcome:
    """Stated prices, quantities, ratings and features of each carded product against its record.

    Params: ``price_tolerance`` (relative, default 0.01), ``unit_tolerance`` (relative, default 0.02),
    ``fail_unverifiable`` (default false: a number the record cannot confirm is left to the LLM).
    """
    tol_price = float(ctx.params.get("price_tolerance", 0.01))
    tol_unit = float(ctx.params.get("unit_tolerance", 0.02))
    contradicted, verified, unverifiable = [], [], []
    for pid in ctx.scan.ids:
        if pid not in ctx.products:
            continue  # unknown ids are card_ids_known's business
        r = product_facts(ctx, pid, tol_price, tol_unit)
        contradicted += [f"{pid}: {e}" for e in r.contradicted]
        verified += [f"{pid}: {e}" for e in r.verified]
        unverifiable += [f"{pid}: {e}" for e in r.unverifiable]
    if contradicted:
        return RuleOutcome(False, f"stated fact contradicts the product record: {contradicted[0]}",
                           contradicted + verified)
    if unverifiable and ctx.params.get("fail_unverifiable", False):
        return RuleOutcome(False, f"stated fact not in the product record: {unverifiable[0]}", unverifiable)
    evidence = verified + [f"unverifiable {e}" for e in unverifiable]
    if verified or unverifiable:
        return RuleOutcome(None, f"{len(verified)} stated fact(s) match the records, {len(unverifiable)} "
                                 "cannot be checked in code", evidence)
    return RuleOutcome(None, "no checkable facts stated")
