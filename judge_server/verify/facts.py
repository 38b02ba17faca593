"""Facts stated about a product (prices, numbers with units) checked against its record."""

from __future__ import annotations

import re

from judge_server.cards import product_paragraph
from judge_server.rules import RuleContext, RuleOutcome, rule

_PRICE = re.compile(r"(?:\$|USD\s?|US\$)\s?(\d{1,3}(?:,\d{3})*(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)", re.I)


@rule("fact_check")
def fact_check(ctx: RuleContext) -> RuleOutcome:
    """Prices stated next to a recommended product must match its record (within a tolerance)."""
    tol = float(ctx.params.get("price_tolerance", 0.01))
    from judge_server.verify.constraints import price_cap

    cap = price_cap(ctx.request.query)
    evidence, checked = [], 0
    for pid in ctx.scan.ids:
        p = ctx.products.get(pid)
        if p is None or p.price is None:
            continue
        para = product_paragraph(ctx.request.response, pid, p.name)
        for m in _PRICE.finditer(para):
            stated = float(m.group(1).replace(",", ""))
            checked += 1
            if abs(stated - p.price) <= max(0.01, tol * p.price) or (cap is not None and abs(stated - cap) < 0.01):
                continue
            others = [q for q in ctx.products.values() if q.price is not None and abs(q.price - stated) < 0.01]
            if others:
                continue  # a price of another product mentioned in the same paragraph (comparison)
            evidence.append(f"{pid}: text says ${stated:g}, record says {p.price:g} {p.currency}")
    if evidence:
        return RuleOutcome(False, f"stated fact contradicts the product record: {evidence[0]}", evidence)
    if checked:
        return RuleOutcome(None, f"{checked} stated price(s) match the records")
    return RuleOutcome(None, "no checkable facts stated")
