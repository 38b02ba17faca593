"""Required literals of a regular expression: a sound prefilter for screens that run many patterns per text.

A screen such as the injection check searches every response with ~80 patterns, and almost every response matches
none of them. Python's ``re`` scans the whole text once per pattern, trying the pattern at every position, which
makes the screen a large share of a judgment's CPU. Most patterns cannot match unless the text contains one of a
few words (``note``, ``grader``, ``évaluateur``...). :class:`Prefiltered` reads those words from the pattern's own
parse tree, looks for them with plain substring search in a case-folded copy of the text, and runs the regular
expression only when one is there, the idea behind RE2's and ripgrep's literal prefilters.

The prefilter may let a text through that the pattern then does not match, never the other way round: every
required literal is derived from the parse tree, zero-width assertions count as empty, and text and literals
are folded the way ``re.IGNORECASE`` compares characters (simple lowercase plus ``re``'s own extra case
equivalences, such as ``ſ``/``s`` and ``ı``/``i``), so a case-sensitive or case-insensitive match always contains a
folded literal. A pattern the analysis cannot bound (a requirement would be empty) is always run.
"""

from __future__ import annotations

import _sre
import re
from collections.abc import Iterable, Mapping
from functools import cached_property
from re import _casefix, _parser  # type: ignore[attr-defined]  # the parser and the case table re itself uses
from re._constants import (  # type: ignore[attr-defined]
    ASSERT,
    ASSERT_NOT,
    AT,
    ATOMIC_GROUP,
    BRANCH,
    IN,
    LITERAL,
    MAX_REPEAT,
    MIN_REPEAT,
    POSSESSIVE_REPEAT,
    SUBPATTERN,
)
from typing import Generic, TypeVar

import ahocorasick_rs

# Literal sets are multiplied out along a sequence ("[\"'](verdict|score)[\"']" gives 2 x 2 x 2 strings); past this
# many the run is cut and the strings found so far stand as the requirement.
_MAX_STRINGS = 64
# re.IGNORECASE's extra equivalences, by simple-lowercase code point: each class folds to its smallest member
_CANON = {lo: min((lo, *extra)) for lo, extra in _casefix._EXTRA_CASES.items()}
_TABLE = {k: v for k, v in _CANON.items() if k != v}

Strings = frozenset[str]
V = TypeVar("V")


class Needles(Generic[V]):
    """Strings looked for together in one pass over a text (Aho-Corasick, ``ahocorasick_rs``: a few hundred
    ``in`` tests, one per string, took ~40 us a response; a Python-level automaton ~3-9 us; this ~1 us), each
    standing for a value."""

    def __init__(self, needles: Mapping[str, V]) -> None:
        kept = {k: v for k, v in needles.items() if k}  # the automaton takes no empty string; "" is in every text
        self._values = list(kept.values())
        self._automaton = ahocorasick_rs.AhoCorasick(list(kept)) if kept else None

    def __bool__(self) -> bool:
        return self._automaton is not None

    def found(self, text: str) -> list[V]:
        """The value of every occurrence of a needle in ``text``, overlapping ones included."""
        if self._automaton is None:
            return []
        values = self._values
        return [values[i] for i, _, _ in self._automaton.find_matches_as_indexes(text, overlapping=True)]


def fold(text: str) -> str:
    """``text`` with every character replaced by its ``re.IGNORECASE`` class representative (same length)."""
    # str.lower() is the simple lowercase mapping except for U+0130, whose full lowercase is two characters
    low = text.replace("\u0130", "i").lower()
    return low if low.isascii() else low.translate(_TABLE)


def _fold_code(code: int) -> str:
    lo = _sre.unicode_tolower(code)
    return chr(_CANON.get(lo, lo))


def _best(candidates: list[Strings]) -> Strings | None:
    """The most selective requirement: the longest shortest string, then the fewest strings. Length counts in UTF-8
    bytes, because a letter outside ASCII is rarer in most text than an ASCII one ("评审" beats "ai")."""
    usable = [c for c in candidates if c and min(map(len, c)) > 0]
    if not usable:
        return None
    return max(usable, key=lambda c: (min(len(s.encode()) for s in c), -len(c)))


def _node(op: object, av: object) -> tuple[Strings | None, Strings | None]:
    """(exact, required) for one parse node: every string it can match (when few), and strings one of which any
    match contains."""
    if op is LITERAL:
        s = frozenset({_fold_code(av)})  # type: ignore[arg-type]
        return s, s
    if op is AT or op is ASSERT or op is ASSERT_NOT:
        return frozenset({""}), None  # zero-width: matches as the empty string
    if op is IN:
        items = av  # type: ignore[assignment]
        if all(o is LITERAL for o, _ in items) and len(items) <= _MAX_STRINGS:  # type: ignore[union-attr]
            s = frozenset(_fold_code(c) for _, c in items)  # type: ignore[union-attr]
            return s, s
        return None, None
    if op is SUBPATTERN:
        return _seq(av[-1])  # type: ignore[index]
    if op is ATOMIC_GROUP:
        return _seq(av)  # type: ignore[arg-type]
    if op is BRANCH:
        parts = [_seq(alt) for alt in av[1]]  # type: ignore[index]
        exact: Strings | None = None
        if all(e is not None for e, _ in parts):
            union = frozenset().union(*(e for e, _ in parts if e is not None))
            exact = union if len(union) <= _MAX_STRINGS else None
        reqs = [r for _, r in parts]
        required = None if any(r is None for r in reqs) else frozenset().union(*(r for r in reqs if r is not None))
        return exact, required
    if op is MAX_REPEAT or op is MIN_REPEAT or op is POSSESSIVE_REPEAT:
        lo, hi, sub = av  # type: ignore[misc]
        exact, required = _seq(sub)
        if hi <= 1 and exact is not None:
            return (exact | {""} if lo == 0 else exact), (required if lo >= 1 else None)
        return None, (required if lo >= 1 else None)
    return None, None  # any character, a category, a back-reference: nothing required


