"""Constraints stated in the query, checked against the recommended (carded) products' records.

Parsed from the query:

- price caps ("under $150", "budget of 200 dollars", "max 1.5k"); with a bundle card, or a query asking
  for a total, the cap applies to the sum of the recommended products;
- sizes ("size 8", "size M", "queen size") against a ``size``/``sizes`` attribute;
- quantities with units ("4-slice", "pack of 6", "at least 8 hours", "under 300 g") against attributes of
  the same unit family; counts must match exactly, other quantities follow the stated comparator;
- required features: a boolean attribute whose name the query uses ("waterproof", "bagel setting") must
  not be false.

Each constraint either holds, is violated (evidence names product, constraint and record value), or cannot
be checked (the record lacks the attribute), which never fails a product.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from hrm_wire.models import Product
from judge_server.rules import RuleContext, RuleOutcome, rule
from judge_server.verify.units import (
    UNITS,
    Quantity,
    attribute_quantities,
    close,
    negated,
    phrase_pattern,
    quantities_in,
)

_NUM = r"\$?\s*(\d+(?:[.,]\d+)?)(\s*k\b)?\s*(?:dollars|usd|bucks|\$)?"
_CAP = re.compile(r"\b(?:under|below|less than|no more than|at most|max(?:imum)?|up to|cheaper than|within|"
                  r"budget(?: of| is)?|not over|not more than)\s+" + _NUM, re.I)
_UNIT_AFTER = re.compile(r"\s*-?\s*(" + "|".join(sorted((re.escape(u) for u in UNITS if u != '"'), key=len,
                                                           reverse=True)) + r")(?![a-z])", re.I)
_TOTAL = re.compile(r"\b(total|in all|altogether|combined|for everything|whole (kit|set|bundle))\b", re.I)
_SIZE = re.compile(r"\bsize\s+(\d+(?:\.\d+)?|xxs|xs|s|m|l|xl|xxl|small|medium|large|twin|full|queen|king)\b"
                   r"|\b(twin|full|queen|king)[\s-]size\b", re.I)
_AT_LEAST = re.compile(r"\b(at least|minimum( of)?|min\.?|over|more than|or more|plus)\s*$", re.I)
_AT_MOST = re.compile(r"\b(under|below|less than|at most|max(imum)?( of)?|up to|no more than|lighter than)\s*$",
                      re.I)
#: families where "a 4-slice toaster" means exactly four
_EXACT_FAMILIES = {"count", "slices", "functions"}


def price_cap(query: str) -> float | None:
    """The lowest price cap stated in the query (a number followed by a unit is not a price)."""
    caps = []
    for m in _CAP.finditer(query):
        if "$" not in m.group(0) and _UNIT_AFTER.match(query, m.end()):
            continue  # "under 300 g" caps weight, not price
        value = float(m.group(1).replace(",", ""))
        if m.group(2):
            value *= 1000
        caps.append(value)
    return min(caps) if caps else None


def requested_sizes(query: str) -> list[str]:
    return [(m.group(1) or m.group(2)).lower() for m in _SIZE.finditer(query)]


@dataclass(frozen=True)
class QuantityConstraint:
    quantity: Quantity
    op: str  # ">=", "<=", "=="

    def holds(self, value: float, tol: float) -> bool:
        q = self.quantity.base
        if self.op == ">=":
            return value >= q or close(value, q, tol)
        if self.op == "<=":
            return value <= q or close(value, q, tol)
        return close(value, q, tol)

    def describe(self) -> str:
        return {"<=": "at most ", ">=": "at least ", "==": ""}[self.op] + self.quantity.text


def quantity_constraints(query: str) -> list[QuantityConstraint]:
    out = []
    for q in quantities_in(query):
        start = query.lower().find(q.text.lower())
        before = query[max(0, start - 25):start] if start >= 0 else ""
        if _AT_LEAST.search(before):
            out.append(QuantityConstraint(q, ">="))
        elif _AT_MOST.search(before):
            out.append(QuantityConstraint(q, "<="))
        elif q.family in _EXACT_FAMILIES:
            out.append(QuantityConstraint(q, "=="))
    return out


def required_features(query: str, attributes: dict[str, Any]) -> list[str]:
    """Boolean attribute keys the query asks for (named, not negated)."""
    out = []
    for key, value in attributes.items():
        if isinstance(value, bool):
            m = phrase_pattern(key).search(query)
            if m and not negated(query, m.start()):
                out.append(key)
    return out


def _size_ok(wanted: str, attributes: dict[str, Any]) -> bool | None:
    for key in ("sizes", "size", "available_sizes"):
        if key in attributes:
            have = attributes[key]
            values = have if isinstance(have, list) else [have]
            norm = {str(v).lower().rstrip("0").rstrip(".") if isinstance(v, float) else str(v).lower()
                    for v in values}
            w = wanted.rstrip("0").rstrip(".") if re.fullmatch(r"\d+\.\d+", wanted) else wanted
            return w in norm
    return None


def product_violations(p: Product, query: str, tol: float) -> tuple[list[str], int]:
    """(violations, number of constraints checked) for one product, price excluded."""
    violations: list[str] = []
    checked = 0
    for size in requested_sizes(query):
        ok = _size_ok(size, p.attributes)
        if ok is not None:
            checked += 1
            if not ok:
                violations.append(f"{p.id} is not offered in size {size} (sizes: {p.attributes.get('sizes')})")
    attrs = attribute_quantities(p.attributes)
    for c in quantity_constraints(query):
        same = [(k, a) for k, a in attrs if a.family == c.quantity.family]
        if not same:
            continue
        checked += 1
        if not any(c.holds(a.base, tol) for _, a in same):
            have = ", ".join(a.text for _, a in same)
            violations.append(f"{p.id} has {have}; the query asks for {c.describe()}")
    for key in required_features(query, p.attributes):
        checked += 1
        if p.attributes[key] is False:
            violations.append(f"{p.id} lacks the requested {key.replace('_', ' ')} ({key}=false)")
    return violations, checked


@rule("query_constraints")
def query_constraints(ctx: RuleContext) -> RuleOutcome:
    """Recommended products respect the query's price cap, sizes, quantities and required features.

    Params: ``price_tolerance`` (relative slack on the cap, default 0), ``unit_tolerance`` (default 0.02).
    """
    query = ctx.request.query
    tol_price = float(ctx.params.get("price_tolerance", 0.0))
    tol_unit = float(ctx.params.get("unit_tolerance", 0.02))
    shown = [ctx.products[i] for i in ctx.scan.ids if i in ctx.products]
    violations: list[str] = []
    checked: list[str] = []
    cap = price_cap(query)
    if cap is not None and shown:
        bundle = any(len(c.ids) > 1 for c in ctx.scan.cards) or bool(_TOTAL.search(query))
        priced = [p for p in shown if p.price is not None]
        if bundle:
            total = sum(p.price for p in priced if p.price is not None)
            checked.append(f"total {total:g} vs cap {cap:g}")
            if total > cap * (1 + tol_price):
                violations.append(f"the recommended products total {total:g}, over the {cap:g} budget")
        else:
            for p in priced:
                checked.append(f"{p.id} price {p.price:g} vs cap {cap:g}")
                if p.price is not None and p.price > cap * (1 + tol_price):
                    violations.append(f"{p.id} costs {p.price:g} {p.currency}, over the {cap:g} cap")
    for p in shown:
        v, n = product_violations(p, query, tol_unit)
        violations += v
        checked += [f"{p.id}: {n} constraint(s)"] if n else []
    if violations:
        return RuleOutcome(False, f"violates the query's constraints: {violations[0]}", violations)
    if checked:
        return RuleOutcome(True, "every recommended product meets the query's checkable constraints", checked)
    return RuleOutcome(None, "no checkable constraint in the query")
