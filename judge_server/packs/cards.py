"""Product cards in a response: ``<product>PD_1</product>`` or a bundle ``<product>PD_1,PD_2</product>``."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

ID_RE = re.compile(r"^PD_[A-Za-z0-9][A-Za-z0-9_-]*$")
_CARD_RE = re.compile(r"<product>(.*?)</product>", re.S)
# Things that look like an attempt at a card but are not well-formed.
_MALFORMED_RE = re.compile(
    r"<\s*/?\s*products?\b[^>]*>|<product>(?![^<]*</product>)|\[/?product\]|\{/?product\}", re.I)
_BARE_ID_RE = re.compile(r"\bPD_[A-Za-z0-9][A-Za-z0-9_-]*")


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

    @property
    def ids(self) -> list[str]:
        """Card ids in order of first appearance."""
        seen: dict[str, None] = {}
        for c in self.cards:
            for i in c.ids:
                seen.setdefault(i)
        return list(seen)


def scan_cards(text: str) -> CardScan:
    """Find well-formed cards, malformed card syntax and product ids mentioned outside cards."""
    scan = CardScan()
    for m in _CARD_RE.finditer(text):
        inner = m.group(1)
        parts = [p.strip() for p in inner.split(",")]
        bad = [p for p in parts if not ID_RE.match(p)]
        if bad or not parts:
            scan.problems.append(f"card {m.group(0)!r} has invalid ids {bad}")
            continue
        if inner != inner.strip():
            scan.problems.append(f"card {m.group(0)!r} has whitespace around its ids")
            continue
        scan.cards.append(Card(ids=parts, start=m.start(), end=m.end(), raw=m.group(0)))
    stripped = _CARD_RE.sub(" ", text)
    for m in _MALFORMED_RE.finditer(stripped):
        scan.problems.append(f"malformed card syntax {m.group(0)!r}")
    scan.bare_ids = sorted(set(_BARE_ID_RE.findall(stripped)))
    return scan


def strip_cards(text: str) -> str:
    return _CARD_RE.sub("", text)


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