def _seq(items: object) -> tuple[Strings | None, Strings | None]:
    candidates: list[Strings] = []
    run: Strings = frozenset({""})
    whole = True
    for op, av in items:  # type: ignore[attr-defined]
        exact, required = _node(op, av)
        if exact is not None and len(run) * len(exact) <= _MAX_STRINGS:
            run = frozenset(a + b for a in run for b in exact)
            continue
        whole = False
        candidates.append(run)
        if exact is not None:  # too many combinations: start a new run with this node
            run = exact
            continue
        if required is not None:
            candidates.append(required)
        run = frozenset({""})
    candidates.append(run)
    return (run if whole else None), _best(candidates)


def required_literals(pattern: re.Pattern[str]) -> Strings | None:
    """Folded strings at least one of which every match of ``pattern`` contains; ``None`` when none is known."""
    if pattern.flags & re.VERBOSE:
        return None  # the parser is given the flags, but keep the analysis to the patterns it was checked on
    found = _seq(_parser.parse(pattern.pattern, pattern.flags).data)[1]
    # a string that contains another of the set adds nothing: "judges" is found wherever "judge" is looked for
    return None if found is None else frozenset(s for s in found if not any(o != s and o in s for o in found))


class Prefiltered:
    """A compiled pattern and its required literals, read on first use (reading ~80 patterns' parse trees took
    ~30 ms, which every process importing the rules would pay, judging or not)."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern

    @cached_property
    def literals(self) -> Strings | None:
        return required_literals(self.pattern)

    def may_match(self, folded: str) -> bool:
        """False only when ``pattern`` cannot match the text whose :func:`fold` is ``folded``."""
        return self.literals is None or any(s in folded for s in self.literals)

    def possible(self, present: frozenset[str] | set[str]) -> bool:
        """``may_match``, given the literals found in the folded text (:meth:`Screens.present`)."""
        return self.literals is None or not self.literals.isdisjoint(present)

    def search_among(self, text: str, present: frozenset[str] | set[str]) -> re.Match[str] | None:
        return self.pattern.search(text) if self.possible(present) else None


class Screens:
    """Prefiltered patterns searched together: each literal is looked for once per text, whichever patterns share
    it, and a pattern runs only when one of its own literals is there."""

    def __init__(self, patterns: list[re.Pattern[str]]) -> None:
        self.screens = [Prefiltered(p) for p in patterns]
        self._by_pattern = {id(s.pattern): s for s in self.screens}

    @cached_property
    def _literals(self) -> tuple[str, ...]:
        return tuple(sorted(frozenset().union(*(s.literals or () for s in self.screens))))

    @cached_property
    def _needles(self) -> Needles[str]:
        # one pass over the text finds every literal, overlapping ones included
        return Needles({literal: literal for literal in self._literals})

    @cached_property
    def _index(self) -> tuple[tuple[int, ...], dict[str, tuple[int, ...]]]:
        always = tuple(i for i, s in enumerate(self.screens) if s.literals is None)
        by_literal: dict[str, list[int]] = {}
        for i, s in enumerate(self.screens):
            for literal in s.literals or ():
                by_literal.setdefault(literal, []).append(i)
        return always, {k: tuple(v) for k, v in by_literal.items()}

    def candidates(self, present: set[str] | frozenset[str]) -> list[int]:
        """Positions, in order, of the screens that may match a text holding the literals ``present``
        (:meth:`present`): asking each of a few hundred screens in turn cost more than the searches it saved."""
        always, by_literal = self._index
        hit = set(always)
        for literal in present:
            hit.update(by_literal.get(literal, ()))
        return sorted(hit)

    def present(self, folded: str) -> set[str]:
        """The screens' literals that ``folded`` (a :func:`fold`-ed text) contains."""
        return set(self._needles.found(folded))

    def first(self, text: str, patterns: Iterable[re.Pattern[str]]) -> re.Match[str] | None:
        """The match of the first of ``patterns`` (each one of this screen's) that matches ``text``, or None; a
        pattern none of whose literals ``text`` contains is not run."""
        present = self.present(fold(text))
        for pattern in patterns:
            m = self._by_pattern[id(pattern)].search_among(text, present)
            if m:
                return m
        return None
