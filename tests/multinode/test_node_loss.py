"""HRM on a three-node Ray cluster, deployed with `serve deploy`: graders placed on the worker nodes by a custom
resource, HTTP and gRPC through the head, and a worker node SIGKILLed under load. Invariants: every request is
answered (the client's retries included) or fails visibly (none expected), the graders run again on the surviving
node, readiness comes back, and the store holds every answered judgment. The figures (judgments per second across
the kill, time to recover): research/bench/bench_node_loss.py."""

from __future__ import annotations

import sqlite3
import time

import grpc
import httpx
import pytest
from cluster import RayCluster, free_port, hrm_serve_config
from load import ROWS, Load

pytestmark = pytest.mark.multinode


def wait(cond, timeout: float, what: str, every: float = 0.5):  # noqa: ANN001, ANN201
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            value = cond()
        except Exception:  # noqa: BLE001 - not up yet
            value = None
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"timed out after {timeout:g} s waiting for {what}")


def grader_nodes(cluster: RayCluster) -> list[str]:
    names = cluster.node_names()
    return sorted(names.get(r.get("node_id"), "?") for r in cluster.replicas("hrm", "grader")
                  if r.get("state") == "RUNNING")


def test_graders_on_workers_survive_a_node_loss_under_load(cluster: RayCluster, tmp_path) -> None:
    http_port, grpc_port = free_port(), free_port()
    db = tmp_path / "judgments.db"
    cluster.deploy(hrm_serve_config(cluster, http_port, grpc_port, f"sqlite:///{db}"))
    base = f"http://127.0.0.1:{http_port}"
    wait(lambda: httpx.get(f"{base}/readyz", timeout=5).status_code == 200, 300, "the service to be ready")

    # placement: the ingress on the head, one grader on each worker node
    names = cluster.node_names()
    (ingress,) = cluster.replicas("hrm", "ingress")
    assert names[ingress["node_id"]] == "head"
    assert wait(lambda: grader_nodes(cluster) == ["worker1", "worker2"], 60, "graders on both workers")

    # both transports answer through the head
    r = httpx.post(f"{base}/v1/score", json=ROWS[0], timeout=60)
    assert r.status_code == 200 and r.json()["reward"] is not None
    from hrm_client import JudgeClient

    with JudgeClient(f"127.0.0.1:{grpc_port}", timeout=60) as client:
        assert client.score(ROWS[1]).reward is not None
    with grpc.insecure_channel(f"127.0.0.1:{grpc_port}") as ch:
        from grpc_health.v1 import health_pb2, health_pb2_grpc

        assert health_pb2_grpc.HealthStub(ch).Check(health_pb2.HealthCheckRequest(), timeout=10).status == 1

    load = Load(base, f"127.0.0.1:{grpc_port}")
    load.start()
    time.sleep(6)
    t_kill = time.time()
    killed = cluster.kill_node("worker1")
    assert killed, "found no process of worker1"
    back = wait(lambda: grader_nodes(cluster) == ["worker2", "worker2"], 120, "two graders on the surviving node")
    recovered_s = time.time() - t_kill
    assert back
    ready = httpx.get(f"{base}/readyz", timeout=10)
    time.sleep(6)
    load.stop()

    assert ready.status_code == 200
    lost = load.lost()
    assert not lost, f"{len(lost)} lost of {len(load.outcomes)}: {[o.error for o in lost[:5]]}"
    after = [o for o in load.outcomes if o.start > t_kill]
    assert len(after) >= 10 and recovered_s < 90
    # the store holds every answered judgment (written before the answer, or within the commit wait)
    answered = load.answered_ids()
    time.sleep(3)
    with sqlite3.connect(db) as conn:
        stored = {row[0] for row in conn.execute("SELECT request_id FROM judgments")}
    missing = answered - stored
    assert not missing, f"{len(missing)} answered judgments not in the store"

    # the node comes back (a new node id) and is usable again
    cluster.start_worker(1)
    wait(lambda: "worker1" in cluster.node_names().values(), 60, "worker1 back")
