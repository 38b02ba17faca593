"""Each deterministic check on small constructed requests."""

from __future__ import annotations

from typing import Any

import pytest

from hrm_wire.models import ScoreRequest
from judge_server.packs.cards import product_paragraph, scan_cards
from judge_server.packs.registry import RubricRegistry  # noqa: E402
from judge_server.rules.base import RuleContext
from judge_server.rules.registry import RULES
from judge_server.rules.shopping.ui import cards_expected

#: the smartshop pack's card syntax (PD_ ids), which these rules run under
SMARTSHOP_CARDS = RubricRegistry().get("smartshop").cards.syntax()

PRODUCTS = [{"id": "PD_1", "name": "Acme Trail Shoe Pro", "price": 80.0},
            {"id": "PD_2", "name": "Zephyr Road Runner", "price": 120.0}]


def req(response: str, query: str = "Recommend trail shoes under $100", **kw: Any) -> ScoreRequest:
    traj = [{"kind": "tool_call", "name": "search", "arguments": {"q": "trail shoes"}},
            {"kind": "observation", "products": PRODUCTS}]
    return ScoreRequest(query=query, response=response, trajectory=kw.pop("trajectory", traj), **kw)


def run(name: str, r: ScoreRequest, **params: Any):
    return RULES[name](RuleContext(r, params, SMARTSHOP_CARDS))


@pytest.mark.parametrize(("text", "ok"), [
    ("Buy it <product>PD_1</product>", True),
    ("Bundle <product>PD_1,PD_2</product>", True),
    ("no cards at all", True),
    ("bad <product>PD 1</product>", False),
    ("bad <product> PD_1 </product>", False),
    ("bad [product]PD_1[/product]", False),
    ("bad <products>PD_1</products>", False),
    ("unclosed <product>PD_1", False),
    ("bare id PD_1 in text", False),
    ("empty <product></product>", False),
])
def test_card_format(text, ok):
    assert run("card_format", req(text)).passed is ok


def test_scan_cards_ids_in_order_without_duplicates():
    scan = scan_cards("<product>PD_2</product> x <product>PD_1,PD_2</product>")
    assert scan.ids == ["PD_2", "PD_1"] and not scan.problems


def test_card_ids_known():
    assert run("card_ids_known", req("<product>PD_1</product>")).passed
    out = run("card_ids_known", req("<product>PD_9</product>"))
    assert out.passed is False and "PD_9" in out.reason


def test_catalog_ids_count_as_known():
    r = req("<product>PD_9</product>", catalog=[{"id": "PD_9", "name": "Catalog item"}])
    assert run("card_ids_known", r).passed


@pytest.mark.parametrize("text", [
    "Get the Acme Trail Shoe Pro <product>PD_1</product>. I left out the Zephyr Road Runner: over your budget.",
    "Get the Acme Trail Shoe Pro <product>PD_1</product>: it grips better than the Zephyr Road Runner.",
])
def test_card_completeness_does_not_decide_on_products_set_aside(text):
    out = run("card_completeness", req(text))
    assert out.passed is None and "PD_2" in out.evidence[0]


def test_card_completeness_consultation_about_a_named_product():
    text = "Yes: the Acme Trail Shoe Pro grips well on wet rock, so it suits your trails."
    for category in ("qa_consultation", None):
        out = run("card_completeness", req(text, query="Is the Acme Trail Shoe Pro good on wet rock?",
                                           category=category))
        assert out.passed is None
    # in a search the named product is a recommendation and needs its card
    out = run("card_completeness", req(text, query="Is the Acme Trail Shoe Pro good on wet rock?",
                                       category="search_general"))
    assert out.passed is False


def test_card_completeness_needs_the_name_as_the_record_spells_it():
    products = [{"id": "PD_1", "name": "Insulated Water Bottle", "price": 20.0}]
    traj = [{"kind": "observation", "products": products}]
    assert run("card_completeness", req("An insulated water bottle keeps drinks cold.", trajectory=traj)).passed
    assert run("card_completeness", req("Get the Insulated Water Bottle.", trajectory=traj)).passed is False


def test_card_completeness_flags_named_product_without_card():
    out = run("card_completeness", req("Get the Acme Trail Shoe Pro <product>PD_1</product> or the Zephyr Road Runner."))
    assert out.passed is False and "PD_2" in out.reason
    assert run("card_completeness", req("Get the Acme Trail Shoe Pro <product>PD_1</product>")).passed


