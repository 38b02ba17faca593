"""The store's write path: real SQLite files, a real writer thread, real failures."""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from pathlib import Path

import pytest
from store_faults import lose_next_commit_ack

from hrm_wire.errors import StoreError
from judge_server.review.samples import sample_pair, sample_pairs
from judge_server.store import JudgmentStore, StoreConfig


def _store(tmp_path: Path, **kw) -> JudgmentStore:
    return JudgmentStore(StoreConfig(url=f"sqlite:///{tmp_path / 'judgments.db'}", **kw))


def test_default_url_lives_in_hrm_home(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HRM_HOME", str(tmp_path / "home"))
    assert StoreConfig().url == f"sqlite:///{tmp_path / 'home' / 'judgments.db'}"
    with pytest.raises(ValueError):
        StoreConfig(unknown=1)  # extra fields are refused


def test_round_trip_keeps_request_and_result(tmp_path: Path) -> None:
    pairs = sample_pairs(12, seed=3)
    with _store(tmp_path) as store:
        for req, res in pairs:
            store.submit(req, res)
        assert store.flush(10)
        c = store.counters()
        assert (c["submitted"], c["written"], c["dropped"], c["errors"]) == (12, 12, 0, 0)
        assert store.count() == 12
        for req, res in pairs:
            (uid,) = store.find_by_request_id(req.id)
            got = store.get_judgment(uid)
            assert got.request == req
            assert got.result == res


def test_sqlite_runs_in_wal_mode(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        store.submit(*sample_pair(0))
        store.flush()
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"


def test_full_queue_drops_and_counts_without_blocking(tmp_path: Path) -> None:
    store = _store(tmp_path, queue_size=3)
    # not started: nothing drains the queue, so the fourth and fifth must be dropped at once
    for i in range(5):
        t0 = time.perf_counter()
        store.submit(*sample_pair(i))
        assert time.perf_counter() - t0 < 1.0  # generous: only catches a submit that waits
    c = store.counters()
    assert (c["submitted"], c["dropped"], c["queue_depth"]) == (5, 2, 3)
    store.start()
    assert store.flush(10)
    assert store.count() == 3
    assert store.counters()["written"] == 3
    store.close()


def test_database_outage_is_logged_and_counted_never_raised(tmp_path: Path,
                                                            caplog: pytest.LogCaptureFixture) -> None:
    store = _store(tmp_path, write_retries=1, retry_backoff_s=0.0)
    store.start()
    store.submit(*sample_pair(0))
    assert store.flush(10)
    # Break the database behind the store's back, as a failed disk or a dropped table would.
    raw = sqlite3.connect(tmp_path / "judgments.db")
    raw.execute("ALTER TABLE judgments RENAME TO judgments_gone")
    raw.commit()
    raw.close()
    with caplog.at_level(logging.WARNING, logger="judge_server.store.base"):
        for i in range(1, 4):
            store.submit(*sample_pair(i))  # must not raise
        assert store.flush(10)
    c = store.counters()
    assert c["written"] == 1
    assert c["dropped"] == 3
    assert c["errors"] >= 2  # each failed attempt is counted
    assert any("failed" in r.getMessage() for r in caplog.records)
    with pytest.raises(StoreError):
        store.count()  # reads surface the outage as a typed error
    store.close()


def test_a_commit_whose_answer_was_lost_is_counted_written_once(tmp_path: Path) -> None:
    # a database that crashes between committing a batch and answering COMMIT: the writer retries,
    # and must neither write the batch twice nor report it dropped (it is in the database)
    store = _store(tmp_path, retry_backoff_s=0.0)
    store.start()
    fault = lose_next_commit_ack(store)
    pairs = sample_pairs(3, seed=5)
    done = [store.submit(req, res) for req, res in pairs]
    assert store.flush(10)
    assert not fault.armed  # the fault fired
    c = store.counters()
    assert (c["written"], c["dropped"]) == (3, 0), c
    assert [f.result() for f in done] == ["written"] * 3
    assert store.count() == 3 and all(len(store.find_by_request_id(req.id)) == 1 for req, _ in pairs)
    store.close()


def test_submit_after_close_is_counted_not_raised(tmp_path: Path) -> None:
    store = _store(tmp_path)
    store.start()
    store.close()
    store.close()  # idempotent
    store.submit(*sample_pair(0))
    assert store.counters()["dropped"] == 1


def test_disabled_store_ignores_everything(tmp_path: Path) -> None:
    store = _store(tmp_path, enabled=False)
    store.start()
    store.submit(*sample_pair(0))
    assert store.counters()["submitted"] == 0
    assert not (tmp_path / "judgments.db").exists()
    store.close()


def test_unusable_urls_raise_store_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError):
        JudgmentStore(StoreConfig(url="not a url")).start()
    with pytest.raises(StoreError):
        # a server that is not there (port 9 discards); the driver may or may not be installed
        JudgmentStore(StoreConfig(url="postgresql://hrm@127.0.0.1:9/hrm")).start()
    (tmp_path / "dir.db").mkdir()
    with pytest.raises(StoreError):
        JudgmentStore(StoreConfig(url=f"sqlite:///{tmp_path / 'dir.db'}")).start()


def test_concurrent_submitters_lose_nothing(tmp_path: Path) -> None:
    pairs = sample_pairs(20, seed=9)
    with _store(tmp_path, batch_size=7) as store:
        def work(k: int) -> None:
            for i in range(25):
                store.submit(*pairs[(k + i) % len(pairs)])
        threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert store.flush(30)
        assert store.count() == 200
        assert store.counters()["written"] == 200


def test_close_writes_what_is_queued(tmp_path: Path) -> None:
    store = _store(tmp_path)
    for req, res in sample_pairs(30, seed=4):
        store.submit(req, res)  # queued before the writer exists: all 30 are pending at close()
    store.start()
    store.close()
    reopened = _store(tmp_path)
    reopened.start()
    assert reopened.count() == 30
    reopened.close()


def _refusing_one(monkeypatch: pytest.MonkeyPatch, bad_id: str) -> None:
    """Rows as usual, except that the judgment ``bad_id`` breaks a NOT NULL column (the database refuses it)."""
    from judge_server.store import base
    real = base.judgment_row

    def row(request, result, created_at=None):
        out = real(request, result, created_at)
        return {**out, "query": None} if result.id == bad_id else out

    monkeypatch.setattr(base, "judgment_row", row)


def test_one_refused_row_drops_only_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pairs = sample_pairs(6, seed=5)
    _refusing_one(monkeypatch, pairs[2][1].id)
    store = _store(tmp_path, write_retries=2, retry_backoff_s=0.0)
    for req, res in pairs:  # queued before the writer starts, so they reach the database as one batch
        store.submit(req, res)
    store.start()
    try:
        assert store.flush(10)
        c = store.counters()
        assert (c["written"], c["dropped"]) == (5, 1)
        assert store.count() == 5 and store.find_by_request_id(pairs[2][0].id) == []
    finally:
        store.close()


def test_nul_characters_are_stripped_from_text_columns() -> None:
    from judge_server.store.rows import judgment_row
    req, res = sample_pair(0)
    row = judgment_row(req.model_copy(update={"query": "boots\x00 under $100"}), res)
    assert row["query"] == "boots under $100"
    assert not any("\x00" in v for v in row.values() if isinstance(v, str))
