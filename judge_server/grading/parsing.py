"""Turning grader text into verdicts: tolerant JSON, strict line format, log-prob confidence."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Literal

import orjson

from hrm_wire.errors import VerdictParseError
from judge_server.engines.base import TokenLogprob

AnswerKind = Literal["binary", "scale", "line"]

_YES = {"yes", "pass", "passed", "true", "y", "1"}
_NO = {"no", "fail", "failed", "false", "n", "0"}


@dataclass(frozen=True)
class ParsedVerdict:
    """A verdict on the judge's own scale. ``passed`` is set for binary answers."""

    passed: bool | None
    raw_score: float | None
    reason: str


def binary_schema(reason_chars: int = 160) -> dict[str, Any]:
    # verdict before reason: measured better on the 1.5B grader (notes/embedded-grader.md)
    return {
        "type": "object",
        "properties": {"verdict": {"type": "string", "enum": ["yes", "no"]},
                       "reason": {"type": "string", "maxLength": reason_chars}},
        "required": ["verdict", "reason"],
        "additionalProperties": False,
    }


def scale_schema(lo: int, hi: int, reason_chars: int = 160) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {"score": {"type": "integer", "minimum": lo, "maximum": hi},
                       "reason": {"type": "string", "maxLength": reason_chars}},
        "required": ["score", "reason"],
        "additionalProperties": False,
    }


def _find_json_object(text: str) -> dict[str, Any] | None:
    """The first JSON object in ``text`` (fences, chatter and trailing junk tolerated)."""
    start = text.find("{")
    while start != -1:
        depth, in_str, esc = 0, False, False
        for i in range(start, len(text)):
            ch = text[i]
            if in_str:
                if esc:
                    esc = False
                elif ch == "\\":
                    esc = True
                elif ch == '"':
                    in_str = False
            elif ch == '"':
                in_str = True
            elif ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0:
                    try:
                        value = orjson.loads(text[start:i + 1])
                    except orjson.JSONDecodeError:
                        break
                    if isinstance(value, dict):
                        return value
                    break
        start = text.find("{", start + 1)
    return None


