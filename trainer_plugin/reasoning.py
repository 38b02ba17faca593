"""Split a decoded policy response into its think span and its final answer, and measure the span.

Thinking models write ``<think> ... </think>`` before the answer. Chat templates of some models (Qwen3
thinking variants) put the opening ``<think>`` in the generation prompt, so a response may hold only the
closing tag: everything before it is then reasoning. A response with no closing tag has no reasoning
(or was cut off inside it: then all of it is reasoning and there is no answer, which HRM judges as such).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

OPEN, CLOSE = "<think>", "</think>"
_SPAN = re.compile(r"<think>(.*?)</think>", re.S)


@dataclass(frozen=True)
class SplitResponse:
    reasoning: str
    """Text of every think span, joined by blank lines (empty when none)."""
    answer: str
    """The response with the think spans removed, stripped."""
    truncated: bool = False
    """An opened think span never closed (generation hit its length limit inside the reasoning)."""


def split_think(text: str) -> SplitResponse:
    spans = [m.group(1).strip() for m in _SPAN.finditer(text)]
    rest = _SPAN.sub("", text)
    if CLOSE in rest:
        # Closing tag without an opening one: the opening tag was part of the prompt.
        head, _, rest = rest.rpartition(CLOSE)
        spans.insert(0, head.replace(OPEN, "").strip())
    if OPEN in rest:
        head, _, tail = rest.partition(OPEN)
        return SplitResponse(reasoning="\n\n".join([*spans, tail.strip()]).strip(), answer=head.strip(),
                             truncated=True)
    return SplitResponse(reasoning="\n\n".join(s for s in spans if s), answer=rest.strip())


def count_tokens(text: str, encode: Callable[[str], list[int]] | None) -> int:
    """Tokens of ``text`` under the policy's tokenizer (whitespace words when none is given)."""
    if not text:
        return 0
    if encode is None:
        return len(text.split())
    return len(encode(text))
