"""Facts stated about a recommended product, checked against its record, only where the claim is certain.

The response is cut into clauses and each clause attributed to at most one product
(``judge_server.rules.shopping.attribution``). In a clause attributed to a carded product the rule checks:

- a price ("$129.99", "it costs $54.99") against ``price``, when the clause names the product or starts with
  a pronoun and states exactly one price;
- a number with a unit ("8 hours", "470 g", "6.8-inch", "3-pack") against the record attribute it describes:
  one whose key words appear in the clause ("battery" for ``battery_hours``), or the only attribute of that
  unit family for families that rarely describe anything else (mass, volume, power, ...);
- a rating code ("IPX7") against the record's codes;
- a boolean feature named by an attribute key ("dishwasher safe", "self-emptying"), negation-aware.

A figure is left undecided (never a contradiction) when its clause compares, computes (totals, differences,
"$25 cheaper", "worth the extra $40"), states a range, restates the user's needs, hedges with a condition, or
states several figures of one kind. A price is also left undecided when any clause of its sentence says what
kind of cost the figures are (per unit, per year, filters, ink, pods, running cost): "yearly filter cost is
$79.98 for the A vs $49.98 for the B" splits at "vs", and the second clause alone looks like B's price.
In a clause that does not name the product (a pronoun or a fragment inherits it from its paragraph) a
figure equal to another product's, the query's, or a total or difference of the carded prices is left
undecided too. A contradiction fails the check with the mismatch as evidence;
otherwise the rule does not decide (``passed`` None), so the pack's grader judges what code cannot.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Any

from judge_server.rules.base import RuleContext, RuleOutcome, rule
from judge_server.rules.literals import Prefiltered, Screens, fold
from judge_server.rules.shopping.attribution import (
    ARITHMETIC,
    COMPARISON,
    CONDITION,
    NEED,
    RANGE,
    UNIT_PRICE,
    attributor,
    plain,
)
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

_PRICE = re.compile(r"(?:\$|USD\s?|US\$)\s?(\d{1,3}(?:,\d{3})*(?:\.\d{1,2})?|\d+(?:\.\d{1,2})?)", re.I)
_RATING = re.compile(r"\bIP[X0-6][0-9]\b", re.I)
#: the strings every match of each contains ("$" or "usd"; "ip"), looked for before the pattern is run
_PRICE_LITERALS, _RATING_LITERALS = Prefiltered(_PRICE), Prefiltered(_RATING)
_PRONOUN_LEAD = re.compile(r"^[\s\-*\u2022>#\d.)\"'(]*(?:it|it's|its|this|this one|that one|they|they're)\b", re.I)
_APPROX = re.compile(r"\b(?:about|around|roughly|approximately|approx\.?|nearly|almost|close to|some)\s*~?\s*$|~\s*$",
                     re.I)
_AT_LEAST = ending_with(AT_LEAST_WORDS)
_AT_MOST = ending_with(AT_MOST_WORDS)
_UP_TO = re.compile(r"\b(?:up to|as much as|as long as|a full)\s*$", re.I)
_ACCESSORY = re.compile(r"\b(?:separately|sold|optional|add-on|accessor(?:y|ies)|compatible|works with|buy)\b", re.I)
_NOT_SPEC_AFTER = re.compile(r"^\s*(?:of|for|in|on|at|to|into|from)\b", re.I)
_NOT_SPEC_BEFORE = re.compile(r"\b(?:holds?|fits?|supports?|carr(?:y|ies)|handles?|takes?|accepts?|for|lasts?|"
                              r"loads?|up to)\s*$", re.I)
# a figure standing alone in a list of specs ("GORE-TEX membrane, 320 g per boot, so ...") states the
# product's own figure even without a cue word; anything else around it ("expandable to", "riders of") may not
_BARE_BEFORE = re.compile(r"(?:^|[,;:(\u2013\u2014]|\s-)\s*$")
_BARE_AFTER = re.compile(r"\s*(?:(?:per|a)\s+[a-z]+|each)?\s*(?:$|[,;.)\u2013\u2014]|\s-\s)", re.I)
_APPROX_TOL = 0.25
#: a figure converted to another unit than the record's is usually rounded ("500 ml" for 16 oz)
_CONVERTED_TOL = 0.1
_LEAD_STRIP = re.compile(r"[\s\-*\u2022>#\d.)\"'(:,]+|\b(?:a|an|the|and|with)\b", re.I)


@dataclass
class FactReport:
    """What one product's clauses state, split by outcome."""

    verified: list[str] = field(default_factory=list)
    contradicted: list[str] = field(default_factory=list)
    unverifiable: list[str] = field(default_factory=list)

    def judge(self, holds: bool, stated: str, record: str, excuse: str | None = None) -> None:
        """Files a stated figure: verified when it holds, else contradicted unless ``excuse`` says why a
        mismatch is not certain (then unverifiable)."""
        if holds:
            self.verified.append(f"{stated} matches {record}")
        elif excuse:
            self.unverifiable.append(f"{stated}: {excuse}")
        else:
            self.contradicted.append(f"text says {stated}, record says {record}")


