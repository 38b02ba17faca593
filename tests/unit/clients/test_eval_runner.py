"""The multi-run input format, output records and `hrm eval` in-process (pipeline on the fake engine)."""

from __future__ import annotations

import json
from pathlib import Path

import orjson
import pytest

from hrm_tools.eval.evalset import BadLine, EvalItem, parse_item, read_items
from hrm_tools.eval.records import read_records
from hrm_tools.eval.runner import run_eval
from hrm_tools.local_scorer import LocalScorer
from hrm_wire.errors import InvalidRequest

ROOT = Path(__file__).resolve().parents[3]


def multi_run_file(path: Path, runs: int = 3, extra_lines: list[str] = ()) -> Path:
    """Items from examples/smartshop.jsonl; run r of an item reuses the response of a rotating example."""
    ex = [json.loads(line) for line in (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines()]
    lines = []
    for i, d in enumerate(ex[:6]):
        runs_ = [{"trajectory": ex[(i + r) % len(ex)].get("trajectory", []), "response": ex[(i + r) % len(ex)]["response"]}
                 for r in range(runs)]
        item = {k: v for k, v in d.items() if k not in ("trajectory", "response")}
        lines.append(json.dumps({**item, "runs": runs_}))
    path.write_text("\n".join([*lines, *extra_lines]) + "\n")
    return path


def test_single_run_shorthand_and_category_spelling():
    item = parse_item(b'{"id": 7, "query": "q", "category": "QA-Compare", "response": "r"}', line=1)
    assert isinstance(item, EvalItem) and item.id == "7" and len(item.runs) == 1
    req = item.request(0)
    assert req.id == "7#0" and req.category.value == "qa_compare" and req.response == "r"


@pytest.mark.parametrize("line, field", [
    (b'{"id": "a", "query": "q", "runs": []}', "runs"),
    (b'{"id": "a", "query": "q", "runs": [{"trajectory": [{"kind": "nope"}], "response": "r"}]}', "runs.0.trajectory.0"),
    (b'{"id": "a", "query": "q", "category": "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "response": "r"}', "category"),
    (b'[1, 2]', None),
    (b'{"id": "a", "query": "q"', None),
])
def test_bad_lines_name_line_and_field(line, field):
    with pytest.raises(InvalidRequest) as ei:
        parse_item(line, line=4)
    assert "line 4" in str(ei.value)
    if field:
        assert ei.value.field is not None and ei.value.field.startswith(field)


def test_runs_option_truncates_or_rejects(tmp_path):
    p = tmp_path / "in.jsonl"
    p.write_text('{"id": "a", "query": "q", "runs": [{"response": "1"}, {"response": "2"}, {"response": "3"}]}\n'
                 '{"id": "b", "query": "q", "response": "only one"}\n'
                 '{"id": "a", "query": "q", "runs": [{"response": "1"}, {"response": "2"}]}\n')
    out = list(read_items(p, runs=2))
    assert isinstance(out[0], EvalItem) and len(out[0].runs) == 2
    assert isinstance(out[1], BadLine) and out[1].item_id == "b" and out[1].error.field == "runs"
    assert isinstance(out[2], BadLine) and "duplicate" in out[2].error.message


class Interrupted(Exception):
    """Stands in for Ctrl-C (a real KeyboardInterrupt would also stop pytest)."""


class CountingScorer(LocalScorer):
    def __init__(self, pipeline, stop_after: int | None = None):
        super().__init__(pipeline)
        self.calls: list[str] = []
        self.stop_after = stop_after

    async def score(self, request):
        if self.stop_after is not None and len(self.calls) >= self.stop_after:
            raise Interrupted
        self.calls.append(request.id)
        return await super().score(request)


async def test_eval_in_process_writes_every_run(tmp_path, make_pipeline):
    inp = multi_run_file(tmp_path / "in.jsonl", extra_lines=['{"id": "broken", "query": ""}'])
    out = tmp_path / "out.jsonl"
    scorer = CountingScorer(make_pipeline())
    summary = await run_eval(inp, out, scorer, concurrency=4, show_progress=False)
    await scorer.close()
    recs = read_records(out)
    assert summary.items == 6 and summary.runs_total == 18 and summary.scored == 18
    assert sorted(r.key for r in recs) == sorted((f, r) for f in {r.item_id for r in recs} for r in range(3))
    assert all(r.result is not None and r.result.id == f"{r.item_id}#{r.run}" for r in recs)
    assert [b.item_id for b in summary.bad_lines] == ["broken"] and summary.failed
    # the fake engine answers "pass": the flawed responses fail on rule checks, the good ones pass L1
    by_key = {r.key: r for r in recs}
    assert by_key[("good-earbuds", 0)].result.detail.l1.passed is True
    assert by_key[("good-earbuds", 1)].category == "search_multi_constraint"


async def test_eval_resumes_after_interruption(tmp_path, make_pipeline):
    inp = multi_run_file(tmp_path / "in.jsonl")
    out = tmp_path / "out.jsonl"
    first = CountingScorer(make_pipeline(), stop_after=7)
    with pytest.raises(Interrupted):
        await run_eval(inp, out, first, concurrency=1, show_progress=False)
    await first.close()
    with open(out, "ab") as fh:
        fh.write(b'{"item_id": "good-backpack", "run": 2, "categ')  # torn line of a killed writer
    kept = {r.key for r in read_records(out)}
    assert len(kept) == 7
    second = CountingScorer(make_pipeline())
    summary = await run_eval(inp, out, second, concurrency=3, show_progress=False)
    await second.close()
    assert summary.resumed == 7 and summary.scored == 11 and len(second.calls) == 11
    assert not {tuple(c.rsplit("#", 1)) for c in second.calls} & {(k[0], str(k[1])) for k in kept}
    lines = out.read_bytes().splitlines()
    assert len(lines) == 18 and len({(d["item_id"], d["run"]) for d in map(orjson.loads, lines)}) == 18


async def test_errors_are_recorded_then_retried_on_resume(tmp_path, make_pipeline):
    inp = tmp_path / "in.jsonl"
    inp.write_text('{"id": "a", "query": "q", "rubric": "no_such_pack", "response": "r"}\n'
                   '{"id": "b", "query": "q", "category": "QA-Consultation", "response": "Rinse and dry it."}\n')
    out = tmp_path / "out.jsonl"
    scorer = CountingScorer(make_pipeline())
    summary = await run_eval(inp, out, scorer, show_progress=False)
    assert [(r.item_id, r.error["type"]) for r in summary.errors] == [("a", "unknown_rubric")]
    again = await run_eval(inp, out, scorer, show_progress=False)
    await scorer.close()
    assert again.resumed == 1 and again.scored == 1 and scorer.calls[-1] == "a#0"
    assert len(read_records(out)) == 2


def test_cli_eval_and_report_in_process(tmp_path, monkeypatch, capsys):
    from hrm_tools.cli import main

    monkeypatch.setenv("HRM__ENGINE__KIND", "fake")
    monkeypatch.setenv("HRM__CACHE__ENABLED", "false")
    inp = multi_run_file(tmp_path / "in.jsonl", runs=2)
    out = tmp_path / "out.jsonl"
    assert main(["eval", str(inp), "-o", str(out), "--runs", "2", "--no-progress"]) == 0
    assert len(read_records(out)) == 12
    assert main(["report", str(out)]) == 0
    assert (tmp_path / "out.report.html").exists() and "Avg@2" in capsys.readouterr().out
    assert main(["compare", str(out), str(out), "--bootstrap", "20", "--json", str(tmp_path / "c.json")]) == 0
    assert main(["eval", str(inp), "-o", str(out), "--runs", "5", "--no-progress"]) == 1  # items lack 5 runs