CAMPING = ("It's our first time camping with the whole family and we want it to feel cozy and fun. "
           "What should we bring to set the mood?")


@pytest.mark.parametrize(("query", "category", "cards", "ok"), [
    ("Recommend trail shoes under $100", "search_multi_constraint", True, True),
    ("Recommend trail shoes under $100", "search_multi_constraint", False, False),
    ("Recommend trail shoes", "search_general", False, False),
    ("How do I clean trail shoes?", "qa_consultation", False, True),
    # a consultation may end in a recommendation with its card: not a sure fail, the grader decides
    ("Is a trail shoe worth it for road running?", "qa_consultation", True, None),
    ("Acme or Zephyr for trails?", "qa_compare", True, True),
    ("Trail shoes vs road shoes: what is the difference?", "qa_compare", False, None),
    # no category and no expect_cards: never guessed from the wording
    ("How do I clean trail shoes?", None, True, None),
    ("Recommend trail shoes", None, False, None),
    (CAMPING, None, True, None),
    (CAMPING, None, False, None),
])
def test_ui_trigger_decides_only_from_category_or_caller(query, category, cards, ok):
    text = "Try <product>PD_1</product>" if cards else "Scrub them gently and let them air-dry."
    assert run("ui_trigger", req(text, query=query, category=category)).passed is ok


def test_ui_trigger_search_without_any_product_to_show_is_not_sure():
    r = req("Nothing matched; widen the budget a little.", category="search_general", trajectory=[
        {"kind": "tool_call", "name": "search", "arguments": {"q": "trail shoes"}},
        {"kind": "observation", "products": []}])
    assert run("ui_trigger", r).passed is None


@pytest.mark.parametrize(("expect", "cards", "ok"), [(True, True, True), (True, False, False),
                                                      (False, False, True), (False, True, False)])
def test_ui_trigger_caller_expectation_decides(expect, cards, ok):
    text = "Try <product>PD_1</product>" if cards else "plain text"
    r = req(text, query=CAMPING, category="qa_consultation", options={"expect_cards": expect})
    assert run("ui_trigger", r).passed is ok
    assert cards_expected(r) == (expect, "set by the caller (options.expect_cards)")


def test_product_paragraph_picks_the_paragraph_about_the_product():
    text = "Intro.\n\nThe Acme Trail Shoe Pro grips well. <product>PD_1</product>\n\nOther stuff."
    assert product_paragraph(text, "PD_1", "Acme Trail Shoe Pro").startswith("The Acme")


def test_tool_arguments():
    assert run("tool_arguments", req("x")).passed
    bad = req("x", trajectory=[{"kind": "tool_call", "name": "search", "arguments": {"q": ""}}],
              context={"tools": [{"name": "search", "parameters": {"properties": {"q": {}}, "required": ["q"]}}]})
    assert run("tool_arguments", bad).passed is False
    assert run("tool_arguments", req("x", trajectory=[])).passed is None


def test_registry_lists_every_rule_once_and_rules_module_imports_none():
    import subprocess
    import sys

    from judge_server.rules import base as rules
    from judge_server.rules import registry as rule_registry

    assert set(RULES) == {rules.rule_name(f) for f in rule_registry.RULE_FUNCTIONS}
    assert len(RULES) == len(rule_registry.RULE_FUNCTIONS)
    assert not hasattr(rules, "RULES")  # the registry lives in rule_registry only: no import circle
    # importing the types module (what every rule module imports) loads no rule module
    code = ("import sys, judge_server.rules.base; "
            "print(sorted(m for m in sys.modules if m.startswith(('judge_server.rules.shopping', 'judge_server.rules.other'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_registry_refuses_two_rules_under_one_name():
    from judge_server.rules.base import RuleOutcome, rule
    from judge_server.rules.registry import build_registry

    @rule("card_format")
    def impostor(ctx: RuleContext) -> RuleOutcome:
        return RuleOutcome(True)

    with pytest.raises(ValueError, match="listed twice"):
        build_registry([RULES["card_format"], impostor])
    with pytest.raises(ValueError, match="not a rule"):
        build_registry([lambda ctx: RuleOutcome(True)])
