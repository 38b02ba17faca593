"""The one input size and depth policy (``LimitsConfig``), enforced at the edge of every path.

Transports (unary, batch, stream), the judgment store and the review import call these functions, so
what is accepted for scoring can always be rendered, stored and read back: nesting is bounded far
below the serializers' recursion limits (orjson: 255), sizes below what the grader's context holds.
Every refusal is a typed error naming the item and the field (``RequestTooLarge`` for caps,
``InvalidRequest`` for JSON that does not parse).
"""

from __future__ import annotations

from typing import Any

import orjson
from pydantic import BaseModel

from hrm_wire.errors import InvalidRequest, RequestTooLarge
from judge_server.config import LimitsConfig

DEFAULT = LimitsConfig()


def _limits(limits: LimitsConfig | None) -> LimitsConfig:
    return limits if limits is not None else DEFAULT


def check_body_bytes(size: int, limits: LimitsConfig | None = None, *, field: str = "body") -> None:
    """One HTTP body or gRPC message (a whole batch) against ``max_body_bytes``."""
    cap = _limits(limits).max_body_bytes
    if size > cap:
        raise RequestTooLarge(f"{field} is {size} bytes, over the {cap} cap", field=field)


def check_item_bytes(size: int, limits: LimitsConfig | None = None, *, field: str | None = None,
                     item_id: str | None = None) -> None:
    """One scoring request's JSON size against ``max_request_bytes`` (single items and batch items alike)."""
    cap = _limits(limits).max_request_bytes
    if size > cap:
        raise RequestTooLarge(f"request is {size} bytes, over the {cap} cap", field=field, item_id=item_id)


def check_batch_items(count: int, limits: LimitsConfig | None = None, *, field: str = "items") -> None:
    cap = _limits(limits).max_batch_items
    if count > cap:
        raise RequestTooLarge(f"{count} items, over the {cap} cap", field=field)


_CONTAINERS = (dict, list, tuple, BaseModel)
#: most values are these: ruled out by their type alone (``isinstance`` of a model class goes through ABCMeta)
_SCALARS = frozenset({str, int, float, bool, type(None)})


def _children(node: Any) -> Any:
    if isinstance(node, dict):
        return node.values()
    if isinstance(node, (list, tuple)):
        return node
    return node.__dict__.values()  # a validated model nests as its JSON dump does: one object per model


def _deeper_than(data: Any, max_depth: int) -> bool:
    """Whether a container sits deeper than ``max_depth``: level by level, keeping only containers (no paths)."""
    level = [data] if isinstance(data, _CONTAINERS) else []
    depth = 1
    while level:
        if depth > max_depth:
            return True
        level = [c for node in level for c in _children(node)
                 if type(c) not in _SCALARS and isinstance(c, _CONTAINERS)]
        depth += 1
    return False


def too_deep_at(data: Any, max_depth: int) -> list[str] | None:
    """The path to the first container nested deeper than ``max_depth`` (the top level is depth 1), or None.

    Iterative, so arbitrarily deep input cannot exhaust the Python stack while being checked. Almost every
    request is within the cap: a walk without paths answers that, and the path is looked for only past it.
    """
    if not _deeper_than(data, max_depth):
        return None
    stack: list[tuple[Any, int, list[str]]] = [(data, 1, [])]
    while stack:
        node, depth, path = stack.pop()
        if isinstance(node, dict):
            children: Any = node.items()
        elif isinstance(node, (list, tuple)):
            children = enumerate(node)
        elif isinstance(node, BaseModel):  # a validated model nests as its JSON dump does: one object per model
            children = node.__dict__.items()
        else:
            continue
        if depth > max_depth:
            return path
        for key, child in children:
            if isinstance(child, (dict, list, tuple, BaseModel)):
                stack.append((child, depth + 1, [*path, str(key)] if len(path) < 8 else path))
    return None


def check_depth(data: Any, limits: LimitsConfig | None = None, *, field: str | None = None,
                item_id: str | None = None) -> None:
    """Nesting of parsed JSON against ``max_depth``; the error names where it got too deep."""
    cap = _limits(limits).max_depth
    path = too_deep_at(data, cap)
    if path is None:
        return
    # the place inside the request, like validation errors name it; the source (body, ...) if at the top
    where = ".".join(path[:3]) or field
    raise RequestTooLarge(f"JSON is nested deeper than {cap} levels", field=where, item_id=item_id)


def load_json(raw: bytes | str, limits: LimitsConfig | None = None, *, max_bytes: int | None = None,
              field: str | None = None, item_id: str | None = None, depth: bool = True) -> Any:
    """Parse JSON under the policy: size first (``max_bytes``, default ``max_request_bytes``), then depth.

    ``depth=False`` for a batch body: each item is checked on its own (:func:`check_item`), so one deep
    item fails alone; the parser's own limit (1024 levels) still bounds the whole body.
    """
    lim = _limits(limits)
    cap = lim.max_request_bytes if max_bytes is None else max_bytes
    size = len(raw.encode("utf-8", "surrogatepass")) if isinstance(raw, str) else len(raw)
    if size > cap:
        raise RequestTooLarge(f"{field or 'request'} is {size} bytes, over the {cap} cap", field=field,
                              item_id=item_id)
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        # orjson refuses nesting past 1024 itself; report it as the depth cap it is
        if "depth" in str(exc) or "recursion" in str(exc):
            raise RequestTooLarge(f"JSON is nested deeper than {lim.max_depth} levels", field=field,
                                  item_id=item_id) from None
        raise InvalidRequest(f"not valid JSON: {exc}", field=field, item_id=item_id) from None
    if depth:
        check_depth(data, lim, field=field, item_id=item_id)
    return data


def check_item(data: dict[str, Any], limits: LimitsConfig | None = None, *, field: str | None = None,
               item_id: str | None = None) -> None:
    """A scoring request already parsed to a dict (HTTP batch items): depth, then its serialized size.
    ``field`` names the item as a whole (e.g. ``items.3``) in errors about all of it."""
    lim = _limits(limits)
    check_depth(data, lim, field=field, item_id=item_id)
    try:
        size = len(orjson.dumps(data))
    except orjson.JSONEncodeError as exc:  # lone surrogates, non-JSON values from an in-process caller
        raise InvalidRequest(f"not JSON-serializable: {exc}", field=field, item_id=item_id) from None
    check_item_bytes(size, lim, field=field, item_id=item_id)


def check_request(request: Any, limits: LimitsConfig | None = None) -> None:
    """Caps on a validated ScoreRequest's parts: query and response text, trajectory steps."""
    lim = _limits(limits)
    item_id = getattr(request, "id", None)
    if len(request.query) > lim.max_query_chars:
        raise RequestTooLarge(f"query has {len(request.query)} characters, over the {lim.max_query_chars} cap",
                              field="query", item_id=item_id)
    if len(request.response) > lim.max_response_chars:
        raise RequestTooLarge(f"response has {len(request.response)} characters, over the "
                              f"{lim.max_response_chars} cap", field="response", item_id=item_id)
    if len(request.trajectory) > lim.max_steps:
        raise RequestTooLarge(f"trajectory has {len(request.trajectory)} steps, over the {lim.max_steps} cap",
                              field="trajectory", item_id=item_id)
    # JSON given as text (tool-call arguments, tool outputs holding product records, OpenAI messages) is parsed
    # into the request after the body's depth check: the parts it lands in are checked again here
    # (walked as they are, as deep as their JSON dump would be, without making the dump)
    for part in ("trajectory", "catalog"):
        value = getattr(request, part, None)
        if value:
            check_depth({part: value}, lim, item_id=item_id)
