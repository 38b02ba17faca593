"""Report views (JSON, HTML, table), the pack-section registry and hrm compare."""

from __future__ import annotations

import base64
import re

import orjson
import pytest
from client_factories import hrm_result, rec

from hrm_tools.eval.records import RecordWriter
from hrm_tools.report.compare import compare
from hrm_tools.report.metrics import Metric, pooled_mean
from hrm_tools.report.pack_metrics import PACK_SECTIONS, Plot, Section, register_pack
from hrm_tools.report.report import run_report
from hrm_wire.models import ScoreResult

T, F = True, False


def write(path, records):
    with RecordWriter(path, append=False) as w:
        w.write_all(records)
    return path


def system(pass_items: set[str], n: int = 30, runs: int = 2):
    cats = ["search_fuzzy", "qa_compare", "search_bundle"]
    out = []
    for i in range(n):
        for r in range(runs):
            ok = f"q{i}" in pass_items
            out.append(rec(f"q{i}", r, hrm_result(T, ok, T, 1.0 if ok else None, reward=1.5 if ok else 0.0,
                                                  l2_rubrics={"axis": ok}),
                           category=cats[i % 3]))
    return out


def test_report_writes_json_html_and_table(tmp_path, capsys):
    path = write(tmp_path / "out.jsonl", system({f"q{i}" for i in range(10)}))
    report = run_report(path)
    data = orjson.loads((tmp_path / "out.report.json").read_bytes())
    assert data == orjson.loads(orjson.dumps(report))
    rep = data["rubrics"][0]
    assert rep["values"]["overall"]["avg@2"] == pytest.approx(10 / 30, abs=1e-6)
    assert all(m["definition"] for s in rep["sections"] for m in s["metrics"])
    html = (tmp_path / "out.report.html").read_text()
    text = re.sub(r"data:image/png;base64,[^']*", "", html)  # base64 may spell anything
    assert "cdn" not in text.lower() and "<script src" not in text and "http" not in text
    pngs = html.count("data:image/png;base64,")
    assert pngs == 3  # L1 per category, L2 rubrics, reward histogram (these results carry no checks)
    blob = html.split("data:image/png;base64,")[1].split("'")[0]
    assert base64.b64decode(blob)[:8] == b"\x89PNG\r\n\x1a\n"
    assert "How each metric is computed" in html and "Pass^2" in html
    assert "Avg@2" in capsys.readouterr().out


def test_registered_pack_section_plugs_in(tmp_path):
    def res(exact: bool) -> ScoreResult:
        return ScoreResult(rubric="toy_pack", rubric_version="v", grader_model="m", reward=float(exact),
                           components={"exact": float(exact)})

    @register_pack("toy_pack")
    def toy(data):
        return Section("Toy", [Metric("exact_acc", "exact accuracy", "Mean of component exact.",
                                      lambda d: pooled_mean(d.get("comp:exact")))],
                       [Plot("toy_bars", "Toy accuracy", "bars", ("exact_acc",))])

    try:
        path = write(tmp_path / "toy.jsonl", [rec("a", 0, res(T), rubric="toy_pack"),
                                              rec("b", 0, res(F), rubric="toy_pack"),
                                              rec("c", 0, res(T), rubric="toy_pack")])
        report = run_report(path, table=False)
        rep = report["rubrics"][0]
        assert [s["title"] for s in rep["sections"]] == ["Toy", "General"]
        assert rep["values"]["overall"]["exact_acc"] == pytest.approx(2 / 3, abs=1e-6)
        assert "data-plot='toy_bars'" in (tmp_path / "toy.report.html").read_text()
    finally:
        PACK_SECTIONS.pop("toy_pack")


def test_compare_identical_systems_has_zero_difference(tmp_path):
    recs = system({f"q{i}" for i in range(0, 30, 2)})
    a, b = write(tmp_path / "a.jsonl", recs), write(tmp_path / "b.jsonl", recs)
    out = compare(a, b, n_boot=200)
    rows = {(r["group"], r["metric"]): r for r in out["rubrics"][0]["rows"]}
    r = rows[("overall", "avg@2")]
    assert r["diff"] == 0 and r["ci_low"] == 0 and r["ci_high"] == 0 and not r["significant"]