def _ratings(value: Any) -> set[str]:
    return {m.upper() for m in _RATING.findall(value)} if isinstance(value, str) else set()


#: the comparator phrases, in the order they are tried; each is anchored at the end of the text before a figure,
#: which a search still tries from every position, so they share one literal prefilter (most texts hold none)
_COMPARATORS = {_AT_LEAST: ">=", _AT_MOST: "<=", _UP_TO: "==", _APPROX: "~"}
_COMPARATOR_SCREENS = Screens(list(_COMPARATORS))


def _operator(before: str) -> tuple[str, int]:
    """The comparator a figure is stated with ("==", ">=", "<=", "~") and where that phrase starts."""
    m = _COMPARATOR_SCREENS.first(before, _COMPARATORS)
    return (_COMPARATORS[m.re], m.start()) if m else ("==", len(before))


def _holds(op: str, stated: float, actual: float, tol: float) -> bool:
    if op == ">=":
        return actual >= stated or close(actual, stated, tol)
    if op == "<=":
        return actual <= stated or close(actual, stated, tol)
    return close(actual, stated, max(tol, _APPROX_TOL) if op == "~" else tol)


# the markers searched around every stated figure, behind one literal prefilter: ~6 alternations of dozens of words
# each, run on each clause per figure, were most of this rule's CPU
_MARKERS = Screens([COMPARISON, ARITHMETIC, UNIT_PRICE, NEED, CONDITION, RANGE, _ACCESSORY])


def _ambiguous(text: str, *patterns: re.Pattern[str]) -> str | None:
    """The first of ``patterns`` found in ``text``, as matched (a reason to leave a figure undecided)."""
    m = _MARKERS.first(text, patterns)
    return m.group(0).strip() if m else None


def _bare(text: str, start: int, end: int) -> bool:
    return bool(_BARE_BEFORE.search(text, 0, start) and _BARE_AFTER.match(text, end))


_RANGE_BEFORE = re.compile(r"\d\s*(?:-|\u2013|\u2014|to|or|and)\s*\$?\s*$")
_RANGE_AFTER = re.compile(r"\s*(?:-|\u2013|\u2014|to|or)\s*\$?\d")


def _in_range(text: str, start: int, end: int) -> bool:
    return bool(_RANGE_BEFORE.search(text, 0, start) or _RANGE_AFTER.match(text, end))


