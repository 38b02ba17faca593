"""Which product a clause of the response talks about, and whether its figures can be read as plain claims.

A stated figure may only be checked against a product's record when the text is certainly claiming it for
that product. The response is cut into clauses (sentences, then at ``;``, ``:`` and conjunctions such as
*but*, *while*, *whereas*, *so*, *versus*); a clause is attributed to a product when

- it names exactly one product (card id, full name, brand + model, or a name word no other product shares),
  or
- it names none, starts with a pronoun ("it", "this one") or with no subject at all (a catalogue fragment
  such as "510 g per boot"), and the list item or paragraph it sits in names exactly one product;

and it contains no word that refers to another, unnamed product ("the other", "both", "most", ...). Markers
of comparison, arithmetic, ranges, approximations, conditions and restated user needs are reported per
clause, so a checker can leave such figures undecided instead of charging them to the product.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from hrm_wire.models import Product
from judge_server.packs.cards import paragraphs
from judge_server.rules.base import RuleContext
from judge_server.rules.literals import Needles, Screens

_CARD = re.compile(r"<product>([^<]*)</product>")
_LIST_ITEM = re.compile(r"\n\s*(?=(?:[-*\u2022]|\d+[.)])\s)")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9*\"(\[<$\u2022-])")
# the lookahead names the characters every alternative starts with: positions it rules out are not tried one
# alternative at a time (a third faster over the labelled sets' sentences, same splits)
_CLAUSE = re.compile(r"(?=[\s;:,])(?:\s*;\s*|:\s+|,\s+(?:and\s+)?(?=(?:it|it's|its|this|they|they're)\s)|,?\s+(?:but|while|whereas|although|though|so|yet|because|since|unlike|"
                     r"compared (?:to|with)|versus|vs\.?)\s+|\s+\u2014\s+)", re.I)
_LEAD = re.compile(r"^[\s\-*\u2022>#\d.)\"'(]*")
_PRONOUN = re.compile(r"^(?:it|it's|its|this|this one|that one|they|they're|these|the pair|this model|this pick|"
                      r"this set|this kit)\b", re.I)
_PRONOUN_ANYWHERE = re.compile(r"\b(?:it|it's|its|they|they're|their|this one|that one)\b", re.I)
_DETERMINER = re.compile(r"^(?:the|a|an|most|many|some|these|those|that|such|your|my|our|their|every|all|any|no|"
                         r"other|another|each|both|either|neither|one|two|three|few|several)\b", re.I)
#: a clause that mentions these talks about some other product, or products in general
OTHER = re.compile(r"\b(?=[a-z])(?:(?:the|its|their|that)\s+(?:other|former|latter|rival|competitor|alternative|first|second|"
                   r"third|last|cheaper|pricier|lighter|heavier|bigger|smaller|larger|newer|older|previous|next)|"
                   r"others?|another|the rest|both|either|neither|each|most|many|typical(?:ly)?|average|usually|"
                   r"generally|often|competitors?|rivals?|alternatives?|similar|comparable|same|models|ones|options|"
                   r"brands|kinds|types|variants|versions)\b", re.I)
#: ``OTHER`` behind its literal prefilter: run on every clause that could be about one product, and most hold none
#: of its words
_OTHER_SCREEN, _OTHER_ONLY = Screens([OTHER]), (OTHER,)
COMPARISON = re.compile(r"\b(?:than|versus|vs\.?|compared|comparison|unlike|whereas|while|relative|twice|half|"
                        r"times|difference|differs?|beats?|outlasts?|ahead|behind|gap|[a-z]+er\s+than)\b|"
                        r"\b(?:lighter|heavier|cheaper|pricier|costlier|bigger|smaller|larger|longer|shorter|"
                        r"higher|lower|faster|slower|quieter|louder|stronger|weaker|thinner|thicker|wider|"
                        r"narrower)\b|"
                        # the same in the other languages answers come in: "mit 1000 Pa mehr Saugleistung" is a
                        # difference, not the product's suction (German, Spanish, French, Italian, Portuguese, CJK)
                        r"\b(?:mehr|weniger|als|gegenüber|verglichen|zusätzlich|más|menos|que|frente|comparad[oa]|"
                        r"moins|davantage|par rapport|più|meno|rispetto|mais|do que)\b|[比更]|相比|多出|より", re.I)
ARITHMETIC = re.compile(r"\b(?:totals?|totall?ing|together|combined|altogether|in all|sum|plus|add(?:s|ed|ing)?|"
                        r"extra|additional|more|less|fewer|save[sd]?|saving|savings|upgrade|step up|premium|"
                        r"discount|off|deal|sale|coupon|was|were|originally|list price|msrp|shipping|tax|"
                        r"leaving|left|remaining|rest|kit|bundle|set|worth|stretch|split|divided|multiplied)\b|"
                        r"[+=\u00d7]", re.I)
#: a price of something bought with or for the product (its consumables, its running cost), not its own price
UNIT_PRICE = re.compile(r"\b(?:per|each|apiece|a (?:month|year|week|day|piece|pair|pack|page)|monthly|yearly|annual(?:ly)?|"
                        r"subscription|refills?|replacements?|accessor(?:y|ies)|filters?|pods?|bags?|capsules?|toners?|"
                        r"inks?|cartridges?|consumables?|running|to run|ownership|to own)\b|/\s?(?:mo|month|yr|year)\b",
                        re.I)
NEED = re.compile(r"\b(?:you|you're|you've)\s+(?:need|want|wanted|asked|said|mentioned|requested|specified|are "
                  r"looking|were looking|set|gave|have)\b|\byour\s+(?:budget|limit|cap|requirement|target|max(?:imum)?|"
                  r"minimum|need|ceiling|range)\b|\b(?:budget|requirement|limit|ceiling|cap)\b", re.I)
CONDITION = re.compile(r"\b(?:if|unless|whether|when|would|could|might|may|should|consider|look for|make sure|check|"
                       r"prefer|ideally|expect|aim for|avoid|instead)\b|\?", re.I)
RANGE = re.compile(r"\b(?:between|from|range|ranging|starting at|starts at)\b|\d\s*(?:-|\u2013|\u2014|to|or)\s*\$?\d",
                   re.I)


@dataclass
class Clause:
    text: str
    #: ids of the products the clause names explicitly
    named: set[str] = field(default_factory=set)
    #: the one product the clause talks about, or None when that is not certain
    product: str | None = None
    #: the sentence the clause was cut from, when it was cut: "the yearly filter cost is $79.98 for the A vs
    #: $49.98 for the B" leaves "$49.98 for the B" without the words that say what that figure is
    sentence: str = ""


def _distinct_words(named: tuple[tuple[str, str], ...]) -> dict[str, set[str]]:
    """Name words that identify one product (of ``(id, name)`` pairs): its brand, or a model token, that no other
    product's name uses."""
    words: dict[str, set[str]] = {}
    counts: dict[str, int] = {}
    for _, name in named:
        for w in set(re.findall(r"[A-Za-z0-9][\w'-]*", name)):
            counts[w] = counts.get(w, 0) + 1
    for pid, name in named:
        toks = re.findall(r"[A-Za-z0-9][\w'-]*", name)
        mine = set()
        for i, w in enumerate(toks):
            brandlike = i == 0 and len(w) >= 3 and w[0].isupper()
            modellike = bool(re.search(r"\d", w) and re.search(r"[A-Za-z]", w)) or bool(re.search(r"[a-z][A-Z]", w))
            if counts.get(w) == 1 and (brandlike or modellike):
                mine.add(w)
        words[pid] = mine
    return words


