from __future__ import annotations

MUG = {"id": "PD_1", "name": "ThermoGo Travel Mug", "price": 29.99,
       "attributes": {"keeps_hot_hours": 12, "dishwasher_safe": False, "capacity_oz": 16, "rating": "IPX4"}}
CUP = {"id": "PD_2", "name": "BrewBuddy Tumbler", "price": 24.95,
       "attributes": {"keeps_hot_hours": 6, "dishwasher_safe": True, "capacity_oz": 12}}


def facts(run_rule, text: str, query: str = "a mug for my commute", **params):
    return run_rule("fact_check", run_rule.req(query, text, [MUG, CUP]), **params)


def test_matching_facts_do_not_decide(run_rule):
    out = facts(run_rule, "ThermoGo Travel Mug <product>PD_1</product> - $29.99, 16 oz, hot for 12 hours, IPX4, "
                          "hand wash only: not dishwasher safe.")
    assert out.passed is None
    assert any("matches" in e for e in out.evidence)


def test_wrong_price_fails_with_evidence(run_rule):
    out = facts(run_rule, "ThermoGo Travel Mug <product>PD_1</product> - only $19.99.")
    assert out.passed is False and "$19.99" in out.reason and "29.99" in out.reason


def test_wrong_number_with_unit_fails(run_rule):
    out = facts(run_rule, "ThermoGo Travel Mug <product>PD_1</product> keeps coffee hot for 24 hours.")
    assert out.passed is False and "24 hours" in out.evidence[0]


def test_unit_conversion_is_tolerated(run_rule):
    out = facts(run_rule, "ThermoGo Travel Mug <product>PD_1</product> holds about 473 ml.")
    assert out.passed is None and out.evidence[0].startswith("PD_1: '473 ml' matches")


def test_false_feature_claim_fails_and_negation_passes(run_rule):
    assert facts(run_rule, "ThermoGo Travel Mug <product>PD_1</product>: dishwasher-safe lid.").passed is False
    assert facts(run_rule, "ThermoGo Travel Mug <product>PD_1</product>: not dishwasher safe.").passed is None


def test_rating_code_mismatch_fails(run_rule):
    out = facts(run_rule, "ThermoGo Travel Mug <product>PD_1</product> is IPX7 rated.")
    assert out.passed is False and "IPX7" in out.reason


def test_comparison_paragraph_accepts_the_other_products_figures(run_rule):
    out = facts(run_rule, "ThermoGo Travel Mug <product>PD_1</product> lasts 12 hours, the BrewBuddy Tumbler "
                          "<product>PD_2</product> only 6 hours and costs $24.95; the BrewBuddy is dishwasher safe.")
    assert out.passed is None


def test_other_products_figures_in_another_paragraph_do_not_excuse(run_rule):
    out = facts(run_rule, "ThermoGo Travel Mug <product>PD_1</product> lasts 6 hours.\n\n"
                          "BrewBuddy Tumbler <product>PD_2</product> lasts 6 hours.")
    assert out.passed is False and out.evidence[0].startswith("PD_1")


def test_budget_restated_is_not_a_price_claim(run_rule):
    out = facts(run_rule, "ThermoGo Travel Mug <product>PD_1</product> fits your $30 budget at $29.99.",
                query="a mug under $30")
    assert out.passed is None


def test_unverifiable_numbers_only_fail_when_asked(run_rule):
    text = "ThermoGo Travel Mug <product>PD_1</product> weighs 300 g."
    assert facts(run_rule, text).passed is None
    assert facts(run_rule, text, fail_unverifiable=True).passed is False


def test_nothing_checkable(run_rule):
    assert facts(run_rule, "Any insulated mug will do.").reason == "no checkable facts stated"
