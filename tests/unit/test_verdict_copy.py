"""``LLMVerdict.copy`` is ``dataclasses.replace`` for the verdict (the judge copies every answer it hands out)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from judge_server.grading.judge import LLMVerdict
from judge_server.grading.parsing import ParsedVerdict


def test_copy_equals_replace_and_is_a_new_object() -> None:
    v = LLMVerdict(verdict=ParsedVerdict(passed=True, raw_score=None, reason="fits"), confidence=0.8, attempts=2, tier="t",
                   joint={"p1": (ParsedVerdict(passed=False, raw_score=None, reason="no"), 0.6)})
    for changes in ({}, {"attempts": 0, "cached": True, "prompt_tokens": 0, "cached_tokens": 0},
                    {"verdict": None, "joint": None, "confidence": 0.1}):
        c = v.copy(**changes)
        assert c == replace(v, **changes) and c is not v
    c = v.copy()
    c.attempts = 9
    assert v.attempts == 2  # changing the copy leaves the shared original alone


def test_copy_refuses_unknown_fields() -> None:
    with pytest.raises(TypeError, match="atempts"):
        LLMVerdict(verdict=None).copy(atempts=0)
