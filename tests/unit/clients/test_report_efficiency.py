"""hrm report's efficiency section (the paper's Fig. 6b): tool calls, turns and reasoning tokens per category."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from client_factories import failed_result, hrm_result, rec
from rich.console import Console

from hrm_tools.report.metrics import trajectory_shape
from hrm_tools.report.report import build_report, run_report
from hrm_wire.models import ScoreRequest

T = True


def _tc(cid: str) -> dict:
    return {"kind": "tool_call", "name": "search", "arguments": {"q": cid}, "call_id": cid}


def _obs(cid: str) -> dict:
    return {"kind": "observation", "call_id": cid, "content": "nothing found"}


def _r(text: str) -> dict:
    return {"kind": "reasoning", "text": text}


SEQUENTIAL = [_r("a b c"), _tc("c1"), _obs("c1"), _r("d"), _tc("c2"), _obs("c2"), _r("e f")]
PARALLEL = [_tc("c1"), _tc("c2"), _obs("c1"), _obs("c2"), _r("d e"), _tc("c3"), _obs("c3")]


@pytest.mark.parametrize(("steps", "expected"), [
    ([], (0, 1)),
    ([_r("just thinking")], (0, 1)),
    ([_tc("c1"), _obs("c1")], (1, 2)),
    (SEQUENTIAL, (2, 3)),
    (PARALLEL, (3, 3)),  # two calls answered together are one turn
    ([_tc("c1"), _obs("c1"), _tc("c2")], (2, 3)),  # a call whose output never came back still took a turn
])
def test_trajectory_shape_counts_calls_and_policy_turns(steps, expected) -> None:
    assert trajectory_shape(steps) == expected
    typed = ScoreRequest.model_validate({"query": "q", "response": "r", "trajectory": steps}).trajectory
    assert trajectory_shape(typed) == expected  # HRM's step models read the same as their JSON


def _with_reasoning(res, n: int):
    return res.model_copy(update={"reasoning_len": n})


def test_hand_computed_efficiency_per_category() -> None:
    records = [rec("a", 0, _with_reasoning(hrm_result(T, T, T, 1.0), 10)),
               rec("a", 1, _with_reasoning(failed_result(), 30)),  # the judge failed: the policy's work still counts
               rec("b", 0, None, category="qa_compare"),  # errored: no result, so no reasoning length
               rec("b", 1, _with_reasoning(hrm_result(T, T, T, 1.0), 5), category="qa_compare")]
    shapes = {("a", 0): (2, 3), ("a", 1): (4, 2), ("b", 0): (0, 1)}  # ("b", 1) not in the input
    report, _, _ = build_report(records, shapes=shapes)
    rep = report["rubrics"][0]
    sec = next(s for s in rep["sections"] if s["title"].startswith("Efficiency"))
    assert [m["key"] for m in sec["metrics"]] == ["tool_calls", "turns", "reasoning_tokens"]
    assert {m["kind"] for m in sec["metrics"]} == {"mean"}
    v = rep["values"]
    assert (v["search_fuzzy"]["tool_calls"], v["search_fuzzy"]["turns"]) == (3.0, 2.5)
    assert (v["qa_compare"]["tool_calls"], v["qa_compare"]["turns"]) == (0.0, 1.0)
    assert v["overall"]["tool_calls"] == pytest.approx(2.0) and v["overall"]["turns"] == pytest.approx(2.0)
    assert (v["search_fuzzy"]["reasoning_tokens"], v["qa_compare"]["reasoning_tokens"]) == (20.0, 5.0)
    assert v["overall"]["reasoning_tokens"] == pytest.approx(15.0)
    assert rep["coverage"]["overall"]["tool_calls"] == 0.75 and rep["coverage"]["overall"]["reasoning_tokens"] == 0.75
    # without the eval input only the reasoning length (which results carry) is shown
    rep = build_report(records)[0]["rubrics"][0]
    sec = next(s for s in rep["sections"] if s["title"].startswith("Efficiency"))
    assert [m["key"] for m in sec["metrics"]] == ["reasoning_tokens"]
    # a pack whose runs have no trajectory and no reasoning gets no such section
    rep = build_report([rec("c", 0, hrm_result(T, T, T, 1.0))])[0]["rubrics"][0]
    assert not any(s["title"].startswith("Efficiency") for s in rep["sections"])


def test_real_eval_then_report_shows_efficiency_in_table_json_and_html(tmp_path: Path) -> None:
    """`hrm eval` in-process (fake grader) on trajectories with known shapes, then the report of its output."""
    from hrm_tools.cli import main

    items = [{"id": "fuzzy", "category": "Search-Fuzzy", "query": "a warm jacket", "rubric": "smartshop",
              "runs": [{"trajectory": SEQUENTIAL, "response": "Try a down jacket."},
                       {"trajectory": PARALLEL, "response": "Try a parka."}]},
             {"id": "compare", "category": "QA-Compare", "query": "kindle or kobo?", "rubric": "smartshop",
              "runs": [{"trajectory": [], "response": "The Kobo."},
                       {"trajectory": [_r("w x y z")], "response": "<think>p q</think>The Kindle."}]}]
    inp = tmp_path / "in.jsonl"
    inp.write_text("".join(json.dumps(i) + "\n" for i in items))
    cfg = tmp_path / "hrm.yaml"
    cfg.write_text(f"engine: {{kind: fake}}\ncache: {{enabled: false, directory: {tmp_path / 'cache'}}}\n")
    out = tmp_path / "out.jsonl"
    assert main(["eval", str(inp), "-o", str(out), "--no-progress", "--config", str(cfg)]) == 0

    buf = io.StringIO()
    report = run_report(out, items_path=inp, console=Console(file=buf, width=220), full=True)
    rep = report["rubrics"][0]
    assert rep["counts"]["errors"] == 0
    v = rep["values"]
    # hand-computed: fuzzy runs (2 calls, 3 turns, 6 words) and (3 calls, 3 turns, 2 words);
    # compare runs (0, 1, 0) and (0, 1, 4 reasoning words + 2 in the <think> span)
    assert (v["search_fuzzy"]["tool_calls"], v["search_fuzzy"]["turns"], v["search_fuzzy"]["reasoning_tokens"]) == (
        2.5, 3.0, 4.0)
    assert (v["qa_compare"]["tool_calls"], v["qa_compare"]["turns"], v["qa_compare"]["reasoning_tokens"]) == (
        0.0, 1.0, 3.0)
    assert (v["overall"]["tool_calls"], v["overall"]["turns"], v["overall"]["reasoning_tokens"]) == (1.25, 2.0, 3.5)
    table = buf.getvalue()
    assert "Efficiency" in table and "tool calls / run" in table and "2.50" in table and "1.25" in table
    html = (tmp_path / "out.report.html").read_text()
    assert "data-plot='efficiency_by_category'" in html and "data-plot='reasoning_by_category'" in html
    row = re.search(r"<tr data-metric='turns'>(.*?)</tr>", html, re.S).group(1)
    assert re.findall(r"class='num'[^>]*>([^<]*)<", row) == ["2.00", "1.00", "3.00"]  # overall, then categories


def test_an_hrm_score_output_takes_its_categories_from_the_input(tmp_path: Path) -> None:
    """`hrm score` results carry no category; with --items the report has per-category columns again."""
    from hrm_tools.cli import main

    requests = [{"id": "fuzzy", "category": "Search-Fuzzy", "query": "a warm jacket", "rubric": "smartshop",
                 "trajectory": SEQUENTIAL, "response": "Try a down jacket."},
                {"id": "compare", "category": "QA-Compare", "query": "kindle or kobo?", "rubric": "smartshop",
                 "trajectory": [], "response": "The Kobo."}]
    inp = tmp_path / "requests.jsonl"
    inp.write_text("".join(json.dumps(r) + "\n" for r in requests))
    cfg = tmp_path / "hrm.yaml"
    cfg.write_text(f"engine: {{kind: fake}}\ncache: {{enabled: false, directory: {tmp_path / 'cache'}}}\n")
    out = tmp_path / "scored.jsonl"
    assert main(["score", str(inp), "-o", str(out), "--no-progress", "--config", str(cfg)]) == 0
    quiet = Console(file=io.StringIO(), width=220)
    alone = run_report(out, console=quiet, json_path=tmp_path / "a.json", html_path=tmp_path / "a.html")
    assert set(alone["rubrics"][0]["values"]) == {"overall", "uncategorized"}
    report = run_report(out, items_path=inp, console=quiet)
    assert set(report["rubrics"][0]["values"]) == {"overall", "search_fuzzy", "qa_compare"}
