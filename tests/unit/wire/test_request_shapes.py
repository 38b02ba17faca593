"""Common request-shape mistakes are typed 422s that say how to fix them; permissive product records."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from hrm_wire.models import Product, ScoreRequest

OBS = {"kind": "observation", "call_id": "c1",
       "content": json.dumps({"products": [{"id": "PD_101", "title": "AquaBeat", "price": 79.99, "brand": "Aqua"}]})}
CALL = {"kind": "tool_call", "name": "search_products", "arguments": '{"query": "earbuds"}', "call_id": "c1"}


def error(data: dict) -> dict:
    with pytest.raises(ValidationError) as info:
        ScoreRequest.model_validate(data)
    return info.value.errors()[0]


def test_cards_without_any_product_record_are_invalid_not_a_silent_zero() -> None:
    err = error({"query": "earbuds?", "response": "Try <product>PD_101</product> or <product>PD_7,PD_8</product>"})
    assert err["type"] == "invalid_request" and err["loc"] == ("catalog",)
    assert "PD_101, PD_7, PD_8" in err["msg"] and "catalog" in err["msg"] and "content" in err["msg"]
    # Without cards there is nothing to check against records: fine.
    assert ScoreRequest.model_validate({"query": "cast iron?", "response": "Oil it."}).products() == {}


def test_json_text_in_an_observation_content_is_read_for_product_records() -> None:
    req = ScoreRequest.model_validate({"query": "earbuds?", "trajectory": [CALL, OBS],
                                       "response": "Try <product>PD_101</product>"})
    p = req.products()["PD_101"]
    assert (p.name, p.price, p.attributes) == ("AquaBeat", 79.99, {"brand": "Aqua"})
    assert req.trajectory[0].arguments == {"query": "earbuds"}  # JSON-string arguments accepted


@pytest.mark.parametrize(("data", "loc", "fragment"), [
    ({"query": "q", "response": "r", "trajectory": [{"name": "search"}]}, ("trajectory", 0),
     "each step needs kind: reasoning | tool_call | observation"),
    ({"query": "q", "response": "r", "trajectory": [{"kind": "thought", "text": "x"}]}, ("trajectory", 0),
     "each step needs kind"),
    ({"query": "q", "response": "r", "trajectory": "search then answer"}, ("trajectory",), "list of steps"),
    ({"query": "q", "response": "r", "steps": []}, ("steps",), "unknown field 'steps'"),
    ({"response": "r"}, ("query",), "or give `messages`"),
    ({"query": "q"}, ("response",), "agent's final answer"),
    ({"query": "q", "response": "r", "catalog": [{"title": "no id"}]}, ("catalog", 0), "has no id"),
    ({"query": "q", "response": "r", "options": {"products": {"idfields": ["x"]}}}, ("options", "products"),
     "not a product mapping"),
])
def test_shape_mistakes_say_how_to_fix_them(data: dict, loc: tuple, fragment: str) -> None:
    err = error(data)
    assert err["loc"] == loc and fragment in err["msg"], err


def test_product_records_are_permissive_in_catalog_and_observations() -> None:
    p = Product.model_validate({"product_id": "PD_3", "title": "Pan", "price": "$24.50", "brand": "Lodge",
                                "rating": 4.8, "url": "https://x"})
    assert (p.id, p.name, p.price) == ("PD_3", "Pan", 24.5)
    assert p.attributes == {"brand": "Lodge", "rating": 4.8, "url": "https://x"}
    with pytest.raises(ValidationError, match="has no id"):
        Product.model_validate({"title": "Pan"})
    req = ScoreRequest.model_validate({"query": "pan", "response": "<product>PD_3</product>",
                                       "catalog": [{"sku": "PD_3", "title": "Pan", "weight_kg": 2.1}]})
    assert req.products()["PD_3"].attributes == {"weight_kg": 2.1}


def test_any_category_label_is_kept_and_the_six_are_recognised():
    from hrm_wire.models import Category

    own = ScoreRequest.model_validate({"query": "q", "response": "r", "category": "Electronics > Audio"})
    assert own.category == "Electronics > Audio" and own.category_label() == "Electronics > Audio"
    known = ScoreRequest.model_validate({"query": "q", "response": "r", "category": "QA-Compare"})
    assert known.category is Category.qa_compare and known.category_label() == "qa_compare"


def test_a_final_answer_with_null_content_is_an_error_not_an_empty_answer():
    from pydantic import ValidationError

    msgs = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": None}]
    with pytest.raises(ValidationError) as info:
        ScoreRequest.model_validate({"messages": msgs})
    assert info.value.errors()[0]["loc"] == ("messages", 1, "content") and "content null" in str(info.value)
    empty = ScoreRequest.model_validate({"messages": [msgs[0], {"role": "assistant", "content": ""}]})
    assert empty.response == ""
