"""Fault injection on the real Serve app: its store's PostgreSQL server is crashed and restarted
under load, and no acknowledged judgment or label is lost (issue 15).

The service is the real Serve app (HTTP proxy, ingress replica with its gRPC server, judgment store
and review API, grader replica on the fake engine); the store is a fresh database on a private
throwaway PostgreSQL cluster (``tests/pg_cluster.py``). Steady load (scoring over HTTP and gRPC,
label writes through ``/review/api``) runs while the server is stopped at once (``pg_ctl -m
immediate``: no clean shutdown), kept down a few seconds, started again, and the load runs on.

What must hold:
- every scoring request is answered (200, or a typed error with a retryable status), none hangs;
- answers say what the store held (``ScoreResult.stored``): ``written`` (committed before the answer)
  or ``queued`` (the database was down); each ``written`` judgment is in the database, and each
  ``queued`` one is written once the database is back (the writer's retries outlast the outage);
  the service's counters add up (answers by state = answers given = submitted = written + dropped);
- every label write answered 2xx is in the database; during the outage a label write gets a typed
  503 (``store_error``), never a 2xx without a commit;
- ``hrm_db_up`` (and ``/readyz``'s ``store_up``) say the database is down during the outage, up after.

Run under ``flock /tmp/hrm-ray.lock`` like the whole tier.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import grpc
import httpx
import pytest
import sqlalchemy as sa
from pg_cluster import Cluster, throwaway_cluster
from serve_harness import AUTH, HEADERS, TOKEN, grpc_request, sample

pytestmark = pytest.mark.serve

#: seconds of load before the crash, of outage, and after the database is back up
WARM_S, OUTAGE_S, AFTER_S = 2.0, 4.0, 3.0
#: the commit wait: far above one group-commit interval, so before the outage every answer is `written`
ACK_TIMEOUT_S = 15.0
#: per-request client timeout: an answer later than this counts as a hang
CLIENT_TIMEOUT_S = 30.0
#: judgments scored (and committed) before the load, for the label writers to label
LABELLED = 6
RETRYABLE_HTTP = {429, 503}
RETRYABLE_GRPC = {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.RESOURCE_EXHAUSTED}
RETRYABLE_TYPES = {"overloaded", "engine_unavailable"}


@dataclass
class Outcomes:
    """What the load saw: scoring answers by request id, and label writes by annotator."""

    stored: dict[str, str | None] = field(default_factory=dict)   # answered 200: its `stored`
    refused: dict[str, str] = field(default_factory=dict)         # typed retryable errors: their type
    broken: dict[str, str] = field(default_factory=dict)          # anything else (must stay empty)
    labels_ok: dict[str, tuple[str, str]] = field(default_factory=dict)   # annotator -> (uid, comment)
    labels_refused: dict[str, tuple[int, str]] = field(default_factory=dict)  # annotator -> (status, type)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def answered(self, rid: str, stored: str | None) -> None:
        with self.lock:
            self.stored[rid] = stored


@pytest.fixture(scope="module")
def pg() -> Iterator[Cluster]:
    with throwaway_cluster() as cluster:
        yield cluster


@pytest.fixture
def deployed(ray_serve: int, serve_deploy: Any, pg: Cluster, tmp_path: Any) -> Iterator[tuple[Any, str]]:
    name = "hrm-pg-outage"
    url = pg.new_database("hrm_pg_outage")
    config = {
        "hrm": {"engine": {"kind": "fake"}, "cache": {"enabled": False, "directory": str(tmp_path / "cache")},
                "judge": {"concurrency": 64, "backoff_initial_s": 0.0, "backoff_max_s": 0.0}},
        # the default write retries ride out about half a minute of outage; the backoff cap is lowered so
        # the backlog is written within a second of the restart and the test stays short
        "store": {"url": url, "ack_timeout_s": ACK_TIMEOUT_S, "retry_backoff_max_s": 0.5},
        "review": True,
        "auth": {"tokens": [TOKEN]},
        "max_queue": 256,
        "ingress": {"num_cpus": 0.1},
        "grader": {"num_cpus": 0.1},
    }
    served = serve_deploy(ray_serve, name, f"/{name}", config)
    try:
        yield served, url
    finally:
        served.channel.close()
        served.http.close()
        from ray import serve

        serve.delete(name)


# ---------------------------------------------------------------- probes

def metrics(served: Any) -> dict[str, float]:
    """The replica's /metrics as {series: value}, e.g. ``hrm_answers_total{stored="written"}``."""
    out: dict[str, float] = {}
    for line in served.http.get("/metrics", timeout=10).text.splitlines():
        if line and not line.startswith("#"):
            key, _, value = line.rpartition(" ")
            out[key] = float(value)
    return out


