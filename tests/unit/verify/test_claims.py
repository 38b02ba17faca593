"""LLM extracts, code verifies: extracted claims against records (pure functions, no engine)."""

from __future__ import annotations

import json

import pytest

from hrm_wire.models import Product
from research.rejected.claims import (
    CLAIMS_SCHEMA,
    Claim,
    ClaimsUnparseable,
    claims_outcome,
    parse_claims,
    verify_claim,
    verify_claims,
)

VAC = Product.model_validate({"id": "PD_V1", "name": "AeroLite Stick Vacuum", "price": 199.0,
                              "attributes": {"weight_kg": 1.8, "runtime_min": 40, "self_emptying": False,
                                             "rating": "IPX4", "colour": "sage green", "bin_l": 0.6}})
PRODUCTS = {"PD_V1": VAC}


def verdict(attribute: str, value, unit=None, pid="PD_V1") -> str:
    return verify_claim(Claim(product_id=pid, attribute=attribute, value=value, unit=unit), PRODUCTS).verdict


@pytest.mark.parametrize(("attribute", "value", "unit", "expected"), [
    ("price", 199, "USD", "supported"),
    ("price", "$149", None, "contradicted"),
    ("weight", 1.8, "kg", "supported"),
    ("weight", 4, "lbs", "supported"),            # rounded conversion
    ("weight", 2.6, "kg", "contradicted"),
    ("runtime", 40, "minutes", "supported"),
    ("battery runtime", 60, "min", "contradicted"),
    ("bin capacity", 0.6, "l", "supported"),
    ("self-emptying", True, None, "contradicted"),
    ("self emptying dock", "no", None, "supported"),
    ("water resistance", "IPX4", None, "supported"),
    ("water resistance", "IPX7", None, "contradicted"),
    ("colour", "Sage green", None, "supported"),
    ("colour", "red", None, "unverifiable"),       # free text never contradicts
    ("warranty", 5, "years", "unverifiable"),      # a unit no record attribute uses
    ("noise", 72, "dB", "unverifiable"),
])
def test_each_kind_of_claim(attribute, value, unit, expected):
    assert verdict(attribute, value, unit) == expected


def test_unknown_product_and_bare_numbers_are_unverifiable():
    assert verdict("price", 10, "USD", pid="PD_X") == "unverifiable"
    assert verdict("suction", 12) == "unverifiable"


def test_parse_and_outcome_round_trip():
    answer = json.dumps({"claims": [
        {"product_id": "PD_V1", "attribute": "weight", "value": 1.8, "unit": "kg"},
        {"product_id": "PD_V1", "attribute": "price", "value": 149, "unit": "USD"}]})
    checks = verify_claims(parse_claims(answer), PRODUCTS)
    out = claims_outcome(checks)
    assert out.passed is False and "149" in out.reason and len(out.evidence) == 2
    ok = claims_outcome(verify_claims(parse_claims({"claims": [json.loads(answer)["claims"][0]]}), PRODUCTS))
    assert ok.passed is None and ok.reason.startswith("1 of 1")
    assert claims_outcome([]).passed is None


@pytest.mark.parametrize("bad", ['{"claims": [{"attribute": "weight", "value": 1}]}', "not json",
                                 {"claims": "none"}, {"claims": [], "verdict": "yes"}])
def test_unparseable_answers_raise_a_typed_error(bad):
    with pytest.raises(ClaimsUnparseable):
        parse_claims(bad)


def test_schema_is_a_json_schema_for_constrained_decoding():
    assert CLAIMS_SCHEMA["type"] == "object" and "claims" in CLAIMS_SCHEMA["properties"]


# --- reviewer scenarios: other currencies, figures paired with a lone attribute without a cue word ---

@pytest.mark.parametrize(("value", "unit"), [(169.0, "EUR"), ("€169", None), (159.0, "GBP"), ("£159", None)])
def test_a_price_in_another_currency_is_unverifiable(value, unit):
    assert verdict("price", value, unit) == "unverifiable"


def test_a_price_in_the_records_currency_still_contradicts():
    assert verdict("price", 149.0, "USD") == "contradicted"
    assert verdict("price", "$149") == "contradicted"


BIKE = Product.model_validate({"id": "PD_B1", "name": "Kid Cruiser", "price": 199.0, "attributes": {"weight_kg": 12}})
PHONE = Product.model_validate({"id": "PD_P1", "name": "Pixel Lite", "price": 299.0,
                                "attributes": {"storage_gb": 128}})


@pytest.mark.parametrize(("attribute", "value", "unit", "product"), [
    ("max rider load", 100, "kg", BIKE), ("expandable to", 1, "TB", PHONE)])
def test_a_lone_attribute_without_a_cue_word_never_contradicts(attribute, value, unit, product):
    check = verify_claim(Claim(product_id=product.id, attribute=attribute, value=value, unit=unit),
                         {product.id: product})
    assert check.verdict == "unverifiable"


def test_a_lone_attribute_without_a_cue_word_still_supports():
    check = verify_claim(Claim(product_id="PD_P1", attribute="memory", value=128, unit="GB"), {"PD_P1": PHONE})
    assert check.verdict == "supported"


BUDS = Product.model_validate({"id": "PD_B1", "name": "PulseFit Earbuds", "price": 79.99,
                               "attributes": {"battery_hours": 8, "water_resistance": "IPX5", "ear_hooks": True,
                                              "noise_cancelling": False}})
BUDS_TEXT = ("PulseFit: ear hooks keep them in place, IPX7 sweat resistance, 8 hours per charge. "
             "Neither pair has noise cancelling.")


def grounded_verdict(attribute: str, value, unit=None, text: str = BUDS_TEXT) -> str:
    claim = Claim(product_id="PD_B1", attribute=attribute, value=value, unit=unit)
    return verify_claim(claim, {"PD_B1": BUDS}, text=text).verdict


@pytest.mark.parametrize(("attribute", "value", "unit", "expected"), [
    ("water_resistance", "IPX7", None, "contradicted"),    # stated in the text, contradicts the record
    ("battery_hours", "8", "hours", "supported"),
    ("battery_hours", 10, "hours", "unverifiable"),         # the text states no 10: an extraction slip
    ("noise_cancelling", "true", None, "unverifiable"),     # "neither ... has": the text says it lacks it
    ("noise_cancelling", False, None, "supported"),
    ("ear_hooks", "true", None, "supported"),               # a record key with underscores names the feature
    ("ear hooks", False, None, "unverifiable"),             # the text does not negate them
    ("price", "$59.00", None, "unverifiable"),              # no such price in the text
])
def test_only_claims_the_text_bears_out_may_contradict(attribute, value, unit, expected):
    assert grounded_verdict(attribute, value, unit) == expected


def test_without_the_text_the_extraction_is_trusted():
    claim = Claim(product_id="PD_B1", attribute="noise_cancelling", value="true")
    assert verify_claim(claim, {"PD_B1": BUDS}).verdict == "contradicted"
    assert [k.verdict for k in verify_claims([claim], {"PD_B1": BUDS}, text=BUDS_TEXT)] == ["unverifiable"]
