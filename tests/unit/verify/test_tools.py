from __future__ import annotations

Q = "waterproof hiking boots, size 8, under $150"


def tools(run_rule, *arguments):
    return run_rule("tool_arguments_match", run_rule.req(Q, "ok", calls=[{"arguments": a} for a in arguments]))


def test_matching_arguments_do_not_decide(run_rule):
    out = tools(run_rule, {"query": "waterproof hiking boots", "max_price": 150, "size": "8"})
    assert out.passed is None and len(out.evidence) == 2


def test_loosened_cap_wrong_size_empty_and_offtopic_fail(run_rule):
    assert tools(run_rule, {"query": "hiking boots", "max_price": 500}).passed is False
    assert tools(run_rule, {"query": "hiking boots", "size": "10"}).passed is False
    assert tools(run_rule, {}).passed is False
    out = tools(run_rule, {"query": "blender"}, {"query": "hiking boots"})
    assert out.passed is False and "blender" in out.reason


def test_no_calls(run_rule):
    assert run_rule("tool_arguments_match", run_rule.req(Q, "ok")).passed is None
