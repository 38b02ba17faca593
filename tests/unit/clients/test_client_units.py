"""Client pieces that need no server: retry policy maths, error mapping, transport choice, light imports."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from hrm_client.client import pick_transport
from hrm_client.errors import (
    EngineUnavailable,
    InvalidRequest,
    Overloaded,
    ServiceUnreachable,
    UnknownRubric,
    from_grpc,
    from_http,
)
from hrm_client.retry import RetryPolicy


def test_backoff_grows_caps_and_honours_hint():
    p = RetryPolicy(initial_backoff_s=0.1, multiplier=2, max_backoff_s=0.5, jitter=0)
    assert [p.backoff(n) for n in (1, 2, 3, 4, 5)] == pytest.approx([0.1, 0.2, 0.4, 0.5, 0.5])
    assert p.backoff(1, retry_after_s=2.0) == 2.0  # the hint wins when longer
    assert p.backoff(4, retry_after_s=0.01) == 0.5  # never shorter than the backoff
    assert RetryPolicy(max_retry_after_s=3, jitter=0).backoff(1, retry_after_s=100) == 3
    assert RetryPolicy(honour_retry_after=False, jitter=0, initial_backoff_s=0.1).backoff(1, 5.0) == 0.1
    rng = random.Random(0)
    waits = [RetryPolicy(initial_backoff_s=1, jitter=0.2).backoff(1, rng=rng) for _ in range(200)]
    assert 0.8 <= min(waits) < max(waits) <= 1.2


def test_policy_validates_and_classifies():
    with pytest.raises(ValueError):
        RetryPolicy(max_attempts=0)
    p = RetryPolicy()
    assert p.retryable(Overloaded("x")) and p.retryable(EngineUnavailable("x")) and p.retryable(ServiceUnreachable("x"))
    assert not p.retryable(InvalidRequest("x")) and not p.retryable(UnknownRubric("x"))
    assert p.retryable(from_http(429, b"slow down", {}))  # a proxy's bare 429 counts as what it is
    assert not RetryPolicy(http_statuses=frozenset({503}), grpc_codes=frozenset()).retryable(from_http(429, b"", {}))


def test_error_mapping_from_the_wire():
    e = from_http(404, b'{"error": {"type": "unknown_rubric", "message": "no pack x", "field": "rubric"}}',
                  {"X-HRM-Error-Type": "unknown_rubric"})
    assert isinstance(e, UnknownRubric) and e.field == "rubric" and e.message == "no pack x"
    e = from_http(503, b'{"error": {"type": "overloaded", "message": "full"}}', {"Retry-After": "2"})
    assert isinstance(e, Overloaded) and e.retry_after_s == 2.0
    e = from_http(502, b"<html>bad gateway</html>", {})
    assert isinstance(e, ServiceUnreachable) and "502" in e.message  # a gateway's page: retried
    e = from_grpc("RESOURCE_EXHAUSTED", "queue full", [("hrm-error-type", "overloaded"), ("retry-after-s", "0.5")])
    assert isinstance(e, Overloaded) and e.retry_after_s == 0.5
    e = from_grpc("INVALID_ARGUMENT", "bad", [("hrm-error-type", "invalid_request"), ("hrm-error-field", "query")])
    assert isinstance(e, InvalidRequest) and e.field == "query"
    assert isinstance(from_grpc("UNAVAILABLE", "connection refused", ()), ServiceUnreachable)


def test_transport_from_url():
    assert pick_transport("localhost:50051", None) == "grpc"
    assert pick_transport("grpcs://judge:443", None) == "grpc"
    assert pick_transport("https://judge", None) == "http"
    assert pick_transport("judge:8000", "http") == "http"


def test_client_imports_without_ray_or_server_stack():
    code = ("import sys, hrm_client, hrm_tools.commands.evaluate, hrm_client.transport_grpc, hrm_client.transport_http, "
            "hrm_tools.report.report, hrm_tools.report.compare, hrm_tools.eval.runner\n"
            "heavy = {'ray', 'vllm', 'fastapi', 'uvicorn', 'sqlalchemy', 'xllamacpp'}\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & heavy))\n"
            "print(sorted(m for m in sys.modules if m.startswith('judge_server.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.splitlines()
    assert out[0] == "[]"
    assert out[1] == "[]"  # the client shares only the wire package with the server


def test_a_proxys_plain_500_is_a_retryable_unreachable_service():
    """Ray Serve's proxy answers a plain-text 500 for requests in flight on an ingress replica that died."""
    from hrm_client.errors import ServiceUnreachable, from_http
    from hrm_client.retry import RetryPolicy

    err = from_http(500, b"Internal Server Error", {"content-type": "text/plain"})
    assert isinstance(err, ServiceUnreachable) and RetryPolicy().retryable(err)
    typed = from_http(500, b'{"error": {"type": "internal", "message": "boom"}}', {})
    assert not isinstance(typed, ServiceUnreachable) and not RetryPolicy().retryable(typed)
