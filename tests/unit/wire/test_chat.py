"""OpenAI chat messages -> ScoreRequest, on real-shaped conversations (agent loops, chat servers, frameworks)."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from hrm_wire.chat import ProductMapping, normalize_product, products_in_output
from hrm_wire.models import ObservationStep, ReasoningStep, ScoreRequest, ToolCallStep

SYSTEM = {"role": "system", "content": "You are a shopping assistant. Use tools; show products as cards."}
USER = {"role": "user", "content": "Waterproof running earbuds under $100?"}
SEARCH_ARGS = json.dumps({"query": "waterproof running earbuds", "max_price": 100})
RESULTS = [{"id": "PD_101", "title": "AquaBeat Sport", "price": "$79.99", "brand": "Aqua", "rating": 4.5,
            "url": "https://shop.example/pd101", "ip_rating": "IPX7"},
           {"product_id": "PD_102", "name": "RunPods", "price": 95, "brand": "Pace"}]


def call(cid: str, name: str, args: str) -> dict:
    return {"id": cid, "type": "function", "function": {"name": name, "arguments": args}}


def conversation(*middle: dict, final: str = "Try <product>PD_101</product>.") -> list[dict]:
    return [SYSTEM, USER, *middle, {"role": "assistant", "content": final}]


def kinds(req: ScoreRequest) -> list[str]:
    return [s.kind for s in req.trajectory]


# (name, messages, expected step kinds, expected product ids, expected response)
TABLE = [
    ("json text tool output", conversation(
        {"role": "assistant", "content": None, "tool_calls": [call("c1", "product_search", SEARCH_ARGS)]},
        {"role": "tool", "tool_call_id": "c1", "content": json.dumps({"products": RESULTS})}),
     ["tool_call", "observation"], {"PD_101", "PD_102"}, "Try <product>PD_101</product>."),
    ("parallel tool calls, JSON value content, reasoning_content", conversation(
        {"role": "assistant", "content": "", "reasoning_content": "Search two ways and compare.",
         "tool_calls": [call("a", "product_search", SEARCH_ARGS), call("b", "product_detail", '{"id": "PD_102"}')]},
        {"role": "tool", "tool_call_id": "a", "content": [RESULTS[0]]},
        {"role": "tool", "tool_call_id": "b", "content": RESULTS[1]}),
     ["reasoning", "tool_call", "tool_call", "observation", "observation"], {"PD_101", "PD_102"}, None),
    ("think spans in content, text parts", conversation(
        {"role": "assistant", "content": "<think>Need IPX7 and a secure fit.</think>",
         "tool_calls": [call("c1", "product_search", SEARCH_ARGS)]},
        {"role": "tool", "tool_call_id": "c1", "content": [{"type": "text", "text": json.dumps(RESULTS)}]}),
     ["reasoning", "tool_call", "observation"], {"PD_101", "PD_102"}, None),
    ("no tool calls at all", [SYSTEM, {"role": "user", "content": "How do I season cast iron?"},
                              {"role": "assistant", "content": "<think>Advice only.</think>Oil it thinly, bake 1 h."}],
     ["reasoning"], set(), "Oil it thinly, bake 1 h."),
    ("a tool error message", conversation(
        {"role": "assistant", "content": None, "tool_calls": [call("c1", "product_search", "{not json")]},
        {"role": "tool", "tool_call_id": "c1", "content": "Error executing tool 'product_search': bad arguments"},
        {"role": "assistant", "content": None, "tool_calls": [call("c2", "product_search", SEARCH_ARGS)]},
        {"role": "tool", "tool_call_id": "c2", "content": json.dumps(RESULTS)}),
     ["tool_call", "observation", "tool_call", "observation"], {"PD_101", "PD_102"}, None),
    ("tool messages without ids (order and name)", conversation(
        {"role": "assistant", "content": None, "tool_calls": [{"type": "function", "function": {
            "name": "product_search", "arguments": SEARCH_ARGS}}]},
        {"role": "tool", "name": "product_search", "content": json.dumps({"results": RESULTS})}),
     ["tool_call", "observation"], {"PD_101", "PD_102"}, None),
]


@pytest.mark.parametrize(("name", "messages", "steps", "ids", "response"), TABLE, ids=[t[0] for t in TABLE])
def test_messages_become_a_request(name, messages, steps, ids, response) -> None:
    req = ScoreRequest.model_validate({"messages": messages, "rubric": "smartshop"})
    assert req.query == USER["content"] or name == "no tool calls at all"
    assert kinds(req) == steps
    assert set(req.products()) == ids
    assert req.messages is None  # input only: the validated request carries the derived fields
    if response is not None:
        assert req.response == response
    assert "<think>" not in req.response
    # The validated request round-trips (what transports and the client send on).
    assert ScoreRequest.model_validate(req.model_dump()) == req


def test_calls_outputs_and_records_keep_what_the_tools_said() -> None:
    req = ScoreRequest.model_validate({"messages": TABLE[1][1]})
    r, c1, c2, o1, o2 = req.trajectory
    assert isinstance(r, ReasoningStep) and r.text == "Search two ways and compare."
    assert isinstance(c1, ToolCallStep) and c1.arguments == {"query": "waterproof running earbuds", "max_price": 100}
    assert (c1.call_id, c2.call_id, c2.name) == ("a", "b", "product_detail")
    assert isinstance(o1, ObservationStep) and o1.call_id == "a" and json.loads(o1.content) == [RESULTS[0]]
    p101 = req.products()["PD_101"]
    assert (p101.name, p101.price) == ("AquaBeat Sport", 79.99)  # title -> name, "$79.99" -> 79.99
    assert p101.attributes == {"brand": "Aqua", "rating": 4.5, "url": "https://shop.example/pd101", "ip_rating": "IPX7"}
    assert req.products()["PD_102"].attributes == {"brand": "Pace"}


def test_invalid_call_arguments_are_kept_raw_for_the_process_judge() -> None:
    req = ScoreRequest.model_validate({"messages": TABLE[4][1]})
    assert req.trajectory[0].arguments == {"_raw": "{not json"}
    assert req.trajectory[1].products == [] and "Error executing tool" in req.trajectory[1].content


def test_query_is_the_last_user_turn_before_the_work_and_earlier_tool_records_join_the_catalog() -> None:
    earlier = [SYSTEM, {"role": "user", "content": "Show me earbuds."},
               {"role": "assistant", "content": None, "tool_calls": [call("e", "product_search", "{}")]},
               {"role": "tool", "tool_call_id": "e", "content": json.dumps([RESULTS[0]])},
               {"role": "assistant", "content": "Here: <product>PD_101</product>"},
               {"role": "user", "content": "Is the first one waterproof?"},
               {"role": "assistant", "content": "Yes, IPX7: <product>PD_101</product>"}]
    req = ScoreRequest.model_validate({"messages": earlier})
    assert req.query == "Is the first one waterproof?"
    assert req.trajectory == []
    assert [p.id for p in req.catalog or []] == ["PD_101"]
    over = ScoreRequest.model_validate({"messages": earlier, "query": "waterproof?"})
    assert over.query == "waterproof?"  # an explicit query wins


def test_tool_mapping_is_configurable_per_request() -> None:
    msgs = conversation(
        {"role": "assistant", "content": None, "tool_calls": [call("w", "web_search", '{"q": "x"}')]},
        {"role": "tool", "tool_call_id": "w", "content": json.dumps([{"asin": "PD_9", "headline": "Nine"}])},
        final="See <product>PD_9</product>")
    default = ScoreRequest.model_validate({"messages": msgs})
    assert set(default.products()) == {"PD_9"}  # every tool by default; asin is a known id field
    only_search = {"tools": ["product_search"], "name_fields": ["headline"]}
    with pytest.raises(ValidationError, match="no product records"):
        ScoreRequest.model_validate({"messages": msgs, "options": {"products": only_search}})
    named = ScoreRequest.model_validate({"messages": msgs, "options": {"products": {"name_fields": ["headline"]}}})
    assert named.products()["PD_9"].name == "Nine"


@pytest.mark.parametrize(("messages", "loc", "fragment"), [
    ([USER], ("messages", 0), "no final answer"),
    (conversation({"role": "assistant", "content": None, "tool_calls": [call("c", "s", "{}")]})[:-1],
     ("messages", 2), "ends with a assistant message"),
    ([{"role": "robot", "content": "x"}], ("messages", 0), "role: system | user | assistant | tool"),
    ([USER, {"role": "assistant", "content": None, "tool_calls": [{"type": "function", "function": {}}]},
      {"role": "assistant", "content": "ok"}], ("messages", 1, "tool_calls", 0), "function.name"),
    ([], ("messages",), "non-empty list"),
])
def test_bad_conversations_say_where_and_how_to_fix(messages, loc, fragment) -> None:
    with pytest.raises(ValidationError) as info:
        ScoreRequest.model_validate({"messages": messages})
    err = info.value.errors()[0]
    assert err["loc"] == loc and fragment in err["msg"]


def test_messages_and_trajectory_together_are_refused() -> None:
    with pytest.raises(ValidationError, match="either `messages`"):
        ScoreRequest.model_validate({"messages": TABLE[3][1], "trajectory": [{"kind": "reasoning", "text": "x"}]})


def test_an_explicit_response_lets_the_conversation_stop_inside_the_tool_exchange() -> None:
    msgs = [SYSTEM, USER, {"role": "assistant", "content": None, "tool_calls": [call("c", "product_search", "{}")]}]
    req = ScoreRequest.model_validate({"messages": msgs, "response": ""})
    assert req.response == "" and kinds(req) == ["tool_call"]


def test_products_in_output_forms() -> None:
    assert products_in_output("no json here") == []
    assert products_in_output('{"count": 0, "products": []}') == []
    assert [p["id"] for p in products_in_output({"data": {"items": [{"sku": 7}]}})] == ["7"]
    assert products_in_output(json.dumps(RESULTS), ProductMapping(tools=["x"]), "product_search") == []


def test_normalize_product_keeps_every_field() -> None:
    p = normalize_product({"id": "PD_1", "title": "T", "price": {"amount": "1,299.00", "currency": "EUR"},
                           "brand": "B", "specs": {"w": 2}, "attributes": {"color": "red"}})
    assert p == {"id": "PD_1", "name": "T", "price": 1299.0, "currency": "EUR",
                 "attributes": {"color": "red", "brand": "B", "specs": {"w": 2}}}
    odd = normalize_product({"id": 5, "price": "call us"})
    assert odd["id"] == "5" and "price" not in odd and odd["attributes"] == {"price": "call us"}


def test_a_normalised_record_is_taken_as_is_and_builds_the_same_product() -> None:
    """Request validation normalises records with the request's mapping; ``Product`` then takes them without a
    second pass, and the product is the one the raw record gives."""
    from hrm_wire.models import Product

    raw = {"sku": "PD_9", "title": "Kettle", "sale_price": "$1,049.50", "maker": "Acme", "brand": "B"}
    once = normalize_product(raw, ProductMapping(brand_fields=["maker"]))
    assert normalize_product(once) is once
    assert normalize_product(dict(once)) == once  # the same record as a plain dict: normalised to itself
    assert Product.model_validate(once) == Product.model_validate(dict(once))
    req = ScoreRequest.model_validate({"query": "q", "response": "r", "options": {"products": {"brand_fields": ["maker"]}},
                                       "trajectory": [{"kind": "observation", "products": [raw]}]})
    assert req.products()["PD_9"] == Product.model_validate(dict(once))
