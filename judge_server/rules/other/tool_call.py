"""Deterministic part of the workflow-agent tool-call accuracy check.

Input (``ScoreRequest``): ``context.tool_call`` is the candidate's call (``{"name", "arguments"}`` or
null for no call), ``reference.tool_call`` the reference call (same shape, or null), ``context.tools``
the available tools (``{"name", "description", "parameters"}`` with a JSON-schema ``parameters``;
OpenAI's ``{"type": "function", "function": {...}}`` wrapping is accepted too). Arguments may be a
JSON object or a JSON string (OpenAI wire form).

The rule settles what code can settle: a missing or extra call, a different tool, a tool that is not
offered, a required argument or one the reference gives left out, a number or other non-text value
different from the reference's, a range whose start equals its end, or arguments equal to the
reference's. What is left is wording of text arguments (or extra arguments): the rule does not apply
(passed None) and the pack's LLM question judges whether they mean the same.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import orjson
from pydantic import Field

from hrm_wire.errors import InvalidRequest
from judge_server.rules.base import RuleContext, RuleOutcome, rule
from judge_server.rules.params import RuleParams, params_of, with_params


class ToolCallParams(RuleParams):
    check_known_tool: bool = Field(default=True, description="Fail a call to a tool not listed in context.tools.")
    check_required: bool = Field(default=True,
                                 description="Fail a call that omits an argument the tool schema marks required.")
    check_reference_args: bool = Field(default=True,
                                       description="Fail a call that omits an argument the reference call gives.")
    exact_non_text: bool = Field(
        default=True, description="Numbers, booleans and other non-text values must equal the reference's (prices "
                                  "and quantities come from the conversation; only wording may vary).")
    check_ranges: bool = Field(default=True,
                               description="Fail a min_x/max_x (or x_min/x_max) pair whose start equals its end.")


@dataclass(frozen=True)
class Call:
    name: str
    arguments: dict[str, Any]


def parse_call(value: Any, field: str) -> Call | None:
    """A tool call from wire form; None for 'no call'; InvalidRequest naming ``field`` when malformed."""
    if value in (None, {}, ""):
        return None
    if isinstance(value, dict) and isinstance(value.get("function"), dict):
        value = value["function"]
    if not isinstance(value, dict) or not isinstance(value.get("name"), str) or not value["name"].strip():
        raise InvalidRequest(f"{field}: a tool call is an object with a non-empty 'name'", field=field)
    args = value.get("arguments") or {}
    if isinstance(args, str):
        try:
            args = orjson.loads(args)
        except orjson.JSONDecodeError:
            raise InvalidRequest(f"{field}.arguments: not a JSON object", field=f"{field}.arguments") from None
    if not isinstance(args, dict):
        raise InvalidRequest(f"{field}.arguments: must be an object", field=f"{field}.arguments")
    return Call(value["name"].strip(), args)


def tool_schemas(tools: Any) -> dict[str, dict[str, Any]]:
    """Tool name -> its parameters schema ({} when none is given)."""
    if tools in (None, []):
        return {}
    if not isinstance(tools, list):
        raise InvalidRequest("context.tools: must be a list of tool definitions", field="context.tools")
    out: dict[str, dict[str, Any]] = {}
    for i, t in enumerate(tools):
        if isinstance(t, dict) and isinstance(t.get("function"), dict):
            t = t["function"]
        if not isinstance(t, dict) or not isinstance(t.get("name"), str):
            raise InvalidRequest(f"context.tools[{i}]: a tool definition needs a 'name'", field=f"context.tools.{i}")
        params = t.get("parameters")
        out[t["name"]] = params if isinstance(params, dict) else {}
    return out


_WS = re.compile(r"\s+")
_NUMBER = re.compile(r"^-?\d{1,3}(,\d{3})*(\.\d+)?$|^-?\d+(\.\d+)?$")


def _canon(value: Any) -> Any:
    """Comparable form: strings case- and whitespace-folded, numbers as floats, containers recursively."""
    if isinstance(value, str):
        text = _WS.sub(" ", value.strip().casefold())
        # "50,000" and 50000 are the same amount
        return float(text.replace(",", "")) if _NUMBER.match(text) else text
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, list):
        return [_canon(v) for v in value]
    if isinstance(value, dict):
        return {k: _canon(v) for k, v in value.items() if v not in (None, "", [], {})}
    return value


def _ranges(args: dict[str, Any]) -> list[str]:
    """min/max argument pairs whose start equals their end (a range that is a single point)."""
    out = []
    for key, low in args.items():
        for lo_tag, hi_tag in (("min_", "max_"), ("_min", "_max"), ("start_", "end_"), ("_start", "_end")):
            is_prefix = lo_tag.endswith("_")
            if (key.startswith(lo_tag) if is_prefix else key.endswith(lo_tag)):
                other = hi_tag + key[len(lo_tag):] if is_prefix else key[: -len(lo_tag)] + hi_tag
                if other in args and low == args[other] and low is not None:
                    out.append(f"{key}..{other} = {low!r}")
    return out


def _request_parts(ctx: RuleContext) -> tuple[Call | None, Call | None, dict[str, dict[str, Any]]]:
    ref = ctx.request.reference
    if isinstance(ref, str):
        try:
            ref = orjson.loads(ref)
        except orjson.JSONDecodeError:
            ref = None
    if not isinstance(ref, dict):
        raise InvalidRequest("reference: the workflow_agent pack needs an object with 'tool_call' (null when the "
                             "reference makes no call) and 'response'", field="reference")
    cand = parse_call(ctx.request.context.get("tool_call"), "context.tool_call")
    want = parse_call(ref.get("tool_call"), "reference.tool_call")
    return cand, want, tool_schemas(ctx.request.context.get("tools"))


@rule("tool_call_match")
@with_params(ToolCallParams)
def tool_call_match(ctx: RuleContext) -> RuleOutcome:
    """Decides the tool-call check where code can; passed None leaves the arguments to the grader."""
    p = params_of(ctx, ToolCallParams)
    cand, want, tools = _request_parts(ctx)
    if want is None and cand is None:
        return RuleOutcome(True, "no tool call expected and none made")
    if want is None:
        assert cand is not None
        return RuleOutcome(False, f"called {cand.name} but the reference makes no tool call", [cand.name])
    if cand is None:
        return RuleOutcome(False, f"no tool call; the reference calls {want.name}", [want.name])
    if cand.name != want.name:
        return RuleOutcome(False, f"called {cand.name}; the reference calls {want.name}", [cand.name, want.name])
    if p.check_known_tool and tools and cand.name not in tools:
        return RuleOutcome(False, f"{cand.name} is not among the available tools", sorted(tools))
    required = tools.get(cand.name, {}).get("required") or []
    missing = [a for a in required if cand.arguments.get(a) in (None, "", [], {})] if p.check_required else []
    if missing:
        return RuleOutcome(False, f"{cand.name} lacks required argument(s): {', '.join(missing)}", missing)
    have, ref = _canon(cand.arguments), _canon(want.arguments)
    if have == ref:
        return RuleOutcome(True, f"{cand.name} with the reference's arguments")
    if p.check_ranges:
        flat = _ranges(have)
        if flat:
            return RuleOutcome(False, f"range {flat[0]} starts where it ends", flat)
    if p.check_reference_args:
        absent = [k for k in ref if k not in have]
        if absent:
            return RuleOutcome(False, f"{cand.name} lacks argument(s) the reference gives: {', '.join(absent)}", absent)
    if p.exact_non_text:
        differ = [k for k in ref if k in have and have[k] != ref[k]
                  and not (isinstance(have[k], str) and isinstance(ref[k], str))]
        if differ:
            k = differ[0]
            return RuleOutcome(False, f"{k} is {cand.arguments.get(k)!r}; the reference has {want.arguments.get(k)!r}",
                               [f"{k}: {cand.arguments.get(k)!r} vs {want.arguments.get(k)!r}" for k in differ])
    # What is left is wording (text arguments) or extra arguments: a question of meaning for the grader.
    text = [k for k in ref if k in have and have[k] != ref[k]]
    extra = [k for k in have if k not in ref]
    evidence = [f"text argument {k} differs" for k in text] + [f"extra argument {k}" for k in extra]
    what = "; ".join(evidence) or "arguments differ from the reference"
    return RuleOutcome(None, f"same tool {cand.name}; {what}: the grader decides", evidence)
