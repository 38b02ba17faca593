"""Each deterministic check on small constructed requests."""

from __future__ import annotations

from typing import Any

import pytest

from hrm_wire.models import ScoreRequest
from judge_server.cards import product_paragraph, scan_cards
from judge_server.rules import RULES, RuleContext, cards_expected

PRODUCTS = [{"id": "PD_1", "name": "Acme Trail Shoe Pro", "price": 80.0},
            {"id": "PD_2", "name": "Zephyr Road Runner", "price": 120.0}]


def req(response: str, query: str = "Recommend trail shoes under $100", **kw: Any) -> ScoreRequest:
    traj = [{"kind": "tool_call", "name": "search", "arguments": {"q": "trail shoes"}},
            {"kind": "observation", "products": PRODUCTS}]
    return ScoreRequest(query=query, response=response, trajectory=kw.pop("trajectory", traj), **kw)


def run(name: str, r: ScoreRequest, **params: Any):
    return RULES[name](RuleContext(r, params))


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


def test_card_completeness_flags_named_product_without_card():
    out = run("card_completeness", req("Get the Acme Trail Shoe Pro <product>PD_1</product> or the Zephyr Road Runner."))
    assert out.passed is False and "PD_2" in out.reason
    assert run("card_completeness", req("Get the Acme Trail Shoe Pro <product>PD_1</product>")).passed


@pytest.mark.parametrize(("query", "category", "cards", "ok"), [
    ("Recommend trail shoes under $100", "search_multi_constraint", True, True),
    ("Recommend trail shoes under $100", "search_multi_constraint", False, False),
    ("How do I clean trail shoes?", "qa_consultation", False, True),
    ("How do I clean trail shoes?", "qa_consultation", True, False),
    ("How do I clean trail shoes?", None, True, False),     # inferred from the query
    ("Recommend trail shoes", None, False, False),
])
def test_ui_trigger(query, category, cards, ok):
    text = "Try <product>PD_1</product>" if cards else "Scrub them gently and let them air-dry."
    assert run("ui_trigger", req(text, query=query, category=category)).passed is ok


def test_ui_trigger_respects_caller_override():
    r = req("plain text", query="Recommend trail shoes", options={"expect_cards": False})
    assert run("ui_trigger", r).passed
    assert cards_expected(r)[1] == 1.0


def test_product_paragraph_picks_the_paragraph_about_the_product():
    text = "Intro.\n\nThe Acme Trail Shoe Pro grips well. <product>PD_1</product>\n\nOther stuff."
    assert product_paragraph(text, "PD_1", "Acme Trail Shoe Pro").startswith("The Acme")


def test_tool_arguments():
    assert run("tool_arguments", req("x")).passed
    bad = req("x", trajectory=[{"kind": "tool_call", "name": "search", "arguments": {"q": ""}}])
    assert run("tool_arguments", bad).passed is False
    assert run("tool_arguments", req("x", trajectory=[])).passed is None
