"""Migrations, retention, labels and the review queries, on real SQLite files."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from hrm_wire.errors import InvalidRequest, NotFound, StoreError
from hrm_wire.models import ScoreRequest, ScoreResult
from judge_server.review.samples import sample_pair, sample_pairs
from judge_server.store import JudgmentQuery, JudgmentStore, LabelInput, StoreConfig
from judge_server.store.migrations import LATEST, current_version, migrate
from judge_server.store.rows import judgment_row
from judge_server.store.schema import metadata
from judge_server.store.store import create_db_engine


def _url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'judgments.db'}"


@pytest.fixture
def store(tmp_path: Path):
    s = JudgmentStore(StoreConfig(url=_url(tmp_path)))
    s.start()
    yield s
    s.close()


def _fill(store: JudgmentStore, pairs: list[tuple[ScoreRequest, ScoreResult]]) -> dict[str, str]:
    for req, res in pairs:
        store.submit(req, res)
    assert store.flush(10)
    return {req.id: store.find_by_request_id(req.id)[0] for req, _ in pairs}


# ---------------------------------------------------------------- migrations

def test_two_replicas_migrating_one_sqlite_file_at_once(tmp_path: Path, migration_race) -> None:
    engines = (create_db_engine(_url(tmp_path)), create_db_engine(_url(tmp_path)))
    first, second = migration_race(engines)
    # each migration applied exactly once, in order, A first; B waited on the lock and found v1 done.
    # B may take a later one while A waits between migrations (each is its own locked transaction)
    assert isinstance(first, list) and isinstance(second, list), (first, second)
    assert first[0] == 1 and sorted(first + second) == list(range(1, LATEST + 1)), (first, second)
    with engines[1].connect() as conn:
        assert current_version(conn) == LATEST


def test_fresh_database_matches_the_schema_module(tmp_path: Path) -> None:
    engine = create_db_engine(_url(tmp_path))
    assert migrate(engine) == list(range(1, LATEST + 1))
    assert migrate(engine) == []  # idempotent
    insp = sa.inspect(engine)
    for table in metadata.sorted_tables:
        have = {c["name"] for c in insp.get_columns(table.name)}
        assert have == {c.name for c in table.columns}, table.name
    engine.dispose()


def test_upgrade_keeps_rows_and_backfills(tmp_path: Path) -> None:
    engine = create_db_engine(_url(tmp_path))
    assert migrate(engine, target=2) == [1, 2]
    req, res = sample_pair(4)
    row = judgment_row(req, res)
    later = ("l1_targets", "l2_targets", "item_key", "abstained", "composition", "scores")  # migrations 3-5
    old = {k: v for k, v in row.items() if k not in later}
    old["result_json"] = legacy_v1_json(res)  # what a v1 service stored
    with engine.begin() as conn:
        conn.execute(sa.table("judgments", *[sa.column(k) for k in old]).insert().values(**old))
        assert current_version(conn) == 2
    engine.dispose()

    store = JudgmentStore(StoreConfig(url=_url(tmp_path)))
    store.start()  # applies migrations 3 and 4
    with store.engine.connect() as conn:
        assert current_version(conn) == LATEST
        # migration 4 backfilled the item key exactly as new rows compute it
        assert conn.exec_driver_sql("SELECT item_key, abstained FROM judgments").one() == (row["item_key"], 0)
        # migration 5 read the v1 result into its composition and headline scores
        assert conn.exec_driver_sql("SELECT composition, scores FROM judgments").one() == ("hrm", row["scores"])
    assert len(store.setting("csrf_key")) == 64
    got = store.get_judgment(row["uid"])
    assert got.result.detail == res.detail and got.result.reward == res.reward
    rows = store.label_rows()
    assert rows == []
    store.put_labels(row["uid"], "ann", [LabelInput(target="l1:text_relevance", verdict=True)])
    (lr,) = store.label_rows()
    assert lr.l1_targets == row["l1_targets"].split(",")
    store.close()


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    engine = create_db_engine(_url(tmp_path))
    migrate(engine)
    with engine.begin() as conn:
        conn.exec_driver_sql("INSERT INTO hrm_schema_version (version, name, applied_at) VALUES (999, 'future', 0)")
    engine.dispose()
    with pytest.raises(StoreError, match="newer"):
        JudgmentStore(StoreConfig(url=_url(tmp_path))).start()


# ---------------------------------------------------------------- retention

def test_retention_deletes_old_unlabelled_judgments(tmp_path: Path) -> None:
    store = JudgmentStore(StoreConfig(url=_url(tmp_path)))
    store.start()
    uids = _fill(store, sample_pairs(6))
    with store.engine.begin() as conn:  # age three of them by ten days
        conn.exec_driver_sql("UPDATE judgments SET created_at = created_at - 864000 WHERE request_id IN "
                             "('demo-0-0000', 'demo-0-0001', 'demo-0-0002')")
    store.put_labels(uids["demo-0-0000"], "ann", [LabelInput(target="l1:text_relevance", verdict=False)])
    store.close()

    kept = JudgmentStore(StoreConfig(url=_url(tmp_path), retention_days=5))
    kept.start()  # purges at start
    assert kept.count() == 4  # the labelled old one survives
    assert kept.counters()["purged"] == 2
    assert kept.find_by_request_id("demo-0-0000")
    kept.close()

    strict = JudgmentStore(StoreConfig(url=_url(tmp_path), retention_days=5, keep_labelled=False))
    strict.start()
    assert strict.count() == 3
    assert strict.list_labels() == []
    strict.close()


# ---------------------------------------------------------------- labels

def test_labels_create_update_delete(store: JudgmentStore) -> None:
    uids = _fill(store, sample_pairs(3))
    uid = uids["demo-0-0001"]
    res = store.get_judgment(uid).result
    judge_tr = res.detail.l1.dimensions["text_relevance"].passed
    saved = store.put_labels(uid, "alice", [LabelInput(target="l1:text_relevance", verdict=not judge_tr,
                                                       comment="too generic")])
    assert [(lab.target, lab.verdict, lab.judge_passed) for lab in saved] == [
        ("l1:text_relevance", not judge_tr, judge_tr)]
    store.put_labels(uid, "alice", [LabelInput(target="l1:text_relevance", verdict=judge_tr)])
    store.put_labels(uid, "bob", [LabelInput(target="l1:text_relevance", verdict=not judge_tr)])
    labels = store.get_judgment(uid).labels
    assert {(lab.annotator, lab.verdict, lab.comment) for lab in labels} == {
        ("alice", judge_tr, ""), ("bob", not judge_tr, "")}
    store.delete_label(uid, "bob", "l1:text_relevance")
    with pytest.raises(NotFound):
        store.delete_label(uid, "bob", "l1:text_relevance")
    assert [lab.annotator for lab in store.list_labels(judgment_uid=uid)] == ["alice"]


def test_label_errors_are_typed(store: JudgmentStore) -> None:
    uids = _fill(store, [sample_pair(1)])
    uid = uids["demo-0-0001"]
    with pytest.raises(NotFound):
        store.put_labels("nope", "alice", [LabelInput(target="l1:text_relevance", verdict=True)])
    with pytest.raises(InvalidRequest) as exc:
        store.put_labels(uid, "alice", [LabelInput(target="l1:made_up", verdict=True)])
    assert exc.value.field == "target" and "l1:text_relevance" in exc.value.message
    for bad in ("", "   ", "x" * 200, "a\nb"):
        with pytest.raises(InvalidRequest):
            store.put_labels(uid, bad, [LabelInput(target="l1:text_relevance", verdict=True)])
    with pytest.raises(ValueError):
        LabelInput(target="process", verdict=True)


# ---------------------------------------------------------------- queries

def test_filters_and_paging(store: JudgmentStore) -> None:
    pairs = sample_pairs(40, seed=2)
    uids = _fill(store, pairs)
    results = {req.id: res for req, res in pairs}
    reqs = {req.id: req for req, _ in pairs}

    def ids(**kw) -> set[str]:
        page = store.list_judgments(JudgmentQuery(limit=500, **kw))
        assert page.total == len(page.items)
        return {i.request_id for i in page.items}

    def expect(pred) -> set[str]:
        return {rid for rid, res in results.items() if pred(reqs[rid], res)}

    assert ids() == set(uids)
    assert ids(l1="pass") == expect(lambda q, r: r.detail.l1.passed is True)
    assert ids(l1="fail") == expect(lambda q, r: r.detail.l1.passed is False)
    assert ids(l1="undecided") == expect(lambda q, r: r.detail.l1.passed is None)
    assert ids(judge_failed=True) == expect(lambda q, r: r.judge_failed)
    assert ids(judge_failed=True)  # the samples include failures
    assert ids(category="qa_compare") == expect(lambda q, r: q.category and q.category.value == "qa_compare")
    assert ids(rubric="other") == set()
    assert ids(q="#17)") == {"demo-2-0017"}

    # labelled / disagreement
    a, b = uids["demo-2-0003"], uids["demo-2-0004"]
    ja = store.get_judgment(a).result.detail.l1.dimensions["text_relevance"].passed
    jb = store.get_judgment(b).result.detail.l1.dimensions["text_relevance"].passed
    store.put_labels(a, "alice", [LabelInput(target="l1:text_relevance", verdict=ja)])
    store.put_labels(b, "bob", [LabelInput(target="l1:text_relevance", verdict=not jb)])
    assert ids(labelled=True) == {"demo-2-0003", "demo-2-0004"}
    assert len(ids(labelled=False)) == 38
    assert ids(labelled=True, annotator="alice") == {"demo-2-0003"}
    assert ids(disagreement=True) == {"demo-2-0004"}
    assert "demo-2-0004" not in ids(disagreement=False)
    row = next(i for i in store.list_judgments(JudgmentQuery(labelled=True)).items if i.uid == b)
    assert (row.n_labels, row.n_disagreements, row.annotators) == (1, 1, ["bob"])

    # paging covers everything exactly once
    seen: list[str] = []
    for off in range(0, 40, 7):
        page = store.list_judgments(JudgmentQuery(offset=off, limit=7, sort="oldest"))
        assert page.total == 40
        seen += [i.uid for i in page.items]
    assert sorted(seen) == sorted(uids.values()) and len(set(seen)) == 40


def test_default_order_puts_abstentions_then_low_confidence_first(store: JudgmentStore) -> None:
    pairs = sample_pairs(30, seed=5)
    _fill(store, pairs)
    items = store.list_judgments(JudgmentQuery(limit=500)).items
    flags = [(i.abstained, i.low_confidence) for i in items]
    assert any(f[0] for f in flags) and any(f[1] for f in flags) and not all(f[1] for f in flags)
    assert flags == sorted(flags, reverse=True)
    first = [i for i in items if i.low_confidence and not i.abstained]
    confs = [(i.judge_failed, i.min_confidence) for i in first]
    # within the low-confidence block: judge failures first, then least confident
    assert [c[0] for c in confs] == sorted((c[0] for c in confs), reverse=True)


def test_neighbours_follow_the_list_order(store: JudgmentStore) -> None:
    _fill(store, sample_pairs(5))
    q = JudgmentQuery(sort="oldest")
    uids = [i.uid for i in store.list_judgments(q).items]
    assert store.neighbours(uids[0], q) == (None, uids[1])
    assert store.neighbours(uids[2], q) == (uids[1], uids[3])
    assert store.neighbours(uids[4], q) == (uids[3], None)


def test_query_validation() -> None:
    for bad in ({"l1": "maybe"}, {"limit": 0}, {"limit": 10_000}, {"offset": -1}, {"sort": "random"},
                {"nope": 1}):
        with pytest.raises(ValueError):
            JudgmentQuery.model_validate(bad)


def test_search_escapes_like_wildcards(store: JudgmentStore) -> None:
    _fill(store, sample_pairs(3))
    assert store.list_judgments(JudgmentQuery(q="%")).total == 0
    assert store.list_judgments(JudgmentQuery(q="_")).total == 0


def test_purge_is_callable_directly(store: JudgmentStore) -> None:
    _fill(store, sample_pairs(4))
    assert store.purge(time.time() + 10) == 4
    assert store.count() == 0


def legacy_v1_json(result) -> str:
    """A result as wire v1 wrote it: HRM's fields at the top level, each dimension holding its checks."""
    data = result.model_dump(mode="json")
    detail = data.pop("detail")
    data.pop("composition"), data.pop("scores")
    for dim in detail["l1"]["dimensions"].values():
        dim["checks"] = {c: data["checks"][c] for c in dim["checks"]}
    if detail.get("l2"):
        detail["l2"]["rubrics"] = {c: data["checks"][c] for c in detail["l2"]["rubrics"]}
    detail.pop("kind")
    data.update(detail)
    return json.dumps(data)
