"""The one JSONL batch driver behind ``hrm score``, ``hrm eval`` and ``hrm calibrate``.

It judges a list of jobs with an async scoring callable, a bounded number at a time, appends one JSON
line per finished job to an output file (flushed at once, so an interruption loses at most the line being
written), shows a progress bar, resumes, and lists what failed. It knows nothing about *how* a request is
scored: the caller passes ``score``, e.g. ``AsyncJudgeClient.score`` (a running service) or the in-process
``hrm_tools.local_scorer.LocalScorer.score``. Nothing here imports ``judge_server``.

Usage::

    from hrm_tools.batch import Job, run_batch, print_failures

    jobs = [Job(key=req.id, request=req) for req in requests]           # key: unique, usually the request id
    outcome = await run_batch(jobs, "out.jsonl", scorer.score, concurrency=4)
    print_failures(outcome)                                              # errors, judge failures, bad input
    lines = outcome.lines                                                # every line by key, old and new

``to_line(job, result, error, seconds)`` decides what a job's line holds (default: the ScoreResult's JSON,
or ``{"id": key, "error": {...}}``); ``keep(line)`` lets a caller ignore old lines on resume (calibrate keeps
only lines of the same pack version and grader); ``bad_input`` adds input lines that never became jobs to
the failure listing.

The resume format (the same for every command): the output is JSONL, one object per judged job. A line's
key is ``record_key(line)``: ``"<item_id>#<run>"`` for lines with ``item_id`` and ``run`` (eval records),
else its ``id`` (score results, calibrate predictions). On resume the file is rewritten atomically without
a torn last line and without lines whose ``error`` is set (those jobs are judged again); of the rest, the
last line per key that ``keep`` accepts marks its job done and the job is skipped.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from hrm_wire.errors import HRMError, InvalidRequest
from hrm_wire.models import ScoreRequest, ScoreResult

ScoreFn = Callable[[ScoreRequest], Awaitable[ScoreResult]]


@dataclass(frozen=True)
class Job:
    """One request to judge. ``key`` must be unique in the batch; ``meta`` is the caller's, handed to
    ``to_line``."""

    key: str
    request: ScoreRequest
    meta: Any = None


@dataclass(frozen=True)
class Failure:
    """A job (or input line) without a usable judgment, as the failure listing shows it."""

    key: str
    kind: str  # "error" (retried on resume), "judge failed", "abstained", "bad input"
    type: str
    message: str


LineFn = Callable[[Job, ScoreResult | None, HRMError | None, float], dict[str, Any]]


def default_line(job: Job, result: ScoreResult | None, error: HRMError | None, seconds: float) -> dict[str, Any]:
    """A ScoreResult line (``hrm score``'s format), or ``{"id", "error"}``."""
    if result is not None:
        return result.model_dump(mode="json")
    assert error is not None
    return {"id": job.key, "error": error.to_dict()}


def record_key(line: dict[str, Any]) -> str | None:
    if "item_id" in line and "run" in line:
        return f"{line['item_id']}#{line['run']}"
    return None if line.get("id") is None else str(line["id"])


def line_status(line: dict[str, Any]) -> Failure | None:
    """Why a line holds no usable judgment (None when it does). Reads every command's line shape."""
    key = record_key(line) or "?"
    err = line.get("error")
    if err:
        if isinstance(err, dict):
            return Failure(key, "error", str(err.get("type", "error")), str(err.get("message", "")))
        return Failure(key, "error", "error", str(err))
    res = line.get("result") if isinstance(line.get("result"), dict) else line
    if res.get("judge_failed"):
        f = res.get("failure") or {}
        where = ".".join(str(x) for x in (f.get("stage"), f.get("check")) if x)
        return Failure(key, "judge failed", where or "judge", str(f.get("cause", "")))
    if res.get("abstained"):
        a = res.get("abstention") or {}
        where = ".".join(str(x) for x in (a.get("stage"), a.get("check")) if x)
        return Failure(key, "abstained", where or "judge", str(a.get("cause", "")))
    return None


def read_lines(path: str | Path) -> list[dict[str, Any]]:
    """The JSON objects of a JSONL output file. A torn last line (what an interrupted writer leaves) is
    skipped; anything else that is not a JSON object raises InvalidRequest (not an output file)."""
    p = Path(path)
    if not p.exists():
        return []
    raws = p.read_bytes().split(b"\n")
    last = max((i for i, r in enumerate(raws) if r.strip()), default=-1)
    out = []
    for i, raw in enumerate(raws):
        if not raw.strip():
            continue
        try:
            value = orjson.loads(raw)
        except orjson.JSONDecodeError:
            value = None
        if not isinstance(value, dict):
            if i == last:
                continue
            raise InvalidRequest(f"{p}:{i + 1}: not a JSON object; is this an output file of hrm score/eval?")
        out.append(value)
    return out


def prepare_resume(path: str | Path, keep: Callable[[dict[str, Any]], bool] | None = None) -> dict[str, dict[str, Any]]:
    """Finished lines of ``path`` by key (see the module docstring); the file is rewritten atomically
    without its error lines and torn last line. Lines ``keep`` rejects stay in the file but count as not
    done (calibrate keeps the history of other graders)."""
    p = Path(path)
    if not p.exists():
        return {}
    lines = [line for line in read_lines(p) if not line.get("error")]
    done: dict[str, dict[str, Any]] = {}
    for line in lines:
        key = record_key(line)
        if key is not None and (keep is None or keep(line)):
            done[key] = line
    tmp = p.with_name(p.name + ".tmp")
    with open(tmp, "wb") as fh:
        for line in lines:
            fh.write(orjson.dumps(line) + b"\n")
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, p)
    return done


