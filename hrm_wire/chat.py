"""OpenAI chat-message trajectories and permissive product records, turned into HRM's request fields.

Pure functions over plain JSON data (no server import): the request model applies them during
validation, so every transport and the client accept ``messages`` alike.

``messages`` is the OpenAI chat format that agent loops (verl's ToolAgentLoop), vLLM/SGLang chat
servers and agent frameworks already hold:

* ``system`` / ``user`` messages; the **query** is the last user message before the agent's work;
* ``assistant`` messages with optional ``tool_calls`` (``{"id", "type": "function", "function":
  {"name", "arguments": "<JSON string>"}}``), optional ``reasoning_content`` (or ``reasoning``) and
  ``<think>...</think>`` spans in ``content``;
* ``tool`` messages with ``tool_call_id`` (and optionally ``name``) and ``content`` as text, JSON
  text, a JSON value or a list of ``{"type": "text", "text": ...}`` parts.

The **response** is the last message, an assistant message without tool calls (think spans removed),
unless ``response`` is given. The agent's work (reasoning, tool calls, tool outputs) between the query and the response
becomes the trajectory. Tool outputs of earlier exchanges are not steps, but their product records join
the catalog (a card may refer back to them).

**Product records in tool outputs** (also in a trajectory observation whose ``products`` is empty):
the output is parsed as JSON when it is JSON; records are a list of objects, an object with one of the
``id_fields``, or such a list under one of the ``record_keys`` (``products``, ``results``, ...). Which
tools count and which field names are used is the :class:`ProductMapping`, per request in
``options.products``. A record keeps every field: ``id``/``product_id``/... becomes ``id``,
``name``/``title`` the name, ``price`` a number (``"$1,299.00"`` is read as 1299.0), ``brand`` and every
unknown field go to ``attributes``. A record without an id is the one hard error.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

_THINK = re.compile(r"<think>(.*?)</think>", re.S)
#: numeric price text: an optional currency sign or code around a plain decimal number (thousands commas allowed)
_PRICE_TEXT = re.compile(r"(?:[$€£¥]|[A-Z]{3})?\s*(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(?:[A-Z]{3})?")


class ShapeError(ValueError):
    """A request shape the caller must fix: ``loc`` is where, the message says how."""

    def __init__(self, loc: tuple[str | int, ...], message: str) -> None:
        super().__init__(message)
        self.loc = loc
        self.message = message


class ProductMapping(BaseModel):
    """Where product records are in tool outputs and what their fields are called."""

    # Own config rather than hrm_wire.models' base: the models import this module.
    model_config = ConfigDict(extra="forbid")

    tools: list[str] = Field(
        default_factory=lambda: ["*"],
        description="Tool names whose outputs hold product records; '*' means every tool.")
    id_fields: list[str] = Field(default_factory=lambda: ["id", "product_id", "productId", "sku", "asin"],
                                 description="Field names of the product id, first present wins.")
    name_fields: list[str] = Field(default_factory=lambda: ["name", "title", "product_name"],
                                   description="Field names of the product title.")
    price_fields: list[str] = Field(default_factory=lambda: ["price", "sale_price", "current_price"],
                                    description="Field names of the price (number, numeric text or {amount|value}).")
    brand_fields: list[str] = Field(default_factory=lambda: ["brand", "manufacturer"],
                                    description="Field names of the brand, kept as attributes['brand'].")
    record_keys: list[str] = Field(default_factory=lambda: ["products", "results", "items", "data", "hits", "product"],
                                   description="Keys of a tool output object under which records are listed.")

    def applies_to(self, tool: str | None) -> bool:
        return "*" in self.tools or (tool is not None and tool in self.tools)


DEFAULT_MAPPING = ProductMapping()


def mapping_from(value: Any) -> ProductMapping:
    if isinstance(value, ProductMapping):
        return value
    if value is None:
        return DEFAULT_MAPPING
    try:
        return ProductMapping.model_validate(value)
    except ValueError as exc:
        raise ShapeError(("options", "products"), f"options.products is not a product mapping: {exc}") from None


# -- product records ---------------------------------------------------------------------------------

def _first(record: Mapping[str, Any], names: Sequence[str]) -> tuple[str | None, Any]:
    for name in names:
        value = record.get(name)
        if value is not None and value != "":
            return name, value
    return None, None


def _price(value: Any) -> float | None:
    """A price from a number, numeric text ("$1,299.00", "49.99 USD") or {amount|value}; anything else (scientific
    or hex notation, ranges, words) is not read, so a record's price is never guessed from part of a string."""
    if isinstance(value, Mapping):
        value = value.get("amount", value.get("value"))
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) and value >= 0 else None
    if isinstance(value, str):
        m = _PRICE_TEXT.fullmatch(value.strip())
        if m:
            return float(m.group(1).replace(",", ""))
    return None


