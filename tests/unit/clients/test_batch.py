"""The one batch driver: resume format, errors retried, torn lines, keep predicate, failure listing, the
in-process scorer's start-up message."""

from __future__ import annotations

import io
import json
from pathlib import Path

import orjson
import pytest
from rich.console import Console

from hrm_tools.batch import Job, line_status, prepare_resume, print_failures, record_key, run_batch
from hrm_tools.local_scorer import LocalScorer
from hrm_wire.errors import InvalidRequest, Overloaded
from judge_server.config import HRMConfig

ROOT = Path(__file__).resolve().parents[3]


def jobs_from_examples(scorer: LocalScorer, n: int = 5) -> list[Job]:
    lines = (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines()[:n]
    return [Job(key=d["id"], request=scorer.parse(d, item_id=d["id"])) for d in map(json.loads, lines)]


class Flaky:
    """The real in-process scorer, but the named requests fail once with a retryable service error."""

    def __init__(self, scorer: LocalScorer, fail: set[str]) -> None:
        self.scorer, self.fail, self.calls = scorer, set(fail), []

    async def score(self, request):
        self.calls.append(request.id)
        if request.id in self.fail:
            self.fail.discard(request.id)
            raise Overloaded("queue full", retry_after_s=0.1)
        return await self.scorer.score(request)


async def test_errors_are_listed_then_retried_and_resume_skips_finished(tmp_path, make_pipeline):
    scorer = LocalScorer(make_pipeline())
    jobs = jobs_from_examples(scorer)
    out = tmp_path / "out.jsonl"
    flaky = Flaky(scorer, {jobs[1].key})
    first = await run_batch(jobs, out, flaky.score, concurrency=2, show_progress=False)
    assert len(first.new) == 5 and not first.kept
    assert [(f.key, f.kind, f.type) for f in first.errors] == [(jobs[1].key, "error", "overloaded")]
    with open(out, "ab") as fh:
        fh.write(b'{"id": "good-backpack", "rubric_ver')  # torn line of a killed writer
    second = await run_batch(jobs, out, flaky.score, concurrency=2, show_progress=False)
    await scorer.close()
    assert flaky.calls[5:] == [jobs[1].key]  # only the errored job is judged again
    assert len(second.kept) == 4 and list(second.new) == [jobs[1].key] and not second.errors
    lines = [orjson.loads(x) for x in out.read_bytes().splitlines()]
    assert len(lines) == 5 and all("error" not in x for x in lines)  # error line and torn line gone
    assert set(second.lines) == {j.key for j in jobs}


async def test_keep_predicate_and_restart(tmp_path, make_pipeline):
    scorer = LocalScorer(make_pipeline())
    jobs = jobs_from_examples(scorer, 3)
    out = tmp_path / "out.jsonl"
    await run_batch(jobs, out, scorer.score, show_progress=False)
    # lines of another grader are kept in the file but do not count as done
    again = await run_batch(jobs, out, scorer.score, show_progress=False,
                            keep=lambda line: line.get("grader_model") == "another-grader")
    assert len(again.new) == 3 and len(out.read_text().splitlines()) == 6
    fresh = await run_batch(jobs[:1], out, scorer.score, resume=False, show_progress=False)
    await scorer.close()
    assert len(fresh.new) == 1 and len(out.read_text().splitlines()) == 1


def test_resume_format_rules(tmp_path):
    assert record_key({"item_id": "q1", "run": 2, "result": {}}) == "q1#2"
    assert record_key({"id": "x", "rubric_version": "v"}) == "x" and record_key({"a": 1}) is None
    assert line_status({"id": "x", "judge_failed": True, "failure": {"stage": "l1", "cause": "bad json"}}).kind \
        == "judge failed"
    assert line_status({"item_id": "q", "run": 0, "result": {"abstained": True}}).kind == "abstained"
    assert line_status({"id": "x", "reward": 1.0}) is None
    p = tmp_path / "o.jsonl"
    p.write_text('{"id": "a", "reward": 1}\nnot json\n{"id": "b", "reward": 0}\n')
    with pytest.raises(InvalidRequest, match="o.jsonl:2"):
        prepare_resume(p)  # a broken line in the middle is not a torn write: refuse rather than rewrite
    assert p.read_text().count("\n") == 3


async def test_duplicate_keys_are_refused(tmp_path, make_pipeline):
    scorer = LocalScorer(make_pipeline())
    job = jobs_from_examples(scorer, 1)[0]
    with pytest.raises(ValueError, match="duplicate job key"):
        await run_batch([job, job], tmp_path / "o.jsonl", scorer.score, show_progress=False)


async def test_failure_listing_fits_80_columns(tmp_path, make_pipeline):
    scorer = LocalScorer(make_pipeline())
    jobs = jobs_from_examples(scorer, 3)
    flaky = Flaky(scorer, {j.key for j in jobs})
    outcome = await run_batch(jobs, tmp_path / "o.jsonl", flaky.score, show_progress=False)
    await scorer.close()
    console = Console(width=80, record=True, file=io.StringIO())
    print_failures(outcome, console)
    text = console.export_text()
    assert "3 without a usable reward" in text and all(len(line) <= 80 for line in text.splitlines())
    assert all(j.key in text for j in jobs)


def test_starting_the_embedded_grader_says_it_assembles_the_model(tmp_path):
    config = HRMConfig(engine={"kind": "embedded", "model": "qwen2.5-coder-1.5b", "model_dir": str(tmp_path)},
                       cache={"enabled": False})
    console = Console(width=200, record=True, file=io.StringIO())
    scorer = LocalScorer.from_config(config, console=console)
    scorer._announce_model()
    text = console.export_text()
    assert "assembling the grader model qwen2.5-coder-1.5b" in text and "GB" in text and str(tmp_path) in text


async def test_a_run_without_a_terminal_says_its_progress_in_plain_lines(tmp_path, make_pipeline):
    """Found by a new user: `hrm score ... > log` printed nothing for minutes (the bar draws only on a terminal)."""
    scorer = LocalScorer(make_pipeline())
    jobs = jobs_from_examples(scorer, 3)
    out = tmp_path / "out.jsonl"
    await run_batch(jobs[:1], out, scorer.score, show_progress=False)
    buf = io.StringIO()
    await run_batch(jobs, out, scorer.score, console=Console(file=buf, force_terminal=False, width=80))
    await scorer.close()
    said = buf.getvalue().splitlines()
    assert said[0] == "judging 2 of 3 (1 kept from an earlier run)"
    assert any(line.startswith("judged 3/3 in ") for line in said), said
