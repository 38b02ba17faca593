"""Annotator workflow in the store: items (dedup), the queue and its order, unsure, skip, sub-checks."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa

from hrm_wire.errors import InvalidRequest
from judge_server.review.calibration import compute_calibration
from judge_server.review.samples import sample_pair, sample_pairs
from judge_server.store import JudgmentQuery, JudgmentStore, LabelInput, StoreConfig
from judge_server.store.migrations import LATEST, current_version, migrate
from judge_server.store.rows import judgment_row, targets_of
from judge_server.store.store import create_db_engine


@pytest.fixture
def store(tmp_path: Path):
    s = JudgmentStore(StoreConfig(url=f"sqlite:///{tmp_path / 'j.db'}"))
    s.start()
    yield s
    s.close()


def _fill(store: JudgmentStore, pairs) -> None:
    for req, res in pairs:
        store.submit(req, res)
    assert store.flush(10)


def test_the_same_trajectory_judged_twice_is_one_item(store: JudgmentStore) -> None:
    pairs = sample_pairs(6, seed=8)
    again = [(req.model_copy(update={"id": f"{req.id}-again"}), res.model_copy(update={"id": f"{req.id}-again"}))
             for req, res in pairs[:2]]
    _fill(store, pairs + again)
    assert store.list_judgments(JudgmentQuery()).total == 8
    grouped = store.list_judgments(JudgmentQuery(group=True, limit=100))
    assert grouped.total == 6
    twice = [i for i in grouped.items if i.n_judgments == 2]
    assert sorted(i.request_id for i in twice) == sorted(f"{r.id}-again" for r, _ in pairs[:2])  # newest shown
    item = store.item_judgments(twice[0].item_key)
    assert [i.request_id for i in item][0] == twice[0].request_id and len(item) == 2
    # a label on the older judgment counts for the item
    older = item[1].uid
    store.put_labels(older, "ann", [LabelInput(target="l1:text_relevance", verdict=True)])
    labelled = store.list_judgments(JudgmentQuery(group=True, labelled=True, annotator="ann"))
    assert [i.uid for i in labelled.items] == [twice[0].uid] and labelled.items[0].annotators == ["ann"]
    assert store.list_judgments(JudgmentQuery(labelled=True)).total == 1  # per judgment: the older one only
    # other options (reward knobs) do not make a new item; another query does
    req, res = pairs[3]
    store.submit(req.model_copy(update={"options": {"reward": {"alpha": 0.7}}}), res)
    store.submit(req.model_copy(update={"query": req.query + " (edited)"}), res)
    assert store.flush(10)
    assert store.list_judgments(JudgmentQuery(group=True, limit=100)).total == 7


def test_queue_order_progress_skip_and_unsure(store: JudgmentStore) -> None:
    pairs = sample_pairs(40, seed=7)
    _fill(store, pairs)
    abstained = {r.id for _, r in pairs if r.abstained}
    assert abstained and not any(r.judge_failed for _, r in pairs if r.abstained)
    page = store.list_judgments(JudgmentQuery(group=True, limit=100))
    flags = [(i.abstained, i.low_confidence) for i in page.items]
    assert flags == sorted(flags, reverse=True)  # abstentions first, then low confidence
    assert {i.request_id for i in page.items[:len(abstained)]} == abstained
    assert {i.request_id for i in store.list_judgments(JudgmentQuery(abstained=True)).items} == abstained

    p = store.queue_progress("ann")
    assert (p.total, p.done, p.skipped) == (40, 0, 0)
    first = p.next_uid
    assert store.get_judgment(first).result.abstained
    store.put_labels(first, "ann", [LabelInput(target="l1:text_relevance", verdict=None, comment="can't tell")])
    p = store.queue_progress("ann")
    assert (p.done, p.skipped) == (1, 0) and p.next_uid != first
    second = p.next_uid
    store.skip_item(second, "ann")
    store.skip_item(second, "ann")  # idempotent
    p = store.queue_progress("ann")
    assert (p.done, p.skipped) == (1, 1) and p.next_uid not in (first, second)
    assert store.queue_progress("bob").done == 0  # progress is per annotator
    assert store.queue_progress("ann", rubric="other").total == 0
    # answering a skipped item later moves it from skipped to done
    store.put_labels(second, "ann", [LabelInput(target="l1:text_relevance", verdict=True)])
    p = store.queue_progress("ann")
    assert (p.done, p.skipped) == (2, 0)
    (unsure,) = store.list_labels(judgment_uid=first)
    assert unsure.verdict is None and unsure.comment == "can't tell"


def test_sub_check_labels_and_calibration(store: JudgmentStore) -> None:
    pairs = sample_pairs(24, seed=9)
    _fill(store, pairs)
    uids = [i.uid for i in store.list_judgments(JudgmentQuery(l1="pass", limit=100)).items]
    assert len(uids) >= 3
    for uid in uids:
        res = store.get_judgment(uid).result
        ui_format = res.checks["ui_format"].passed
        saved = store.put_labels(uid, "ann", [
            LabelInput(target="chk:ui_format", verdict=not ui_format),
            LabelInput(target="chk:ui_relevance", verdict=None),
            LabelInput(target="l1:product_correctness", verdict=True)])
        by_target = {lab.target: lab for lab in saved}
        assert by_target["chk:ui_format"].judge_passed == ui_format
    with pytest.raises(InvalidRequest) as exc:
        store.put_labels(uids[0], "ann", [LabelInput(target="chk:text_relevance", verdict=True)])  # lone sub-check
    assert "chk:ui_format" in exc.value.message
    cal = compute_calibration(store.label_rows())
    (fmt,) = [b for b in cal.sub_checks if b.target == "chk:ui_format"]
    assert fmt.n == len(uids) and fmt.agree == 0 and fmt.small_sample
    assert not any(b.target == "chk:ui_relevance" for b in cal.sub_checks)  # only unsure labels
    assert cal.excluded["human_unsure"] == len(uids)
    assert [d.target for d in cal.l1_dimensions] == ["l1:product_correctness"]  # sub-checks stay apart
    assert cal.to_dict()["min_reliable_n"] == 20


def test_migration_4_keeps_labels_and_allows_unsure(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = create_db_engine(url)
    assert migrate(engine, target=3) == [1, 2, 3]
    req, res = sample_pair(4)
    row = {k: v for k, v in judgment_row(req, res).items()
           if k not in ("item_key", "abstained", "composition", "scores")}  # migrations 4 and 5
    with engine.begin() as conn:
        conn.execute(sa.table("judgments", *[sa.column(k) for k in row]).insert().values(**row))
        conn.exec_driver_sql("INSERT INTO labels (judgment_uid, annotator, target, verdict, comment, judge_passed, "
                             "judge_score, created_at, updated_at) VALUES (?, 'old', 'l1:text_relevance', 1, 'kept', "
                             "1, 1.0, 1, 1)", (row["uid"],))
    engine.dispose()
    with JudgmentStore(StoreConfig(url=url)) as store:
        with store.engine.connect() as conn:
            assert current_version(conn) == LATEST == 6
        (old,) = store.list_labels()
        assert (old.annotator, old.verdict, old.comment) == ("old", True, "kept")
        store.put_labels(row["uid"], "new", [LabelInput(target="l1:text_relevance", verdict=None)])
        assert {lab.annotator: lab.verdict for lab in store.list_labels()} == {"old": True, "new": None}
        assert not any(lab.not_applicable for lab in store.list_labels())  # migration 6: old labels apply
        assert store.list_judgments(JudgmentQuery(group=True)).items[0].item_key == judgment_row(req, res)["item_key"]


def test_not_applicable_labels_leave_agreement_and_cannot_fail_the_human_gate(store: JudgmentStore) -> None:
    _fill(store, sample_pairs(30, seed=11))
    uids = [i.uid for i in store.list_judgments(JudgmentQuery(limit=100)).items if i.l1_passed is not None]
    dims, _ = targets_of(store.get_judgment(uids[0]).result)
    assert len(dims) >= 2
    with pytest.raises(ValueError, match="no verdict"):
        LabelInput(target=f"l1:{dims[0]}", verdict=False, not_applicable=True)
    # the first dimension does not apply; the others pass: the human gate passes, the n/a is counted apart
    labels = [LabelInput(target=f"l1:{dims[0]}", verdict=None, not_applicable=True)] + [
        LabelInput(target=f"l1:{d}", verdict=True) for d in dims[1:]]
    saved = {lab.target: lab for lab in store.put_labels(uids[0], "ann", labels)}
    assert saved[f"l1:{dims[0]}"].not_applicable and saved[f"l1:{dims[0]}"].verdict is None
    cal = compute_calibration(store.label_rows())
    assert cal.excluded["human_not_applicable"] == 1 and cal.excluded["human_unsure"] == 0
    assert cal.excluded["incomplete_l1"] == 0 and cal.l1_gate.n == 1
    assert sum(row[1] for row in cal.l1_gate.confusion) == 1  # human column "pass": n/a did not fail the gate
    assert not any(d.target == f"l1:{dims[0]}" for d in cal.l1_dimensions)  # and is no agreement pair
    # "unsure" on the same dimension leaves the gate incomplete instead
    store.put_labels(uids[0], "ann", [LabelInput(target=f"l1:{dims[0]}", verdict=None)])
    cal = compute_calibration(store.label_rows())
    assert cal.excluded["incomplete_l1"] == 1 and cal.l1_gate.n == 0