@dataclass
class BatchOutcome:
    """What a batch did: lines kept from an earlier run, lines written now, failures of both."""

    output: Path
    total: int
    kept: dict[str, dict[str, Any]] = field(default_factory=dict)
    new: dict[str, dict[str, Any]] = field(default_factory=dict)
    bad_input: list[Failure] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def lines(self) -> dict[str, dict[str, Any]]:
        return {**self.kept, **self.new}

    @property
    def failures(self) -> list[Failure]:
        found = [f for f in map(line_status, self.lines.values()) if f is not None]
        return [*self.bad_input, *sorted(found, key=lambda f: (f.kind, f.key))]

    @property
    def errors(self) -> list[Failure]:
        return [f for f in self.failures if f.kind in ("error", "bad input")]


#: seconds between the plain progress lines of a run whose output is not a terminal
PLAIN_PROGRESS_S = 30.0


def _progress(console: Console, show: bool) -> Progress:
    return Progress(TextColumn("[bold]judging"), BarColumn(bar_width=24), MofNCompleteColumn(),
                    TextColumn("{task.fields[state]}"), TimeElapsedColumn(), TimeRemainingColumn(),
                    console=console, disable=not show)


async def run_batch(jobs: Sequence[Job], output: str | Path, score: ScoreFn, *, concurrency: int = 4,
                    resume: bool = True, to_line: LineFn = default_line,
                    keep: Callable[[dict[str, Any]], bool] | None = None, bad_input: Sequence[Failure] = (),
                    console: Console | None = None, show_progress: bool = True) -> BatchOutcome:
    """Judge ``jobs`` not already finished in ``output`` and append a line for each (see module docstring).

    An ``HRMError`` from ``score`` becomes the job's error line (retried on the next run); any other
    exception stops the batch after cancelling the jobs in flight (their lines are simply missing).
    """
    keys = [j.key for j in jobs]
    if len(set(keys)) != len(keys):
        dup = next(k for k in keys if keys.count(k) > 1)
        raise ValueError(f"duplicate job key {dup!r}")
    out = Path(output)
    out.parent.mkdir(parents=True, exist_ok=True)
    if not resume:
        out.write_bytes(b"")
    kept_all = prepare_resume(out, keep) if resume else {}
    wanted = set(keys)
    outcome = BatchOutcome(out, len(jobs), {k: v for k, v in kept_all.items() if k in wanted},
                           bad_input=list(bad_input))
    todo = [j for j in jobs if j.key not in outcome.kept]
    console = console or Console(stderr=True)
    queue: asyncio.Queue[Job] = asyncio.Queue()
    for job in todo:
        queue.put_nowait(job)
    counts = {"error": 0, "judge failed": 0, "abstained": 0}
    for line in outcome.kept.values():
        if (f := line_status(line)) is not None:
            counts[f.kind] += 1
    t0 = time.monotonic()
    # Without a terminal the bar draws nothing: say what is happening in plain lines instead (at the start, then
    # at most every PLAIN_PROGRESS_S), so a redirected run is never silent for minutes.
    plain = show_progress and not console.is_terminal
    last_said = t0
    if plain:
        console.print(f"judging {len(todo)} of {len(jobs)} ({len(outcome.kept)} kept from an earlier run)",
                      soft_wrap=True)
    with out.open("ab") as fh, _progress(console, show_progress) as bar:
        task = bar.add_task("batch", total=len(jobs), completed=len(outcome.kept), state="")

        async def worker() -> None:
            nonlocal last_said
            while True:
                try:
                    job = queue.get_nowait()
                except asyncio.QueueEmpty:
                    return
                started = time.perf_counter()
                result, error = None, None
                try:
                    result = await score(job.request)
                except HRMError as exc:
                    exc.item_id = exc.item_id or job.key
                    error = exc
                line = to_line(job, result, error, time.perf_counter() - started)
                fh.write(orjson.dumps(line) + b"\n")
                fh.flush()
                outcome.new[job.key] = line
                if (f := line_status(line)) is not None:
                    counts[f.kind] += 1
                bar.update(task, advance=1, state=", ".join(f"{n} {k}" for k, n in counts.items() if n))
                now = time.monotonic()
                if plain and (now - last_said >= PLAIN_PROGRESS_S or len(outcome.new) == len(todo)):
                    last_said = now
                    state = ", ".join(f"{n} {k}" for k, n in counts.items() if n)
                    console.print(f"judged {len(outcome.kept) + len(outcome.new)}/{len(jobs)} in {now - t0:.0f} s"
                                  + (f" ({state})" if state else ""), soft_wrap=True)

        workers = [asyncio.create_task(worker()) for _ in range(max(1, min(concurrency, len(todo) or 1)))]
        try:
            await asyncio.gather(*workers)
        finally:
            for w in workers:
                w.cancel()
            await asyncio.gather(*workers, return_exceptions=True)
    outcome.seconds = time.monotonic() - t0
    return outcome


def print_failures(outcome: BatchOutcome, console: Console | None = None, *, limit: int = 50) -> None:
    """The failure listing: one entry per failed job, as a list (fits any terminal width)."""
    console = console or Console(stderr=True)
    failures = outcome.failures
    if not failures:
        return
    kinds = {f.kind for f in failures}
    why = []
    if kinds & {"error", "bad input"}:
        why.append("errors and bad lines are tried again when the same command is run again")
    if kinds & {"abstained", "judge failed"}:
        # a rerun reads the verdict cache and gives the same outcome: say what changes it
        why.append("abstentions and judge failures are kept: a rerun gives the same verdicts from the cache; a "
                   "stronger grader tier, calibration off (--calibration off) or --no-cache changes them")
    console.print(f"[bold red]{len(failures)} without a usable reward[/] ({'; '.join(why)}):", highlight=False)
    for f in failures[:limit]:
        console.print(f"  [bold]{f.key}[/]  {f.kind}: {f.type}", highlight=False)
        if f.message:
            console.print(f"      {f.message}", highlight=False, overflow="fold")
    if len(failures) > limit:
        console.print(f"  ... and {len(failures) - limit} more (see {outcome.output})", highlight=False)
