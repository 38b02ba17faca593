"""The store on a real PostgreSQL server (a private throwaway cluster, ``tests/pg_cluster.py``), not
only SQLite."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

import pytest
from pg_cluster import Cluster, throwaway_cluster
from store_faults import SilentProxy, lose_next_commit_ack

from hrm_wire.errors import StoreError
from judge_server.review.calibration import compute_calibration
from judge_server.review.samples import sample_pairs
from judge_server.store import JudgmentQuery, JudgmentStore, LabelInput, StoreConfig
from judge_server.store.migrations import LATEST


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    with throwaway_cluster() as pg:
        yield pg


def test_postgres_round_trip_labels_filters_and_calibration(cluster: Cluster) -> None:
    pg_url = cluster.url
    pairs = sample_pairs(25, seed=13)
    store = JudgmentStore(StoreConfig(url=pg_url))
    store.start()
    try:
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("SELECT max(version) FROM hrm_schema_version").scalar() == LATEST
        for req, res in pairs:
            store.submit(req, res)
        assert store.flush(30)
        assert store.counters()["written"] == 25 and store.count() == 25
        for req, res in pairs[:5]:
            got = store.get_judgment(store.find_by_request_id(req.id)[0])
            assert got.request == req and got.result == res

        passing = store.list_judgments(JudgmentQuery(l1="pass", limit=500))
        assert passing.total == sum(1 for _, r in pairs if r.detail.l1.passed is True)
        uid = passing.items[0].uid
        res = store.get_judgment(uid).result
        store.put_labels(uid, "pat", [LabelInput(target=f"l1:{d}", verdict=False) for d in res.detail.l1.dimensions])
        store.put_labels(uid, "pat", [LabelInput(target="l1:text_relevance", verdict=True, comment="ok")])
        assert store.list_judgments(JudgmentQuery(disagreement=True)).total == 1
        assert store.list_judgments(JudgmentQuery(labelled=False, limit=500)).total == 24
        assert store.list_judgments(JudgmentQuery(q="DEMO-13-0004")).total == 1  # case-insensitive search
        cal = compute_calibration(store.label_rows())
        assert cal.l1_gate.n == 1 and cal.labels == 3
        assert store.purge(time.time() + 10) == 24  # the labelled one is kept
    finally:
        store.close()

    again = JudgmentStore(StoreConfig(url=pg_url))  # restart: migrations are a no-op, data is there
    again.start()
    assert again.count() == 1 and len(again.list_labels()) == 3
    again.close()


def test_postgres_outage_is_counted(cluster: Cluster) -> None:
    pg_url = cluster.url
    store = JudgmentStore(StoreConfig(url=pg_url, write_retries=0))
    store.start()
    with store.engine.begin() as conn:
        conn.exec_driver_sql("ALTER TABLE judgments RENAME TO judgments_away")
    try:
        req, res = sample_pairs(1, seed=99)[0]
        store.submit(req, res)
        assert store.flush(30)
        c = store.counters()
        assert c["dropped"] == 1 and c["errors"] >= 1 and c["written"] == 0
    finally:
        with store.engine.begin() as conn:
            conn.exec_driver_sql("ALTER TABLE judgments_away RENAME TO judgments")
        store.close()


def test_postgres_crash_and_restart_loses_no_acknowledged_label(cluster: Cluster) -> None:
    # issue 15: stop and restart the database under a running store. Acknowledged labels survive;
    # a label written during the outage is refused with a typed error (never acknowledged); judgments
    # submitted meanwhile wait in the writer's retries and are written once the server is back.
    store = JudgmentStore(StoreConfig(url=cluster.url, write_retries=10, retry_backoff_s=0.25))
    store.start()
    try:
        pairs = sample_pairs(8, seed=31)
        for req, res in pairs[:4]:
            store.submit(req, res)
        assert store.flush(30)
        uids = [store.find_by_request_id(req.id)[0] for req, _ in pairs[:4]]
        for uid in uids:
            store.put_labels(uid, "crash-pat", [LabelInput(target="l1:text_relevance", verdict=True)])
        before = store.counters()["written"]
        cluster.crash()
        try:
            with pytest.raises(StoreError) as exc:
                store.put_labels(uids[0], "crash-pat", [LabelInput(target="l1:text_relevance", verdict=None)])
            assert exc.value.http_status == 503
            for req, res in pairs[4:]:
                store.submit(req, res)  # never raises, never blocks
            time.sleep(1.0)  # the writer is retrying now
        finally:
            cluster.start()
        assert store.flush(120)
        c = store.counters()
        assert c["written"] == before + 4 and c["dropped"] == 0, c
        labels = {lab.judgment_uid: lab.verdict for lab in store.list_labels(annotator="crash-pat")}
        assert labels == dict.fromkeys(uids, True)  # the refused "unsure" never replaced an acknowledged label
        store.put_labels(uids[0], "crash-pat", [LabelInput(target="l1:text_relevance", verdict=None)])
        assert store.list_labels(judgment_uid=uids[0])[0].verdict is None
    finally:
        store.close()


def test_postgres_a_commit_whose_answer_was_lost_is_counted_written_once(cluster: Cluster) -> None:
    # the server committed a batch, then its answer was lost: the retry must not count it dropped
    store = JudgmentStore(StoreConfig(url=cluster.new_database("hrm_lost_ack"), retry_backoff_s=0.0))
    store.start()
    try:
        fault = lose_next_commit_ack(store)
        pairs = sample_pairs(3, seed=6)
        done = [store.submit(req, res) for req, res in pairs]
        assert store.flush(30) and not fault.armed
        c = store.counters()
        assert (c["written"], c["dropped"]) == (3, 0), c
        assert [f.result() for f in done] == ["written"] * 3
        assert store.count() == 3 and all(len(store.find_by_request_id(req.id)) == 1 for req, _ in pairs)
    finally:
        store.close()


def _bounded(fn: Callable[[], object], timeout_s: float) -> object:
    """``fn()``'s result or exception; fails the test if it has not returned after ``timeout_s``."""
    out: list[object] = []

    def go() -> None:
        try:
            out.append(fn())
        except Exception as exc:  # noqa: BLE001 - returned to the test
            out.append(exc)

    t = threading.Thread(target=go, daemon=True)
    t.start()
    t.join(timeout_s)
    if t.is_alive():
        pytest.fail(f"still waiting after {timeout_s:.0f} s: a silent database hangs the store")
    return out[0]


