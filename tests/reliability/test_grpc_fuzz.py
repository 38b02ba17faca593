"""Hypothesis over the gRPC service: raw bytes, proto messages, and request JSON (random, and valid
samples with one part replaced by random JSON), against a real grpc.aio server in process.

No INTERNAL / UNKNOWN, every refusal typed in the trailers (with a field where one applies), per-item
errors typed in batches and streams, every call within a bounded time.
"""

from __future__ import annotations

import json
import time
from typing import Any

import grpc
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reliability_harness import REQUEST_BOUND_S, check_grpc_error, check_grpc_item, grpc_stub, samples

from hrm_wire.proto import judge_pb2

pytestmark = pytest.mark.reliability

SAMPLES = samples()
FUZZ = settings(deadline=None, suppress_health_check=list(HealthCheck), database=None, derandomize=True)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=20,
)
#: top-level and nested names a ScoreRequest has, so mutations hit real fields
FIELDS = ["id", "query", "response", "rubric", "trajectory", "context", "options", "catalog", "category",
          "messages", "expect_cards", "reward", "arguments", "products", "kind", "text", "name", "call_id"]


@st.composite
def mutated_sample(draw: st.DrawFn) -> dict[str, Any]:
    """A valid sample with one top-level or step-level field replaced (or removed, or added)."""
    row = json.loads(json.dumps(draw(st.sampled_from(SAMPLES))))
    target: dict[str, Any] = row
    if row.get("trajectory") and draw(st.booleans()):
        target = draw(st.sampled_from(row["trajectory"]))
    key = draw(st.sampled_from(FIELDS))
    if draw(st.integers(0, 4)) == 0:
        target.pop(key, None)
    else:
        target[key] = draw(json_values)
    return row


request_json = st.one_of(
    mutated_sample().map(json.dumps),
    json_values.map(json.dumps),
    st.text(max_size=200),
)
envelopes = st.builds(lambda i, j: judge_pb2.ScoreRequest(id=i, request_json=j), st.text(max_size=300), request_json)


@pytest.fixture(scope="module")
def stub(service: Any) -> Any:
    with grpc_stub(service.grpc_target) as s:
        yield s


def timed(call: Any) -> Any:
    t0 = time.monotonic()
    try:
        return call()
    finally:
        assert time.monotonic() - t0 < REQUEST_BOUND_S, "call over the time bound"


def test_score_messages(stub: Any) -> None:
    @settings(FUZZ, max_examples=120)
    @given(envelopes)
    def run(msg: Any) -> None:
        try:
            resp = timed(lambda: stub.Score(msg, timeout=REQUEST_BOUND_S))
        except grpc.RpcError as exc:
            check_grpc_error(exc, "Score")
            return
        check_grpc_item(resp, "Score")

    run()


def test_batches_and_streams(stub: Any) -> None:
    @settings(FUZZ, max_examples=30)
    @given(st.lists(envelopes, max_size=5))
    def run(items: list[Any]) -> None:
        try:
            resp = timed(lambda: stub.ScoreBatch(judge_pb2.ScoreBatchRequest(items=items), timeout=REQUEST_BOUND_S))
        except grpc.RpcError as exc:
            check_grpc_error(exc, "ScoreBatch")
        else:
            assert len(resp.items) == len(items)
            for r in resp.items:
                check_grpc_item(r, "ScoreBatch item")
        try:
            got = timed(lambda: list(stub.StreamScore(iter(items), timeout=REQUEST_BOUND_S)))
        except grpc.RpcError as exc:
            check_grpc_error(exc, "StreamScore")
        else:
            assert len(got) == len(items)
            for r in got:
                check_grpc_item(r, "StreamScore item")

    run()


def test_raw_bytes(service: Any) -> None:
    with grpc.insecure_channel(service.grpc_target) as channel:
        methods = {name: channel.unary_unary(f"/hrm.v2.JudgeService/{name}", request_serializer=None,
                                             response_deserializer=None)
                   for name in ("Score", "ScoreBatch", "ListRubrics")}

        @settings(FUZZ, max_examples=80)
        @given(st.sampled_from(sorted(methods)), st.binary(max_size=300))
        def run(name: str, raw: bytes) -> None:
            try:
                timed(lambda: methods[name](raw, timeout=REQUEST_BOUND_S))
            except grpc.RpcError as exc:
                check_grpc_error(exc, f"{name} raw")

        run()
