"""Auth, backpressure and deadlines (with grader-side cancellation) inside the real Serve application."""

from __future__ import annotations

import time

import grpc
import pytest
from serve_harness import AUTH, HEADERS, HOLD, grpc_request, sample

pytestmark = pytest.mark.serve


def _wait(predicate, timeout: float = 30.0) -> None:
    t0 = time.monotonic()
    while not predicate():
        assert time.monotonic() - t0 < timeout, "condition not reached"
        time.sleep(0.05)


def test_auth(app) -> None:
    for headers in ({}, {"Authorization": "Bearer nope"}):
        r = app.http.post("/v1/score", json=sample(0), headers=headers)
        assert r.status_code == 401 and r.json()["error"]["type"] == "unauthenticated"
    for md in ((), (("authorization", "Bearer nope"),)):
        with pytest.raises(grpc.RpcError) as info:
            app.stub.Score(grpc_request(sample(0)), metadata=md, timeout=30)
        assert info.value.code() == grpc.StatusCode.UNAUTHENTICATED
    assert app.http.get("/healthz").status_code == 200 and app.http.get("/readyz").status_code == 200


def test_deadline_cancels_grader_work(app) -> None:
    before = app.grader_stats()
    r = app.http.post("/v1/score", json=sample(0, HOLD, options={"use_cache": False}),
                      headers={**HEADERS, "X-HRM-Timeout-S": "1.0"})
    assert r.status_code == 504 and r.json()["error"]["type"] == "deadline_exceeded"
    with pytest.raises(grpc.RpcError) as info:
        app.stub.Score(grpc_request(sample(1, HOLD, options={"use_cache": False})), metadata=AUTH, timeout=1.0)
    assert info.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
    # the held generations of both judgments were cancelled on the grader replica, not left running
    _wait(lambda: app.grader_stats()["cancelled"] - before["cancelled"] >= 2)
    _wait(lambda: app.queue_depth() == 0)
    stats = app.grader_stats()
    assert stats["started"] - stats["finished"] - stats["cancelled"] - stats["failed"] == 0


def test_backpressure(app) -> None:
    held = [app.stub.Score.future(grpc_request(sample(i, HOLD, options={"use_cache": False}), f"hold-{i}"),
                                  metadata=AUTH, timeout=120) for i in range(4)]  # max_queue = 4
    try:
        _wait(lambda: app.queue_depth() == 4)
        r = app.http.post("/v1/score", json=sample(5), headers=HEADERS)
        assert r.status_code == 503 and r.headers["Retry-After"] == "2"
        assert r.json()["error"]["type"] == "overloaded"
        with pytest.raises(grpc.RpcError) as info:
            app.stub.Score(grpc_request(sample(5)), metadata=AUTH, timeout=30)
        assert info.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert dict(info.value.trailing_metadata())["retry-after-s"] == "2"
    finally:
        for f in held:
            f.cancel()
    _wait(lambda: app.queue_depth() == 0)
    assert app.http.post("/v1/score", json=sample(5), headers=HEADERS).status_code == 200
