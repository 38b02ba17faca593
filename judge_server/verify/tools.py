"""Tool-call arguments checked against the query: a deterministic guard for the process judge.

A call fails the check when it has no arguments, when a price argument loosens the query's cap by more
than ``price_slack``, when a size argument contradicts the requested size, or when a call's text shares no
content word with the query (the agent searched for something else).
"""

from __future__ import annotations

import re
from typing import Any

from judge_server.rules import RuleContext, RuleOutcome, rule
from judge_server.verify.constraints import price_cap, requested_sizes

_PRICE_KEYS = re.compile(r"^(max_?price|price_?max|max|budget|price_?to|under|max_?cost)$", re.I)
_SIZE_KEYS = re.compile(r"^(size|shoe_?size)$", re.I)
_STOP = {"a", "an", "the", "for", "and", "or", "of", "to", "in", "on", "with", "my", "me", "i", "is", "it", "that",
         "this", "some", "something", "any", "need", "want", "looking", "recommend", "can", "you", "what", "which",
         "best", "good", "under", "below", "than", "less", "more", "how", "do", "should", "please", "find", "get",
         "size", "budget", "total", "up", "put", "together", "kit", "set"}


def _words(value: Any) -> set[str]:
    text = " ".join(str(v) for v in value.values()) if isinstance(value, dict) else str(value)
    return {w.rstrip("s") for w in re.findall(r"[a-z]{3,}", text.lower()) if w not in _STOP}


def _is_empty(args: dict[str, Any]) -> bool:
    return not args or all(v in (None, "", [], {}) for v in args.values())


@rule("tool_arguments_match")
def tool_arguments_match(ctx: RuleContext) -> RuleOutcome:
    """Tool arguments carry the query's needs: non-empty, price cap and size kept, on-topic keywords."""
    calls = ctx.request.tool_calls()
    if not calls:
        return RuleOutcome(None, "no tool calls")
    query = ctx.request.query
    slack = float(ctx.params.get("price_slack", 0.1))
    cap = price_cap(query)
    sizes = requested_sizes(query)
    problems, checked = [], []
    for c in calls:
        if _is_empty(c.arguments):
            problems.append(f"{c.name} called with empty arguments")
            continue
        for key, value in c.arguments.items():
            if cap is not None and _PRICE_KEYS.match(key) and isinstance(value, (int, float)):
                checked.append(f"{c.name}.{key}={value:g} vs cap {cap:g}")
                if value > cap * (1 + slack):
                    problems.append(f"{c.name}.{key}={value:g} loosens the query's {cap:g} cap")
            if sizes and _SIZE_KEYS.match(key):
                checked.append(f"{c.name}.{key}={value}")
                if str(value).lower().rstrip("0").rstrip(".") not in {s.rstrip("0").rstrip(".") for s in sizes}:
                    problems.append(f"{c.name}.{key}={value} but the query asks for size {sizes[0]}")
    text_calls = [c for c in calls if not _is_empty(c.arguments)]
    query_words = _words(query)
    for c in text_calls:
        words = _words(c.arguments)
        if query_words and words and not words & query_words:
            problems.append(f"{c.name}({c.arguments}) shares no content word with the query"[:200])
    if problems:
        return RuleOutcome(False, f"tool arguments miss the query's needs: {problems[0]}", problems)
    return RuleOutcome(None, f"{len(calls)} tool call(s); {len(checked)} argument(s) checked against the query",
                       checked)
