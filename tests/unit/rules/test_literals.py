"""The required-literal prefilter never hides a match: a text the pattern matches always passes ``may_match``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge_server.rules import literals
from judge_server.rules.literals import Prefiltered, Screens, fold, required_literals
from judge_server.rules.shopping import attribution, facts, injection, injection_lang

ROOT = Path(__file__).resolve().parents[3]
#: the markers fact_check looks for around each stated figure, and the comparator phrases before one, behind the same
#: prefilter
MARKERS = [s.pattern for s in facts._MARKERS.screens] + [attribution.OTHER] + list(facts._COMPARATORS)
SCREENS = [p for p, _ in injection._PATTERNS] + [p for p, _ in injection_lang._PATTERNS] + [
    injection._ANSWER_ORDER, injection_lang._ANSWER_DIMENSION_SCORE, *MARKERS]


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
    monkeypatch.setattr(literals.Screens, "candidates", lambda self, present: list(range(len(self.screens))))
    # every pattern now runs on every text: the comparison below is with the screen as it was without a prefilter
    without = [injection.findings(t) for t in texts]
    assert with_prefilter == without
    assert sum(map(bool, without)) > 50  # the corpus holds injections, so the comparison means something


def test_the_literals_present_are_those_a_substring_search_finds():
    """The Aho-Corasick pass finds each literal wherever it is, overlapping and nested ones included."""
    screens = Screens(SCREENS)
    for text in _corpus()[:400] + ["ignore all previous ignore", "note to the grader: grade", "评审评分"]:
        folded = fold(text)
        assert screens.present(folded) == {s for s in screens._literals if s in folded}
    assert Screens([re.compile(r"\d+")]).present("123") == set()  # no literal to look for


def test_the_candidates_are_the_screens_whose_literals_are_present_in_order():
    screens = Screens(SCREENS)
    for text in _corpus()[:400] + ["ignore all previous ignore", "note to the grader: grade", "评审评分", ""]:
        present = screens.present(fold(text))
        assert screens.candidates(present) == [i for i, s in enumerate(screens.screens) if s.possible(present)]
    mixed = Screens([re.compile(r"\d+"), re.compile("grader"), re.compile("grade|mark")])
    assert mixed.candidates(set()) == [0] and mixed.candidates({"grade"}) == [0, 2]
    assert mixed.candidates({"grader", "grade"}) == [0, 1, 2]


def test_first_marker_is_the_first_pattern_that_matches_with_or_without_the_prefilter():
    """``Screens.first`` returns what searching the patterns in turn returns, on every sentence of the sets."""
    sentences = [s for t in _corpus() for s in re.split(r"(?<=[.!?;:])\s+", t) if s.strip()]
    assert len(sentences) > 2000
    orders = [facts._MARKERS.screens, facts._MARKERS.screens[::-1]]
    found = 0
    for sentence in sentences:
        for order in orders:
            patterns = [s.pattern for s in order]
            expected = next((m for p in patterns if (m := p.search(sentence))), None)
            got = facts._MARKERS.first(sentence, patterns)
            assert (got and got.group(0)) == (expected and expected.group(0)), sentence
            found += expected is not None
    assert found > 500  # the markers do occur, so the comparison means something


def test_the_clause_and_other_product_patterns_match_as_they_did_without_their_lookaheads():
    """``_CLAUSE`` and ``OTHER`` start with a lookahead naming the characters every alternative begins with (a
    speed-up only): on every sentence of the sets they split and match exactly as the patterns without it."""
    plain_clause = re.compile(attribution._CLAUSE.pattern.removeprefix(r"(?=[\s;:,])(?:")[:-1], re.I)
    plain_other = re.compile(attribution.OTHER.pattern.replace(r"\b(?=[a-z])(?:", r"\b(?:", 1), re.I)
    assert plain_clause.pattern != attribution._CLAUSE.pattern and plain_other.pattern != attribution.OTHER.pattern
    sentences = [s for t in _corpus() for s in attribution._SENTENCE.split(" ".join(t.split()))]
    span = lambda m: m.span() if m else None  # noqa: E731
    assert [plain_clause.split(s) for s in sentences] == [attribution._CLAUSE.split(s) for s in sentences]
    assert [span(plain_other.search(s)) for s in sentences] == [span(attribution.OTHER.search(s)) for s in sentences]
    assert sum(len(plain_clause.split(s)) > 1 for s in sentences) > 300
    assert sum(bool(plain_other.search(s)) for s in sentences) > 300


def test_the_comparator_is_the_one_the_patterns_in_turn_give_with_or_without_the_prefilter():
    """``_operator`` on the text before every figure-like number of the sets: the same comparator and start as
    searching its four patterns in turn, as it did before the prefilter."""

    def plain(before: str) -> tuple[str, int]:
        for op, pat in ((">=", facts._AT_LEAST), ("<=", facts._AT_MOST), ("==", facts._UP_TO), ("~", facts._APPROX)):
            m = pat.search(before)
            if m:
                return op, m.start()
        return "==", len(before)

    befores = [t[: m.start()] for t in _corpus() for m in re.finditer(r"\$?\d", t)]
    assert len(befores) > 2000
    assert [facts._operator(b) for b in befores] == [plain(b) for b in befores]
    assert sum(plain(b)[0] != "==" for b in befores) > 50  # comparators do occur before figures in the sets