class NormalizedRecord(dict[str, Any]):
    """A record :func:`normalize_product` made: normalising it again gives it back, so ``Product`` takes it as is
    (request validation normalises the records it finds with the request's mapping, then builds each Product)."""


def normalize_product(record: Any, mapping: ProductMapping = DEFAULT_MAPPING,
                      loc: tuple[str | int, ...] = ()) -> dict[str, Any]:
    """A product record in HRM's shape; every field the record had is kept (unknown ones as attributes).

    Idempotent: HRM's own field names are always read after the mapping's, so a normalised record
    normalises to itself under any mapping."""
    if type(record) is NormalizedRecord:
        return record
    if not isinstance(record, Mapping):
        raise ShapeError(loc, f"a product record must be an object with an id, got {type(record).__name__}")
    id_key, pid = _first(record, [*mapping.id_fields, "id"])
    if pid is None or isinstance(pid, (dict, list, bool)):
        raise ShapeError(loc, f"product record has no id: give one of the fields {mapping.id_fields} "
                              f"(or name yours in options.products.id_fields); record keys: {sorted(record)[:12]}")
    out = NormalizedRecord(id=str(pid))
    attrs: dict[str, Any] = dict(record.get("attributes") or {}) if isinstance(record.get("attributes"), Mapping) else {}
    name_key, name = _first(record, [*mapping.name_fields, "name"])
    if name is not None:
        out["name"] = str(name)
    price_key, raw_price = _first(record, [*mapping.price_fields, "price"])
    price = _price(raw_price) if raw_price is not None else None
    if price is not None:
        out["price"] = price
    elif raw_price is not None:
        attrs.setdefault(price_key or "price", raw_price)  # unreadable price: kept, not guessed
    if isinstance(raw_price, Mapping) and raw_price.get("currency"):
        out["currency"] = str(raw_price["currency"])
    if isinstance(record.get("currency"), str) and record["currency"]:
        out["currency"] = record["currency"]
    if isinstance(record.get("category"), str):
        out["category"] = record["category"]
    brand_key, brand = _first(record, [*mapping.brand_fields, "brand"])
    if brand is not None:
        attrs.setdefault("brand", brand)
    used = {id_key, name_key, price_key, brand_key, "currency", "category", "attributes"}
    for key, value in record.items():
        if key not in used:
            attrs.setdefault(str(key), value)
    out["attributes"] = attrs
    return out


#: JSON given as text is nested at most this deep (the service's configured ``limits.max_depth``, at most 200,
#: then applies to the request it lands in); deeper text cannot be validated or rendered without recursing too far
TEXT_JSON_MAX_DEPTH = 200


