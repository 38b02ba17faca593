from __future__ import annotations

import pytest

Q = "waterproof hiking boots, size 8, under $150"


def tools(run_rule, *calls, query=Q, **extra):
    steps = [c if "name" in c else {"arguments": c} for c in calls]
    return run_rule("tool_arguments_match", run_rule.req(query, "ok", calls=steps, **extra))


def test_matching_arguments_do_not_decide_and_are_noted(run_rule):
    out = tools(run_rule, {"query": "waterproof hiking boots", "max_price": 150, "size": "8"})
    assert out.passed is None and len(out.evidence) == 2
    assert "within the query's 150 cap" in out.evidence[0] and "matches" in out.evidence[1]


SEARCH = {"name": "search_products", "parameters": {"properties": {"query": {}, "max_price": {}},
                                                   "required": ["query"]}}
LIST_ALL = {"name": "list_deals", "parameters": {"properties": {"category": {}}}}


def test_empty_arguments_fail_only_when_a_declared_schema_requires_some(run_rule):
    declared = {"context": {"tools": [SEARCH, LIST_ALL]}}
    out = tools(run_rule, {"name": "search_products", "arguments": {"query": "boots"}},
                {"name": "search_products", "arguments": {}}, **declared)
    assert out.passed is False and "empty arguments" in out.reason and "query" in out.reason
    assert tools(run_rule, {"name": "search_products", "arguments": {"query": ""}}, **declared).passed is False


@pytest.mark.parametrize("extra", [{}, {"context": {"tools": [SEARCH, LIST_ALL]}}])
def test_empty_arguments_without_a_required_list_are_evidence_not_a_veto(run_rule, extra):
    # no schema at all, or a tool whose parameters are all optional: the empty call may be right
    name = "list_deals" if extra else "search_products"
    out = tools(run_rule, {"name": name, "arguments": {}}, **extra)
    assert out.passed is None and any("empty arguments" in e for e in out.evidence)
    coarse = run_rule("tool_arguments", run_rule.req(Q, "ok", calls=[{"name": name, "arguments": {}}], **extra))
    assert coarse.passed is None and coarse.evidence


def test_quality_questions_are_left_to_the_judge(run_rule):
    # a broader cap, another size, or words the query does not use are judgments, not facts
    out = tools(run_rule, {"query": "hiking boots", "max_price": 500})
    assert out.passed is None and "above the query's 150 cap" in out.evidence[0]
    assert tools(run_rule, {"query": "hiking boots", "size": "10"}).passed is None
    assert tools(run_rule, {"query": "blender"}, {"query": "hiking boots"}).passed is None


def test_python_execute_and_web_search_of_a_sub_question_are_not_vetoed(run_rule):
    query = "Which blender is quieter, the Vitamix E310 or the Ninja BL610, for early mornings?"
    out = tools(run_rule, {"name": "web_search", "arguments": {"query": "Blender-1 noise level dB"}},
                {"name": "python_execute", "arguments": {"code": "print(round((88-78)/88*100))"}},
                {"name": "search_products", "arguments": {"keywords": "Vitamix E310"}}, query=query)
    assert out.passed is None


def test_undeclared_tool_fails_only_when_tools_are_declared(run_rule):
    call = {"name": "delete_account", "arguments": {"user": "me"}}
    declared = {"context": {"tools": [{"name": "search_products", "parameters": {"properties": {"q": {}}}},
                                      {"name": "get_cart", "parameters": {}}]}}
    out = tools(run_rule, call, **declared)
    assert out.passed is False and "not among the declared tools" in out.reason
    assert tools(run_rule, call).passed is None
    # a declared tool without parameters is called correctly with none
    assert tools(run_rule, {"name": "get_cart", "arguments": {}}, **declared).passed is None


def test_no_calls(run_rule):
    assert run_rule("tool_arguments_match", run_rule.req(Q, "ok")).passed is None
