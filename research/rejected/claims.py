"""LLM extracts, code verifies: claims a grader listed for a paragraph, checked against product records.

Small graders are far better at *extracting* "the text says the X weighs 1.8 kg" than at answering "is this
paragraph faithful?". The pipeline (not this module) would ask the grader, with ``CLAIMS_SCHEMA`` as the
constrained-decoding schema, to list the paragraph's factual claims as
``{"claims": [{"product_id", "attribute", "value", "unit"}]}``; this module parses that answer and compares
each claim with the record in code: prices with a relative tolerance, numbers with units after unit
normalisation, rating codes, boolean features, and free-text values only for support (never to contradict:
free text is too loose to call a mismatch certain).

Everything here is pure: no engine, no I/O. ``claims_outcome`` turns the checks into a ``RuleOutcome`` with the
same three-valued meaning as the rules (False only for a certain contradiction).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from hrm_wire.errors import VerdictParseError, invalid_from_validation
from hrm_wire.models import Product
from judge_server.rules.base import RuleOutcome
from judge_server.rules.shopping.units import (
    UNITS,
    attribute_quantities,
    close,
    cue_linked,
    negated,
    phrase_pattern,
    quantity,
)

Verdict = Literal["supported", "contradicted", "unverifiable"]


class Claim(BaseModel):
    """One factual claim about one product, as the grader extracted it."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    product_id: str = Field(min_length=1, description="Card id of the product the claim is about.")
    attribute: str = Field(min_length=1, description="What is claimed: 'price', 'weight', 'dishwasher safe', ...")
    value: str | float | bool = Field(description="The stated value: a number, true/false, or text.")
    unit: str | None = Field(default=None, description="Unit of a numeric value ('kg', 'hours', 'USD'), else null.")


class ClaimList(BaseModel):
    model_config = ConfigDict(extra="forbid")
    claims: list[Claim] = Field(default_factory=list, max_length=64)


#: JSON schema for the grader's answer (constrained decoding)
CLAIMS_SCHEMA: dict[str, Any] = ClaimList.model_json_schema()


class ClaimsUnparseable(VerdictParseError, ValueError):
    """The grader's answer is not a claim list; the caller retries or reports the judge as failed (a
    VerdictParseError, which the judge retries; still a ValueError for callers that caught it as one)."""


@dataclass(frozen=True)
class ClaimCheck:
    claim: Claim
    verdict: Verdict
    detail: str


_PRICE_WORDS = re.compile(r"\b(price|cost|costs|priced|msrp)\b", re.I)
_RATING = re.compile(r"\bIP[X0-6][0-9]\b", re.I)
_CURRENCY_CODE = {"usd": "USD", "$": "USD", "us$": "USD", "dollar": "USD", "dollars": "USD", "eur": "EUR", "€": "EUR",
                  "euro": "EUR", "euros": "EUR", "gbp": "GBP", "£": "GBP"}
_CURRENCY = set(_CURRENCY_CODE)
_TEXT_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")
# "neither has noise cancelling": negations ``units.negated`` leaves out because a query never uses them
_NEITHER = re.compile(r"\b(neither|nor|none of)\b[^.;]*$", re.I)
_TRUE = {"true", "yes", "y", "has", "included"}
_FALSE = {"false", "no", "n", "none", "lacks", "not included"}


def parse_claims(answer: str | dict[str, Any]) -> list[Claim]:
    """The grader's JSON answer as claims; raises ``ClaimsUnparseable`` naming the first problem."""
    try:
        if isinstance(answer, str):
            return ClaimList.model_validate_json(answer).claims
        return ClaimList.model_validate(answer).claims
    except ValidationError as exc:
        raise invalid_from_validation(exc, cls=ClaimsUnparseable, context="claim list",
                                      field=None) from None


def _number(value: str | float | bool) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    m = re.fullmatch(r"\s*[$€£]?\s*(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*", value)
    return float(m.group(1).replace(",", "")) if m else None


def _boolean(value: str | float | bool) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        v = value.strip().lower()
        return True if v in _TRUE else False if v in _FALSE else None
    return None


def _claimed_currency(c: Claim) -> str | None:
    """The currency a price claim names (unit or sign), None when it names none."""
    unit = (c.unit or "").strip().lower()
    if unit in _CURRENCY_CODE:
        return _CURRENCY_CODE[unit]
    sign = c.value.strip()[:1] if isinstance(c.value, str) else ""
    return _CURRENCY_CODE.get(sign)


def _check_price(c: Claim, p: Product, stated: float, tol: float) -> ClaimCheck:
    if p.price is None:
        return ClaimCheck(c, "unverifiable", "the record has no price")
    currency = _claimed_currency(c)
    if currency is not None and currency != (p.currency or "").upper():
        # "€119" against a $129 record is a conversion, not a contradiction
        return ClaimCheck(c, "unverifiable", f"claims a {currency} price, the record is in {p.currency}")
    if abs(stated - p.price) <= max(0.01, tol * p.price):
        return ClaimCheck(c, "supported", f"price {p.price:g} {p.currency}")
    return ClaimCheck(c, "contradicted", f"claims {stated:g}, record price {p.price:g} {p.currency}")


