"""`hrm score`, `hrm rubrics`, `hrm schema`: the core commands."""

from __future__ import annotations

import argparse
import asyncio
import sys
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
from rich.table import Table

from hrm_wire.errors import HRMError
from hrm_wire.models import ScoreRequest, ScoreResult
from judge_server.config import HRMConfig, load_config
from judge_server.jsonl import append_jsonl, done_ids, read_jsonl


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("score", help="Score a JSONL file of trajectories in process.",
                       description="Score every line of INPUT (one ScoreRequest per line) and append results to "
                                   "OUT. Re-running skips ids already in OUT (resume).")
    p.add_argument("input", type=Path, help="JSONL file of ScoreRequest objects.")
    p.add_argument("-o", "--output", type=Path, required=True, help="JSONL file to append results to.")
    add_engine_args(p)
    p.add_argument("--rubric", help="Rubric pack for lines that do not name one (default: smartshop).")
    p.add_argument("--concurrency", type=int, default=2, help="Trajectories judged at once.")
    p.set_defaults(func=cmd_score)

    r = sub.add_parser("rubrics", help="List the rubric packs.")
    r.add_argument("--config", type=Path, help="YAML config (rubrics_dir).")
    r.set_defaults(func=cmd_rubrics)

    s = sub.add_parser("schema", help="Print the JSON schema of the data model.")
    s.add_argument("what", nargs="?", default="all", choices=["request", "result", "config", "all"])
    s.set_defaults(func=cmd_schema)


def add_engine_args(p: argparse.ArgumentParser) -> None:
    """Engine/config flags shared by commands that run the pipeline in process."""
    p.add_argument("--config", type=Path, help="YAML file with an HRMConfig (env: HRM__SECTION__FIELD=...).")
    p.add_argument("--engine", help="Engine kind: embedded (default), vllm, openai, fake, or module:Class.")
    p.add_argument("--model", help="Embedded model: qwen2.5-coder-1.5b (default), smollm2-135m, or a .gguf path.")
    p.add_argument("--no-cache", action="store_true", help="Do not read or write the verdict cache.")


def config_from_args(args: argparse.Namespace) -> HRMConfig:
    overrides: dict[str, Any] = {"engine": {}}
    if getattr(args, "engine", None):
        overrides["engine"]["kind"] = args.engine
    if getattr(args, "model", None):
        overrides["engine"]["model"] = args.model
    if getattr(args, "no_cache", False):
        overrides["cache"] = {"enabled": False}
    return load_config(getattr(args, "config", None), overrides=overrides)


def progress(console: Console) -> Progress:
    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn(), console=console)


def cmd_score(args: argparse.Namespace) -> int:
    try:
        config = config_from_args(args)
    except HRMError as exc:
        print(f"hrm score: {exc}", file=sys.stderr)
        return 2
    if not args.input.exists():
        print(f"hrm score: no such file {args.input}", file=sys.stderr)
        return 2
    return asyncio.run(_score_file(args, config))


async def _score_file(args: argparse.Namespace, config: HRMConfig) -> int:
    from judge_server.pipeline import ScoringPipeline

    console = Console(stderr=True)
    pipeline = ScoringPipeline(config)
    skip = done_ids(args.output)
    requests: list[ScoreRequest] = []
    failures: list[dict[str, Any]] = []
    for line in read_jsonl(args.input):
        if line.error is not None:
            failures.append({"id": f"line {line.number}", "error": line.error.to_dict()})
            continue
        assert line.data is not None
        data = dict(line.data)
        data.setdefault("id", f"line-{line.number}")
        if args.rubric:
            data.setdefault("rubric", args.rubric)
        if str(data["id"]) in skip:
            continue
        try:
            requests.append(pipeline.parse_request(data, item_id=str(data["id"])))
        except HRMError as exc:
            failures.append({"id": str(data["id"]), "error": exc.to_dict()})
    console.print(f"{len(requests)} to score, {len(skip)} already in {args.output}, "
                  f"{len(failures)} invalid; grader engine {config.engine.kind}")
    results: list[ScoreResult] = []
    try:
        with console.status("loading grader"):
            await pipeline.start()
        args.output.parent.mkdir(parents=True, exist_ok=True)
        sem = asyncio.Semaphore(max(1, args.concurrency))
        with args.output.open("ab") as out, progress(console) as bar:
            task = bar.add_task("scoring", total=len(requests))

            async def one(req: ScoreRequest) -> None:
                async with sem:
                    try:
                        res = await pipeline.score(req)
                    except HRMError as exc:
                        failures.append({"id": req.id, "error": exc.to_dict()})
                        append_jsonl(out, {"id": req.id, "error": exc.to_dict()})
                    else:
                        results.append(res)
                        append_jsonl(out, res.model_dump(mode="json"))
                    bar.advance(task)

            await asyncio.gather(*(one(r) for r in requests))
    except HRMError as exc:
        console.print(f"[red]hrm score: {exc}")
        return 1
    finally:
        await pipeline.close()
    print_summary(Console(), results, failures)
    return 1 if failures and not results else 0


def print_summary(console: Console, results: list[ScoreResult], failures: list[dict[str, Any]]) -> None:
    table = Table(title="HRM rewards")
    for col in ("id", "reward", "L1", "G_L2", "r_proc", "why", "calls", "s"):
        table.add_column(col, no_wrap=col != "why", overflow="ellipsis", max_width=60 if col == "why" else 28)
    for r in sorted(results, key=lambda r: str(r.id)):
        if r.judge_failed:
            why = f"JUDGE FAILED: {r.failure.cause if r.failure else ''}"
        elif r.l1 is not None and r.l1.passed is False:
            why = next((d.reason for d in r.l1.dimensions.values() if d.passed is False), "")
        else:
            why = ", ".join(f"{k}={v:.2f}" for k, v in r.components.items()) if r.components else ""
        table.add_row(str(r.id), "-" if r.reward is None else f"{r.reward:.3f}",
                      "-" if r.l1 is None else {True: "pass", False: "fail", None: "?"}[r.l1.passed],
                      "-" if r.l2 is None or r.l2.score is None else f"{r.l2.score:.2f}",
                      "-" if r.r_proc is None else f"{r.r_proc:.2f}", why[:70], str(r.llm_calls),
                      f"{r.timings_ms.get('total', 0) / 1000:.1f}")
    console.print(table)
    if failures:
        console.print(f"[red]{len(failures)} item(s) failed:")
        for f in failures:
            err = f["error"]
            console.print(f"  {f['id']}: {err.get('type')}: {err.get('message')}")


def cmd_rubrics(args: argparse.Namespace) -> int:
    from judge_server.rubric import RubricRegistry

    config = load_config(args.config)
    try:
        registry = RubricRegistry([config.rubrics_dir] if config.rubrics_dir else [])
    except HRMError as exc:
        print(f"hrm rubrics: {exc}", file=sys.stderr)
        return 2
    table = Table(title="Rubric packs")
    for col in ("id", "version", "composition", "checks", "description"):
        table.add_column(col)
    for info in registry.infos():
        table.add_row(info.id, info.version, info.composition, str(len(info.checks)), info.description[:80])
    Console().print(table)
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    schemas = {"request": ScoreRequest.model_json_schema(), "result": ScoreResult.model_json_schema(),
               "config": HRMConfig.model_json_schema()}
    out = schemas if args.what == "all" else schemas[args.what]
    sys.stdout.write(orjson.dumps(out, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0
