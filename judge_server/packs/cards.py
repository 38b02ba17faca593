"""Product cards in a response: ``<product>ID</product>``, or a bundle ``<product>ID1,ID2</product>``.

The tag and the shape of an id come from the pack (``CardSyntax``); an id that a product record of the request
carries is always a valid card id, whatever the pattern says: a team's own catalog (ASINs, SKUs, UUIDs) needs no
configuration. The pattern decides only for ids no record carries (is it an id at all, or a malformed card?).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import cached_property, lru_cache


@dataclass(frozen=True)
class CardSyntax:
    """How a pack's responses show products (``RubricPack.cards``)."""

    #: the element name: <tag>ID</tag>
    tag: str = "product"
    #: what an id looks like when no product record carries it (a full match)
    id_pattern: str = r"[A-Za-z0-9][A-Za-z0-9_.:/#-]*"
    #: between the ids of a bundle card
    separator: str = ","


DEFAULT_SYNTAX = CardSyntax()


@dataclass(frozen=True)
class _Compiled:
    card: re.Pattern[str]
    malformed: re.Pattern[str]
    id_re: re.Pattern[str]
    syntax: CardSyntax


@lru_cache(maxsize=32)
def _compiled(syntax: CardSyntax) -> _Compiled:
    tag = re.escape(syntax.tag)
    return _Compiled(
        card=re.compile(rf"<{tag}>(.*?)</{tag}>", re.S),
        # things that look like an attempt at a card but are not well-formed
        malformed=re.compile(rf"<\s*/?\s*{tag}s?\b[^>]*>|<{tag}>(?![^<]*</{tag}>)|\[/?{tag}\]|\{{/?{tag}\}}", re.I),
        id_re=re.compile(syntax.id_pattern),
        syntax=syntax)


@dataclass
class Card:
    ids: list[str]
    start: int
    end: int
    raw: str


@dataclass
class CardScan:
    cards: list[Card] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    bare_ids: list[str] = field(default_factory=list)

    @cached_property  # a scan is shared read-only by a judgment's rules, questions and prompts (scan_cards)
    def ids(self) -> list[str]:
        """Card ids in order of first appearance."""
        return list(dict.fromkeys(i for c in self.cards for i in c.ids))


def scan_cards(text: str, syntax: CardSyntax = DEFAULT_SYNTAX, record_ids: Collection[str] = ()) -> CardScan:
    """Find well-formed cards, malformed card syntax and record ids mentioned outside cards.

    A card id is valid when a product record carries it (``record_ids``) or it fully matches the pack's
    ``id_pattern``; ``bare_ids`` are record ids written in the text outside any card (and, for packs whose
    pattern is specific, like smartshop's ``PD_...``, pattern matches outside cards too).

    The scan is shared between callers (treat it as read-only): one judgment's rules, per-product questions and
    prompts scan the same response about seven times."""
    return _scan(text, syntax, frozenset(record_ids))


# A few dozen judgments are in flight at once; each entry holds one response text (at most the request size cap).
@lru_cache(maxsize=64)
def _scan(text: str, syntax: CardSyntax, known: frozenset[str]) -> CardScan:
    c = _compiled(syntax)
    scan = CardScan()
    for m in c.card.finditer(text):
        inner = m.group(1)
        parts = [p.strip() for p in inner.split(syntax.separator)]
        bad = [p for p in parts if not p or (p not in known and not c.id_re.fullmatch(p))]
        if bad or not parts:
            scan.problems.append(f"card {m.group(0)!r} has invalid ids {bad}")
            continue
        if inner != inner.strip():
            scan.problems.append(f"card {m.group(0)!r} has whitespace around its ids")
            continue
        scan.cards.append(Card(ids=parts, start=m.start(), end=m.end(), raw=m.group(0)))
    stripped = c.card.sub(" ", text)
    for m in c.malformed.finditer(stripped):
        scan.problems.append(f"malformed card syntax {m.group(0)!r}")
    bare = {i for i in known if _code_like(i) and re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", stripped)}
    if syntax.id_pattern != DEFAULT_SYNTAX.id_pattern:  # a specific id shape: any match outside cards is one
        bare |= {m.group(0) for m in re.finditer(rf"(?<![\w-])(?:{syntax.id_pattern})(?![\w-])", stripped)}
    scan.bare_ids = sorted(bare)
    return scan


def _code_like(product_id: str) -> bool:
    """An id that cannot be an ordinary word or number in prose (a letter and a digit, six characters or more):
    only such a record id written outside a card is surely a product id left uncarded."""
    return len(product_id) >= 6 and any(ch.isdigit() for ch in product_id) and any(ch.isalpha() for ch in product_id)


def strip_cards(text: str, syntax: CardSyntax = DEFAULT_SYNTAX) -> str:
    return _compiled(syntax).card.sub("", text)


def paragraphs(text: str) -> list[str]:
    """Response split into paragraphs (blank lines, or list items / lines when there are none)."""
    parts = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
    if len(parts) <= 1:
        parts = [p.strip() for p in text.splitlines() if p.strip()]
    return parts


def product_paragraph(text: str, product_id: str, name: str = "") -> str:
    """The paragraphs that talk about one product: those with its card or its name."""
    picked = []
    name_l = name.lower().strip()
    short = " ".join(name_l.split()[:3]) if name_l else ""
    for p in paragraphs(text):
        low = p.lower()
        if product_id in p or (name_l and name_l in low) or (short and len(short) > 6 and short in low):
            picked.append(p)
    return "\n\n".join(picked) if picked else ""
