"""Fault injection on the real Serve app: the grader replica is killed mid-batch and mid-stream.

Readiness (GET /readyz and gRPC health) must go false within one probe period and come back once
Serve has replaced the replica; every accepted item is answered, with a result or a retryable error;
the client's retries finish every item. Run under ``flock /tmp/hrm-ray.lock`` like the whole tier.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from serve_harness import SLOW, grpc_request, kill_grader_replicas, sample

from hrm_wire.errors import HRMError
from hrm_wire.models import ScoreResult
from hrm_wire.proto import SERVICE_NAME, judge_pb2

pytestmark = pytest.mark.serve

APP = "hrm-faults"
RETRYABLE = {"UNAVAILABLE", "RESOURCE_EXHAUSTED"}
#: one probe period (gRPC health follows readiness every second; a probe waits 0.5 s) plus scheduling
#: slack on a loaded 2-core machine
PROBE_BOUND_S = 4.0


@pytest.fixture(scope="module")
def faulty(ray_serve: int, serve_deploy: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    config = {
        "hrm": {"engine": {"kind": "fake", "fake": {"delay_markers": {SLOW: 0.3}}},
                "cache": {"enabled": False, "directory": str(tmp_path_factory.mktemp("faults-cache"))},
                "judge": {"concurrency": 64, "backoff_initial_s": 0.0, "backoff_max_s": 0.0}},
        "max_queue": 256,
        "ingress": {"num_cpus": 0.1},
        "grader": {"num_cpus": 0.1},
    }
    served = serve_deploy(ray_serve, APP, "/faults", config)
    yield served
    served.channel.close()
    served.http.close()
    from ray import serve

    serve.delete(APP)


def kill_grader() -> int:
    """Kill every grader replica actor of the app (no restart by Ray: Serve must replace it)."""
    return len(kill_grader_replicas(APP))


def wait_for(predicate: Callable[[], bool], timeout_s: float, step_s: float = 0.1) -> float | None:
    """Seconds until ``predicate()`` held, or None if it never did within ``timeout_s``."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout_s:
        try:
            if predicate():
                return time.monotonic() - t0
        except Exception:  # noqa: BLE001 - a probe that fails is not the state we wait for
            pass
        time.sleep(step_s)
    return None


def readyz(app: Any) -> bool:
    return app.http.get("/readyz", timeout=5).status_code == 200


def health(app: Any) -> bool:
    stub = health_pb2_grpc.HealthStub(app.channel)
    status = stub.Check(health_pb2.HealthCheckRequest(service=SERVICE_NAME), timeout=5).status
    return status == health_pb2.HealthCheckResponse.SERVING


def items(prefix: str, n: int) -> list[dict[str, Any]]:
    return [sample(i % 14, SLOW, id=f"{prefix}-{i}", options={"use_cache": False}) for i in range(n)]


def check_readiness_cycle(app: Any) -> tuple[float, float]:
    """Kill the grader; readiness must drop within a probe period and come back. (drop s, back s)"""
    assert wait_for(lambda: readyz(app) and health(app), 60), "not ready before the kill"
    assert kill_grader() >= 1
    down = wait_for(lambda: not readyz(app) and not health(app), PROBE_BOUND_S, step_s=0.05)
    assert down is not None, "readiness still says ready after the grader replica was killed"
    back = wait_for(lambda: readyz(app) and health(app), 120, step_s=0.2)
    assert back is not None, "readiness did not come back after Serve replaced the grader"
    print(f"readiness after the kill: false after {down:.2f} s, true again {back:.1f} s later")  # shown with -s
    return down, back


def test_grader_killed_mid_batch(faulty: Any) -> None:
    from hrm_client import JudgeClient, RetryPolicy

    raw: dict[str, Any] = {}
    client_out: dict[str, Any] = {}
    policy = RetryPolicy(max_attempts=12, initial_backoff_s=0.5, max_backoff_s=5.0)

    def raw_batch() -> None:  # no retries: what the server itself answers
        batch = judge_pb2.ScoreBatchRequest(items=[grpc_request(r, r["id"]) for r in items("raw", 8)])
        raw["resp"] = faulty.stub.ScoreBatch(batch, timeout=120)

    def client_batch() -> None:
        with JudgeClient(faulty.grpc_target, timeout=240, retry=policy) as client:
            client_out["results"] = client.score_batch(items("cli", 8))

    threads = [threading.Thread(target=raw_batch), threading.Thread(target=client_batch)]
    for t in threads:
        t.start()
    assert wait_for(lambda: faulty.queue_depth() >= 8, 30, step_s=0.05) is not None
    check_readiness_cycle(faulty)
    for t in threads:
        t.join(timeout=300)
    assert not any(t.is_alive() for t in threads)
    answered = raw["resp"].items
    assert sorted(i.id for i in answered) == sorted(f"raw-{i}" for i in range(8))
    for item in answered:
        if item.WhichOneof("outcome") == "error":
            assert item.error.grpc_code in RETRYABLE, item.error
    results = client_out["results"]
    assert len(results) == 8
    assert all(isinstance(r, ScoreResult) and r.reward is not None for r in results), \
        [r for r in results if isinstance(r, HRMError)]


def test_grader_killed_mid_stream(faulty: Any) -> None:
    from hrm_client import JudgeClient, RetryPolicy

    done = threading.Event()
    raw: list[Any] = []
    client_out: list[Any] = []

    def raw_stream() -> None:
        def requests() -> Iterator[Any]:
            for r in items("rs", 8):
                yield grpc_request(r, r["id"])
            done.wait(180)  # keep the call open until every answer is in

        for resp in faulty.stub.StreamScore(requests(), timeout=200):
            raw.append(resp)
            if len(raw) == 8:
                done.set()

    def client_stream() -> None:
        policy = RetryPolicy(max_attempts=12, initial_backoff_s=0.5, max_backoff_s=5.0)
        with JudgeClient(faulty.grpc_target, timeout=240, retry=policy) as client:
            client_out.extend(client.stream(items("cs", 8)))

    threads = [threading.Thread(target=raw_stream), threading.Thread(target=client_stream)]
    for t in threads:
        t.start()
    assert wait_for(lambda: faulty.queue_depth() >= 8, 30, step_s=0.05) is not None
    check_readiness_cycle(faulty)
    for t in threads:
        t.join(timeout=300)
    assert not any(t.is_alive() for t in threads)
    assert sorted(r.id for r in raw) == sorted(f"rs-{i}" for i in range(8))
    for resp in raw:
        if resp.WhichOneof("outcome") == "error":
            assert resp.error.grpc_code in RETRYABLE, resp.error
    assert sorted(s.id for s in client_out) == sorted(f"cs-{i}" for i in range(8))
    assert all(s.error is None and s.result is not None for s in client_out), \
        [s.error for s in client_out if s.error is not None]


def test_unary_calls_during_the_outage_fail_retryably(faulty: Any) -> None:
    assert wait_for(lambda: readyz(faulty), 60) is not None
    assert kill_grader() >= 1
    codes = set()
    t0 = time.monotonic()
    while time.monotonic() - t0 < 3:
        try:
            faulty.stub.Score(grpc_request(sample(0, SLOW, options={"use_cache": False})), timeout=30)
            codes.add("OK")
        except grpc.RpcError as exc:
            codes.add(exc.code().name)
    assert codes <= RETRYABLE | {"OK"}, codes
    assert wait_for(lambda: readyz(faulty), 120) is not None
