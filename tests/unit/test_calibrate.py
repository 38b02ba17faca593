"""hrm calibrate: dev-set loading, metrics, incremental/resumable runs (fake engine; the real-backed sibling is
tests/real/test_judge_quality.py)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from hrm_tools.calibrate.run import (
    Calibrator,
    build_pipeline,
    compute_metrics,
    format_report,
    l1_only,
    load_devset,
)
from hrm_tools.cli import main
from hrm_wire.errors import InvalidRequest
from judge_server.config import HRMConfig
from judge_server.packs.registry import RubricRegistry
from judge_server.thresholds import question_hash, read_calibration

DEV = Path(__file__).resolve().parents[2] / "research/devset" / "dev.jsonl"


def test_devset_loads_with_labels_for_every_item():
    items = load_devset(DEV)
    assert len(items) >= 48
    cats = {i.request.category for i in items}
    assert len(cats) == 6
    for i in items:
        assert set(i.labels["checks"]) == {"ui_format", "ui_trigger", "ui_relevance", "ui_completeness",
                                           "text_relevance", "description_faithfulness"}
        assert i.labels["l1_pass"] == all(i.labels["l1"].values()) and i.note
    assert sum(i.flaw == "injection" for i in items) >= 8


def test_bad_dev_line_names_the_line(tmp_path):
    p = tmp_path / "d.jsonl"
    p.write_text('{"query": "q", "response": "r", "labels": {}}\n{"query": "q"}\n')
    with pytest.raises(InvalidRequest, match="d.jsonl:2"):
        load_devset(p)
    p.write_text("not json\n")
    with pytest.raises(InvalidRequest, match="d.jsonl:1: not valid JSON"):
        load_devset(p)


def _rec(i, judge, label, flaw="none", inj=None, secs=2.0):
    return {"id": str(i), "flaw": flaw, "injection": inj, "seconds": secs, "error": None, "l1_pass": judge,
            "l1": {"text_relevance": judge}, "checks": {"text_relevance": {"passed": judge}},
            "labels": {"l1_pass": label, "l1": {"text_relevance": label}, "checks": {"text_relevance": label}}}


def test_metrics_kappa_confusion_flaws_injection_throughput():
    recs = [_rec(0, True, True), _rec(1, True, True), _rec(2, False, False, "off_topic"),
            _rec(3, True, False, "injection", "html_comment"), _rec(4, False, False, "injection", "zero_width"),
            _rec(5, False, True)]
    rep = compute_metrics(recs)
    gate = rep["l1_gate"]
    assert gate["n"] == 6 and gate["accuracy"] == pytest.approx(4 / 6)
    # p_o = 4/6, p_e = (3*3 + 3*3)/36 = 0.5 -> kappa 1/3
    assert gate["kappa"] == pytest.approx(1 / 3)
    assert (gate["judge_fail_human_fail"], gate["judge_fail_human_pass"], gate["judge_pass_human_fail"],
            gate["judge_pass_human_pass"]) == (2, 1, 1, 2)
    assert rep["checks"]["text_relevance"]["kappa"] == pytest.approx(1 / 3)
    assert rep["injection"] == {"n": 2, "passed": 1, "pass_rate": 0.5,
                                "by_kind": {"html_comment": {"n": 1, "passed": 1}, "zero_width": {"n": 1, "passed": 0}}}
    assert rep["per_flaw"]["none"] == {"n": 3, "correct": 2, "accuracy": pytest.approx(2 / 3)}
    assert rep["throughput"]["judgments_per_minute"] == pytest.approx(30.0)


def test_metrics_undefined_kappa_is_none_not_a_number():
    rep = compute_metrics([_rec(0, True, True), _rec(1, True, True)])
    assert rep["l1_gate"]["kappa"] is None and not math.isnan(rep["l1_gate"]["accuracy"])


def test_l1_only_pack_keeps_the_gate_and_a_free_process_guard():
    pack = RubricRegistry().get("smartshop")
    small = l1_only(pack)
    assert {c.stage for c in small.checks} == {"l1", "process"}
    (proc,) = small.stage("process")
    assert proc.llm is None and proc.rule == "tool_arguments_match"
    assert small.version != pack.version
    # the reduced pack's version is its own content hash, whether or not the full pack's was computed first
    assert l1_only(RubricRegistry().get("smartshop")).version == small.version


def _config(tmp_path, default="pass") -> HRMConfig:
    return HRMConfig.model_validate({"engine": {"kind": "fake", "fake": {"default": default}},
                                     "cache": {"directory": str(tmp_path / "cache")},
                                     "judge": {"l1_short_circuit": False}})


async def test_calibrator_appends_per_item_and_resumes(tmp_path):
    items = load_devset(DEV)[:5]
    pipeline, pack = build_pipeline(_config(tmp_path), "smartshop", l1=True)
    results = tmp_path / "results.jsonl"
    cal = Calibrator(pipeline, pack, results, progress=lambda s: None)
    await pipeline.start()
    try:
        first = await cal.run(items[:3])
        assert len(results.read_text().splitlines()) == 3
        assert [r["id"] for r in first] == [i.request.id for i in items[:3]]
        assert [i.request.id for i in cal.pending(items)] == [i.request.id for i in items[3:]]
        # a line cut short by an interruption is ignored and its item judged again
        with results.open("a") as fh:
            fh.write('{"id": "truncat')
        recs = await cal.run(items)
    finally:
        await pipeline.close()
    assert len(recs) == 5 and all(r["checks"] for r in recs)
    # the torn line is dropped on resume; the three finished items were not judged again
    lines = [json.loads(ln) for ln in results.read_text().splitlines()]
    assert [r["id"] for r in lines] == [i.request.id for i in items]


async def test_fail_everything_engine_fails_good_items(tmp_path):
    """With a grader that says no to everything, good items fail L1: the LLM verdicts are really used."""
    items = [i for i in load_devset(DEV) if i.flaw == "none"][:3]
    pipeline, pack = build_pipeline(_config(tmp_path, "fail"), "smartshop", l1=True)
    await pipeline.start()
    try:
        recs = await Calibrator(pipeline, pack, tmp_path / "r.jsonl", progress=lambda s: None).run(items)
    finally:
        await pipeline.close()
    assert all(r["l1_pass"] is False for r in recs)
    assert compute_metrics(recs)["per_flaw"]["none"]["correct"] == 0


def test_cli_writes_report(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("HRM__ENGINE__KIND", "fake")
    out = tmp_path / "cal"
    rc = main(["calibrate", str(DEV), "--l1-only", "--no-cache", "--limit", "6", "--out", str(out)])
    assert rc == 0
    report = json.loads((out / "report.json").read_text())
    assert report["items"] == 6 and report["rubric"] == "smartshop" and report["l1_only"] is True
    assert "L1 gate" in capsys.readouterr().out
    assert len((out / "results.jsonl").read_text().splitlines()) == 6


def test_cli_reports_bad_devset(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text("[]\n")
    assert main(["calibrate", str(bad), "--engine", "fake", "--out", str(tmp_path / "o")]) == 2
    assert "InvalidRequest" in capsys.readouterr().err


async def test_every_grader_verdict_is_recorded_with_its_question_and_tier(tmp_path):
    items = [i for i in load_devset(DEV) if i.flaw == "none"][:2]
    pipeline, pack = build_pipeline(_config(tmp_path), "smartshop", l1=True)
    await pipeline.start()
    try:
        recs = await Calibrator(pipeline, pack, tmp_path / "r.jsonl", progress=lambda s: None).run(items)
    finally:
        await pipeline.close()
    hashes = {c.id: question_hash(c.llm) for c in pack.checks if c.llm is not None}
    for r in recs:
        asked = {o["check"] for o in r["observations"]}
        assert asked and asked <= set(hashes)
        for o in r["observations"]:
            assert o["tier"] == "fake-grader" and o["question_hash"] == hashes[o["check"]]
            assert o["passed"] is True and 0 <= o["confidence"] <= 1 and o["questions"] >= 1
        # tiers count questions (one per product); a joint call answers several of them at once
        assert r["tiers"]["fake-grader"]["asked"] == r["tiers"]["fake-grader"]["decided"] >= r["llm_calls"] > 0


async def test_all_tiers_records_each_grader_of_a_cascade(tmp_path):
    items = [i for i in load_devset(DEV) if i.flaw == "none"][:2]
    config = HRMConfig.model_validate({
        "engine": {"kind": "cascade", "tiers": [{"kind": "fake", "model": "weak"},
                                                {"kind": "fake", "model": "strong", "fake": {"default": "fail"}}]},
        "cache": {"enabled": False}, "judge": {"l1_short_circuit": False, "calibration_file": "off"}})
    pipeline, pack = build_pipeline(config, "smartshop", l1=True)
    await pipeline.start()
    try:
        recs = await Calibrator(pipeline, pack, tmp_path / "r.jsonl", progress=lambda s: None,
                                all_tiers=True).run(items)
    finally:
        await pipeline.close()
    for r in recs:
        by_tier = {(o["check"], o["tier"]): o["passed"] for o in r["observations"]}
        checks = {c for c, _ in by_tier}
        assert all(by_tier[(c, "fake-weak")] is True and by_tier[(c, "fake-strong")] is False for c in checks)
        # uncalibrated: the weak tier decided everything; the strong one was asked for the record only
        assert r["l1_pass"] is True and set(r["tiers"]) == {"fake-weak"}
        assert r["grader_model"] == "cascade(fake-weak > fake-strong)"


def test_metrics_coverage_forced_gate_and_tiers():
    def rec(i, gate, label, abstained=False, forced=None):
        checks = {"text_relevance": {"passed": None if abstained else gate, "abstained": abstained, "stage": "l1",
                                     "forced": forced if abstained else gate}}
        return {"id": str(i), "flaw": "none", "seconds": 1.0, "error": None, "l1_pass": None if abstained else gate,
                "abstained": abstained, "checks": checks, "llm_calls": 2,
                "tiers": {"w": {"asked": 2, "decided": 1, "escalated": 1}, "s": {"asked": 1, "decided": 1}},
                "labels": {"l1_pass": label, "checks": {"text_relevance": label}}}
    recs = [rec(0, True, True), rec(1, False, False), rec(2, None, True, abstained=True, forced=False),
            rec(3, None, False, abstained=True, forced=False)]
    rep = compute_metrics(recs)
    assert rep["coverage"] == {"results": 0.5, "l1_gate": 0.5, "abstained": 2}
    assert rep["l1_gate"]["n"] == 2 and rep["l1_gate"]["accuracy"] == 1.0
    assert rep["l1_gate_all"]["n"] == 4 and rep["l1_gate_all"]["accuracy"] == 0.75
    assert rep["checks"]["text_relevance"]["coverage"] == 0.5
    assert rep["tiers"]["w"]["escalation_share"] == 0.5 and rep["tiers"]["s"]["decided"] == 4
    assert rep["throughput"]["llm_calls_per_minute"] == 120.0
    text = format_report(rep)
    assert "coverage: results 0.500" in text and "tier w: asked 8, decided 4, escalated 4 (0.500)" in text


def test_cli_fit_writes_a_calibration_file_and_the_curve(tmp_path, capsys):
    out = tmp_path / "cal"
    cal_path = tmp_path / "fitted.json"
    rc = main(["calibrate", str(DEV), "--engine", "fake", "--l1-only", "--no-cache", "--limit", "12",
               "--out", str(out), "--fit", str(cal_path), "--target", "0.8"])
    assert rc == 0
    cal = read_calibration(cal_path)
    assert cal.pack == "smartshop" and cal.target_agreement == 0.8 and set(cal.tiers) == {"fake-grader"}
    specs = {c.id: c for c in RubricRegistry().get("smartshop").checks}
    assert cal.tiers["fake-grader"].checks
    for cid, th in cal.tiers["fake-grader"].checks.items():
        assert th.question_hash == question_hash(specs[cid].llm) and th.n <= 12
    png = out / "coverage_agreement.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = capsys.readouterr().out
    assert "fitted thresholds" in text and "coverage: results" in text
    report = json.loads((out / "report.json").read_text())
    assert report["fit"]["file"] == str(cal_path)


async def test_judge_one_item_appends_its_prediction(tmp_path):
    items = load_devset(DEV)[:2]
    pipeline, pack = build_pipeline(_config(tmp_path), "smartshop", l1=True)
    results = tmp_path / "r.jsonl"
    cal = Calibrator(pipeline, pack, results, progress=lambda s: None)
    await pipeline.start()
    try:
        results.write_text('{"id": "torn')
        recs = [await cal.judge(i) for i in items]
    finally:
        await pipeline.close()
    assert [r["id"] for r in recs] == [i.request.id for i in items] and all("observations" in r for r in recs)
    assert [r["id"] for r in cal.records(items)] == [i.request.id for i in items]


def test_thresholds_from_the_review_label_export(tmp_path, capsys):
    pack = RubricRegistry().get("smartshop")
    llm_check = next(c.id for c in pack.checks if c.llm is not None)
    rows = [{"judgment_uid": f"u{i}", "request_id": f"r{i}", "rubric": "smartshop", "annotator": "ann",
             "target": llm_check, "verdict": "pass", "judge_passed": "pass", "judge_confidence": 0.99}
            for i in range(30)]
    rows.append({"target": "l1_gate", "verdict": "fail", "judge_passed": "pass", "judge_confidence": 0.9,
                 "rubric": "smartshop"})  # not an LLM check: ignored
    export = tmp_path / "labels.jsonl"
    export.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    out = tmp_path / "fit.json"
    rc = main(["calibrate", "--from-labels", str(export), "--grader", "g-1", "--fit", str(out),
               "--out", str(tmp_path / "o")])
    assert rc == 0
    th = read_calibration(out).tiers["g-1"].checks[llm_check]
    assert th.n == 30 and th.threshold == 0.99 and th.question_hash == question_hash(
        next(c for c in pack.checks if c.id == llm_check).llm)
    assert "fitted thresholds" in capsys.readouterr().out
    # an export without the judge's confidence cannot be fitted: said so, not guessed
    export.write_text(json.dumps({**rows[0], "judge_confidence": None}) + "\n")
    assert main(["calibrate", "--from-labels", str(export), "--grader", "g", "--fit", str(out)]) == 2
    assert "judge_confidence" in capsys.readouterr().err


async def test_ask_where_rules_decide_observes_the_grader_on_rule_settled_checks_without_using_it(tmp_path):
    # flawed dev items the rules fail: normally the grader is never asked about the vetoed check
    items = [i for i in load_devset(DEV) if i.flaw == "hallucinated_spec"][:3]
    observed = {}
    for flag in (False, True):
        pipeline, pack = build_pipeline(_config(tmp_path / str(flag)), "smartshop", l1=True)
        await pipeline.start()
        try:
            recs = await Calibrator(pipeline, pack, tmp_path / f"r{flag}.jsonl", progress=lambda s: None,
                                    ask_where_rules_decide=flag).run(items)
        finally:
            await pipeline.close()
        observed[flag] = recs
    for before, after in zip(observed[False], observed[True], strict=True):
        df_rule = before["checks"]["description_faithfulness"]
        assert df_rule["source"] == "rule" and df_rule["passed"] is False
        assert "description_faithfulness" not in {o["check"] for o in before["observations"]}
        # the fake grader's "yes" is recorded against the item's label, and the rule's failure still stands
        df_obs = [o for o in after["observations"] if o["check"] == "description_faithfulness"]
        assert df_obs and all(o["passed"] is True for o in df_obs)
        assert after["checks"]["description_faithfulness"] == df_rule and after["l1_pass"] is False
