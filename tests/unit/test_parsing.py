import math

import pytest

from hrm_wire.errors import VerdictParseError
from judge_server.engines.base import TokenLogprob
from judge_server.grading.parsing import parse_json_verdict, parse_line_verdict, verdict_confidence


@pytest.mark.parametrize(("text", "passed"), [
    ('{"verdict": "yes", "reason": "fine"}', True),
    ('{"verdict": "no", "reason": "bad"}', False),
    ('Sure! ```json\n{"is_pass": true, "reason": "x"}\n``` hope that helps', True),
    ('{"Verdict": "PASS"}', True),
    ('{"pass": 0}', False),
])
def test_binary_json_tolerant(text, passed):
    assert parse_json_verdict(text, "binary").passed is passed


@pytest.mark.parametrize("text", ["no json here", '{"verdict": "maybe"}', '{"reason": "only"}', '{"verdict": "yes"'])
def test_binary_json_failures(text):
    with pytest.raises(VerdictParseError) as info:
        parse_json_verdict(text, "binary")
    assert info.value.raw == text


def test_scale_json_range_checked():
    assert parse_json_verdict('{"score": 3, "reason": "ok"}', "scale", (0, 4)).raw_score == 3
    with pytest.raises(VerdictParseError):
        parse_json_verdict('{"score": 7}', "scale", (0, 4))


@pytest.mark.parametrize(("text", "score"), [
    ("Reason: matches the reference\nScore: 1", 1),
    ("Let me think.\nreason: close enough\nscore: 3\nThanks!", 3),
    ("**Reason:** good\n**Score:** 2", 2),
    ("- Reason: matches\n- Score: 1", 1),
])
def test_line_format(text, score):
    assert parse_line_verdict(text, (1, 3)).raw_score == score


@pytest.mark.parametrize("text", ["Reason: fine", "Score: 5", "Score: 1\nScore: 2", "Score: 1.5", "The score is 2"])
def test_line_format_strict_failures(text):
    with pytest.raises(VerdictParseError):
        parse_line_verdict(text, (1, 3))


def test_confidence_from_logprobs():
    lps = [TokenLogprob(token='{"', logprob=0.0), TokenLogprob(token="verdict", logprob=0.0),
           TokenLogprob(token='":"', logprob=0.0),
           TokenLogprob(token="yes", logprob=math.log(0.6), top=[("yes", math.log(0.6)), ("no", math.log(0.3))])]
    assert verdict_confidence(lps, "", True) == pytest.approx(0.6 / 0.9)
    assert verdict_confidence(None, "", True) == 1.0
