"""The one size/depth policy: typed errors naming item and field, iterative depth check, JSON parsing."""

from __future__ import annotations

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hrm_wire.errors import InvalidRequest, RequestTooLarge
from hrm_wire.models import ScoreRequest
from judge_server import limits
from judge_server.config import LimitsConfig


def nested(depth: int) -> dict:
    node: dict = {}
    for _ in range(depth - 1):
        node = {"a": node}
    return node


def test_depth_is_counted_from_the_top_level():
    assert limits.too_deep_at(nested(32), 32) is None
    assert limits.too_deep_at(nested(33), 32) == ["a"] * 8  # the path is cut at 8 names
    assert limits.too_deep_at([[[]]], 3) is None and limits.too_deep_at([[[[]]]], 3) is not None


def test_depth_check_survives_nesting_beyond_the_python_stack():
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(RequestTooLarge) as info:
        limits.check_depth({"trajectory": [{"arguments": deep}]}, item_id="x")
    assert info.value.field == "trajectory.0.arguments" and info.value.item_id == "x"


def test_load_json_sizes_parses_and_bounds_depth():
    lim = LimitsConfig(max_request_bytes=2048, max_depth=8)
    assert limits.load_json(b'{"a": [1]}', lim) == {"a": [1]}
    with pytest.raises(RequestTooLarge):
        limits.load_json(b" " * 3000, lim)
    with pytest.raises(RequestTooLarge) as info:
        limits.load_json(orjson.dumps(nested(9)), lim, field="request_json")
    assert info.value.field == "a.a.a"  # where inside the JSON, cut to three names
    with pytest.raises(RequestTooLarge):  # orjson's own 1024 limit reads as the depth cap too
        limits.load_json("[" * 1500 + "]" * 1500, lim, max_bytes=10_000)
    with pytest.raises(InvalidRequest) as bad:
        limits.load_json(b'{"a": NaN}', lim, item_id="i")
    assert type(bad.value) is InvalidRequest and bad.value.item_id == "i"


def test_item_size_counts_a_parsed_item_too():
    lim = LimitsConfig(max_request_bytes=1024)
    with pytest.raises(RequestTooLarge):
        limits.check_item({"response": "x" * 2000}, lim, item_id="b")
    with pytest.raises(InvalidRequest):
        limits.check_item({"response": "\ud800"}, lim)
    limits.check_item({"response": "ok"}, lim)


def test_request_parts_are_capped_with_their_field():
    req = ScoreRequest.model_validate({"id": "q", "query": "q" * 9000, "response": "r"})
    with pytest.raises(RequestTooLarge) as info:
        limits.check_request(req)
    assert (info.value.field, info.value.item_id) == ("query", "q")


def test_batch_and_body_caps():
    lim = LimitsConfig(max_batch_items=2, max_body_bytes=2048)
    limits.check_batch_items(2, lim)
    with pytest.raises(RequestTooLarge) as info:
        limits.check_batch_items(3, lim)
    assert info.value.field == "items"
    with pytest.raises(RequestTooLarge):
        limits.check_body_bytes(4096, lim)


@pytest.mark.parametrize("depth", [1, 5, 28, 29, 30, 31, 32, 40])
def test_a_validated_requests_parts_are_as_deep_as_their_json_dump(depth):
    """``check_request`` walks the models themselves; it finds what walking their JSON dump finds."""
    attrs = nested(depth)
    req = ScoreRequest.model_validate({
        "query": "q", "response": "r",
        "trajectory": [{"kind": "tool_call", "name": "search", "arguments": {"x": nested(depth)}},
                       {"kind": "observation", "products": [{"id": "P1", "name": "n", "attributes": attrs}]}],
        "catalog": [{"id": "P2", "name": "m", "attributes": {"deep": attrs}}]})
    for part in ("trajectory", "catalog"):
        dumped = req.model_dump(mode="json", include={part})
        for cap in (8, 32):
            assert limits.too_deep_at({part: getattr(req, part)}, cap) == limits.too_deep_at(dumped, cap)
    too_deep = limits.too_deep_at(req.model_dump(mode="json", include={"trajectory", "catalog"}), 32) is not None
    lim = LimitsConfig(max_depth=32)
    if too_deep:
        with pytest.raises(RequestTooLarge, match="nested deeper"):
            limits.check_request(req, lim)
    else:
        limits.check_request(req, lim)


@given(st.recursive(st.none() | st.integers() | st.text(max_size=3),
                    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=2), kids, max_size=3)
                    | st.tuples(kids, kids), max_leaves=40),
       st.integers(min_value=1, max_value=8))
def test_depth_fast_walk_agrees_with_the_path_walk(data: object, cap: int) -> None:
    """The walk without paths (every request within the cap) says "too deep" exactly when the path walk finds a place."""
    stack: list[tuple[object, int]] = [(data, 1)]
    deepest = 0
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            kids: list[object] = list(node.values())
        elif isinstance(node, (list, tuple)):
            kids = list(node)
        else:
            continue
        deepest = max(deepest, depth)
        stack.extend((k, depth + 1) for k in kids)
    found = limits.too_deep_at(data, cap)
    assert (found is not None) == (deepest > cap) == limits._deeper_than(data, cap)
