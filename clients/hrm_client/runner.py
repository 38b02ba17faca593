"""``hrm eval``: score every run of every item of a multi-run JSONL file, resumably.

Runs are scored concurrently, against a service (``AsyncJudgeClient``) or in-process
(``judge_server.pipeline.ScoringPipeline``), and each record is appended to the output as soon as it
completes. Rerunning the same command after an interruption scores only what is missing.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from hrm_client.evalset import BadLine, EvalItem, read_items
from hrm_client.records import RecordWriter, RunRecord, prepare_resume
from hrm_wire.errors import HRMError
from hrm_wire.models import ScoreRequest, ScoreResult


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


class PipelineScorer:
    """Scores in this process with the core pipeline (no service)."""

    def __init__(self, pipeline: Any, timeout: float | None = None) -> None:
        self.pipeline = pipeline
        self.timeout = timeout
        self._started = False

    @classmethod
    def from_config(cls, config_path: str | Path | None = None, timeout: float | None = None) -> PipelineScorer:
        from judge_server.config import HRMConfig, load_model
        from judge_server.pipeline import ScoringPipeline

        return cls(ScoringPipeline(load_model(HRMConfig, config_path)), timeout)

    async def score(self, request: ScoreRequest) -> ScoreResult:
        if not self._started:
            await self.pipeline.start()
            self._started = True
        return await self.pipeline.score(request, deadline_s=self.timeout)

    async def close(self) -> None:
        await self.pipeline.close()


@dataclass
class EvalSummary:
    items: int = 0
    runs_total: int = 0
    resumed: int = 0
    scored: int = 0
    judge_failed: list[RunRecord] = field(default_factory=list)
    errors: list[RunRecord] = field(default_factory=list)
    bad_lines: list[BadLine] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return bool(self.errors or self.bad_lines)


async def run_eval(input_path: str | Path, output_path: str | Path, scorer: Scorer, *, runs: int | None = None,
                   concurrency: int = 8, resume: bool = True, console: Console | None = None,
                   show_progress: bool = True) -> EvalSummary:
    console = console or Console(stderr=True)
    summary = EvalSummary()
    items: list[EvalItem] = []
    for it in read_items(input_path, runs=runs):
        (summary.bad_lines.append if isinstance(it, BadLine) else items.append)(it)  # type: ignore[arg-type]
    summary.items = len(items)
    done = prepare_resume(output_path) if resume else {}
    jobs = [(it, r) for it in items for r in range(len(it.runs))]
    summary.runs_total = len(jobs)
    todo = [(it, r) for it, r in jobs if (it.id, r) not in done]
    summary.resumed = len(jobs) - len(todo)
    summary.judge_failed += [rec for key, rec in done.items() if rec.judge_failed]
    queue: asyncio.Queue[tuple[EvalItem, int]] = asyncio.Queue()
    for job in todo:
        queue.put_nowait(job)

    progress = Progress(TextColumn("[bold]scoring"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[state]}"),
                        TimeElapsedColumn(), TimeRemainingColumn(), console=console, disable=not show_progress)
    with RecordWriter(output_path, append=resume) as writer, progress:
        task = progress.add_task("eval", total=len(jobs), completed=summary.resumed, state="")

        async def worker() -> None:
            while True:
                try:
                    item, r = queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                cat = item.category.value if item.category else None
                try:
                    res = await scorer.score(item.request(r))
                    rec = RunRecord(item_id=item.id, run=r, category=cat, rubric=item.rubric, result=res)
                except HRMError as err:
                    err.item_id = err.item_id or item.id
                    rec = RunRecord.from_error(item.id, r, cat, item.rubric, err)
                writer.write(rec)
                summary.scored += 1
                if rec.error is not None:
                    summary.errors.append(rec)
                elif rec.judge_failed:
                    summary.judge_failed.append(rec)
                progress.update(task, advance=1, state=f"{len(summary.judge_failed)} judge failures, "
                                                       f"{len(summary.errors)} errors")

        workers = [asyncio.create_task(worker()) for _ in range(max(1, min(concurrency, len(todo) or 1)))]
        try:
            await asyncio.gather(*workers)
        finally:
            for w in workers:
                w.cancel()
    return summary


def print_summary(summary: EvalSummary, output_path: str | Path, console: Console | None = None) -> None:
    console = console or Console(stderr=True)
    console.print(f"{summary.items} items, {summary.runs_total} runs: {summary.scored} scored now, "
                  f"{summary.resumed} kept from a previous run; {len(summary.judge_failed)} judge failures, "
                  f"{len(summary.errors)} errors, {len(summary.bad_lines)} bad input lines -> {output_path}")
    if summary.bad_lines or summary.errors or summary.judge_failed:
        t = Table(title="Failed items")
        for col in ("item", "run", "kind", "type", "message"):
            t.add_column(col)
        for b in summary.bad_lines:
            t.add_row(b.item_id or f"line {b.line}", "—", "bad input", b.error.code, b.error.message)
        for rec in summary.errors:
            err = rec.error or {}
            t.add_row(rec.item_id, str(rec.run), "error (retried on resume)", str(err.get("type")),
                      str(err.get("message")))
        for rec in sorted(summary.judge_failed, key=lambda r: r.key):
            f = rec.result.failure if rec.result else None
            t.add_row(rec.item_id, str(rec.run), "judge failed", f.stage if f else "—", f.cause if f else "—")
        console.print(t)
