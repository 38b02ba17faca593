"""The text rules request items may name as code verifiers (judge_server/rules/text)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from hrm_wire.models import ScoreRequest
from judge_server.rules.base import RuleContext
from judge_server.rules.registry import ITEM_VERIFIERS, RULES
from judge_server.rules.text.layout import TextFormatParams, text_format
from judge_server.rules.text.length import WordCountParams, word_count
from judge_server.rules.text.mentions import found, mentions


def ctx(response: str, **params) -> RuleContext:
    return RuleContext(ScoreRequest(query="q", response=response), params)


@pytest.mark.parametrize(("text", "params", "passed"), [
    ("one two three", {"max": 3}, True),
    ("one two three four", {"max": 3}, False),
    ("one two", {"min": 3}, False),
    ("one  two\nthree", {"min": 3, "max": 3}, True),
])
def test_word_count(text, params, passed):
    out = word_count(ctx(text, **params))
    assert out.passed is passed and out.evidence[0].startswith("words:")


@pytest.mark.parametrize("params", [{}, {"min": 5, "max": 2}, {"max": -1}])
def test_word_count_params(params):
    with pytest.raises(ValidationError):
        WordCountParams.model_validate(params)


@pytest.mark.parametrize(("mode", "passed"), [("all", False), ("any", True), ("none", False)])
def test_mentions_modes(mode, passed):
    out = mentions(ctx("Take ibuprofen with food.", phrases=["ibuprofen", "water"], mode=mode))
    assert out.passed is passed
    assert "found: 'ibuprofen'" in out.evidence and "absent: 'water'" in out.evidence


def test_mentions_match_whole_words_and_literal_text():
    assert found("Apply the lotion daily", "ion", False) is False
    assert found("Cost: $5 (approx.)", "$5 (approx.)", False) is True
    assert found("take  with\nFOOD", "with food", False) is True
    assert found("with food", "With Food", True) is False


def test_text_format_refuses_patterns_a_request_could_make_slow():
    with pytest.raises(ValidationError):
        TextFormatParams.model_validate({"required_patterns": ["(a+)+$"]})
    out = text_format(ctx("- one\n* two", bullets={"style": "dash"}))
    assert out.passed is False and "asterisk" in out.reason


def test_item_verifiers_are_registered_rules():
    assert set(ITEM_VERIFIERS.names()) == {"word_count", "mentions", "text_format"}
    assert all(ITEM_VERIFIERS[n] is RULES[n] for n in ITEM_VERIFIERS.names())
