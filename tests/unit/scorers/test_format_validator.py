"""The coded format validator: each configurable rule, and its params validated at pack load."""

import pytest
from pydantic import ValidationError

from hrm_wire.models import ScoreRequest
from judge_server.rules.base import RuleContext
from judge_server.rules.other.format_validator import FormatParams, bullet_style, validate_format
from judge_server.rules.registry import RULES


def check(text: str, **params) -> list[str]:
    return validate_format(text, FormatParams(**params))


def test_no_rules_only_rejects_empty():
    assert check("anything at all") == []
    assert check("  \n ") == ["the response is empty"]
    assert check("", allow_empty=True) == []


def test_length_limits():
    assert check("x" * 10, max_chars=10) == []
    assert check("x" * 11, max_chars=10) == ["11 characters, over the 10 limit"]
    assert check("a\nb\n\nc", max_lines=3) == []  # blank lines do not count
    assert check("a\nb\nc\nd", max_lines=3) == ["4 lines, over the 3 limit"]
    assert check("short\n" + "y" * 30, max_line_chars=20) == ["line 2 has 30 characters, over 20"]


@pytest.mark.parametrize(("line", "style"), [
    ("- item", "dash"), ("* item", "asterisk"), ("• item", "dot"), ("1. item", "numbered"), ("12) item", "numbered"),
    ("🍷 item", "emoji"), ("☕ item", "emoji"), ("❤️ item", "emoji"), ("  - indented", "dash"),
    ("plain text", None), ("-no space", None), ("3.5 stars", None), ("🍷", None), ("**bold** text", None),
])
def test_bullet_detection(line, style):
    assert bullet_style(line) == style


def test_bullet_style_rule():
    emoji_list = "Gift ideas:\n🎁 A mug\n☕ Beans"
    assert check(emoji_list, bullets={"style": "emoji"}) == []
    mixed = "Gift ideas:\n🎁 A mug\n- Beans"
    assert check(mixed, bullets={"style": "emoji"}) == ["list item on line 3 uses dash bullets, not emoji"]
    assert check(mixed, bullets={"style": "any"}) == []
    assert check("No list here.", bullets={"style": "emoji"}) == []  # lists optional unless min_items
    assert check("No list here.", bullets={"style": "emoji", "min_items": 2}) == [
        "0 list item(s), fewer than the required 2"]
    assert check("1. one\n2. two", bullets={"style": "numbered", "min_items": 2}) == []


def test_forbidden_characters_and_scripts():
    assert check("Price: $5 <b>", forbidden_chars="<>") == ["forbidden character(s): '<' '>'"]
    assert check("생일 축하해요 🎂", forbidden_scripts=["han"]) == []  # Hangul is fine
    assert check("생일 祝 축하", forbidden_scripts=["han"]) == ["forbidden script(s): han"]
    assert check("hello привет", forbidden_scripts=["han", "cyrillic"]) == ["forbidden script(s): cyrillic"]


def test_patterns():
    assert check("# Title\ntext", forbidden_patterns=[r"^\s{0,3}#"]) == [r"forbidden pattern '^\\s{0,3}#' matches '#'"]
    assert check("text\n## Sub", forbidden_patterns=[r"^\s{0,3}#"])  # multi-line mode
    assert check("a **bold** word", forbidden_patterns=[r"\*\*"])
    assert check("see the cards below", required_patterns=[r"(?i)cards?"]) == []
    assert check("nothing", required_patterns=[r"(?i)cards?"]) == [r"required pattern '(?i)cards?' not found"]


def test_every_violation_is_reported_in_order():
    text = "**Ideas**\n- a\n祝"
    problems = check(text, max_chars=5, bullets={"style": "emoji"}, forbidden_scripts=["han"],
                     forbidden_patterns=[r"\*\*"])
    assert [p.split(" ")[0] for p in problems] == ["15", "list", "forbidden", "forbidden"]


@pytest.mark.parametrize("bad", [{"max_chars": 0}, {"bullets": {"style": "stars"}}, {"forbidden_patterns": ["("]},
                                 {"forbidden_scripts": ["klingon"]}, {"surprise": 1}])
def test_bad_params_are_rejected(bad):
    with pytest.raises(ValidationError):
        FormatParams(**bad)


def test_registered_rule():
    req = ScoreRequest(query="q", response="🎁 A mug\n- Beans", rubric="workflow_agent")
    out = RULES["format_validator"](RuleContext(req, {"bullets": {"style": "emoji"}}))
    assert out.passed is False and "dash" in out.reason and len(out.evidence) == 1
    ok = RULES["format_validator"](RuleContext(req, {"max_chars": 100}))
    assert ok.passed is True
