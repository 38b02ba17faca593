"""A coded response-format validator with configurable rules (the workflow-agent paper's "format adherence").

Every rule is optional; the check passes when no configured rule is violated, and the evidence lists
each violation. Rules: total length, line count, line length, bullet style (every list item in one
style, optionally at least N items), forbidden characters, forbidden scripts (e.g. Chinese characters
in a Korean or English service), forbidden and required regular expressions.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Literal

from pydantic import Field, field_validator

from judge_server.rules.base import RuleContext, RuleOutcome, rule
from judge_server.rules.params import RuleParams, params_of, with_params

BulletStyle = Literal["emoji", "dash", "asterisk", "dot", "numbered", "any"]
Script = Literal["han", "hangul", "hiragana", "katakana", "cyrillic", "arabic", "hebrew", "thai", "devanagari"]

#: prefix of the Unicode character name for each script
_SCRIPT_PREFIX = {"han": "CJK UNIFIED IDEOGRAPH", "hangul": "HANGUL", "hiragana": "HIRAGANA",
                  "katakana": "KATAKANA", "cyrillic": "CYRILLIC", "arabic": "ARABIC", "hebrew": "HEBREW",
                  "thai": "THAI", "devanagari": "DEVANAGARI"}

_EMOJI_RANGES = ((0x1F000, 0x1FAFF), (0x2600, 0x27BF), (0x2B00, 0x2BFF), (0x2300, 0x23FF), (0x2190, 0x21FF))
_MARKER = re.compile(r"^\s*(?:(?P<dash>-)|(?P<asterisk>\*)|(?P<dot>[•·●▪])|(?P<numbered>\d{1,3}[.)]))\s+\S")


class BulletRule(RuleParams):
    style: BulletStyle = Field(description="Required marker of every list item: emoji, dash (-), asterisk (*), "
                                           "dot (•·●▪), numbered (1. / 1)), or any.")
    min_items: int = Field(default=0, ge=0, description="At least this many list items (0: lists are optional).")


class FormatParams(RuleParams):
    """Parameters of the ``format_validator`` rule."""

    max_chars: int | None = Field(default=None, ge=1, description="Most characters in the whole response.")
    max_lines: int | None = Field(default=None, ge=1, description="Most non-empty lines.")
    max_line_chars: int | None = Field(default=None, ge=1, description="Most characters in one line.")
    bullets: BulletRule | None = Field(default=None, description="List-item style rule.")
    forbidden_chars: str = Field(default="", description="Characters that must not appear (each one).")
    forbidden_scripts: list[Script] = Field(default_factory=list, description="Writing systems that must not appear.")
    forbidden_patterns: list[str] = Field(default_factory=list,
                                          description="Regular expressions (multi-line mode) that must not match.")
    required_patterns: list[str] = Field(default_factory=list,
                                         description="Regular expressions (multi-line mode) that must match.")
    allow_empty: bool = Field(default=False, description="Whether an empty response passes.")

    @field_validator("forbidden_patterns", "required_patterns")
    @classmethod
    def _compile(cls, v: list[str]) -> list[str]:
        for pattern in v:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"bad regular expression {pattern!r}: {exc}") from None
        return v


@lru_cache(maxsize=256)
def _regex(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.M)


def is_emoji(ch: str) -> bool:
    cp = ord(ch)
    return any(lo <= cp <= hi for lo, hi in _EMOJI_RANGES) or unicodedata.category(ch) == "So"


def bullet_style(line: str) -> str | None:
    """The list-item marker style of a line, or None when the line is not a list item."""
    m = _MARKER.match(line)
    if m:
        return next(k for k, v in m.groupdict().items() if v)
    s = line.lstrip()
    if s and is_emoji(s[0]):
        rest = s[1:].lstrip("\ufe0f\u200d")  # variation selector / joiner after the emoji
        if rest[:1].isspace() and rest.strip():
            return "emoji"
    return None


def script_of(ch: str) -> str | None:
    if ch.isascii():
        return None
    name = unicodedata.name(ch, "")
    return next((s for s, prefix in _SCRIPT_PREFIX.items() if name.startswith(prefix)), None)


def validate_format(text: str, p: FormatParams) -> list[str]:
    """Every violation of the configured rules, in a fixed order; empty when the text conforms."""
    problems: list[str] = []
    if not text.strip():
        return [] if p.allow_empty else ["the response is empty"]
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if p.max_chars is not None and len(text) > p.max_chars:
        problems.append(f"{len(text)} characters, over the {p.max_chars} limit")
    if p.max_lines is not None and len(lines) > p.max_lines:
        problems.append(f"{len(lines)} lines, over the {p.max_lines} limit")
    if p.max_line_chars is not None:
        long = [i for i, ln in enumerate(lines, 1) if len(ln) > p.max_line_chars]
        if long:
            problems.append(f"line {long[0]} has {len(lines[long[0] - 1])} characters, over {p.max_line_chars}")
    if p.bullets is not None:
        styles = [(i, bullet_style(ln)) for i, ln in enumerate(lines, 1)]
        items = [(i, s) for i, s in styles if s is not None]
        if p.bullets.style != "any":
            wrong = [(i, s) for i, s in items if s != p.bullets.style]
            if wrong:
                problems.append(f"list item on line {wrong[0][0]} uses {wrong[0][1]} bullets, not {p.bullets.style}")
        if len(items) < p.bullets.min_items:
            problems.append(f"{len(items)} list item(s), fewer than the required {p.bullets.min_items}")
    bad_chars = sorted({ch for ch in text if ch in p.forbidden_chars})
    if bad_chars:
        problems.append("forbidden character(s): " + " ".join(repr(c) for c in bad_chars))
    if p.forbidden_scripts:
        found = sorted({s for s in map(script_of, text) if s in p.forbidden_scripts})
        if found:
            problems.append("forbidden script(s): " + ", ".join(found))
    for pattern in p.forbidden_patterns:
        m = _regex(pattern).search(text)
        if m:
            problems.append(f"forbidden pattern {pattern!r} matches {m.group(0)[:40]!r}")
    for pattern in p.required_patterns:
        if not _regex(pattern).search(text):
            problems.append(f"required pattern {pattern!r} not found")
    return problems


@rule("format_validator")
@with_params(FormatParams)
def format_validator(ctx: RuleContext) -> RuleOutcome:
    """The response follows the configured message format."""
    problems = validate_format(ctx.request.response, params_of(ctx, FormatParams))
    if problems:
        return RuleOutcome(False, problems[0], problems)
    return RuleOutcome(True, "the response follows the required format")