def db_up(served: Any) -> bool:
    return metrics(served)["hrm_db_up"] == 1.0


def wait_for(predicate: Callable[[], bool], timeout_s: float, step_s: float = 0.1) -> bool:
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        try:
            if predicate():
                return True
        except Exception:  # noqa: BLE001 - a probe that fails is not the state we wait for
            pass
        time.sleep(step_s)
    return False


def stored_rows(url: str) -> tuple[set[str], dict[tuple[str, str], str]]:
    """Request ids of the stored judgments, and the stored labels as {(annotator, uid): comment}."""
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            ids = {r[0] for r in conn.exec_driver_sql("SELECT request_id FROM judgments")}
            labels = {(r[0], r[1]): r[2] for r in
                      conn.exec_driver_sql("SELECT annotator, judgment_uid, comment FROM labels")}
        return ids, labels
    finally:
        engine.dispose()


# ---------------------------------------------------------------- the load

def score_http(served: Any, out: Outcomes, rid: str, n: int) -> None:
    try:
        r = httpx.post(f"{served.base_url}/v1/score", json=sample(n % 14, id=rid), headers=HEADERS,
                       timeout=CLIENT_TIMEOUT_S)
    except httpx.HTTPError as exc:
        out.broken[rid] = f"http: {type(exc).__name__}: {exc}"
        return
    if r.status_code == 200:
        out.answered(rid, r.json().get("stored"))
    elif r.status_code in RETRYABLE_HTTP and r.json().get("error", {}).get("type") in RETRYABLE_TYPES:
        out.refused[rid] = r.json()["error"]["type"]
    else:
        out.broken[rid] = f"http {r.status_code}: {r.text[:200]}"


def score_grpc(served: Any, out: Outcomes, rid: str, n: int) -> None:
    try:
        resp = served.stub.Score(grpc_request(sample(n % 14, id=rid), rid), metadata=AUTH,
                                 timeout=CLIENT_TIMEOUT_S)
    except grpc.RpcError as exc:
        if exc.code() in RETRYABLE_GRPC:
            out.refused[rid] = str(exc.code())
        else:
            out.broken[rid] = f"grpc {exc.code()}: {exc.details()}"
        return
    if resp.WhichOneof("outcome") == "result":
        out.answered(rid, json.loads(resp.result.result_json).get("stored"))
    elif resp.error.type in RETRYABLE_TYPES:
        out.refused[rid] = resp.error.type
    else:
        out.broken[rid] = f"grpc error {resp.error.type}: {resp.error.message}"


def put_label(served: Any, out: Outcomes, uid: str, annotator: str) -> int:
    """One label write, each by its own annotator with its own comment: a 2xx must be in the database."""
    comment = f"by {annotator}"
    try:
        r = httpx.put(f"{served.base_url}/review/api/judgments/{uid}/labels", timeout=CLIENT_TIMEOUT_S,
                      headers={**HEADERS, "X-HRM-Annotator": annotator},
                      json={"labels": [{"target": "l1:text_relevance", "verdict": True, "comment": comment}]})
    except httpx.HTTPError as exc:
        out.broken[annotator] = f"label: {type(exc).__name__}: {exc}"
        return 0
    with out.lock:
        if 200 <= r.status_code < 300:
            out.labels_ok[annotator] = (uid, comment)
        else:
            try:
                kind = r.json()["error"]["type"]
            except Exception:  # noqa: BLE001 - an untyped body is recorded as such
                kind = f"untyped: {r.text[:200]}"
            out.labels_refused[annotator] = (r.status_code, kind)
    return r.status_code


def run_load(served: Any, out: Outcomes, uids: list[str], stop: threading.Event) -> list[threading.Thread]:
    """Two HTTP scorers, one gRPC scorer and one label writer, each sending one request at a time."""

    def loop(send: Callable[[int], object]) -> Callable[[], None]:
        def go() -> None:
            n = 0
            while not stop.is_set():
                send(n)
                n += 1
                time.sleep(0.05)
        return go

    workers = [
        loop(lambda n: score_http(served, out, f"h0-{n}", n)),
        loop(lambda n: score_http(served, out, f"h1-{n}", n + 7)),
        loop(lambda n: score_grpc(served, out, f"g0-{n}", n + 3)),
        loop(lambda n: put_label(served, out, uids[n % len(uids)], f"load-{n}")),
    ]
    threads = [threading.Thread(target=w, daemon=True) for w in workers]
    for t in threads:
        t.start()
    return threads


@dataclass
class Observed:
    """What the probes saw around the outage."""

    down_metric: bool = False      # hrm_db_up 0 seen during the outage
    down_ready: bool = False       # /readyz store_up false (and ready) during the outage
    label_in_outage: int = 0       # the status of a label write made while the server was surely down
    up_metric: bool = False        # hrm_db_up back to 1 after the restart
    up_ready: bool = False


