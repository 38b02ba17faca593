"""The required-literal prefilter never hides a match: a text the pattern matches always passes ``may_match``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge_server.rules import literals
from judge_server.rules.literals import Prefiltered, fold, required_literals
from judge_server.rules.shopping import injection, injection_lang

ROOT = Path(__file__).resolve().parents[3]
SCREENS = [p for p, _ in injection._PATTERNS] + [p for p, _ in injection_lang._PATTERNS] + [
    injection._ANSWER_ORDER, injection_lang._ANSWER_DIMENSION_SCORE]


def test_literals_come_from_the_pattern():
    assert required_literals(re.compile(r"\bnotes?\s+to\s+(the\s+)?grader\b", re.I)) == {"grader"}
    assert required_literals(re.compile(r"[\"'](verdict|score)[\"']")) == {
        f"{q}{w}{r}" for q in "\"'" for w in ("verdict", "score") for r in "\"'"}
    assert required_literals(re.compile(r"(?:ai|llm)\s+judges?|evaluators?")) == {"judge", "evaluator"}
    # an alternative with nothing required makes the whole pattern unbounded: it always runs
    assert required_literals(re.compile(r"grader|\d+")) is None
    assert Prefiltered(re.compile(r"grader|\d+")).may_match("")


def test_folding_follows_ignorecase_equivalences():
    # re.IGNORECASE matches the long s, the dotless i, the dotted capital I, the Kelvin sign and final sigma
    for text, word in [("ſcore", "score"), ("ıgnore", "ignore"), ("İGNORE", "ignore"), ("\u212aRITERIA", "kriteria"),
                       ("ΚΡΙΤΗΡΙΟΣ", "κριτηριος")]:
        assert re.search(word, text, re.I), (text, word)
        assert Prefiltered(re.compile(word, re.I)).may_match(fold(text)), (text, word)


@pytest.mark.parametrize("index", range(len(SCREENS)))
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_every_generated_match_passes_the_prefilter(index, data):
    """Strings built to match each screen pattern (hypothesis reads the regex), with case flipped at random."""
    pattern = SCREENS[index]
    text = data.draw(st.from_regex(pattern))
    flip = data.draw(st.booleans())
    text = text.swapcase() if flip and pattern.flags & re.I else text
    if pattern.search(text):
        assert Prefiltered(pattern).may_match(fold(text)), (pattern.pattern[:80], text)


def _corpus() -> list[str]:
    texts = []
    for f in sorted((ROOT / "research").rglob("*.jsonl")):
        if "evalsets" not in f.parts and "devset" not in f.parts:
            continue
        for line in f.read_text().splitlines():
            row = json.loads(line) if line.strip() else {}
            for m in row.get("messages") or []:
                if isinstance(m, dict) and isinstance(m.get("content"), str):
                    texts.append(m["content"])
            if isinstance(row.get("response"), str):
                texts.append(row["response"])
    return texts


def test_the_screen_finds_the_same_evidence_with_and_without_the_prefilter(monkeypatch):
    """Every response and message of the labelled sets (injections in twelve languages among them)."""
    texts = _corpus()
    assert len(texts) > 500
    with_prefilter = [injection.findings(t) for t in texts]
    monkeypatch.setattr(literals.Prefiltered, "may_match", lambda self, folded: True)
    monkeypatch.setattr(literals.Prefiltered, "possible", lambda self, present: True)
    # every pattern now runs on every text: the comparison below is with the screen as it was without a prefilter
    without = [injection.findings(t) for t in texts]
    assert with_prefilter == without
    assert sum(map(bool, without)) > 50  # the corpus holds injections, so the comparison means something
