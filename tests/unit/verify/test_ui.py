"""card_completeness when product names share words (reviewer scenarios)."""

from __future__ import annotations

import pytest

PRO = {"id": "PD_1", "name": "Apple iPhone 15 Pro", "price": 999.0}
BASE = {"id": "PD_2", "name": "Apple iPhone 15", "price": 799.0}
BIG = {"id": "PD_1", "name": "Hydro Flask Standard Mouth 24 oz", "price": 37.95}
SMALL = {"id": "PD_2", "name": "Hydro Flask Standard Mouth 21 oz", "price": 34.95}


def complete(run_rule, text, products):
    return run_rule("card_completeness", run_rule.req("recommend one", text, products))


@pytest.mark.parametrize("text,products", [
    ("The Apple iPhone 15 Pro <product>PD_1</product> has the best camera.", [PRO, BASE]),
    ("Get the Hydro Flask Standard Mouth 24 oz <product>PD_1</product>. The Hydro Flask Standard Mouth keeps "
     "water cold all day.", [BIG, SMALL]),
])
def test_a_carded_name_does_not_name_a_product_sharing_its_words(run_rule, text, products):
    out = complete(run_rule, text, products)
    assert out.passed is True, out.evidence


def test_the_other_product_named_in_full_still_needs_a_card(run_rule):
    out = complete(run_rule, "The Apple iPhone 15 Pro <product>PD_1</product> or the Apple iPhone 15 for less.",
                   [PRO, BASE])
    assert out.passed is False and "PD_2" in out.reason


def test_a_shortened_name_of_an_uncarded_product_is_still_caught(run_rule):
    other = {"id": "PD_3", "name": "Stanley Quencher H2.0 Tumbler", "price": 45.0}
    out = complete(run_rule, "The Apple iPhone 15 Pro <product>PD_1</product>. Also the Stanley Quencher H2.0 is "
                             "great.", [PRO, other])
    assert out.passed is False and "PD_3" in out.reason