def _check_quantity(c: Claim, p: Product, stated: float, unit: str, tol: float) -> ClaimCheck:
    q = quantity(stated, unit)
    if q is None:
        return ClaimCheck(c, "unverifiable", f"unknown unit {unit!r}")
    same = [(k, a) for k, a in attribute_quantities(p.attributes) if a.family == q.family]
    linked = [(k, a) for k, a in same if cue_linked(k, c.attribute)]
    guessed = not linked and len(same) == 1
    linked = same if guessed else linked
    if not linked:
        return ClaimCheck(c, "unverifiable", f"no {q.family} attribute matches {c.attribute!r}")
    rel = tol if all(UNITS.get(unit.lower()) == UNITS.get(a.unit) for _, a in linked) else max(tol, 0.1)
    record = ", ".join(a.text for _, a in linked)
    if any(close(q.base, a.base, rel) for _, a in linked):
        return ClaimCheck(c, "supported", record)
    if guessed:  # "max rider weight 100 kg" is not the bike's own weight_kg: only a cue word makes it certain
        return ClaimCheck(c, "unverifiable", f"{c.attribute!r} may not be {record}")
    return ClaimCheck(c, "contradicted", f"claims {stated:g} {unit}, record {record}")


def _attribute_words(attribute: str) -> str:
    """A claimed attribute as words: the grader often names it by the record key (``noise_cancelling``)."""
    return " ".join(attribute.replace("_", " ").split())


def _check_feature(c: Claim, p: Product, claimed: bool) -> ClaimCheck:
    for key, value in p.attributes.items():
        if isinstance(value, bool) and phrase_pattern(key).search(_attribute_words(c.attribute)):
            if value == claimed:
                return ClaimCheck(c, "supported", f"{key}={value}")
            return ClaimCheck(c, "contradicted", f"claims {key}={claimed}, record {key}={value}")
    return ClaimCheck(c, "unverifiable", f"no boolean attribute named like {c.attribute!r}")


def _check_text(c: Claim, p: Product, text: str) -> ClaimCheck:
    codes = {m.upper() for m in _RATING.findall(text)}
    own = {m.upper() for v in p.attributes.values() if isinstance(v, str) for m in _RATING.findall(v)}
    if codes and own:
        if codes <= own:
            return ClaimCheck(c, "supported", f"rating {', '.join(sorted(codes))}")
        return ClaimCheck(c, "contradicted", f"claims {', '.join(sorted(codes))}, record {', '.join(sorted(own))}")
    low = text.strip().lower()
    for key, value in p.attributes.items():
        values = value if isinstance(value, list) else [value]
        if any(isinstance(v, str) and low and (low in v.lower() or v.lower() in low) for v in values):
            return ClaimCheck(c, "supported", f"{key}={value}")
    return ClaimCheck(c, "unverifiable", "free text the record does not state")


def grounded(c: Claim, text: str) -> bool:
    """Whether the text itself states what the claim says.

    A 1.5B extractor also "extracts" what the text never says: a runtime for a vacuum the text names in one
    sentence, a feature value filled in for a record field it was shown, "has noise cancelling" out of
    "neither has noise cancelling" (all seen on dev). Only a claim the text bears out may contradict a record:
    its number occurs in the text; its feature is named there, negated exactly when the claim says "lacks";
    its free-text value occurs there.
    """
    number = _number(c.value)
    if number is not None:
        return any(float(m.replace(",", "")) == number for m in _TEXT_NUMBER.findall(text))
    flag = _boolean(c.value)
    if flag is not None:
        words = _attribute_words(c.attribute)
        if not words:
            return False
        for m in phrase_pattern(words).finditer(text):
            said_lacks = negated(text, m.start()) or bool(_NEITHER.search(text[max(0, m.start() - 40):m.start()]))
            if said_lacks != flag:
                return True
        return False
    low = c.value.strip().lower() if isinstance(c.value, str) else ""
    return bool(low) and low in text.lower()


def verify_claim(c: Claim, products: dict[str, Product], tol_price: float = 0.01,
                 tol_unit: float = 0.02, text: str | None = None) -> ClaimCheck:
    """One claim against its product's record; with ``text`` (what the grader read), a claim the text does
    not bear out is unverifiable whatever the record says."""
    if text is not None and not grounded(c, text):
        return ClaimCheck(c, "unverifiable", "the text does not state it (extraction not grounded)")
    p = products.get(c.product_id)
    if p is None:
        return ClaimCheck(c, "unverifiable", f"no record for {c.product_id}")
    number = _number(c.value)
    unit = (c.unit or "").strip().lower()
    if number is not None and (_PRICE_WORDS.search(c.attribute) or unit in _CURRENCY
                               or (isinstance(c.value, str) and c.value.strip()[:1] in "$€£")):
        return _check_price(c, p, number, tol_price)
    if number is not None and unit:
        return _check_quantity(c, p, number, unit, tol_unit)
    flag = _boolean(c.value)
    if flag is not None:
        return _check_feature(c, p, flag)
    if isinstance(c.value, str):
        return _check_text(c, p, c.value)
    return ClaimCheck(c, "unverifiable", "a bare number without a unit")


def verify_claims(claims: list[Claim], products: dict[str, Product], tol_price: float = 0.01,
                  tol_unit: float = 0.02, text: str | None = None) -> list[ClaimCheck]:
    return [verify_claim(c, products, tol_price, tol_unit, text) for c in claims]


def claims_outcome(checks: list[ClaimCheck]) -> RuleOutcome:
    """False when a claim certainly contradicts its record; otherwise not decided, with the checks as evidence."""
    def line(k: ClaimCheck) -> str:
        return f"{k.claim.product_id}: {k.claim.attribute} = {k.claim.value!r}: {k.verdict} ({k.detail})"

    bad = [line(k) for k in checks if k.verdict == "contradicted"]
    rest = [line(k) for k in checks if k.verdict != "contradicted"]
    if bad:
        return RuleOutcome(False, f"extracted claim contradicts the record: {bad[0]}", bad + rest)
    supported = sum(k.verdict == "supported" for k in checks)
    return RuleOutcome(None, f"{supported} of {len(checks)} extracted claim(s) supported by the records", rest)
