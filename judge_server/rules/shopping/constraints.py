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
from judge_server.rules.base import RuleContext, RuleOutcome, rule
from judge_server.rules.shopping.phrases import AT_LEAST_WORDS, AT_MOST_WORDS, FALLBACK_FAMILIES, ending_with
from judge_server.rules.shopping.units import (
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
                   r"(?:not|isn['’]t|aren['’]t) (?:a must|required|necessary|essential|important)|"
                   r"(?:doesn['’]t|does not) (?:need|have) to|"
                   r"don['’]t need|plus if|(?:doesn['’]t|does not|don['’]t|do not) (?:matter|care|mind)|"
                   r"not (?:fussed|bothered)|either way|no preference)\b", re.I)
_BRACKETED = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_CAP = re.compile(r"\b(?:under|below|less than|no more than|at most|max(?:imum)?|up to|cheaper than|within|"
                  r"budget(?: of| is)?|not over|not more than)\s+" + _NUM, re.I)
_UNIT_AFTER = re.compile(r"\s*-?\s*(" + "|".join(sorted((re.escape(u) for u in UNITS if u != '"'), key=len,
                                                           reverse=True)) + r")(?![a-z])", re.I)
_SIZE = re.compile(r"\bsize\s+(\d+(?:\.\d+)?|xxs|xs|s|m|l|xl|xxl|x-large|extra[- ]large|extra[- ]small|small|"
                   r"medium|large|twin|full|queen|king)\b"
                   r"|\b(twin|full|queen|king)[\s-]size\b", re.I)
# in a query "up to 300 g" is a limit (in a product's description it states the figure itself)
_AT_LEAST = ending_with(AT_LEAST_WORDS + "|or more|plus")
_AT_MOST = ending_with(AT_MOST_WORDS + "|up to|lighter than")
#: "carry over 10 kg" is a load, not the pack's own weight_kg: a mass needs a cue word to be paired
_FALLBACK_FAMILIES = FALLBACK_FAMILIES - {"mass"}
# "150-200 dollars", "$150 to $200": the cap is the upper bound
_RANGE_TAIL = re.compile(r"\s*(?:-|\u2013|\u2014|to)\s*" + _NUM, re.I)
_SENTENCE = re.compile(r"[^.!?]*[.!?]?")
#: families where "a 4-slice toaster" means exactly four
_EXACT_FAMILIES = {"count", "slices", "functions"}


def price_cap(query: str) -> float | None:
    """The lowest price cap stated in the query (a number followed by a unit is not a price)."""
    caps = []
    for m in _CAP.finditer(query):
        upper = _RANGE_TAIL.match(query, m.end())
        top = upper or m
        stated = query[m.start():top.end()]
        if "$" not in stated and _UNIT_AFTER.match(query, top.end()):
            continue  # "under 300 g" caps weight, not price
        if not _MONEY.search(stated) and (_NOT_PRICE_LEAD.match(stated) or not _BARE_END.match(query, top.end())):
            continue  # "up to 4 people", "within 2 weeks": not money
        after = query[top.end(1):top.end(1) + 1]
        if not top.group(2) and (after.isalnum() or after == "_"):
            continue  # "$1e3", "$0x64": not a plain amount, so no sure cap
        value = float(top.group(1).replace(",", ""))
        if top.group(2):
            value *= 1000
        caps.append(value)
    return min(caps) if caps else None


def _soft(query: str, start: int) -> bool:
    """Whether the words around ``start`` only wish for something ("ideally waterproof", "a timer would be nice")."""
    # punctuation inside brackets does not end the clause: "Dual-sided (firm side, soft side) would be nice"
    bare = _BRACKETED.sub(lambda m: " " * len(m.group(0)), query)
    left = max(bare.rfind(c, 0, start) for c in ".;!?,") + 1
    ends = [i for i in (bare.find(c, start) for c in ".;!?,") if i >= 0]
    return bool(_SOFT.search(query[left:min(ends) if ends else len(query)]))


def _questions(query: str) -> list[tuple[int, int]]:
    """Spans of the query's questions: "Is the Garmin 55 waterproof?" asks, it does not require."""
    return [(m.start(), m.end()) for m in _SENTENCE.finditer(query) if m.group(0).rstrip().endswith("?")]


def requested_sizes(query: str) -> list[str]:
    return [(m.group(1) or m.group(2)).lower() for m in _SIZE.finditer(query)]


@dataclass(frozen=True)
class QuantityConstraint:
    quantity: Quantity
    op: str  # ">=", "<=", "=="

    def holds(self, value: float, tol: float) -> bool:
        # under any reading of the query's number (units.Quantity.alt_bases): a veto only when none allows it
        return any(self._holds(value, q, tol) for q in self.quantity.bases)

    def _holds(self, value: float, q: float, tol: float) -> bool:
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
    questions = _questions(query)
    for key, value in attributes.items():
        if isinstance(value, bool):
            m = phrase_pattern(key).search(query)
            if m and not negated(query, m.start()) and not _soft(query, m.start()) \
                    and not any(a <= m.start() < b for a, b in questions):
                out.append(key)
    return out


_LETTER = {"xxs": "xxs", "xs": "xs", "extra small": "xs", "extra-small": "xs", "x-small": "xs", "s": "s",
           "small": "s", "m": "m", "medium": "m", "l": "l", "large": "l", "xl": "xl", "x-large": "xl",
           "extra large": "xl", "extra-large": "xl", "xxl": "xxl", "2xl": "xxl", "xx-large": "xxl"}
# "Queen", "queen size", "Queen (60 x 80 in)"; "Twin XL" or "California King" are other sizes, not these
_BED = re.compile(r"(twin|full|queen|king)(?:[\s-]size)?(?:\s*\([^)]*\))?")


def size_spelling(value: Any) -> tuple[str, str] | None:
    """(sizing system, canonical size) of one size as a query or record spells it; None when the spelling is
    not known, so that a size cannot be called missing ("US 8", "Twin XL", "one size")."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return "number", f"{float(value):g}"
    text = " ".join(str(value).lower().split())
    if re.fullmatch(r"\d+(?:\.\d+)?", text):
        return "number", f"{float(text):g}"
    if text in _LETTER:
        return "letter", _LETTER[text]
    m = _BED.fullmatch(text)
    return ("bed", m.group(1)) if m else None


def _size_ok(wanted: str, attributes: dict[str, Any]) -> bool | None:
    """Whether a record offers the size: None unless both spellings are known and the sizing is the same."""
    for key in ("sizes", "size", "available_sizes"):
        if key in attributes:
            have = attributes[key]
            values = have if isinstance(have, list) else [have]
            w = size_spelling(wanted)
            offered = [size_spelling(v) for v in values]
            if w is None:
                return None
            if w in offered:
                return True
            if None in offered or not offered:
                return None  # an unknown spelling may be the wanted size
            return False if _same_size_system(w, offered) else None
    return None


def _same_size_system(wanted: tuple[str, str], offered: list[tuple[str, str] | None]) -> bool:
    """Whether a missing size is certainly missing: the record uses the same sizing as the query.

    "size M" against numeric sizes, or US 10 against EU 42-46, may be the same size in another system.
    """
    if any(o is None or o[0] != wanted[0] for o in offered):
        return False
    if wanted[0] != "number":
        return True
    w = float(wanted[1])
    return min(abs(w - float(o[1])) for o in offered if o is not None) <= 4


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
