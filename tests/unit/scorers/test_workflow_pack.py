"""workflow_agent pack on the scripted fake engine: the tool-call rule, line-format verdicts, retry and
judge_failed, the weighted reward. The real-grader sibling is tests/real/test_other_packs.py."""

import copy
import json
from pathlib import Path

import pytest

from hrm_wire.errors import InvalidRequest
from hrm_wire.models import ScoreRequest
from judge_server.rules.base import RuleContext
from judge_server.rules.registry import RULES

ROOT = Path(__file__).resolve().parents[3]
ITEMS = {d["id"]: d for d in map(json.loads, (ROOT / "examples/workflow_agent/requests.jsonl").read_text().splitlines())}


def item(name: str, **changes) -> dict:
    d = copy.deepcopy(ITEMS[name])
    for path, value in changes.items():
        target = d
        *parents, last = path.split("__")
        for p in parents:
            target = target[p]
        target[last] = value
    return d


def rule_outcome(d: dict, params: dict | None = None):
    return RULES["tool_call_match"](RuleContext(ScoreRequest.model_validate(d), params or {}))


@pytest.mark.parametrize(("name", "changes", "passed", "needle"), [
    ("w03-same-args", {}, True, "reference's arguments"),
    ("w06-chat-format-violation", {}, True, "no tool call expected"),
    ("w04-wrong-tool", {}, False, "the reference calls get_friend_birthdays"),
    ("w05-missing-required", {}, False, "lacks required argument(s): friend_id"),
    ("w01-args-paraphrased", {}, None, "text argument query differs: the grader decides"),
    ("w07-different-product", {}, None, "text argument query differs: the grader decides"),
    ("w02-wrong-price", {}, False, "max_price is 20; the reference has 50"),
    # a reference argument left out (max_price is optional in the schema)
    ("w01-args-paraphrased", {"context__tool_call": {"name": "search_gifts", "arguments": {"query": "coffee gift"}}},
     False, "lacks argument(s) the reference gives: max_price"),
    # an extra argument is a question of meaning for the grader
    ("w01-args-paraphrased", {"context__tool_call": {"name": "search_gifts", "arguments": {
        "query": "coffee lover birthday gift", "max_price": 50, "min_price": 10}}}, None, "extra argument min_price"),
    # a range that is a single point
    ("w01-args-paraphrased", {"context__tool_call": {"name": "search_gifts", "arguments": {
        "query": "coffee lover birthday gift", "max_price": 50, "min_price": 50}}}, False, "starts where it ends"),
    # amounts written as text are compared as numbers
    ("w01-args-paraphrased", {"context__tool_call": {"name": "search_gifts", "arguments": {
        "query": "coffee lover birthday gift", "max_price": "50"}}}, True, "reference's arguments"),
    ("w01-args-paraphrased", {"context__tool_call": {"name": "search_gifts", "arguments": {
        "query": "coffee lover birthday gift", "max_price": 50000}},
        "reference__tool_call": {"name": "search_gifts", "arguments": {
        "query": "coffee lover birthday gift", "max_price": "50,000"}}}, True, "reference's arguments"),
    ("w03-same-args", {"context__tool_call": None}, False, "no tool call; the reference calls"),
    ("w06-chat-format-violation", {"context__tool_call": {"name": "search_gifts", "arguments": {"query": "x"}}},
     False, "reference makes no tool call"),
    # case/whitespace of string values and int/float spelling do not matter
    ("w01-args-paraphrased", {"context__tool_call": {"name": "search_gifts",
                                                     "arguments": {"query": " Coffee lover  birthday gift", "max_price": 50.0}}},
     True, "reference's arguments"),
    # OpenAI wire form: {"function": {...}} with JSON-string arguments
    ("w03-same-args", {"context__tool_call": {"type": "function", "function": {"name": "get_friend_birthdays",
                                                                             "arguments": "{\"month\": 6}"}}},
     True, "reference's arguments"),
    ("w04-wrong-tool", {"context__tool_call": {"name": "send_money", "arguments": {}},
                        "reference__tool_call": {"name": "send_money", "arguments": {}}}, False, "not among"),
])
def test_tool_call_rule(name, changes, passed, needle):
    out = rule_outcome(item(name, **changes))
    assert out.passed is passed and needle in out.reason


def test_tool_call_rule_params():
    wrong_price = item("w02-wrong-price")
    assert rule_outcome(wrong_price, {"exact_non_text": False}).passed is None
    point = item("w01-args-paraphrased", context__tool_call={"name": "search_gifts", "arguments": {
        "query": "x", "max_price": 50, "min_price": 50}})
    assert rule_outcome(point, {"check_ranges": False}).passed is None
    dropped = item("w01-args-paraphrased", context__tool_call={"name": "search_gifts", "arguments": {"query": "x"}})
    assert rule_outcome(dropped, {"check_reference_args": False}).passed is None
    d = item("w05-missing-required")
    assert "the reference gives: friend_id" in rule_outcome(d, {"check_required": False}).reason
    assert rule_outcome(d, {"check_required": False, "check_reference_args": False}).passed is None
    d = item("w04-wrong-tool", context__tool_call={"name": "send_money", "arguments": {}},
             reference__tool_call={"name": "send_money", "arguments": {}})
    assert rule_outcome(d, {"check_known_tool": False}).passed is True