def _nesting(value: Any) -> int:
    """Depth of nested lists and dicts (iterative: never recurses)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            node = list(node.values())
        elif not isinstance(node, list):
            continue
        deepest = max(deepest, depth)
        if depth > TEXT_JSON_MAX_DEPTH:
            return depth
        stack.extend((child, depth + 1) for child in node)
    return deepest


class TooDeep(ValueError):
    """JSON inside a string nested past ``TEXT_JSON_MAX_DEPTH``: refused (422), never parsed into the request."""

    def __init__(self) -> None:
        super().__init__(f"JSON given as text is nested deeper than {TEXT_JSON_MAX_DEPTH} levels")


def loads_bounded(text: str) -> Any:
    """``json.loads`` for JSON found inside a string: ValueError when it is not JSON, TooDeep when it nests too
    deep to validate or render."""
    try:
        parsed = json.loads(text)
    except RecursionError:
        raise TooDeep() from None
    if _nesting(parsed) > TEXT_JSON_MAX_DEPTH:
        raise TooDeep()
    return parsed


def _maybe_json(value: Any) -> Any:
    if isinstance(value, str):
        text = value.strip()
        if text[:1] in "[{":
            try:
                return loads_bounded(text)
            except TooDeep:
                raise
            except ValueError:  # not JSON: kept as text
                return value
    return value


def _records(value: Any, mapping: ProductMapping, depth: int = 0) -> list[Any] | None:
    """The list of product-like records in a parsed tool output, or None when it holds none."""
    if isinstance(value, list):
        if value and all(isinstance(v, Mapping) for v in value) and any(_first(v, mapping.id_fields)[1] is not None
                                                                        for v in value):
            return value
        return None
    if isinstance(value, Mapping):
        if _first(value, mapping.id_fields)[1] is not None and not any(k in value for k in mapping.record_keys):
            return [value]
        if depth < 2:
            for key in mapping.record_keys:
                if key in value:
                    found = _records(value[key], mapping, depth + 1)
                    if found is not None:
                        return found
    return None


def products_in_output(content: Any, mapping: ProductMapping = DEFAULT_MAPPING, tool: str | None = None,
                       loc: tuple[str | int, ...] = ()) -> list[dict[str, Any]]:
    """Product records found in one tool output (text, JSON text or a JSON value); [] when none."""
    if not mapping.applies_to(tool):
        return []
    try:
        parsed = _maybe_json(content)
    except TooDeep as exc:
        raise ShapeError((*loc, "content"), str(exc)) from None
    records = _records(parsed, mapping)
    if not records:
        return []
    return [normalize_product(r, mapping, (*loc, "products", i)) for i, r in enumerate(records)]


# -- chat messages -----------------------------------------------------------------------------------

def content_text(content: Any) -> str:
    """Message content as text: strings as they are, content parts joined, JSON values serialised."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list) and all(isinstance(p, Mapping) and "type" in p for p in content):
        return "".join(str(p.get("text", "")) for p in content if p.get("type") in ("text", "input_text", "output_text"))
    return json.dumps(content, ensure_ascii=False)


def split_think(text: str) -> tuple[str, str]:
    """(reasoning, rest): every ``<think>`` span, and the text without them (a lone ``</think>`` ends
    reasoning that began in the prompt)."""
    spans = [m.group(1).strip() for m in _THINK.finditer(text)]
    rest = _THINK.sub("", text)
    if "</think>" in rest:
        head, _, rest = rest.rpartition("</think>")
        spans.insert(0, head.replace("<think>", "").strip())
    return "\n\n".join(s for s in spans if s), rest.strip()


def _arguments(raw: Any) -> dict[str, Any]:
    """Tool-call arguments as an object; text that is not a JSON object is kept under ``_raw`` so the
    process judge sees what the agent really sent."""
    if isinstance(raw, Mapping):
        return dict(raw)
    if raw is None or raw == "":
        return {}
    if isinstance(raw, str):
        try:
            parsed = loads_bounded(raw)
        except TooDeep:
            raise
        except ValueError:
            return {"_raw": raw}
        return parsed if isinstance(parsed, dict) else {"_raw": raw}
    return {"_raw": raw}


def _calls(msg: Mapping[str, Any], i: int) -> list[dict[str, Any]]:
    calls = msg.get("tool_calls") or []
    if not isinstance(calls, list):
        raise ShapeError(("messages", i, "tool_calls"),
                         "tool_calls must be a list of {id, type: 'function', function: {name, arguments}}")
    out = []
    for j, call in enumerate(calls):
        fn = call.get("function") if isinstance(call, Mapping) else None
        fn = fn if isinstance(fn, Mapping) else call if isinstance(call, Mapping) else {}
        name = fn.get("name")
        if not isinstance(name, str) or not name:
            raise ShapeError(("messages", i, "tool_calls", j),
                             "each tool call needs function.name (OpenAI format: {id, type: 'function', "
                             "function: {name, arguments: '<JSON string>'}})")
        cid = call.get("id") if isinstance(call, Mapping) else None
        out.append({"kind": "tool_call", "name": name, "arguments": _arguments(fn.get("arguments")),
                    "call_id": str(cid) if cid else None})
    return out


