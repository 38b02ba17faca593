"""Calibration over stored labels, checked against scikit-learn / SciPy computed independently."""

from __future__ import annotations

import math
import random
import warnings
from pathlib import Path

import pytest
from scipy.stats import spearmanr
from sklearn.metrics import cohen_kappa_score

from hrm_wire.errors import InvalidRequest
from judge_server.review.calibration import compute_calibration
from judge_server.review.exchange import (
    export_label_rows,
    import_labels,
    parse_label_records,
    to_csv,
    to_jsonl,
)
from judge_server.review.samples import L1_CHECKS, L2_RUBRICS, sample_pairs
from judge_server.store import JudgmentQuery, JudgmentStore, LabelInput, StoreConfig


@pytest.fixture
def store(tmp_path: Path):
    s = JudgmentStore(StoreConfig(url=f"sqlite:///{tmp_path / 'j.db'}"))
    s.start()
    for req, res in sample_pairs(60, seed=11):
        s.submit(req, res)
    assert s.flush(10)
    yield s
    s.close()


def _close(a: float | None, b: float) -> bool:
    if a is None:
        return math.isnan(b)
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def _ref_kappa(a, b) -> float:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return float(cohen_kappa_score(a, b, labels=[False, True]))


def _ref_rho(a, b) -> float:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return float(spearmanr(a, b).statistic)


def _label_randomly(store: JudgmentStore, annotator: str, flip: float, seed: int) -> dict:
    """Label every usable judgment: the judge's verdict, flipped with probability ``flip``."""
    rng = random.Random(seed)
    truth: dict = {"gate": [], "l2": [], "dims": {d: [] for d in L1_CHECKS}, "rubrics": {r: [] for r in L2_RUBRICS}}
    for item in store.list_judgments(store_query(limit=500)).items:
        res = store.get_judgment(item.uid).result
        if res.judge_failed or res.abstained:  # no judge verdict to agree with or flip
            continue
        labels = []
        human_dims = {}
        for dim, d in res.detail.l1.dimensions.items():
            v = d.passed if rng.random() > flip else not d.passed
            human_dims[dim] = v
            labels.append(LabelInput(target=f"l1:{dim}", verdict=v))
            truth["dims"][dim].append((d.passed, v))
        truth["gate"].append((res.detail.l1.passed, all(human_dims.values())))
        human_l2 = []
        for rid, c in ((r, res.checks[r]) for r in res.detail.l2.rubrics):
            v = c.passed if rng.random() > flip else not c.passed
            human_l2.append(v)
            labels.append(LabelInput(target=f"l2:{rid}", verdict=v))
            truth["rubrics"][rid].append((c.score, v))
        if res.detail.l2.rubrics:
            truth["l2"].append((res.detail.l2.score, sum(human_l2) / len(human_l2)))
        store.put_labels(item.uid, annotator, labels)
    return truth


def store_query(**kw) -> JudgmentQuery:
    return JudgmentQuery(**kw)


def test_calibration_matches_reference_implementations(store: JudgmentStore) -> None:
    truth = _label_randomly(store, "alice", flip=0.2, seed=1)
    cal = compute_calibration(store.label_rows())
    assert cal.annotators == ["alice"]
    j, h = zip(*truth["gate"], strict=True)
    assert cal.l1_gate.n == len(j) > 20
    assert _close(cal.l1_gate.to_dict()["kappa"], _ref_kappa(j, h))
    pooled_j: list = []
    pooled_h: list = []
    for d in cal.l1_dimensions:
        pj, ph = zip(*truth["dims"][d.target[3:]], strict=True)
        pooled_j += pj
        pooled_h += ph
        assert d.n == len(pj)
        assert _close(d.to_dict()["kappa"], _ref_kappa(pj, ph))
    assert _close(cal.l1_pooled.to_dict()["kappa"], _ref_kappa(pooled_j, pooled_h))
    js, hs = zip(*truth["l2"], strict=True)
    assert cal.l2_overall.n == len(js) > 5
    assert _close(cal.l2_overall.to_dict()["rho"], _ref_rho(js, hs))
    for r in cal.l2_rubrics:
        rj, rh = zip(*truth["rubrics"][r.target[3:]], strict=True)
        assert _close(r.rank.to_dict()["rho"], _ref_rho(rj, [float(v) for v in rh]))
        assert _close(r.binary.to_dict()["kappa"], _ref_kappa([bool(x) for x in rj], rh))
    assert cal.excluded["incomplete_l1"] == 0 and cal.excluded["incomplete_l2"] == 0


def test_perfect_agreement_and_human_human(store: JudgmentStore) -> None:
    _label_randomly(store, "alice", flip=0.0, seed=2)
    cal = compute_calibration(store.label_rows())
    assert cal.l1_gate.kappa == 1.0 and cal.l1_gate.agree == cal.l1_gate.n
    assert _close(cal.l2_overall.to_dict()["rho"], 1.0)
    _label_randomly(store, "bob", flip=0.0, seed=3)
    cal = compute_calibration(store.label_rows())
    assert cal.annotators == ["alice", "bob"]
    assert cal.l1_gate.n == 2 * compute_calibration(store.label_rows(annotators=["alice"])).l1_gate.n
    assert cal.human_human.n > 0 and cal.human_human.kappa == 1.0


