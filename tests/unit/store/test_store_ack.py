"""The bounded wait for a judgment's commit (``judge_server.store.ack``): real SQLite files, the real
writer thread, a real second connection holding the write lock, a real outage (table gone)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path

import sqlalchemy as sa
from prometheus_client.parser import text_string_to_metric_families

from judge_server.engines.fake import FakeEngine
from judge_server.pipeline import ScoringPipeline
from judge_server.review.samples import sample_pair, sample_pairs
from judge_server.serve.config import ServeConfig
from judge_server.serve.frontend import Frontend
from judge_server.store import JudgmentStore, StoreConfig
from judge_server.store.ack import DROPPED, PENDING, QUEUED, WRITTEN, acknowledge

ROOT = Path(__file__).resolve().parents[3]


def _store(tmp_path: Path, **kw) -> JudgmentStore:
    return JudgmentStore(StoreConfig(url=f"sqlite:///{tmp_path / 'judgments.db'}", **kw))


def _stored_ids(tmp_path: Path) -> set[str]:
    """Request ids a fresh connection sees: what another process would find after a crash."""
    with sqlite3.connect(tmp_path / "judgments.db") as conn:
        return {row[0] for row in conn.execute("SELECT request_id FROM judgments")}


def test_written_means_committed_and_concurrent_answers_share_transactions(tmp_path: Path) -> None:
    pairs = sample_pairs(40, seed=5)
    with _store(tmp_path, ack_timeout_s=30) as store:
        commits = []
        sa.event.listen(store.engine, "commit", lambda conn: commits.append(1))

        async def answer_all() -> list[str]:
            return await asyncio.gather(*(acknowledge(store, req, res) for req, res in pairs))

        states = asyncio.run(answer_all())
        assert states == [WRITTEN] * 40
        # no flush(): every acknowledged judgment is already visible to another connection
        assert _stored_ids(tmp_path) == {req.id for req, _ in pairs}
        assert len(commits) < 40  # group commit: one transaction per queued batch, not per answer
        assert store.answer_counters()[WRITTEN] == 40


def test_the_wait_is_bounded_then_the_answer_is_marked_pending(tmp_path: Path) -> None:
    with _store(tmp_path, ack_timeout_s=0.3) as store:
        store.submit(*sample_pair(0))
        assert store.flush(10)  # the schema exists; now another writer holds the lock
        blocker = sqlite3.connect(tmp_path / "judgments.db", timeout=0)
        blocker.execute("BEGIN IMMEDIATE")
        try:
            req, res = sample_pair(1)
            t0 = time.monotonic()
            assert asyncio.run(acknowledge(store, req, res)) == PENDING
            assert 0.25 < time.monotonic() - t0 < 5.0
            assert req.id not in _stored_ids(tmp_path)
        finally:
            blocker.rollback()
            blocker.close()
        assert store.flush(30)
        assert req.id in _stored_ids(tmp_path)  # pending, then written: only a crash in between loses it
        assert store.answer_counters()[PENDING] == 1


def test_no_wait_configured_answers_pending_at_once(tmp_path: Path) -> None:
    with _store(tmp_path, ack_timeout_s=0) as store:
        assert asyncio.run(acknowledge(store, *sample_pair(0))) == PENDING
        assert store.flush(10) and store.count() == 1


def test_while_the_database_is_down_answers_go_out_at_once_marked_queued(tmp_path: Path) -> None:
    store = _store(tmp_path, ack_timeout_s=30, write_retries=200, retry_backoff_s=0.05, retry_backoff_max_s=0.1)
    store.start()
    try:
        with store.engine.begin() as conn:
            conn.exec_driver_sql("ALTER TABLE judgments RENAME TO judgments_away")
        first = sample_pair(0)
        # the first answer cannot know yet: it waits until the first write fails, not the whole 30 s
        assert asyncio.run(asyncio.wait_for(acknowledge(store, *first), 10)) == QUEUED
        assert not store.available
        later = sample_pairs(5, seed=9)
        t0 = time.monotonic()
        for req, res in later:
            assert asyncio.run(acknowledge(store, req, res)) == QUEUED
        assert time.monotonic() - t0 < 2.0  # never waiting on a database known to be down
        with store.engine.begin() as conn:
            conn.exec_driver_sql("ALTER TABLE judgments_away RENAME TO judgments")
        assert store.flush(30)
        assert store.available
        assert _stored_ids(tmp_path) == {first[0].id} | {req.id for req, _ in later}  # queued, then written
        assert store.counters()["dropped"] == 0 and store.answer_counters()[QUEUED] == 6
    finally:
        store.close()


def test_a_full_queue_or_a_closed_store_answers_dropped(tmp_path: Path) -> None:
    store = _store(tmp_path, queue_size=1, ack_timeout_s=0.2)  # not started: nothing drains the queue

    async def two() -> list[str]:
        return [await acknowledge(store, *sample_pair(0)), await acknowledge(store, *sample_pair(1))]

    assert asyncio.run(two()) == [PENDING, DROPPED]
    store.start()
    assert store.flush(10)
    store.close()
    assert asyncio.run(acknowledge(store, *sample_pair(2))) == DROPPED
    assert store.answer_counters() == {"written": 0, "pending": 1, "queued": 0, "dropped": 2, "off": 0}


def test_the_service_answers_after_the_commit_and_counts_answers_on_metrics(tmp_path: Path) -> None:
    config = ServeConfig.model_validate({
        "hrm": {"engine": {"kind": "fake"}, "cache": {"enabled": False, "directory": str(tmp_path / "cache")}},
        "store": {"url": f"sqlite:///{tmp_path / 'judgments.db'}", "ack_timeout_s": 30}})

    async def go() -> tuple[list[object], bytes]:
        pipeline = ScoringPipeline(config.hrm, engine=FakeEngine(config.hrm.engine))
        await pipeline.start()
        store = JudgmentStore(config.store)
        store.start()
        try:
            frontend = Frontend(config, pipeline, store=store)
            assert frontend.store_up is True
            rows = [json.loads(line) for line in (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines()]
            results = await asyncio.gather(*(frontend.score(frontend.parse({**rows[i % len(rows)], "id": f"f-{i}"}),
                                                            30.0) for i in range(6)))
            # every answer is already in the database, seen from another connection
            assert _stored_ids(tmp_path) == {f"f-{i}" for i in range(6)}
            # the answer's `stored` is not part of the judgment: read back, it is the result as scored
            (uid,) = store.find_by_request_id("f-0")
            assert store.get_judgment(uid).result == results[0].model_copy(update={"stored": None})
            return list(results), frontend.metrics.render()
        finally:
            store.close()
            await pipeline.close()

    results, metrics = asyncio.run(go())
    assert [r.stored for r in results] == [WRITTEN] * 6
    answers = {s.labels["stored"]: s.value for family in text_string_to_metric_families(metrics.decode())
               for s in family.samples if s.name == "hrm_answers_total"}
    assert answers == {"written": 6.0, "pending": 0.0, "queued": 0.0, "dropped": 0.0, "off": 0.0}
    assert b"hrm_db_up 1.0" in metrics