def _check_roles(messages: Any) -> list[Mapping[str, Any]]:
    if not isinstance(messages, list) or not messages:
        raise ShapeError(("messages",), "messages must be a non-empty list of {role, content} objects")
    for i, m in enumerate(messages):
        if not isinstance(m, Mapping) or m.get("role") not in ("system", "developer", "user", "assistant", "tool"):
            got = m.get("role") if isinstance(m, Mapping) else type(m).__name__
            raise ShapeError(("messages", i), f"each message needs role: system | user | assistant | tool (got {got!r})")
    return messages


def from_messages(messages: Any, mapping: ProductMapping = DEFAULT_MAPPING, *,
                  need_response: bool = True) -> dict[str, Any]:
    """``{"query", "trajectory", "response", "catalog"}`` derived from an OpenAI chat message list.

    ``need_response=False`` (the caller gave ``response``) lets the conversation end anywhere; the
    agent's work is then everything after the last user message.
    """
    msgs = _check_roles(messages)
    last = msgs[-1]
    final = len(msgs) - 1 if last["role"] == "assistant" and not last.get("tool_calls") else None
    if final is None and need_response:
        raise ShapeError(("messages", len(msgs) - 1),
                         f"messages hold no final answer: the conversation must end with an assistant message "
                         f"without tool_calls (it ends with a {last['role']} message), or pass `response` explicitly")
    if final is not None and need_response and last.get("content") is None and not (
            last.get("reasoning_content") or last.get("reasoning")):
        # null is "no answer was produced", not an empty answer: judging it as "" would hide a broken rollout
        raise ShapeError(("messages", final, "content"),
                         "the final assistant message has content null: there is no answer to judge. Send the "
                         "answer text, content \"\" to judge an empty answer as such, or pass `response` explicitly")
    end = final if final is not None else len(msgs)
    users = [i for i in range(end) if msgs[i]["role"] == "user"]
    start = users[-1] if users else -1

    calls_by_id: dict[str, str] = {}
    pending: list[str] = []  # names of calls not yet answered, for tool messages without ids
    catalog: list[dict[str, Any]] = []
    steps: list[dict[str, Any]] = []
    for i, m in enumerate(msgs[:end]):
        role = m["role"]
        in_work = i > start
        if role == "assistant":
            calls = _calls(m, i)
            for c in calls:
                if c["call_id"]:
                    calls_by_id[c["call_id"]] = c["name"]
            pending = [c["name"] for c in calls]
            if not in_work:
                continue
            reasoning = m.get("reasoning_content") or m.get("reasoning") or ""
            think, rest = split_think(content_text(m.get("content")))
            text = "\n\n".join(t for t in (content_text(reasoning).strip(), think, rest) if t)
            if text:
                steps.append({"kind": "reasoning", "text": text})
            steps.extend(calls)
        elif role == "tool":
            cid = m.get("tool_call_id")
            name = m.get("name") or (calls_by_id.get(str(cid)) if cid else None) or (pending[0] if pending else None)
            if pending and name in pending:
                pending.remove(name)
            content = m.get("content")
            if isinstance(content, list) and not all(isinstance(p, Mapping) and "type" in p for p in content):
                structured = content
            else:
                structured = content_text(content)
            products = products_in_output(structured, mapping, name, ("messages", i))
            if in_work:
                steps.append({"kind": "observation", "call_id": str(cid) if cid else None,
                              "content": content_text(content), "products": products})
            else:
                catalog.extend(products)
    out: dict[str, Any] = {"trajectory": steps, "catalog": catalog}
    if start >= 0:
        out["query"] = content_text(msgs[start].get("content")).strip()
    if final is not None:
        reasoning = msgs[final].get("reasoning_content") or msgs[final].get("reasoning") or ""
        think, answer = split_think(content_text(msgs[final].get("content")))
        text = "\n\n".join(t for t in (content_text(reasoning).strip(), think) if t)
        if text:
            steps.append({"kind": "reasoning", "text": text})
        out["response"] = answer
    return out
