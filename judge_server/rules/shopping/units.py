"""Quantities with units, in text and in product records, normalised so they can be compared.

A *family* groups units that measure the same thing (hours and minutes are both ``duration``);
``normalise`` turns a value into the family's base unit. Record attributes carry their unit in the
key's last token (``battery_hours``, ``weight_g``, ``capacity_qt``, ``screen_in``), which is how the
fact and constraint checks pair a stated "8 hours" with ``battery_hours: 8``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

#: unit spelling -> (family, factor to the family's base unit)
UNITS: dict[str, tuple[str, float]] = {
    # duration (base: hours)
    "h": ("duration", 1.0), "hr": ("duration", 1.0), "hrs": ("duration", 1.0), "hour": ("duration", 1.0),
    "hours": ("duration", 1.0), "min": ("duration", 1 / 60), "mins": ("duration", 1 / 60),
    "minute": ("duration", 1 / 60), "minutes": ("duration", 1 / 60),
    "day": ("duration", 24.0), "days": ("duration", 24.0),
    "week": ("duration", 168.0), "weeks": ("duration", 168.0),
    # mass (base: grams)
    "g": ("mass", 1.0), "gram": ("mass", 1.0), "grams": ("mass", 1.0), "kg": ("mass", 1000.0),
    "lb": ("mass", 453.592), "lbs": ("mass", 453.592), "pound": ("mass", 453.592), "pounds": ("mass", 453.592),
    # volume (base: millilitres); "oz" on drinkware is fluid ounces
    "ml": ("volume", 1.0), "l": ("volume", 1000.0), "liter": ("volume", 1000.0), "litre": ("volume", 1000.0),
    "liters": ("volume", 1000.0), "litres": ("volume", 1000.0), "qt": ("volume", 946.353),
    "quart": ("volume", 946.353), "quarts": ("volume", 946.353), "oz": ("volume", 29.5735),
    "fl oz": ("volume", 29.5735), "ounce": ("volume", 29.5735), "ounces": ("volume", 29.5735),
    # length (base: inches)
    "in": ("length", 1.0), "inch": ("length", 1.0), "inches": ("length", 1.0), '"': ("length", 1.0),
    "cm": ("length", 1 / 2.54), "mm": ("length", 1 / 25.4),
    # power, charge, storage, suction, pressure level
    "w": ("power", 1.0), "watt": ("power", 1.0), "watts": ("power", 1.0),
    "mah": ("charge", 1.0), "gb": ("storage", 1.0), "tb": ("storage", 1024.0),
    "pa": ("suction", 1.0), "db": ("loudness", 1.0),
    # counts
    "pack": ("count", 1.0), "slice": ("slices", 1.0), "slices": ("slices", 1.0),
    "function": ("functions", 1.0), "functions": ("functions", 1.0),
}

#: attribute-key unit tokens that differ from text spellings
_KEY_UNITS = {"hours": "hours", "minutes": "minutes", "min": "min", "weeks": "weeks", "days": "days", "g": "g",
              "kg": "kg", "lb": "lb", "oz": "oz", "ml": "ml", "l": "l", "qt": "qt", "in": "in", "cm": "cm",
              "mm": "mm", "w": "w", "mah": "mah", "gb": "gb", "tb": "tb", "pa": "pa", "db": "db",
              "size": "pack", "count": "pack", "slices": "slices", "functions": "functions"}

# "1,500" / "1.500" (grouped thousands, or a decimal: see _readings), "0,45" / "0.45" (decimals), "8"
_NUMBER = r"(\d{1,3}(?:[.,]\d{3})+|\d+(?:[.,]\d+)?)"
_UNIT_ALT = "|".join(sorted((re.escape(u) for u in UNITS if u != '"'), key=len, reverse=True))
# "8 hours", "8-hour", "470g", "6.8-inch", "6.8\"", "3-pack", "pack of 3"
_QUANTITY = re.compile(rf"(?<![\w.,$]){_NUMBER}\s*(?:-\s*)?({_UNIT_ALT}|\")(?![a-z])", re.I)
_PACK_OF = re.compile(rf"\b(?:pack|set|box) of {_NUMBER}\b", re.I)
_DIGIT = re.compile(r"\d")


@dataclass(frozen=True)
class Quantity:
    value: float
    unit: str
    family: str
    base: float
    text: str
    #: the value in base units under the number's other possible readings ("1,500 mAh": 1500 written in English,
    #: 1.5 in German); a check holds when any reading holds, so a rule never vetoes a figure it may misread
    alt_bases: tuple[float, ...] = ()

    @property
    def bases(self) -> tuple[float, ...]:
        return (self.base, *self.alt_bases)


def _readings(s: str) -> tuple[float, ...]:
    """What a written number can mean. A comma or point before exactly three digits groups thousands in English
    ("1,500") and in German, French, Spanish ("1.500"), but either is a decimal elsewhere ("1,500" kg in German);
    a single such separator gives both readings. Any other comma is a decimal comma ("0,45 Liter", "9,8 kg")."""
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", s):
        grouped = float(re.sub(r"[.,]", "", s))
        return (grouped, float(s.replace(",", "."))) if len(re.findall(r"[.,]", s)) == 1 else (grouped,)
    return (float(s.replace(",", ".")),)


def quantity(value: float, unit: str, text: str = "", alt: tuple[float, ...] = ()) -> Quantity | None:
    spec = UNITS.get(unit.lower())
    if spec is None:
        return None
    family, factor = spec
    return Quantity(value, unit.lower(), family, value * factor, text or f"{value:g} {unit}",
                    tuple(a * factor for a in alt))


def quantities_in(text: str) -> list[Quantity]:
    """Every number-with-unit stated in ``text``."""
    out: list[Quantity] = []
    if not _DIGIT.search(text):
        return out  # both patterns need a digit; most clauses have none, and the unit alternation is slow to scan
    for m in _QUANTITY.finditer(text):
        if m.group(2).lower() == "in" and re.match(r"\s+[a-z]", text[m.end():], re.I):
            continue  # "2 in the box": the preposition, not inches
        first, *alt = _readings(m.group(1))
        q = quantity(first, m.group(2), m.group(0).strip(), tuple(alt))
        if q is not None:
            out.append(q)
    for m in _PACK_OF.finditer(text):
        first, *alt = _readings(m.group(1))
        out.append(Quantity(first, "pack", "count", first, m.group(0), tuple(alt)))
    return out


def attribute_quantity(key: str, value: Any) -> Quantity | None:
    """A record attribute as a quantity, when its key names a unit (``battery_hours: 8``)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    token = key.lower().rsplit("_", 1)[-1]
    unit = _KEY_UNITS.get(token)
    if unit is None:
        return None
    return quantity(float(value), unit, f"{key}={value:g}")


