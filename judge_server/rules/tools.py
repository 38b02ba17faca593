"""Tool calls: the deterministic guard of the process check.

Only what is certain fails: a call with empty arguments to a declared tool whose schema lists ``required``
parameters, or a call to a tool that is not among the declared tools (``context.tools``, when given). An
empty call to an undeclared-schema tool, or to one whose parameters are all optional, may be right
(``get_cart()``, a search that lists everything), so it is evidence only. Everything else is evidence for the process
judge, never a veto: the paper's agent calls ``python_execute`` with code and ``web_search`` with
sub-questions whose words need not overlap the query, and a broader search than the query's cap or size can
be a deliberate step (finding the price range first). Those are judgments of quality, not facts.
"""

from __future__ import annotations

import re
from typing import Any

from hrm_wire.models import ToolCallStep
from judge_server.rules.base import RuleContext, RuleOutcome, rule
from judge_server.rules.other.tool_call import tool_schemas
from judge_server.rules.shopping.constraints import price_cap, requested_sizes

_PRICE_KEYS = re.compile(r"^(max_?price|price_?max|max|budget|price_?to|under|max_?cost)$", re.I)
_SIZE_KEYS = re.compile(r"^(size|shoe_?size)$", re.I)


def _is_empty(args: dict[str, Any]) -> bool:
    return not args or all(v in (None, "", [], {}) for v in args.values())


def _requires_arguments(schema: dict[str, Any] | None) -> bool:
    """True only for a declared tool whose schema names required parameters: then an empty call is wrong."""
    required = (schema or {}).get("required")
    return isinstance(required, list) and bool(required)


def sure_problems(calls: list[ToolCallStep], declared: dict[str, dict[str, Any]]) -> list[str]:
    """Calls that are certainly wrong: undeclared tools (when tools are declared), and empty arguments to a
    tool whose declared schema requires some."""
    problems = []
    for c in calls:
        if declared and c.name not in declared:
            problems.append(f"{c.name} is not among the declared tools ({', '.join(sorted(declared))})")
        elif _is_empty(c.arguments) and _requires_arguments(declared.get(c.name)):
            problems.append(f"{c.name} called with empty arguments although its schema requires "
                            f"{', '.join(map(str, declared[c.name]['required']))}")
    return problems


def empty_calls(calls: list[ToolCallStep]) -> list[str]:
    """Calls with empty arguments (evidence for the process judge unless a schema makes them wrong)."""
    return [f"{c.name} called with empty arguments" for c in calls if _is_empty(c.arguments)]


def argument_notes(calls: list[ToolCallStep], query: str) -> list[str]:
    """How price and size arguments compare with the query's cap and sizes (evidence for the process judge)."""
    cap = price_cap(query)
    sizes = {s.rstrip("0").rstrip(".") for s in requested_sizes(query)}
    notes = []
    for c in calls:
        for key, value in c.arguments.items():
            if cap is not None and _PRICE_KEYS.match(key) and isinstance(value, (int, float)):
                rel = "within" if value <= cap else "above"
                notes.append(f"{c.name}.{key}={value:g}, {rel} the query's {cap:g} cap")
            if sizes and _SIZE_KEYS.match(key):
                same = str(value).lower().rstrip("0").rstrip(".") in sizes
                notes.append(f"{c.name}.{key}={value} {'matches' if same else 'differs from'} the requested size")
    return notes


@rule("tool_arguments")
def tool_arguments(ctx: RuleContext) -> RuleOutcome:
    """Tool calls carry non-empty arguments (a coarse guard; the process judge grades their quality).

    An empty call fails only where a declared schema requires arguments; otherwise it is not sure.
    """
    calls = ctx.request.tool_calls()
    if not calls:
        return RuleOutcome(None, "no tool calls")
    declared = tool_schemas(ctx.request.context.get("tools"))
    wrong = [p for p in sure_problems(calls, declared) if "empty arguments" in p]
    if wrong:
        return RuleOutcome(False, f"tool call(s) with empty arguments: {wrong[0]}", wrong)
    empty = empty_calls(calls)
    if empty:
        return RuleOutcome(None, "tool call(s) with empty arguments, which no declared schema rules out", empty)
    return RuleOutcome(True, f"{len(calls)} tool call(s) with arguments")


@rule("tool_arguments_match")
def tool_arguments_match(ctx: RuleContext) -> RuleOutcome:
    """Fails only calls that are certainly wrong (empty arguments, undeclared tool); else leaves it to the judge."""
    calls = ctx.request.tool_calls()
    if not calls:
        return RuleOutcome(None, "no tool calls")
    declared = tool_schemas(ctx.request.context.get("tools"))
    problems = sure_problems(calls, declared)
    notes = [e for e in empty_calls(calls) if not problems] + argument_notes(calls, ctx.request.query)
    if problems:
        return RuleOutcome(False, f"tool call certainly wrong: {problems[0]}", problems + notes)
    return RuleOutcome(None, f"{len(calls)} tool call(s); no certain error, the process judge rates them", notes)