class ProductFacts:
    """Checks the clauses attributed to carded products against their records."""

    def __init__(self, ctx: RuleContext, tol_price: float, tol_unit: float) -> None:
        self.ctx = ctx
        self.tol_price = tol_price
        self.tol_unit = tol_unit
        self.products = ctx.products
        query = ctx.request.query
        self.query_prices = [float(m.group(1).replace(",", "")) for m in _PRICE.finditer(query)]
        self.query_quantities = quantities_in(query)
        carded = [self.products[i].price for i in ctx.scan.ids if i in self.products]
        prices = [p for p in carded if p is not None]
        # totals and differences the text may compute from the carded prices
        self.derived = [sum(c) for n in range(2, min(4, len(prices)) + 1) for c in itertools.combinations(prices, n)]
        self.derived += [abs(a - b) for a, b in itertools.combinations(prices, 2)]
        # each record's figures, read once: a product's clauses are many, and each looks at every record
        self.quantities = {pid: attribute_quantities(p.attributes) for pid, p in self.products.items()}

    def _other_price(self, pid: str, stated: float) -> bool:
        tol = self.tol_price
        return (any(o.price is not None and abs(o.price - stated) <= max(0.01, tol * o.price)
                    for o in self.products.values() if o.id != pid)
                or any(abs(stated - a) <= 0.01 + tol * a for a in self.derived + self.query_prices))

    def check_prices(self, pid: str, text: str, explicit: bool, report: FactReport, sentence: str = "") -> None:
        p = self.products[pid]
        if not _PRICE_LITERALS.may_match(fold(text)):  # most clauses state no price: ruled out without a scan
            return
        found = list(_PRICE.finditer(text))
        if not found:
            return
        if len(found) > 1:
            report.unverifiable.append(f"{len(found)} prices in one clause: {text[:80]!r}")
            return
        m = found[0]
        stated = float(m.group(1).replace(",", ""))
        op, op_start = _operator(text[:m.start()])
        rest = text[:op_start] + " " + text[m.end():]
        why = _ambiguous(rest, COMPARISON, ARITHMETIC, UNIT_PRICE, NEED, CONDITION, RANGE) \
            or _ambiguous(sentence, UNIT_PRICE)
        if why or _in_range(text, m.start(), m.end()) or not (explicit or _PRONOUN_LEAD.match(text)):
            report.unverifiable.append(f"price ${stated:g} not certainly this product's ({why or 'no subject'})")
        elif p.price is None:
            report.unverifiable.append(f"price ${stated:g} (record has no price)")
        else:
            report.judge(_holds(op, stated, p.price, self.tol_price), f"price ${stated:g}", f"{p.price:g} {p.currency}",
                         excuse=None if explicit or not self._other_price(pid, stated)
                         else "equals another product's price, a total or the query's")

    def _excused(self, pid: str, q: Quantity) -> bool:
        theirs = [a for other, own in self.quantities.items() if other != pid for _, a in own]
        return any(a.family == q.family and close(b, a.base, self.tol_unit)
                   for a in theirs + self.query_quantities for b in q.bases)

    def check_quantities(self, pid: str, text: str, explicit: bool, report: FactReport) -> None:
        stated = quantities_in(text)
        own = self.quantities[pid]
        for q in stated:
            start = text.lower().find(q.text.lower())
            end = start + len(q.text)
            op, op_start = _operator(text[:start])
            rest = text[:op_start] + " " + text[end:]
            why = _ambiguous(rest, COMPARISON, ARITHMETIC, NEED, CONDITION)
            if why or _in_range(text, start, end) or sum(s.family == q.family for s in stated) > 1:
                report.unverifiable.append(f"{q.text!r} not certainly a claim about this product ({why or 'several'})")
                continue
            same = [(k, a) for k, a in own if a.family == q.family]
            linked = [(k, a) for k, a in same if cue_linked(k, text)]
            guessed = not linked and len(same) == 1 and q.family in FALLBACK_FAMILIES \
                and not _NOT_SPEC_AFTER.match(text[end:]) and not _NOT_SPEC_BEFORE.search(text[:start])
            linked = same if guessed else linked
            if not linked:
                report.unverifiable.append(f"{q.text!r} (no record attribute it certainly describes)")
                continue
            holds = any(_holds(op, b, a.base, self._tol(q, a)) for _, a in linked for b in q.bases) or (
                len(linked) > 1 and any(close(b, sum(a.base for _, a in linked), self.tol_unit) for b in q.bases))
            excuse = None
            if guessed and not _bare(text, start, end):
                # paired without a cue word: "expandable to 1 TB" is not the storage_gb of 128
                excuse = "no cue word ties it to the record's only such attribute"
            elif not explicit and self._excused(pid, q):
                excuse = "equals another product's figure or the query's"
            report.judge(holds, repr(q.text), ", ".join(a.text for _, a in linked), excuse=excuse)

    def _tol(self, stated: Quantity, record: Quantity) -> float:
        if UNITS.get(stated.unit) == UNITS.get(record.unit):  # "hrs" and "hours" are one unit
            return self.tol_unit
        return max(self.tol_unit, _CONVERTED_TOL)

    def check_ratings(self, pid: str, text: str, report: FactReport) -> None:
        p = self.products[pid]
        if not _RATING_LITERALS.may_match(fold(text)):
            return
        codes = {m.upper() for m in _RATING.findall(text)}
        if not codes:
            return
        own = set().union(*(_ratings(v) for v in p.attributes.values()))
        theirs = set().union(*(_ratings(v) for o in self.products.values() if o.id != pid for v in o.attributes.values()))
        theirs |= {m.upper() for m in _RATING.findall(self.ctx.request.query)}
        why = _ambiguous(text, COMPARISON, NEED, CONDITION)
        for code in sorted(codes):
            if code in own:
                report.verified.append(f"rating {code} matches")
            elif why or len(codes) > 1 or code in theirs or not own:
                report.unverifiable.append(f"rating {code} ({why or 'not certain'})")
            else:
                report.contradicted.append(f"text says {code}, record says {', '.join(sorted(own))}")

    def check_features(self, pid: str, text: str, explicit: bool, report: FactReport) -> None:
        p = self.products[pid]
        for key, value in p.attributes.items():
            if not isinstance(value, bool):
                continue
            m = phrase_pattern(key).search(text)
            if m is None:
                continue
            if not explicit and not _PRONOUN_LEAD.match(text) and not _LEAD_STRIP.sub("", text[:m.start()]):
                # the feature opens a clause that does not name the product: "Cordless models free you ..."
                report.unverifiable.append(f"{key.replace('_', ' ')} is the subject of a general statement")
                continue
            claims = not negated(text, m.start())
            what = key.replace("_", " ")
            if claims == value:
                report.verified.append(f"{'has' if value else 'lacks'} {what}")
            elif why := _ambiguous(text, COMPARISON, NEED, CONDITION, _ACCESSORY):
                report.unverifiable.append(f"{what} mentioned in a clause that is not a plain claim ({why})")
            else:
                report.contradicted.append(f"text says it {'has' if claims else 'lacks'} {what}, record says "
                                           f"{key}={value}")

    def run(self) -> dict[str, FactReport]:
        carded = set(self.ctx.scan.ids) & set(self.products)
        reports = {pid: FactReport() for pid in self.ctx.scan.ids if pid in carded}
        if not reports:
            return reports  # no carded product: no clause can be charged to one
        attr = attributor(self.ctx)
        names = attr.tables.name_patterns  # a product's own name ("6.5 Quart") is not a claim
        for clause in attr.clauses(self.ctx.request.response):
            pid = clause.product
            if pid is None or pid not in carded:
                continue
            text = plain(clause.text)
            for name in names:
                text = name.sub(" ", text)
            report = reports[pid]
            explicit = pid in clause.named
            # what a sibling clause says about a price's kind ("yearly filter cost ... vs") holds for this one too
            sentence = plain(clause.sentence)
            self.check_prices(pid, text, explicit, report, sentence)
            self.check_quantities(pid, text, explicit, report)
            self.check_ratings(pid, text, report)
            self.check_features(pid, text, explicit, report)
        return reports


@rule("fact_check")
def fact_check(ctx: RuleContext) -> RuleOutcome:
    """Stated prices, quantities, ratings and features of each carded product against its record.

    Params: ``price_tolerance`` (relative, default 0.01), ``unit_tolerance`` (relative, default 0.02),
    ``fail_unverifiable`` (default false: a figure code cannot attribute or check is left to the LLM).
    """
    tol_price = float(ctx.params.get("price_tolerance", 0.01))
    tol_unit = float(ctx.params.get("unit_tolerance", 0.02))
    contradicted, verified, unverifiable = [], [], []
    for pid, r in ProductFacts(ctx, tol_price, tol_unit).run().items():
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
