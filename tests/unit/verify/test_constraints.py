from __future__ import annotations

import pytest

from judge_server.rules.shopping.constraints import price_cap, quantity_constraints, requested_sizes

BOOT = {"id": "PD_1", "name": "Boot A", "price": 129.0, "attributes": {"waterproof": True, "sizes": [7, 8, 9]}}
DRY = {"id": "PD_2", "name": "Boot B", "price": 89.0, "attributes": {"waterproof": False, "sizes": [8]}}
DEAR = {"id": "PD_3", "name": "Boot C", "price": 189.0, "attributes": {"waterproof": True, "sizes": [6]}}


@pytest.mark.parametrize("query,cap", [("boots under $150", 150), ("budget of 200 dollars", 200),
                                       ("max 1.5k", 1500), ("a bag under 300 g", None),
                                       ("under $80 and below $60", 60), ("hiking boots", None),
                                       ("a tent for up to 4 people", None), ("shipping within 2 weeks", None),
                                       ("a blender under 150 for my mum", 150), ("a kettle under 50.", 50),
                                       ("a grill for under 3 people", None)])
def test_price_cap(query, cap):
    assert price_cap(query) == cap


def test_sizes_and_quantities_parse():
    assert requested_sizes("size 8 boots, or queen size") == ["8", "queen"]
    ops = {(c.quantity.family, c.op) for c in quantity_constraints("a 4-slice toaster, at least 8 hours, under 300 g")}
    assert ops == {("slices", "=="), ("duration", ">="), ("mass", "<=")}


def cons(run_rule, query, response, products):
    return run_rule("query_constraints", run_rule.req(query, response, products))


def test_all_constraints_met(run_rule):
    out = cons(run_rule, "waterproof boots, size 8, under $150", "<product>PD_1</product>", [BOOT, DRY])
    assert out.passed is True and out.evidence


def test_price_cap_violation(run_rule):
    out = cons(run_rule, "waterproof boots under $150", "<product>PD_3</product>", [DEAR])
    assert out.passed is False and "189" in out.reason


def test_required_feature_and_size(run_rule):
    out = cons(run_rule, "waterproof boots in size 8", "<product>PD_2</product> <product>PD_3</product>", [DRY, DEAR])
    assert out.passed is False
    assert any("waterproof" in e for e in out.evidence) and any("size 8" in e for e in out.evidence)


def test_bundle_total_against_budget(run_rule):
    products = [{"id": "PD_1", "price": 120.0}, {"id": "PD_2", "price": 90.0}]
    assert cons(run_rule, "a kit, budget $200", "<product>PD_1,PD_2</product>", products).passed is False
    assert cons(run_rule, "a kit, budget $250", "<product>PD_1,PD_2</product>", products).passed is True


def test_count_must_match(run_rule):
    toaster = {"id": "PD_1", "price": 30.0, "attributes": {"slices": 2}}
    out = cons(run_rule, "a 4-slice toaster", "<product>PD_1</product>", [toaster])
    assert out.passed is False and "4-slice" in out.reason


def test_minimum_spec(run_rule):
    buds = {"id": "PD_1", "attributes": {"battery_hours": 6}}
    assert cons(run_rule, "earbuds with at least 8 hours of battery", "<product>PD_1</product>", [buds]).passed is False
    assert cons(run_rule, "earbuds with at least 5 hours of battery", "<product>PD_1</product>", [buds]).passed is True


def test_no_constraints_does_not_decide(run_rule):
    assert cons(run_rule, "nice boots", "<product>PD_1</product>", [BOOT]).passed is None


def test_separate_cards_are_not_summed_but_a_bundle_card_is(run_rule):
    products = [{"id": "PD_1", "price": 120.0}, {"id": "PD_2", "price": 90.0}]
    query = "a tent and a sleeping bag, total budget $200"
    # two cards may be alternatives: each is within the cap, their sum is not a certain violation
    assert cons(run_rule, query, "<product>PD_1</product> or <product>PD_2</product>", products).passed is True
    assert cons(run_rule, query, "<product>PD_1,PD_2</product>", products).passed is False
    # a cap per item does not apply to the bundle's sum
    assert cons(run_rule, "camping gear under $150 each", "<product>PD_1,PD_2</product>", products).passed is True


def test_one_of_several_requested_sizes_is_enough(run_rule):
    out = cons(run_rule, "running socks, size 8 for me and size 10 for my husband", "<product>PD_2</product>", [DRY])
    assert out.passed is True


