"""Fault injection on the real Serve app: the ingress replica's process is SIGKILLed, and every
judgment it acknowledged is in the store afterwards (issue 15).

The service is the real Serve app (HTTP proxy, ingress replica with its pipeline, gRPC server and
judgment store on a SQLite file, grader replica on the fake engine). To make "answered but not yet
written" a certainty rather than a race, the test holds the database's write lock from a second
connection while a last burst is in flight, then kills the ingress replica (its PID comes from the
replica actor itself, through Ray's actor handle) and releases the lock.

- With the wait for the commit (``store.ack_timeout_s`` above the hold): no answer goes out before
  its judgment is committed, so the killed burst is unanswered (the caller retries) and every
  acknowledged judgment is in the database.
- The control, with the wait disabled (``ack_timeout_s: 0``, the behaviour before this change): the
  burst is answered while its judgments sit in the killed replica's memory, and they are lost. This
  shows the first case tests something that can fail.

Run under ``flock /tmp/hrm-ray.lock`` like the whole tier.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from serve_harness import grpc_request, sample

pytestmark = pytest.mark.serve

#: judgments acknowledged before the database is held, and the burst in flight at the kill
BEFORE, BURST = 24, 8
#: how long the burst may take to be answered while the database is held (the fake engine is fast)
HOLD_S = 4.0


def ingress_pid(app_name: str) -> int:
    """The ingress replica's process id, asked of the replica actor itself (no process-name matching)."""
    import ray

    names = [a["name"] for a in ray.util.list_named_actors(all_namespaces=True) if f"{app_name}#ingress#" in a["name"]]
    assert len(names) == 1, names
    actor = ray.get_actor(names[0], namespace="serve")
    return int(ray.get(actor.__ray_call__.remote(lambda _self: os.getpid()), timeout=30))


def stored_ids(db: Path) -> set[str]:
    with sqlite3.connect(db) as conn:
        return {row[0] for row in conn.execute("SELECT request_id FROM judgments")}


def post(base_url: str, item: dict[str, Any]) -> int:
    try:
        return httpx.post(f"{base_url}/v1/score", json=item, timeout=60).status_code
    except httpx.HTTPError:
        return 0  # the connection died with the replica: not acknowledged


def wait_for(predicate: Any, timeout_s: float, step_s: float = 0.2) -> bool:
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        try:
            if predicate():
                return True
        except Exception:  # noqa: BLE001 - a probe that fails is not the state we wait for
            pass
        time.sleep(step_s)
    return False


@pytest.fixture
def deployed(ray_serve: int, serve_deploy: Any, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Any]:
    ack_timeout_s = request.param
    name = f"hrm-ingress-kill-{int(ack_timeout_s)}"
    db = tmp_path / "judgments.db"
    config = {
        "hrm": {"engine": {"kind": "fake"}, "cache": {"enabled": False, "directory": str(tmp_path / "cache")},
                "judge": {"concurrency": 64, "backoff_initial_s": 0.0, "backoff_max_s": 0.0}},
        "store": {"url": f"sqlite:///{db}", "ack_timeout_s": ack_timeout_s},
        "max_queue": 256,
        "ingress": {"num_cpus": 0.1},
        "grader": {"num_cpus": 0.1},
    }
    served = serve_deploy(ray_serve, name, f"/{name}", config)
    yield served, db
    served.channel.close()
    served.http.close()
    from ray import serve

    serve.delete(name)


def acknowledged_then_kill(served: Any, db: Path, *, wait_for_answers: bool) -> tuple[set[str], dict[str, int]]:
    """Score BEFORE judgments (HTTP and gRPC), hold the database, send a BURST, SIGKILL the ingress,
    release the database, wait for Serve's new replica and score one more. Returns the acknowledged
    request ids and the burst's HTTP statuses (0: no answer)."""
    acknowledged: set[str] = set()
    for i in range(BEFORE):
        item = sample(i % 14, id=f"before-{i}")
        if i % 2:
            assert served.stub.Score(grpc_request(item, item["id"]), timeout=60).WhichOneof("outcome") == "result"
        else:
            assert served.http.post("/v1/score", json=item).status_code == 200
        acknowledged.add(item["id"])

    # the writer is idle before the database is held (without the wait, the last answers may still be queued)
    assert wait_for(lambda: acknowledged <= stored_ids(db), 30)
    burst = [sample(i % 14, id=f"burst-{i}") for i in range(BURST)]
    holder = sqlite3.connect(db, timeout=30)
    holder.execute("BEGIN IMMEDIATE")  # the store's writer now waits on its busy timeout
    pool = ThreadPoolExecutor(BURST)
    try:
        futures = {item["id"]: pool.submit(post, served.base_url, item) for item in burst}
        if wait_for_answers:
            assert wait_for(lambda: all(f.done() for f in futures.values()), HOLD_S * 3), "burst not answered"
        else:
            time.sleep(HOLD_S)
            # the whole burst is scored by now, yet no answer went out: each waits for its commit
            assert not any(f.done() for f in futures.values())
        pid = ingress_pid(served.app_name)
        os.kill(pid, signal.SIGKILL)
        statuses = {rid: f.result(timeout=120) for rid, f in futures.items()}
    finally:
        holder.rollback()
        holder.close()
        pool.shutdown(wait=False)
    acknowledged |= {rid for rid, status in statuses.items() if status == 200}

    # Serve notices the dead replica and starts a new one on the same database
    assert wait_for(lambda: served.http.get("/readyz", timeout=5).status_code == 200, 120), "no new ingress replica"
    assert wait_for(lambda: ingress_pid(served.app_name) != pid, 60)
    after = sample(0, id="after-kill")
    assert wait_for(lambda: served.http.post("/v1/score", json=after).status_code == 200, 60)
    acknowledged.add("after-kill")
    return acknowledged, statuses


@pytest.mark.parametrize("deployed", [30.0], indirect=True)
def test_ingress_killed_every_acknowledged_judgment_is_stored(deployed: Any) -> None:
    served, db = deployed
    acknowledged, statuses = acknowledged_then_kill(served, db, wait_for_answers=False)
    assert all(status != 200 for status in statuses.values()), statuses  # nothing answered before its commit
    missing = acknowledged - stored_ids(db)
    assert not missing, f"{len(missing)} acknowledged judgment(s) not in the store: {sorted(missing)}"


@pytest.mark.parametrize("deployed", [0.0], indirect=True)
def test_control_without_the_wait_acknowledged_judgments_are_lost(deployed: Any) -> None:
    served, db = deployed
    acknowledged, statuses = acknowledged_then_kill(served, db, wait_for_answers=True)
    assert all(status == 200 for status in statuses.values()), statuses  # answered while still in memory
    assert wait_for(lambda: "after-kill" in stored_ids(db), 30)  # the new replica's writer is running
    lost = acknowledged - stored_ids(db)
    assert lost == {f"burst-{i}" for i in range(BURST)}, sorted(lost)