def outage_under_load(served: Any, pg: Cluster, out: Outcomes) -> Observed:
    """Score LABELLED judgments and collect their uids, start the load, crash the database, keep it down
    OUTAGE_S, restart it, run the load AFTER_S more, stop it. Returns what the probes saw."""
    for i in range(LABELLED):
        score_http(served, out, f"pre-{i}", i)
    assert not out.broken, out.broken

    def listed() -> list[str]:
        page = served.http.get("/review/api/judgments", headers=HEADERS, params={"limit": 100}).json()
        return [item["uid"] for item in page["items"]]

    assert wait_for(lambda: len(listed()) == LABELLED, 30), listed()
    uids = listed()

    seen = Observed()
    stop = threading.Event()
    threads = run_load(served, out, uids, stop)
    try:
        time.sleep(WARM_S)
        pg.crash()
        crashed = time.monotonic()
        try:
            seen.down_metric = wait_for(lambda: not db_up(served), OUTAGE_S)
            ready = served.http.get("/readyz", timeout=10)
            seen.down_ready = ready.status_code == 200 and ready.json().get("store_up") is False
            seen.label_in_outage = put_label(served, out, uids[0], "in-outage")
            time.sleep(max(0.0, crashed + OUTAGE_S - time.monotonic()))
        finally:
            pg.start()
        seen.up_metric = wait_for(lambda: db_up(served), 60)
        seen.up_ready = served.http.get("/readyz", timeout=10).json().get("store_up") is True
        time.sleep(AFTER_S)
    finally:
        stop.set()
        for t in threads:
            t.join(CLIENT_TIMEOUT_S + 10)
    assert not any(t.is_alive() for t in threads), "a request hung past its client timeout"
    return seen


def settled_counters(served: Any) -> dict[str, float]:
    """/metrics once the writer's queue is empty (everything submitted is written or dropped)."""
    def drained() -> bool:
        m = metrics(served)
        return m["hrm_store_queue_depth"] == 0 and m["hrm_store_submitted_total"] == (
            m["hrm_store_written_total"] + m["hrm_store_dropped_total"])
    assert wait_for(drained, 60), metrics(served)
    return metrics(served)


# ---------------------------------------------------------------- the tests

def test_database_outage_under_load_loses_no_acknowledged_judgment_or_label(deployed: Any, pg: Cluster) -> None:
    served, url = deployed
    out = Outcomes()
    seen = outage_under_load(served, pg, out)

    # every request answered: 200, or a typed retryable error; nothing else, nothing hung
    assert not out.broken, out.broken
    states = {s: sum(1 for v in out.stored.values() if v == s) for s in set(out.stored.values())}
    # each answer says what the store held: committed, or queued while the database was down
    assert set(states) <= {"written", "queued"}, states
    assert states.get("written", 0) > 0 and states.get("queued", 0) > 0, states  # the outage was under load

    m = settled_counters(served)
    answers = {s: m[f'hrm_answers_total{{stored="{s}"}}'] for s in ("written", "pending", "queued", "dropped", "off")}
    assert sum(answers.values()) == len(out.stored) == m["hrm_store_submitted_total"], (answers, len(out.stored))
    assert {s: n for s, n in answers.items() if n} == states  # the service counted what it told the callers
    # the outage (seconds) is shorter than the writer's retries: everything queued got written
    assert m["hrm_store_dropped_total"] == 0 and m["hrm_store_written_total"] == len(out.stored), m

    ids, labels = stored_rows(url)
    written = {rid for rid, s in out.stored.items() if s == "written"}
    assert not written - ids, f"answered as written, not in the database: {sorted(written - ids)}"
    assert ids == set(out.stored), (sorted(set(out.stored) - ids), sorted(ids - set(out.stored)))

    # labels: each 2xx is committed; refusals are typed 503s; one made in the outage was refused
    assert seen.label_in_outage == 503, out.labels_refused.get("in-outage")
    assert out.labels_refused and set(out.labels_refused.values()) == {(503, "store_error")}, out.labels_refused
    assert out.labels_ok, "no label write succeeded"
    missing = {a: v for a, v in out.labels_ok.items() if labels.get((a, v[0])) != v[1]}
    assert not missing, f"acknowledged label(s) not in the database: {missing}"
    assert {a for a, _ in labels} >= set(out.labels_ok)

    # the outage was visible on /metrics and /readyz (which stays ready: scoring went on), then cleared
    assert seen.down_metric and seen.down_ready, seen
    assert seen.up_metric and seen.up_ready, seen