def _as_bool(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        v = value.strip().lower()
        if v in _YES:
            return True
        if v in _NO:
            return False
    return None


def parse_json_verdict(text: str, kind: AnswerKind, scale: tuple[int, int] = (0, 1)) -> ParsedVerdict:
    """Parse a JSON verdict tolerantly (first object found; common key spellings)."""
    obj = _find_json_object(text)
    if obj is None:
        raise VerdictParseError("no JSON object in the grader's answer", raw=text)
    lowered = {str(k).lower(): v for k, v in obj.items()}
    reason = str(lowered.get("reason") or lowered.get("explanation") or lowered.get("rationale") or "")[:500]
    if kind == "binary":
        for key in ("verdict", "is_pass", "pass", "passed", "answer", "result"):
            if key in lowered:
                passed = _as_bool(lowered[key])
                if passed is not None:
                    return ParsedVerdict(passed, 1.0 if passed else 0.0, reason)
        raise VerdictParseError("JSON verdict has no yes/no field", raw=text)
    score = lowered.get("score")
    try:
        value = float(score)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise VerdictParseError("JSON verdict has no numeric score", raw=text) from None
    if not scale[0] <= value <= scale[1]:
        raise VerdictParseError(f"score {value:g} outside [{scale[0]}, {scale[1]}]", raw=text)
    return ParsedVerdict(None, value, reason)


_SCORE_LINE = re.compile(r"^\s*(?:[-*•]\s+)?\**\s*score\s*\**\s*[:：]\s*\**\s*(-?\d+(?:\.\d+)?)\s*\**\s*$", re.I | re.M)
_REASON_LINE = re.compile(r"^\s*(?:[-*•]\s+)?\**\s*reason\s*\**\s*[:：]\s*(.+)$", re.I | re.M)


def parse_line_verdict(text: str, scale: tuple[int, int]) -> ParsedVerdict:
    """Strict ``Reason: ...`` / ``Score: N`` parsing: exactly one score line, an integer within the scale.

    Chatter around the two lines and lower-case keys are accepted; anything ambiguous is a parse failure.
    """
    scores = _SCORE_LINE.findall(text)
    if not scores:
        raise VerdictParseError("no 'Score: N' line in the grader's answer", raw=text)
    if len(set(scores)) > 1:
        raise VerdictParseError(f"conflicting score lines {scores}", raw=text)
    value = float(scores[0])
    if value != int(value) or not scale[0] <= value <= scale[1]:
        raise VerdictParseError(f"score {scores[0]} is not an integer in [{scale[0]}, {scale[1]}]", raw=text)
    m = _REASON_LINE.search(text)
    return ParsedVerdict(None, value, m.group(1).strip()[:500] if m else "")


def joint_schema(labels: list[str], reason_chars: int = 160) -> dict[str, Any]:
    """One binary verdict per label, in the labels' order (a joint per-product question)."""
    return {
        "type": "object",
        "properties": {label: binary_schema(reason_chars) for label in labels},
        "required": list(labels),
        "additionalProperties": False,
    }


def parse_joint_verdict(text: str, labels: list[str]) -> dict[str, ParsedVerdict]:
    """Parse a joint answer ``{"p1": {"verdict": ..., "reason": ...}, ...}``: every label must be answered."""
    obj = _find_json_object(text)
    if obj is None:
        raise VerdictParseError("no JSON object in the grader's answer", raw=text)
    out: dict[str, ParsedVerdict] = {}
    for label in labels:
        entry = obj.get(label)
        if not isinstance(entry, dict):
            raise VerdictParseError(f"joint answer has no verdict for {label}", raw=text)
        out[label] = parse_json_verdict(orjson.dumps(entry).decode(), "binary")
    return out


_VERDICT_KEY = re.compile(r'"verdict"\s*:\s*"?\s*$')
_OBJECT_KEY = re.compile(r'"([^"]+)"\s*:\s*\{')


def _yes_no_word(token: str) -> bool:
    word = token.strip().strip('"').lower()
    return bool(word) and word[0] in "yn" and ("yes".startswith(word) or "no".startswith(word))


def _token_confidence(tok: TokenLogprob, passed: bool) -> float:
    p_yes = p_no = 0.0
    for alt, lp in tok.top or [(tok.token, tok.logprob)]:
        a = alt.strip().strip('"').lower()
        if a and "yes".startswith(a) and a[0] == "y":
            p_yes += math.exp(lp)
        elif a and "no".startswith(a) and a[0] == "n":
            p_no += math.exp(lp)
    total = p_yes + p_no
    return 1.0 if total <= 0 else (p_yes if passed else p_no) / total


def joint_confidences(logprobs: list[TokenLogprob] | None, labels: list[str],
                      passed: dict[str, bool | None]) -> dict[str, float]:
    """Per label, the probability mass on its own yes/no answer in a joint answer (1.0 where unknown).

    A label's answer word is the first token with content right after a ``"verdict":`` key, and it belongs to
    the object whose ``"key": {`` last opened before it: labels answered out of order, a "no" inside a reason,
    a verdict that is not a yes/no word (then unknown), or a key nobody asked for never shift the attribution.
    """
    out = dict.fromkeys(labels, 1.0)
    if not logprobs:
        return out
    text, armed = "", False
    for tok in logprobs:
        if armed and tok.token.strip().strip('"'):
            opened = _OBJECT_KEY.findall(text)
            label: str = opened[-1] if opened else ""
            said = passed.get(label) if label in out else None
            if said is not None and _yes_no_word(tok.token):
                out[label] = _token_confidence(tok, said)
            armed = False
        elif not armed:
            armed = bool(_VERDICT_KEY.search(text[-48:] + tok.token))
        text += tok.token
    return out


def verdict_confidence(logprobs: list[TokenLogprob] | None, text: str, passed: bool | None) -> float:
    """Probability mass the grader put on its own binary answer, renormalised over yes/no.

    Looks for the first generated token that starts the answer word ("yes"/"no") and reads the
    alternatives the engine reported for that position. 1.0 when the engine gave no log-probs.
    """
    if not logprobs or passed is None:
        return 1.0
    for tok in logprobs:
        if _yes_no_word(tok.token):
            return _token_confidence(tok, passed)
    return 1.0