def test_postgres_server_gone_silent_is_an_outage_not_a_hang(cluster: Cluster) -> None:
    # a network partition (or a hung server): connections are cut and new ones get no answer at all.
    # libpq would wait forever for one; the store's connect timeout turns it into a counted outage.
    from sqlalchemy.engine import make_url

    real = make_url(cluster.new_database("hrm_silent"))
    proxy = SilentProxy((real.host or "127.0.0.1", real.port or 5432))
    url = real.set(port=proxy.port).render_as_string(hide_password=False)
    store = JudgmentStore(StoreConfig(url=url, write_retries=0, connect_timeout_s=2))
    store.start()
    try:
        pairs = sample_pairs(3, seed=7)
        store.submit(*pairs[0])
        assert store.flush(30)
        uid = store.find_by_request_id(pairs[0][0].id)[0]
        proxy.silence()
        refused = _bounded(lambda: store.put_labels(uid, "pat", [LabelInput(target="l1:text_relevance",
                                                                            verdict=True)]), 60)
        assert isinstance(refused, StoreError) and refused.http_status == 503, refused
        store.submit(*pairs[1])
        assert _bounded(lambda: store.flush(120), 60) is True  # the writer gave up on it, it did not hang
        assert store.counters()["dropped"] == 1 and not store.available
        proxy.speak()
        store.submit(*pairs[2])
        assert store.flush(30) and store.available and store.counters()["written"] == 2
    finally:
        proxy.close()
        store.close(5)


def test_postgres_nul_in_text_and_a_refused_row_cost_only_that_row(cluster: Cluster,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from judge_server.store import base
    pairs = sample_pairs(4, seed=21)
    bad = pairs[1][1].id
    real = base.judgment_row
    monkeypatch.setattr(base, "judgment_row", lambda q, r, t=None: {**real(q, r, t), "query": None}
                        if r.id == bad else real(q, r, t))
    store = JudgmentStore(StoreConfig(url=cluster.url, write_retries=0))
    req0, res0 = pairs[0]
    pairs[0] = (req0.model_copy(update={"query": "a kettle\x00 under $50"}), res0)  # PostgreSQL text refuses NUL
    for req, res in pairs:
        store.submit(req, res)
    store.start()
    try:
        assert store.flush(30)
        c = store.counters()
        assert (c["written"], c["dropped"]) == (3, 1)
        assert store.find_by_request_id(pairs[0][0].id) and not store.find_by_request_id(pairs[1][0].id)
    finally:
        store.close()


def test_postgres_two_replicas_migrating_one_database_at_once(cluster: Cluster, migration_race) -> None:
    from judge_server.store.engine import create_db_engine
    url = cluster.new_database("hrm_race")
    engines = (create_db_engine(url), create_db_engine(url))
    try:
        first, second = migration_race(engines)
        # each migration applied exactly once, in order, A first; B waited on the lock and found v1 done.
        # B may take a later one while A waits between migrations (each is its own locked transaction)
        assert isinstance(first, list) and isinstance(second, list), (first, second)
        assert first[0] == 1 and sorted(first + second) == list(range(1, LATEST + 1)), (first, second)
    finally:
        for e in engines:
            e.dispose()
