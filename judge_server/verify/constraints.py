"""Constraints stated in the query, checked against the recommended products' records."""

from __future__ import annotations

import re

from judge_server.rules import RuleContext, RuleOutcome, rule

_NUM = r"\$?\s*(\d+(?:[.,]\d+)?)\s*(?:k\b)?\s*(?:dollars|usd|bucks|\$)?"
_CAP = re.compile(r"\b(?:under|below|less than|no more than|at most|max(?:imum)?|up to|cheaper than|within|"
                  r"budget(?: of| is)?|not over|not more than)\s+" + _NUM, re.I)


def price_cap(query: str) -> float | None:
    caps = []
    for m in _CAP.finditer(query):
        value = float(m.group(1).replace(",", ""))
        if re.search(r"\d\s*k\b", m.group(0), re.I):
            value *= 1000
        caps.append(value)
    return min(caps) if caps else None


@rule("query_constraints")
def query_constraints(ctx: RuleContext) -> RuleOutcome:
    """Recommended products respect the query's price cap (more constraints: see facts)."""
    cap = price_cap(ctx.request.query)
    if cap is None:
        return RuleOutcome(None, "no checkable constraint in the query")
    tolerance = float(ctx.params.get("price_tolerance", 0.0))
    over = []
    for pid in ctx.scan.ids:
        p = ctx.products.get(pid)
        if p is not None and p.price is not None and p.price > cap * (1 + tolerance):
            over.append(f"{pid} costs {p.price:g} {p.currency}, over the {cap:g} cap")
    if over:
        return RuleOutcome(False, f"violates the query's price cap: {over[0]}", over)
    return RuleOutcome(True, f"every recommended product is within the {cap:g} price cap")