def attribute_quantities(attributes: dict[str, Any]) -> list[tuple[str, Quantity]]:
    out = []
    for key, value in attributes.items():
        q = attribute_quantity(key, value)
        if q is not None:
            out.append((key, q))
    return out


#: words that tie a stated figure to an attribute, beyond the words of the attribute's key
_CUE_SYNONYMS = {
    "weight": ("weigh", "heavy", "light"), "battery": ("playback", "listening", "play time", "runtime", "per charge"),
    "runtime": ("run time", "runs", "battery", "cleaning time"), "screen": ("display",),
    "capacity": ("holds", "hold"), "hot": ("warm", "heat"), "cold": ("chilled", "iced", "ice"),
    "charge": ("charging", "charges", "recharge"), "noise": ("quiet", "loud"), "cord": ("cable",),
    "cable": ("cord",), "height": ("tall", "high"), "width": ("wide",), "length": ("long",), "depth": ("deep",),
}
_KEY_NOISE = {"max", "min", "keeps", "keep", "total", "per", "avg", "rated", "with", "and", "the", "size", "count"}


def cue_words(key: str) -> set[str]:
    """Words whose presence near a figure ties it to the attribute ``key`` (its own words and synonyms)."""
    tokens = key.lower().split("_")
    if len(tokens) > 1 and tokens[-1] in _KEY_UNITS:
        tokens = tokens[:-1]
    words = {t for t in tokens if len(t) >= 3 and t not in _KEY_NOISE}
    for t in list(words):
        words.update(_CUE_SYNONYMS.get(t, ()))
    return words


def cue_linked(key: str, text: str) -> bool:
    """Whether ``text`` uses a word of attribute ``key`` (or a synonym), so its figure describes that attribute."""
    low = text.lower()
    return any(re.search(rf"\b{re.escape(w)}", low) for w in cue_words(key))


def close(a: float, b: float, rel: float = 0.02) -> bool:
    """Equal within a relative tolerance (rounding in prose: 6.8 in vs 17 cm, 1 lb vs 450 g)."""
    return abs(a - b) <= rel * max(abs(a), abs(b), 1e-9) + 1e-9


def phrase(key: str) -> str:
    """An attribute key as words: ``noise_cancelling`` -> ``noise cancelling``."""
    return key.replace("_", " ").strip().lower()


def phrase_pattern(key: str) -> re.Pattern[str]:
    """Matches the key's words with spaces, hyphens or nothing between them (``self-emptying``)."""
    words = [re.escape(w) for w in phrase(key).split()]
    return re.compile(r"\b" + r"[\s-]?".join(words) + r"(?:s|es|ing|ed)?\b", re.I)


_NEGATION = re.compile(r"\b(not|no|isn't|is not|aren't|without|lacks?|lacking|non|doesn't|does not|never)\b"
                       r"[\s-]+(?:\w+[\s-]+){0,2}$", re.I)


def negated(text: str, start: int) -> bool:
    """Whether the words just before ``start`` negate what follows ("not waterproof", "no bagel setting")."""
    return bool(_NEGATION.search(text[max(0, start - 30):start]))
