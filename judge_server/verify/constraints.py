"""Constraints stated in the query, checked against the recommended (carded) products' records.

Parsed from the query:

- price caps ("under $150", "budget of 200 dollars", "max 1.5k"), only where the number is certainly money
  (a currency sign or word, a "k", a budget word, or a bare number nothing else follows: "up to 4 people"
  is not a cap); every carded product must be within it, and a bundle card's sum too unless the query
  prices items one by one ("each"); separate cards are not summed (they may be alternatives);
- sizes ("size 8", "size M", "queen size") against a ``size``/``sizes`` attribute (one of the requested
  sizes must be offered);
- quantities with units ("4-slice", "pack of 6", "at least 8 hours", "under 300 g") against the attribute
  they describe (key words nearby, or the only attribute of a family that rarely means anything else);
  counts must match exactly, other quantities follow the stated comparator;
- required features: a boolean attribute whose name the query uses ("waterproof", "bagel setting") must
  not be false, unless the query only wishes for it ("ideally", "nice to have", "if possible").

Each constraint either holds, is violated (evidence names product, constraint and record value), or cannot
be checked (the record lacks the attribute, or the query is not plain about it), which never fails a product.
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
    cue_linked,
    negated,
    phrase_pattern,
    quantities_in,
)

_NUM = r"\$?\s*(\d+(?:[.,]\d+)?)(\s*k\b)?\s*(?:dollars|usd|bucks|\$)?"
_MONEY = re.compile(r"\$|dollars|usd|bucks|\d\s*k\b|budget", re.I)
# a bare number is a price only when nothing that could be its unit or object follows ("under 150 please")
_BARE_END = re.compile(r"\s*(?:$|[.,;!?)]|(?:for|and|or|with|please|if|but|total|each|in total|overall)\b)", re.I)
_NOT_PRICE_LEAD = re.compile(r"^(?:up to|within|max(?:imum)?|at most)\b", re.I)
_EACH = re.compile(r"\b(?:each|apiece|per (?:item|piece|product))\b", re.I)
_SOFT = re.compile(r"\b(?:ideally|prefer(?:ably|red)?|nice to have|would be nice|bonus|if possible|optional|"
                   r"not (?:a must|required|necessary|essential)|doesn't (?:need|have) to|don't need|plus if)\b", re.I)
_CAP = re.compile(r"\b(?:under|below|less than|no more than|at most|max(?:imum)?|up to|cheaper than|within|"
                  r"budget(?: of| is)?|not over|not more than)\s+" + _NUM, re.I)
_UNIT_AFTER = re.compile(r"\s*-?\s*(" + "|".join(sorted((re.escape(u) for u in UNITS if u != '"'), key=len,
                                                           reverse=True)) + r")(?![a-z])", re.I)
_SIZE = re.compile(r"\bsize\s+(\d+(?:\.\d+)?|xxs|xs|s|m|l|xl|xxl|small|medium|large|twin|full|queen|king)\b"
                   r"|\b(twin|full|queen|king)[\s-]size\b", re.I)
_AT_LEAST = re.compile(r"\b(at least|minimum( of)?|min\.?|over|more than|or more|plus)\s*$", re.I)
_AT_MOST = re.compile(r"\b(under|below|less than|at most|max(imum)?( of)?|up to|no more than|lighter than)\s*$",
                      re.I)
#: unit families whose figures nearly always describe the record's one attribute of that family
_FALLBACK_FAMILIES = {"mass", "volume", "power", "charge", "storage", "suction", "count", "slices", "functions"}
#: families where "a 4-slice toaster" means exactly four
_EXACT_FAMILIES = {"count", "slices", "functions"}


def price_cap(query: str) -> float | None:
    """The lowest price cap stated in the query (a number followed by a unit is not a price)."""
    caps = []
    for m in _CAP.finditer(query):
        if "$" not in m.group(0) and _UNIT_AFTER.match(query, m.end()):
            continue  # "under 300 g" caps weight, not price
        if not _MONEY.search(m.group(0)) and (_NOT_PRICE_LEAD.match(m.group(0))
                                               or not _BARE_END.match(query, m.end())):
            continue  # "up to 4 people", "within 2 weeks": not money
        value = float(m.group(1).replace(",", ""))
        if m.group(2):
            value *= 1000
        caps.append(value)
    return min(caps) if caps else None


def _soft(query: str, start: int) -> bool:
    """Whether the words around ``start`` only wish for something ("ideally waterproof", "a timer would be nice")."""
    left = max(query.rfind(c, 0, start) for c in ".;!?,") + 1
    ends = [i for i in (query.find(c, start) for c in ".;!?,") if i >= 0]
    return bool(_SOFT.search(query[left:min(ends) if ends else len(query)]))


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
            if m and not negated(query, m.start()) and not _soft(query, m.start()):
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
            if w in norm:
                return True
            return False if _same_size_system(w, norm) else None
    return None


def _number(s: str) -> float | None:
    try:
        return float(s)
    except ValueError:
        return None


def _same_size_system(wanted: str, offered: set[str]) -> bool:
    """Whether a missing size is certainly missing: the record uses the same sizing as the query.

    "size M" against numeric sizes, or US 10 against EU 42-46, may be the same size in another system.
    """
    w = _number(wanted)
    nums = [n for n in (_number(o) for o in offered) if n is not None]
    if w is None:
        return not nums  # letter or bed sizes against letter or bed sizes
    return len(nums) == len(offered) and bool(nums) and min(abs(w - n) for n in nums) <= 4


def product_violations(p: Product, query: str, tol: float) -> tuple[list[str], int]:
    """(violations, number of constraints checked) for one product, price excluded."""
    violations: list[str] = []
    checked = 0
    sizes = requested_sizes(query)
    offered = [_size_ok(size, p.attributes) for size in sizes]
    if sizes and None not in offered:
        checked += 1
        if not any(offered):  # several sizes may be for several people: one offered is enough
            violations.append(f"{p.id} is not offered in size {' or '.join(sizes)} "
                              f"(sizes: {p.attributes.get('sizes', p.attributes.get('size'))})")
    attrs = attribute_quantities(p.attributes)
    for c in quantity_constraints(query):
        family = [(k, a) for k, a in attrs if a.family == c.quantity.family]
        start = query.lower().find(c.quantity.text.lower())
        window = query[max(0, start - 40):start + len(c.quantity.text) + 40]
        same = [(k, a) for k, a in family if cue_linked(k, window)]
        if not same and len(family) == 1 and c.quantity.family in _FALLBACK_FAMILIES:
            same = family
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
        limit = cap * (1 + tol_price)
        for p in shown:
            if p.price is not None:
                checked.append(f"{p.id} price {p.price:g} vs cap {cap:g}")
                if p.price > limit:
                    violations.append(f"{p.id} costs {p.price:g} {p.currency}, over the {cap:g} cap")
        if not _EACH.search(query):
            for card in (c for c in ctx.scan.cards if len(c.ids) > 1):
                prices = [ctx.products[i].price for i in card.ids if i in ctx.products]
                total = sum(x for x in prices if x is not None)
                checked.append(f"bundle {','.join(card.ids)} total {total:g} vs cap {cap:g}")
                if total > limit:
                    violations.append(f"the bundle {','.join(card.ids)} totals {total:g}, over the {cap:g} budget")
    for p in shown:
        v, n = product_violations(p, query, tol_unit)
        violations += v
        checked += [f"{p.id}: {n} constraint(s)"] if n else []
    if violations:
        return RuleOutcome(False, f"violates the query's constraints: {violations[0]}", violations)
    if checked:
        return RuleOutcome(True, "every recommended product meets the query's checkable constraints", checked)
    return RuleOutcome(None, "no checkable constraint in the query")