def test_wished_for_features_do_not_veto(run_rule):
    for query in ("boots, ideally waterproof", "boots; waterproof would be nice", "boots, waterproof if possible"):
        assert cons(run_rule, query, "<product>PD_2</product>", [DRY]).passed is None
    assert cons(run_rule, "boots, must be waterproof", "<product>PD_2</product>", [DRY]).passed is False
    # the wish may follow a parenthesis with commas in it, or be said with a contraction
    for query in ("boots. Waterproof (for rain, snow, puddles) would be nice", "boots; waterproof isn't essential"):
        assert cons(run_rule, query, "<product>PD_2</product>", [DRY]).passed is None
    assert cons(run_rule, "boots. Waterproof (for rain, snow) is a must", "<product>PD_2</product>",
                [DRY]).passed is False


def test_a_figure_about_something_else_is_not_checked_against_the_record(run_rule):
    bank = {"id": "PD_1", "price": 40.0, "attributes": {"battery_hours": 100}}
    assert cons(run_rule, "a power bank for trips under 3 days", "<product>PD_1</product>", [bank]).passed is None
    assert cons(run_rule, "a power bank with under 3 days of battery", "<product>PD_1</product>",
                [bank]).passed is False


def test_sizes_in_another_sizing_system_are_not_a_sure_violation(run_rule):
    eu = {"id": "PD_1", "price": 90.0, "attributes": {"sizes": [40, 41, 42, 43, 44]}}
    letters = {"id": "PD_2", "price": 30.0, "attributes": {"sizes": ["S", "M", "L"]}}
    assert cons(run_rule, "trail shoes, size 10", "<product>PD_1</product>", [eu]).passed is None
    assert cons(run_rule, "a rain jacket, size 10", "<product>PD_2</product>", [letters]).passed is None
    assert cons(run_rule, "a rain jacket, size XL", "<product>PD_2</product>", [letters]).passed is False
    assert cons(run_rule, "trail shoes, size 45", "<product>PD_1</product>", [eu]).passed is False


# --- reviewer scenarios: size spellings, price ranges, questions, indifference, loads ---

@pytest.mark.parametrize("query,sizes,passed", [
    ("a rain jacket, size large", ["S", "M", "L"], True),
    ("a rain jacket, size L", ["Small", "Medium", "Large"], True),
    ("a queen size duvet", ["Twin (68 x 86 in)", "Queen (60 x 80 in)"], True),
    ("a rain jacket, size XL", ["Small", "Medium", "Large"], False),
    ("a king size duvet", ["Twin", "Queen (60 x 80 in)"], False),
    # a spelling the rule does not know may be the wanted size: not sure
    ("a king size duvet", ["California King", "Queen"], None),
    ("a rain jacket, size L", ["One Size"], None),
])
def test_size_aliases_are_normalised_and_unknown_spellings_undecided(run_rule, query, sizes, passed):
    item = {"id": "PD_1", "name": "Item", "price": 50.0, "attributes": {"sizes": sizes}}
    assert cons(run_rule, query, "<product>PD_1</product>", [item]).passed is passed


@pytest.mark.parametrize("query,cap", [("my budget is 150-200 dollars", 200), ("budget is $150 to $200", 200),
                                       ("under $1-1.5k", 1500)])
def test_a_price_range_caps_at_its_upper_bound(query, cap):
    assert price_cap(query) == cap


def test_a_price_inside_the_stated_range_passes(run_rule):
    out = cons(run_rule, "A hiking boot, my budget is 150-200 dollars", "<product>PD_3</product>", [DEAR])
    assert out.passed is True


@pytest.mark.parametrize("query", ["I need a GPS for the car. Is the Garmin 55 waterproof?",
                                   "Boots for the city, waterproofing doesn't matter",
                                   "Boots for the city; I don't care if they are waterproof."])
def test_features_asked_about_or_waved_off_are_not_requirements(run_rule, query):
    assert cons(run_rule, query, "<product>PD_2</product>", [DRY]).passed is None


def test_a_load_is_not_the_products_own_weight(run_rule):
    pack = {"id": "PD_1", "name": "Trail Pack 40", "price": 120.0, "attributes": {"weight_kg": 1.4}}
    out = cons(run_rule, "a backpack that can carry over 10 kg", "<product>PD_1</product>", [pack])
    assert out.passed is None
    # with the attribute's own word the figure is paired and checked
    out = cons(run_rule, "a backpack with a weight under 1 kg", "<product>PD_1</product>", [pack])
    assert out.passed is False
