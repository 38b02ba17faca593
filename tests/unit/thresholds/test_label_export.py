"""Which rows of a review label export become threshold-fit observations, and which are left out (and why)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hrm_wire.errors import InvalidRequest
from judge_server.packs.registry import RubricRegistry
from judge_server.thresholds import question_hash
from judge_server.thresholds.label_export import LEFT_OUT_REASONS, observations_from_labels, read_label_export

PACK = """
id: tinylab
description: two questions
composition: {kind: weighted}
checks:
  - id: polite
    stage: main
    llm: {prompt: "Is the response polite to the user? Answer yes or no."}
  - id: short
    stage: main
    rule: format_validator
    combine: rule_only
"""


@pytest.fixture
def pack(tmp_path: Path):
    d = tmp_path / "packs"
    d.mkdir()
    (d / "tinylab.yaml").write_text(PACK)
    return RubricRegistry([d]).get("tinylab")


def _row(pack, uid: str = "u1", **kw: object) -> dict[str, object]:
    base: dict[str, object] = {"judgment_uid": uid, "rubric": "tinylab", "annotator": "a", "target": "chk:polite",
                               "check": "polite", "verdict": "pass", "judge_passed": "pass", "judge_source": "llm",
                               "judge_confidence": 0.9, "judge_tier": "g", "rubric_version": pack.version,
                               "question_hash": question_hash(pack.checks[0].llm)}
    return {**base, **kw}


def test_each_reason_to_leave_a_row_out_is_counted(pack):
    rows = [
        _row(pack, "ok"),
        _row(pack, "other", rubric="smartshop"),
        _row(pack, "multi", check=None, target="l1:several"),
        _row(pack, "unsure", verdict="unsure"),
        _row(pack, "abst", judge_passed=None, judge_abstained=True, judge_answer=None),
        _row(pack, "rule", judge_source="rule"),
        _row(pack, "noconf", judge_confidence=None),
        _row(pack, "changed", question_hash="0123456789abcdef"),
        _row(pack, "oldver", question_hash=None, rubric_version="000000000000"),
        _row(pack, "na", verdict="n/a"),
    ]
    obs, skipped = observations_from_labels(rows, pack)
    assert [(o.check_id, o.model_id, o.confidence, o.label) for o in obs] == [("polite", "g", 0.9, True)]
    assert skipped == {"other_pack": 1, "not_one_llm_check": 1, "human_unsure": 1, "judge_undecided": 1,
                       "rule_decided": 1, "no_judge_confidence": 1, "question_changed": 1, "question_unknown": 1,
                       "human_not_applicable": 1}
    assert set(skipped) <= set(LEFT_OUT_REASONS)  # every reason has its explanation for the user


def test_nothing_to_fit_says_why_in_words(pack, tmp_path):
    import argparse
    import json

    from hrm_tools.calibrate.fit import fit_from_labels

    export = tmp_path / "labels.jsonl"
    export.write_text(json.dumps(_row(pack, "demo", question_hash=None, rubric_version="000000000000")) + "\n")
    config = tmp_path / "hrm.yaml"
    config.write_text(f"rubrics_dir: {tmp_path / 'packs'}\n")
    args = argparse.Namespace(fit=str(tmp_path / "cal.json"), config=str(config), from_labels=str(export),
                              rubric="tinylab", grader=None, target=0.9, delta=0.1, method="fixed_sequence_binomial",
                              out=str(tmp_path))
    with pytest.raises(InvalidRequest, match="demo data"):
        fit_from_labels(args)


def test_a_label_on_an_abstained_check_observes_the_graders_unsure_answer(pack):
    # the review queue shows abstentions first: their labels are the refit's only view below the thresholds
    rows = [_row(pack, "a1", judge_passed=None, judge_abstained=True, judge_answer="fail", judge_confidence=0.55,
                 verdict="pass"),
            _row(pack, "a2", judge_passed=None, judge_abstained="True", judge_answer="pass", judge_confidence=0.6),
            _row(pack, "f1", judge_passed=None, judge_abstained=False, judge_answer="pass")]  # failed: no answer
    obs, skipped = observations_from_labels(rows, pack)
    assert [(o.passed, o.confidence, o.label) for o in obs] == [(False, 0.55, True), (True, 0.6, True)]
    assert skipped == {"judge_undecided": 1}


def test_annotators_of_one_verdict_make_one_observation_by_majority(pack):
    rows = [_row(pack, "u1", annotator="a"), _row(pack, "u1", annotator="b", verdict="fail"),
            _row(pack, "u1", annotator="c", verdict="fail"),
            _row(pack, "u2", annotator="a"), _row(pack, "u2", annotator="b", verdict="fail")]
    obs, skipped = observations_from_labels(rows, pack)
    assert [(o.label, o.passed) for o in obs] == [(False, True)]  # u1: 2 of 3 say fail; u2 is a tie
    assert skipped == {"extra_annotators": 2, "annotators_tie": 2}


def test_the_grader_comes_from_the_tier_else_from_the_caller(pack):
    obs, _ = observations_from_labels([_row(pack, judge_tier=None)], pack, grader="fallback")
    assert obs[0].model_id == "fallback"
    with pytest.raises(InvalidRequest, match="--grader"):
        observations_from_labels([_row(pack, judge_tier=None)], pack)


def test_csv_cells_read_like_json_values(pack, tmp_path):
    path = tmp_path / "labels.csv"
    path.write_text("judgment_uid,rubric,target,check,verdict,judge_passed,judge_source,judge_confidence,judge_tier,"
                    "question_hash,rubric_version\n"
                    f"u1,tinylab,chk:polite,polite,fail,pass,hybrid,0.75,g,,{pack.version}\n")
    obs, skipped = observations_from_labels(read_label_export(path), pack)
    assert [(o.confidence, o.passed, o.label) for o in obs] == [(0.75, True, False)] and not skipped


def test_unreadable_exports_are_typed_errors(pack, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"target": "polite"}\n{oops\n')
    with pytest.raises(InvalidRequest, match="bad.jsonl:2"):
        read_label_export(bad)
    other = tmp_path / "other.csv"
    other.write_text("a,b\n1,2\n")
    with pytest.raises(InvalidRequest, match="target and verdict"):
        read_label_export(other)
