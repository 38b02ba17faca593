"""``hrm eval``: score every run of every item of a multi-run JSONL file, resumably.

Each (item, run) is one job of the batch driver (``hrm_tools.batch``); its line is a ``RunRecord``.
The scorer is a service client (``ClientScorer``) or whatever in-process scorer the caller passes (the
``hrm`` command passes ``hrm_tools.local_scorer.LocalScorer``): any object with ``async score(request)``
and ``async close()``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console

from hrm_tools.batch import BatchOutcome, Failure, Job, print_failures, run_batch
from hrm_tools.eval.evalset import BadLine, EvalItem, read_items
from hrm_tools.eval.records import RunRecord
from hrm_wire.errors import HRMError
from hrm_wire.models import Category, ScoreRequest, ScoreResult


class Scorer(Protocol):
    async def score(self, request: ScoreRequest) -> ScoreResult: ...

    async def close(self) -> None: ...


class ClientScorer:
    """Scores through a running service (retries and timeouts per the client's policy)."""

    def __init__(self, client: Any, timeout: float | None = None) -> None:
        self.client = client
        self.timeout = timeout

    async def score(self, request: ScoreRequest) -> ScoreResult:
        return await self.client.score(request, timeout=self.timeout)

    async def close(self) -> None:
        await self.client.close()


@dataclass
class EvalSummary:
    items: int = 0
    runs_total: int = 0
    resumed: int = 0
    scored: int = 0
    judge_failed: list[RunRecord] = field(default_factory=list)
    errors: list[RunRecord] = field(default_factory=list)
    bad_lines: list[BadLine] = field(default_factory=list)
    outcome: BatchOutcome | None = None

    @property
    def failed(self) -> bool:
        return bool(self.errors or self.bad_lines)


def _to_line(job: Job, result: ScoreResult | None, error: HRMError | None, seconds: float) -> dict[str, Any]:
    item, run = job.meta
    cat = item.category.value if isinstance(item.category, Category) else item.category
    if result is not None:
        rec = RunRecord(item_id=item.id, run=run, category=cat, rubric=item.rubric, result=result)
    else:
        assert error is not None
        rec = RunRecord.from_error(item.id, run, cat, item.rubric, error)
    return rec.model_dump(mode="json", exclude_none=True)


def _is_record(line: dict[str, Any]) -> bool:
    return "item_id" in line and isinstance(line.get("result"), dict)


async def run_eval(input_path: str | Path, output_path: str | Path, scorer: Scorer, *, runs: int | None = None,
                   concurrency: int = 8, resume: bool = True, console: Console | None = None,
                   show_progress: bool = True) -> EvalSummary:
    summary = EvalSummary()
    items: list[EvalItem] = []
    for it in read_items(input_path, runs=runs):
        if isinstance(it, BadLine):
            summary.bad_lines.append(it)
        else:
            items.append(it)
    summary.items = len(items)
    jobs = [Job(key=f"{it.id}#{r}", request=it.request(r), meta=(it, r)) for it in items for r in range(len(it.runs))]
    bad = [Failure(b.item_id or f"line {b.line}", "bad input", b.error.code, b.error.message)
           for b in summary.bad_lines]
    outcome = await run_batch(jobs, output_path, scorer.score, concurrency=concurrency, resume=resume,
                              to_line=_to_line, keep=_is_record, bad_input=bad, console=console,
                              show_progress=show_progress)
    summary.outcome = outcome
    summary.runs_total, summary.resumed, summary.scored = len(jobs), len(outcome.kept), len(outcome.new)
    for line in outcome.lines.values():
        rec = RunRecord.model_validate(line)
        if rec.error is not None:
            summary.errors.append(rec)
        elif rec.judge_failed:
            summary.judge_failed.append(rec)
    return summary


def print_summary(summary: EvalSummary, output_path: str | Path, console: Console | None = None) -> None:
    console = console or Console(stderr=True)
    console.print(f"{summary.items} items, {summary.runs_total} runs: {summary.scored} scored now, "
                  f"{summary.resumed} kept from a previous run; {len(summary.judge_failed)} judge failures, "
                  f"{len(summary.errors)} errors, {len(summary.bad_lines)} bad input lines -> {output_path}",
                  highlight=False)
    if summary.outcome is not None:
        print_failures(summary.outcome, console)