def test_partial_labelling_is_excluded_and_counted(store: JudgmentStore) -> None:
    item = next(i for i in store.list_judgments(store_query(l1="pass")).items)
    res = store.get_judgment(item.uid).result
    dim = next(iter(res.detail.l1.dimensions))
    store.put_labels(item.uid, "carol", [LabelInput(target=f"l1:{dim}", verdict=True),
                                         LabelInput(target=f"l2:{L2_RUBRICS[0]}", verdict=True)])
    cal = compute_calibration(store.label_rows())
    assert cal.l1_gate.n == 0 and cal.l2_overall.n == 0
    assert cal.excluded["incomplete_l1"] == 1 and cal.excluded["incomplete_l2"] == 1
    assert [d.n for d in cal.l1_dimensions] == [1]
    assert cal.to_dict()["l1"]["gate"]["kappa"] is None  # undefined, not a made-up number


def test_export_import_round_trip(store: JudgmentStore, tmp_path: Path) -> None:
    _label_randomly(store, "alice", flip=0.3, seed=4)
    rows = export_label_rows(store)
    assert rows and all(r["request_id"] and r["rubric"] == "smartshop" for r in rows)
    before = compute_calibration(store.label_rows()).to_dict()
    for body in (to_jsonl(rows), to_csv(rows, list(rows[0]))):
        other = JudgmentStore(StoreConfig(url=f"sqlite:///{tmp_path / 'copy.db'}"))
        other.start()
        # same judgments, different uids: match by request_id only
        for req, res in sample_pairs(60, seed=11):
            other.submit(req, res)
        other.flush()
        stripped = [{k: v for k, v in r.items() if k != "judgment_uid"} for r in rows]
        text = to_jsonl(stripped) if body.startswith("{") else to_csv(stripped, [c for c in rows[0]
                                                                                if c != "judgment_uid"])
        report = import_labels(other, text)
        assert report.errors == [] and report.imported == len(rows)
        assert compute_calibration(other.label_rows()).to_dict() == before
        other.close()
        (tmp_path / "copy.db").unlink()


def test_import_reports_bad_lines_and_keeps_good_ones(store: JudgmentStore) -> None:
    uid = store.list_judgments(store_query(l1="pass")).items[0].uid
    body = "\n".join([
        f'{{"judgment_uid": "{uid}", "annotator": "dan", "target": "l1:text_relevance", "verdict": "pass"}}',
        '{"judgment_uid": "missing", "annotator": "dan", "target": "l1:text_relevance", "verdict": "pass"}',
        f'{{"judgment_uid": "{uid}", "annotator": "dan", "target": "l1:text_relevance", "verdict": "perhaps"}}',
        f'{{"judgment_uid": "{uid}", "target": "l1:nope", "verdict": "fail"}}',
        "not json",
        f'{{"judgment_uid": "{uid}", "annotator": "dan", "target": "l2:core_decision_axis", "verdict": false}}',
    ])
    report = import_labels(store, body, default_annotator="eve")
    assert report.imported == 2
    assert [e["line"] for e in report.errors] == [2, 3, 4, 5]
    assert report.errors[0]["type"] == "not_found"
    assert report.errors[1]["field"] == "verdict"
    assert {(lab.annotator, lab.target) for lab in store.list_labels()} == {
        ("dan", "l1:text_relevance"), ("dan", "l2:core_decision_axis")}


def test_import_forced_annotator_and_bad_bodies(store: JudgmentStore) -> None:
    uid = store.list_judgments().items[0].uid
    body = f"judgment_uid,annotator,target,verdict\n{uid},mallory,l1:text_relevance,fail\n"
    assert import_labels(store, body, default_annotator="alice", force_annotator=True).imported == 1
    assert [lab.annotator for lab in store.list_labels()] == ["alice"]
    for bad in ("", "   \n", "a,b\n1,2\n"):
        with pytest.raises(InvalidRequest):
            parse_label_records(bad)


def test_import_reports_a_non_string_annotator_and_imports_the_rest(store: JudgmentStore) -> None:
    uid = store.list_judgments(store_query(l1="pass")).items[0].uid
    body = "\n".join([
        f'{{"judgment_uid": "{uid}", "annotator": 123, "target": "l1:text_relevance", "verdict": "pass"}}',
        f'{{"judgment_uid": "{uid}", "annotator": "dan", "target": "l1:text_relevance", "verdict": "pass"}}',
    ])
    report = import_labels(store, body, default_annotator="eve")
    assert report.imported == 1
    assert [(e["line"], e["field"]) for e in report.errors] == [(1, "annotator")]