@dataclass(frozen=True)
class _NameTables:
    """What naming a product in text looks for, a function of the products' ids and names alone."""

    #: a card id as a word
    id_re: dict[str, re.Pattern[str]]
    #: name words no other product's name shares, and a pattern finding them as words
    words: dict[str, tuple[str, ...]]
    word_re: dict[str, re.Pattern[str]]
    #: each product's full name and, for names of three words or more, their first three, lowercased
    names: tuple[tuple[str, str, str | None], ...]
    #: each product's name as it may appear in text, any case
    name_patterns: tuple[re.Pattern[str], ...]
    #: one pass over a text finds which products' ids or distinct words it may hold (case-sensitive), and
    #: another over its lowercase form whose full or three-word names it holds
    exact: Needles[frozenset[tuple[str, str]]]
    lowered: Needles[frozenset[tuple[str, str]]]


def _needles(words: dict[str, set[tuple[str, str]]]) -> Needles[frozenset[tuple[str, str]]]:
    """Finds each of ``words`` in a text, giving what the word stands for ((kind, product id) pairs)."""
    return Needles({word: frozenset(meaning) for word, meaning in words.items()})


@lru_cache(maxsize=1024)
def _name_tables(named: tuple[tuple[str, str], ...]) -> _NameTables:
    # cached on the (id, name) pairs: every rollout of a prompt shows the same products, and building these
    # (~40 us) was a fifth of fact_check's time on short responses
    distinct = {pid: tuple(sorted(words)) for pid, words in _distinct_words(named).items() if words}
    names = []
    for pid, name in named:
        low = name.lower().strip()
        words = low.split()
        names.append((pid, low, " ".join(words[:3]) if len(words) >= 3 else None))
    exact: dict[str, set[tuple[str, str]]] = {}
    for pid, _ in named:
        if pid:
            exact.setdefault(pid, set()).add(("id", pid))
    for pid, words in distinct.items():
        for w in words:
            exact.setdefault(w, set()).add(("word", pid))
    lowered: dict[str, set[tuple[str, str]]] = {}
    for pid, low, first3 in names:
        for needle in (low, first3):
            if needle:
                lowered.setdefault(needle, set()).add(("name", pid))
    return _NameTables(
        id_re={pid: re.compile(rf"\b{re.escape(pid)}\b") for pid, _ in named},
        words=distinct,
        word_re={pid: re.compile(rf"(?<![\w-])(?:{'|'.join(map(re.escape, words))})(?![\w-])")
                 for pid, words in distinct.items()},
        names=tuple(names),
        name_patterns=tuple(re.compile(re.escape(name), re.I) for _, name in named if name),
        exact=_needles(exact), lowered=_needles(lowered))