@pytest.mark.parametrize(("changes", "field"), [
    ({"reference": None}, "reference"),
    ({"reference": "just text"}, "reference"),
    ({"context__tool_call": {"arguments": {}}}, "context.tool_call"),
    ({"context__tool_call": {"name": "search_gifts", "arguments": "{not json"}}, "context.tool_call.arguments"),
    ({"reference__tool_call": {"name": "search_gifts", "arguments": [1]}}, "reference.tool_call.arguments"),
    ({"context__tools": "search_gifts"}, "context.tools"),
])
def test_malformed_input_is_invalid_request(changes, field):
    with pytest.raises(InvalidRequest) as info:
        rule_outcome(item("w01-args-paraphrased", **changes))
    assert info.value.field == field


async def score(make_pipeline, name: str, script: list[str], **kw):
    pipe = make_pipeline(script=script, **kw)
    await pipe.start()
    try:
        return pipe, await pipe.score(pipe.parse_request(ITEMS[name]))
    finally:
        await pipe.close()


async def test_rule_decided_call_asks_only_about_the_response(make_pipeline):
    pipe, res = await score(make_pipeline, "w04-wrong-tool", ["Reason: different content\nScore: 1"])
    assert res.llm_calls == 1 and res.checks["tool_call"].source == "rule" and res.checks["tool_call"].passed is False
    assert res.checks["response_quality"].raw_score == 1.0 and res.checks["response_quality"].passed is False
    assert res.checks["format"].passed is True
    assert res.reward == pytest.approx(0.4 * 0 + 0.4 * 0.0 + 0.2 * 1)
    prompt = pipe.engine.requests[0].messages[-1].content
    assert "<<<BEGIN REFERENCE RESPONSE>>>" in prompt and "<<<BEGIN HISTORY>>>\nuser: Whose birthday" in prompt
    assert "TOOLS" not in prompt.split("<<<BEGIN", 1)[1]  # the quality judge is not shown the tool list


async def test_grader_decides_arguments_and_line_answers_tolerate_chatter(make_pipeline):
    # tool-call question first (checks are asked in order), then response quality
    script = ["Sure! Here is my evaluation.\nReason: same meaning, same price cap.\nScore: 1\nHope this helps.",
              "reason: same content as the reference\nscore: 3"]
    pipe, res = await score(make_pipeline, "w01-args-paraphrased", script)
    tc, rq = res.checks["tool_call"], res.checks["response_quality"]
    assert (tc.source, tc.passed, tc.raw_score, tc.reason) == ("hybrid", True, 1.0, "same meaning, same price cap.")
    assert (rq.passed, rq.raw_score, rq.score) == (True, 3.0, 1.0)
    assert res.reward == pytest.approx(0.4 + 0.4 + 0.2)
    assert res.detail.components == {"tool_call": 0.4, "response_quality": 0.4, "format": 0.2}
    tool_prompt = next(r for r in pipe.engine.requests if "REFERENCE TOOL CALL" in r.messages[-1].content)
    text = tool_prompt.messages[-1].content
    for block in ("TOOLS", "HISTORY", "REFERENCE TOOL CALL", "TOOL CALL"):
        assert f"<<<BEGIN {block}>>>" in text
    assert tool_prompt.json_schema is None  # line answers are not JSON-constrained


async def test_missing_score_is_retried_then_accepted(make_pipeline):
    # w03: the rule settles the tool call, so the only question is response quality
    script = ["Reason: the same content as the reference.", "Reason: the same content as the reference.\nScore: 3"]
    pipe, res = await score(make_pipeline, "w03-same-args", script)
    rq = res.checks["response_quality"]
    assert rq.passed is True and rq.raw_score == 3.0 and rq.attempts == 2
    assert res.retries == 1 and res.parse_attempts == 2 and not res.judge_failed
    repair = pipe.engine.requests[1].messages
    assert repair[-2].role == "assistant" and repair[-2].content == "Reason: the same content as the reference."
    assert "Score:" in repair[-1].content and "no 'Score: N' line" in repair[-1].content


@pytest.mark.parametrize("bad", [
    "Reason: fine",                          # no score line
    "Reason: fine\nScore: 5",                # outside the 0-1 scale
    "Reason: fine\nScore: 0.5",              # not an integer
    "Score: 1\nReason: hmm\nScore: 0",       # conflicting scores
    "I would give this a 1.",                # chatter only
])
async def test_unparseable_answers_end_in_judge_failed(make_pipeline, bad):
    # both LLM checks get the same bad answer on every attempt (they are asked concurrently)
    pipe, res = await score(make_pipeline, "w01-args-paraphrased", [bad] * 6, max_attempts=3)
    assert res.judge_failed and res.reward is None
    assert res.failure.check == "tool_call" and "unparseable verdict after 3 attempt(s)" in res.failure.cause
    assert res.failure.raw == bad
    assert res.checks["tool_call"].failed and res.checks["tool_call"].attempts == 3
    assert res.parse_attempts == 6 and len(pipe.engine.requests) == 6  # bounded: no attempt beyond max_attempts


async def test_quality_threshold_and_scale(make_pipeline):
    _, res = await score(make_pipeline, "w03-same-args", ["Reason: ok but misses the tap hint\nScore: 2"])
    rq = res.checks["response_quality"]
    assert (rq.raw_score, rq.score, rq.passed) == (2.0, 0.5, True)  # pass_threshold 0.5 = score 2 of 1-3
    assert res.reward == pytest.approx(0.4 + 0.4 * 0.5 + 0.2)


async def test_format_violation_is_reported(make_pipeline):
    _, res = await score(make_pipeline, "w06-chat-format-violation", ["Reason: ok\nScore: 3"])
    f = res.checks["format"]
    assert f.passed is False and f.source == "rule"
    assert any("han" in e for e in f.evidence) and any("dash" in e for e in f.evidence)
    assert res.reward == pytest.approx(0.4 + 0.4)