def test_compare_detects_a_clear_improvement_with_paired_ci(tmp_path):
    a = write(tmp_path / "a.jsonl", system({f"q{i}" for i in range(5)}))
    b = write(tmp_path / "b.jsonl", system({f"q{i}" for i in range(25)}))
    out = compare(a, b, n_boot=300, seed=1)
    rep = out["rubrics"][0]
    assert rep["paired_items"] == 30 and rep["only_in_a"] == rep["only_in_b"] == 0
    rows = {(r["group"], r["metric"]): r for r in rep["rows"]}
    r = rows[("overall", "avg@2")]
    assert r["a"] == pytest.approx(5 / 30, abs=1e-6) and r["b"] == pytest.approx(25 / 30, abs=1e-6)
    assert r["diff"] == pytest.approx(20 / 30, abs=1e-6)
    assert 0 < r["ci_low"] < r["diff"] < r["ci_high"] <= 1 and r["significant"]
    # per category too: qa_compare holds q1, q4, ..., q28 (10 items)
    assert rows[("qa_compare", "avg@2")]["n_items"] == 10
    assert ("overall", "n_items") not in rows


def test_compare_pairs_by_item_id(tmp_path):
    a = write(tmp_path / "a.jsonl", system(set(), n=10))
    b = write(tmp_path / "b.jsonl", [r for r in system(set(), n=12) if r.item_id not in ("q0", "q1")])
    rep = compare(a, b, n_boot=50)["rubrics"][0]
    assert rep["paired_items"] == 8 and rep["only_in_a"] == 2 and rep["only_in_b"] == 2


def test_significance_needs_enough_items():
    from hrm_tools.report.compare import MIN_ITEMS, is_significant

    assert MIN_ITEMS == 10
    assert is_significant(30, 0.1, 0.4) and is_significant(30, -0.4, -0.1)
    assert not is_significant(30, -0.1, 0.4)  # CI includes 0
    assert not is_significant(9, 0.5, 0.5) and not is_significant(1, 0.5, 0.5)  # [d, d] from too few items
    assert not is_significant(30, float("nan"), float("nan"))


def test_compare_never_marks_a_one_item_category(tmp_path):
    from hrm_tools.report.compare import selected_rows, verdict

    # q0 is the only "search_bundle" item with a big change; the other categories hold 15 items each
    def sys_(passing):
        out = []
        for i in range(31):
            cat = "search_bundle" if i == 0 else ("search_fuzzy" if i % 2 else "qa_compare")
            ok = f"q{i}" in passing
            for r in range(2):
                out.append(rec(f"q{i}", r, hrm_result(T, ok, T, 1.0 if ok else None, reward=1.5 if ok else 0.0),
                               category=cat))
        return out

    a = write(tmp_path / "a.jsonl", sys_(set()))
    b = write(tmp_path / "b.jsonl", sys_({f"q{i}" for i in range(31)}))
    rep = compare(a, b, n_boot=200)["rubrics"][0]
    rows = {(r["group"], r["metric"]): r for r in rep["rows"]}
    one = rows[("search_bundle", "avg@2")]
    assert one["n_items"] == 1 and one["ci_low"] == one["ci_high"] == 1.0
    assert not one["significant"] and one["too_few_items"] and verdict(one) == "too few items"
    assert rows[("overall", "avg@2")]["significant"] and verdict(rows[("overall", "avg@2")]) == "better"
    assert rows[("qa_compare", "avg@2")]["significant"]  # 15 items: enough
    # compact view: overall headline metrics and significant rows only; labels unique within a group
    compact = selected_rows(rep, full=False)
    assert len(compact) < len(rep["rows"]) / 2
    assert all(r["group"] == "overall" or r["significant"] for r in compact)
    for g in {r["group"] for r in rep["rows"]}:
        labels = [r["label"] for r in rep["rows"] if r["group"] == g]
        assert len(labels) == len(set(labels)), g


def test_cli_compare_writes_html_beside_b(tmp_path, capsys):
    from hrm_tools.cli import main

    a = write(tmp_path / "a.jsonl", system({f"q{i}" for i in range(5)}))
    b = write(tmp_path / "b.jsonl", system({f"q{i}" for i in range(25)}))
    assert main(["compare", str(a), str(b), "--bootstrap", "100"]) == 0
    out = capsys.readouterr().out
    assert "better" in out and "more rows" in out
    html = (tmp_path / "b.compare.html").read_text()
    assert "data-group='overall'" in html and "better" in html and "http" not in html
