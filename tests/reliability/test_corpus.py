"""Replay the checked-in corpus of the nastiest inputs (tests/reliability/corpus/*.json) on every run,
over real HTTP (uvicorn, chunked bodies included) and real gRPC.

A case file: ``kind`` (score | batch), the input as ``body`` (JSON, with ``{"$sample": i, "set": {...},
"nest": {"at": path, "depth": n}}`` built from examples/smartshop.jsonl and ``{"$repeat": s, "times": n}``
for long text) or ``raw`` (text, lone surrogates kept) or ``raw_b64`` (bytes), ``chunked``, ``grpc``
(false: HTTP only), and ``expect``: the HTTP statuses allowed, the error ``type`` and ``field`` (a prefix),
and for batches the type of each item's error (null: a result).
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import httpx
import pytest
from reliability_harness import CORPUS, check_grpc_error, check_grpc_item, check_http, grpc_stub, samples

from hrm_wire.proto import judge_pb2

pytestmark = pytest.mark.reliability

SAMPLES = samples()
CASES = sorted(CORPUS.glob("*.json"))


def _path_set(target: Any, path: str, value: Any) -> None:
    keys = path.split(".")
    for key in keys[:-1]:
        target = target[int(key)] if isinstance(target, list) else target[key]
    last = keys[-1]
    if isinstance(target, list):
        target[int(last)] = value
    else:
        target[last] = value


def build(spec: Any) -> Any:
    if isinstance(spec, list):
        return [build(v) for v in spec]
    if not isinstance(spec, dict):
        return spec
    if "$repeat" in spec:
        return spec["$repeat"] * spec["times"]
    if "$repeat_items" in spec:
        return [build(spec["$repeat_items"]) for _ in range(spec["times"])]
    if "$sample" in spec:
        row = json.loads(json.dumps(SAMPLES[spec["$sample"]]))
        for path, value in (spec.get("set") or {}).items():
            _path_set(row, path, build(value))
        if "nest" in spec:
            _path_set(row, spec["nest"]["at"], _nest_marker(spec["nest"]["depth"]))
        return row
    return {k: build(v) for k, v in spec.items()}


def dumps(value: Any) -> str:
    """JSON text; nesting deeper than Python's json can encode is spliced in as text (``build`` marks it)."""
    text = json.dumps(value)
    for depth in sorted(_NESTS, reverse=True):
        text = text.replace(json.dumps(_NESTS[depth]), '{"a": ' * depth + '"deep"' + "}" * depth)
    return text


_NESTS: dict[int, str] = {}


def _nest_marker(depth: int) -> str:
    return _NESTS.setdefault(depth, f"\u0000nest-{depth}\u0000")


def payload(case: dict[str, Any]) -> bytes:
    if "raw_b64" in case:
        return base64.b64decode(case["raw_b64"])
    if "raw" in case:
        return case["raw"].encode("utf-8", "surrogatepass")
    return dumps(build(case["body"])).encode()


def item_texts(case: dict[str, Any]) -> list[str]:
    """The JSON text of each item of a batch case (gRPC sends each as its own envelope)."""
    return [dumps(item) for item in build(case["body"])["items"]]


def chunks(data: bytes, size: int = 8192) -> Iterator[bytes]:
    for i in range(0, len(data), size):
        yield data[i:i + size]


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_http(service: Any, path: Path) -> None:
    case = json.loads(path.read_text())
    route = "/v1/score" if case["kind"] == "score" else "/v1/score/batch"
    data = payload(case)
    with httpx.Client(base_url=service.http_url, timeout=60) as http:
        content: Any = chunks(data) if case.get("chunked") else data
        r = http.post(route, content=content, headers={"content-type": "application/json", **case.get("headers", {})})
    if case.get("chunked"):
        assert "content-length" not in r.request.headers
    expect = case["expect"]
    assert r.status_code in expect["http_status"], r.text[:500]
    check_http(r.status_code, r.headers, r.content, route)
    if "type" in expect:
        err = r.json()["error"]
        assert err["type"] == expect["type"], err
        assert (err.get("field") or "").startswith(expect.get("field", "")), err
    for got, want in zip(r.json().get("items", []) if r.status_code == 200 else [], case.get("expect_items", []),
                         strict=False):
        assert (got.get("error") or {}).get("type") == want, got


def _lone_surrogate(text: str) -> bool:
    return any("\ud800" <= c <= "\udfff" for c in text)


def _grpc_cases() -> list[Path]:
    """The cases gRPC can carry: protobuf strings cannot hold a lone surrogate, so a single request holding one is
    an HTTP-only case (``test_http`` covers it)."""
    out = []
    for p in CASES:
        case = json.loads(p.read_text())
        if not case.get("grpc", True):
            continue
        if case["kind"] == "score" and _lone_surrogate(payload(case).decode("utf-8", "surrogatepass")):
            continue
        out.append(p)
    return out


@pytest.mark.parametrize("path", _grpc_cases(), ids=lambda p: p.stem)
def test_grpc(service: Any, path: Path) -> None:
    case = json.loads(path.read_text())
    expect = case["expect"]
    text = payload(case).decode("utf-8", "surrogatepass")
    with grpc_stub(service.grpc_target) as stub:
        try:
            if case["kind"] == "score":
                resp = stub.Score(judge_pb2.ScoreRequest(request_json=text), timeout=60)
                check_grpc_item(resp, path.stem)
                assert 200 in expect["http_status"], "accepted over gRPC, refused over HTTP"
                return
            resp = stub.ScoreBatch(judge_pb2.ScoreBatchRequest(
                items=[judge_pb2.ScoreRequest(request_json=t) for t in item_texts(case)]), timeout=120)
        except grpc.RpcError as exc:
            check_grpc_error(exc, path.stem)
            md = dict(exc.trailing_metadata() or ())
            assert exc.code() == grpc.StatusCode.INVALID_ARGUMENT, exc.details()
            assert md["hrm-error-type"] == expect.get("type", md["hrm-error-type"])
            assert md.get("hrm-error-field", "").startswith(expect.get("field", "").replace("body", ""))
            return
    assert 200 in expect["http_status"]
    for got, want in zip(resp.items, case.get("expect_items", [None] * len(resp.items)), strict=True):
        check_grpc_item(got, path.stem)
        assert (got.error.type if got.WhichOneof("outcome") == "error" else None) == want, got