class Attributor:
    """Names products in text and attributes clauses of a response to them."""

    def __init__(self, products: dict[str, Product]) -> None:
        self.products = products
        self.tables = _name_tables(tuple((pid, p.name) for pid, p in products.items()))
        # a paragraph of one list item of one sentence of one clause is the same text four times
        self._named: dict[str, frozenset[str]] = {}

    def named(self, text: str) -> set[str]:
        """Ids of the products ``text`` names."""
        known = self._named.get(text)
        if known is None:
            known = self._named[text] = frozenset(self._find_named(text))
        return set(known)

    def _find_named(self, text: str) -> set[str]:
        # an id or name word is searched as a word (its regex) only where one pass over the text found it as a
        # substring, so a clause naming nothing costs two automaton passes, whatever the number of products
        out = set()
        if "<product>" in text:
            out = {i.strip() for m in _CARD.finditer(text) for i in m.group(1).split(",") if i.strip() in self.products}
        t = self.tables
        found: set[tuple[str, str]] = set()
        for meaning in t.exact.found(text):
            found |= meaning
        if t.lowered:
            for meaning in t.lowered.found(text.lower()):
                found |= meaning
        if not found:
            return out
        by_name = {pid for kind, pid in found if kind == "name"}
        out |= by_name
        for kind, pid in found:
            if kind == "id" and pid not in out and t.id_re[pid].search(text):
                out.add(pid)
            elif kind == "word" and pid not in out and t.word_re[pid].search(text):
                out.add(pid)
        return out

    def clauses(self, response: str) -> list[Clause]:
        out = []
        for para in paragraphs(response):
            para_named: set[str] | None = None  # searched only for an item that names nothing itself
            for item in _LIST_ITEM.split("\n" + para):
                item = " ".join(item.split())
                if not item:
                    continue
                own = self.named(item)
                if not own and para_named is None:
                    para_named = self.named(para)
                scope = own or para_named or set()
                for sentence in _SENTENCE.split(item):
                    parts = [t.strip() for t in _CLAUSE.split(sentence) if t.strip()]
                    for text in parts:
                        # a clause is cut from its item at spaces and punctuation, so it names no product its item
                        # does not: an item naming none spares each clause's search
                        clause = self._clause(text, scope, named=None if own else set())
                        clause.sentence = sentence if len(parts) > 1 else ""
                        out.append(clause)
        return out

    def _clause(self, text: str, scope: set[str], named: set[str] | None = None) -> Clause:
        named = self.named(text) if named is None else named
        clause = Clause(text=text, named=named)
        if not (len(named) == 1 or (not named and len(scope) == 1)):
            return clause  # no one product it could be about (looked at first: the search below is the costly part)
        bare = _CARD.sub(" ", text) if "<" in text else text
        if _OTHER_SCREEN.first(bare, _OTHER_ONLY):
            return clause
        if len(named) == 1:
            # "the Dyson ..., it costs $179": a pronoun beside a named product may point at another one in scope
            if len(scope) > 1 and _PRONOUN_ANYWHERE.search(bare):
                return clause
            clause.product = next(iter(named))
        elif not named and len(scope) == 1:
            lead = _LEAD.sub("", bare).lstrip("*")
            if _PRONOUN.match(lead) or not _DETERMINER.match(lead):
                clause.product = next(iter(scope))
        return clause


def attributor(ctx: RuleContext) -> Attributor:
    """The judgment's :class:`Attributor`, built once and shared by the rules that read the response's clauses."""
    found = ctx.shared.get("attributor")
    if not isinstance(found, Attributor):
        found = ctx.shared["attributor"] = Attributor(ctx.products)
    return found


def plain(text: str) -> str:
    """Clause text without card tags (card ids are not figures)."""
    return _CARD.sub(" ", text)
