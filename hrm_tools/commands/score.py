"""`hrm score`, `hrm rubrics`, `hrm schema`: the core commands.

`hrm score` runs the batch driver (``hrm_tools.batch``) with the in-process scorer
(``hrm_tools.local_scorer``); its output lines are ScoreResults, which `hrm report` also reads.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from textwrap import shorten
from typing import Any

import orjson
from rich.console import Console
from rich.table import Table

from hrm_tools.args import add_engine_args, engine_overrides
from hrm_tools.batch import BatchOutcome, Failure, Job, print_failures, run_batch
from hrm_tools.jsonl import read_jsonl
from hrm_wire.errors import HRMError
from hrm_wire.models import HRMDetail, ItemsDetail, ScoreRequest, ScoreResult
from judge_server.config import HRMConfig, load_config

#: below this terminal width the summary is a per-item list instead of a table
WIDE = 100
SCHEMAS = ("request", "result", "config", "serve", "all")


def add_parsers(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("score", help="Score a JSONL file of trajectories in process.",
                       description="Score every line of INPUT (one ScoreRequest per line) and append one "
                                   "ScoreResult line per request to OUTPUT. Re-running the same command resumes: "
                                   "requests already in OUTPUT are skipped, errored ones retried. `hrm report "
                                   "OUTPUT` gives the metrics and the HTML report.")
    p.add_argument("input", type=Path, help="JSONL file of ScoreRequest objects.")
    p.add_argument("-o", "--output", type=Path, required=True, help="JSONL file to append results to.")
    add_engine_args(p)
    p.add_argument("--rubric", help="Rubric pack for lines that do not name one (default: smartshop).")
    p.add_argument("--concurrency", type=int, default=2, help="Trajectories judged at once (default 2).")
    p.add_argument("--restart", action="store_true", help="Overwrite OUTPUT instead of resuming.")
    p.add_argument("--no-progress", action="store_true", help="No progress bar.")
    p.add_argument("--strict", action="store_true", help="Exit 1 when any line could not be judged (bad input or an "
                                                        "error); by default only when none could.")
    p.set_defaults(func=cmd_score)

    r = sub.add_parser("rubrics", help="List the rubric packs.")
    r.add_argument("--config", type=Path, help="YAML config (rubrics_dir).")
    r.set_defaults(func=cmd_rubrics)

    s = sub.add_parser("schema", help="Print the JSON schema of the data model or a config.",
                       description="request / result: the wire models; config: the core HRMConfig (engine, "
                                   "cache, judge, limits); serve: the whole service config (ServeConfig: "
                                   "transports, sizing, auth tokens, store, review UI, plus `hrm` = HRMConfig).")
    s.add_argument("what", nargs="?", default="all", choices=SCHEMAS)
    s.set_defaults(func=cmd_schema)


def config_from_args(args: argparse.Namespace) -> HRMConfig:
    return load_config(getattr(args, "config", None), overrides=engine_overrides(args))


def cmd_score(args: argparse.Namespace) -> int:
    from hrm_tools.local_scorer import LocalScorer

    if not args.input.exists():
        print(f"hrm score: no such file {args.input}", file=sys.stderr)
        return 2
    if args.output.resolve() == args.input.resolve():
        print("hrm score: OUTPUT must differ from INPUT (results are appended to it)", file=sys.stderr)
        return 2
    try:
        scorer = LocalScorer.from_config(config_from_args(args))
    except HRMError as exc:
        print(f"hrm score: {exc}", file=sys.stderr)
        return 2
    return asyncio.run(_score_file(args, scorer))


def read_requests(path: Path, scorer: Any, rubric: str | None) -> tuple[list[ScoreRequest], list[Failure]]:
    """The requests of INPUT and a Failure per line that is not one (bad JSON, invalid, duplicate id)."""
    requests: list[ScoreRequest] = []
    bad: list[Failure] = []
    seen: set[str] = set()
    for line in read_jsonl(path):
        if line.error is not None:
            bad.append(Failure(f"line {line.number}", "bad input", line.error.code, line.error.message))
            continue
        assert line.data is not None
        data = dict(line.data)
        data.setdefault("id", f"line-{line.number}")
        data["id"] = str(data["id"])
        if rubric:
            data.setdefault("rubric", rubric)
        if data["id"] in seen:
            bad.append(Failure(data["id"], "bad input", "invalid_request", f"line {line.number}: duplicate id"))
            continue
        seen.add(data["id"])
        try:
            requests.append(scorer.parse(data, item_id=data["id"]))
        except HRMError as exc:
            bad.append(Failure(data["id"], "bad input", exc.code, f"line {line.number}: {exc}"))
    return requests, bad


def _line(job: Job, result: ScoreResult | None, error: HRMError | None, seconds: float) -> dict[str, Any]:
    if result is not None:
        return result.model_dump(mode="json")
    assert error is not None
    return {"id": job.key, "rubric": job.request.rubric, "error": error.to_dict()}


def _is_result(line: dict[str, Any]) -> bool:
    return "rubric_version" in line and "item_id" not in line


def _is_final(line: dict[str, Any]) -> bool:
    """A result kept on resume: one still awaiting grader answers is judged again (its answers may be in now)."""
    return _is_result(line) and not line.get("awaiting_answers")


async def _score_file(args: argparse.Namespace, scorer: Any) -> int:
    console = Console(stderr=True)
    requests, bad = read_requests(args.input, scorer, args.rubric)
    jobs = [Job(key=str(r.id), request=r) for r in requests]
    console.print(f"{len(jobs)} requests in {args.input}, {len(bad)} invalid; grader {scorer.describe()}",
                  highlight=False)
    try:
        if jobs:
            await scorer.start()
        outcome = await run_batch(jobs, args.output, scorer.score, concurrency=args.concurrency,
                                  resume=not args.restart, to_line=_line, keep=_is_final, bad_input=bad,
                                  console=console, show_progress=not args.no_progress)
    except HRMError as exc:
        console.print(f"[red]hrm score: {exc}", highlight=False)
        return 1
    finally:
        await scorer.close()
    results = [ScoreResult.model_validate(line) for line in outcome.lines.values() if _is_result(line)]
    print_summary(Console(), results, outcome)
    awaiting = sum(r.awaiting_answers for r in results)
    if awaiting:
        engine = scorer.pipeline.engine
        exported = getattr(engine, "requests_path", None)
        console.print(f"{awaiting} judgment(s) await the grader's answers; the questions are in {exported}. Answer "
                      "them (a Batch API output file, or {custom_id, content} lines), then run the same command with "
                      "--answers FILE: the rest is exported again until every answer is in.", highlight=False,
                      soft_wrap=True)
    console.print(f"results: {args.output} ({len(outcome.new)} written now, {len(outcome.kept)} kept from an "
                  "earlier run)", highlight=False)
    console.print(f"metrics and HTML report: hrm report {args.output}", highlight=False, soft_wrap=True)
    return 1 if outcome.errors and (args.strict or not results) else 0


def _why(r: ScoreResult) -> str:
    if r.judge_failed:
        return f"JUDGE FAILED: {r.failure.cause if r.failure else ''}"
    if r.abstained:
        return f"ABSTAINED: {r.abstention.cause if r.abstention else ''}"
    hrm = r.detail_as(HRMDetail)
    if hrm is not None and hrm.l1 is not None and hrm.l1.passed is False:
        return next((d.reason for d in hrm.l1.dimensions.values() if d.passed is False), "")
    items = r.detail_as(ItemsDetail)
    if items is not None:
        if items.vetoed_by:
            return f"vetoed by {items.vetoed_by}: {r.checks[items.vetoed_by].reason}"
        # what kept the reward from its best: positive items below the top answer, pitfalls present, n/a ones
        notes = [f"{i}={v.answer}" for i, v in items.items.items() if v.score is not None
                 and (v.score < 1 if v.weight > 0 else v.score > 0)]
        notes += [f"{i} n/a" for i, v in items.items.items() if v.status == "not_applicable"]
        return "; ".join(filter(None, [", ".join(notes), "" if items.calibrated else "uncalibrated items"]))
    return ", ".join(f"{k}={v:.2f}" for k, v in r.scores.items()) if hrm is None and r.scores else ""


def _cells(r: ScoreResult) -> dict[str, str]:
    hrm = r.detail_as(HRMDetail)
    return {"id": str(r.id), "reward": "-" if r.reward is None else f"{r.reward:.3f}",
            "L1": "-" if hrm is None or hrm.l1 is None else {True: "pass", False: "fail", None: "?"}[hrm.l1.passed],
            "G_L2": "-" if hrm is None or hrm.l2 is None or hrm.l2.score is None else f"{hrm.l2.score:.2f}",
            "r_proc": "-" if hrm is None or hrm.r_proc is None else f"{hrm.r_proc:.2f}", "calls": str(r.llm_calls),
            "s": f"{r.timings_ms.get('total', 0) / 1000:.1f}"}


def print_summary(console: Console, results: list[ScoreResult], outcome: BatchOutcome | None = None) -> None:
    """Every result of the output file (a resumed run included): a table on a wide terminal, else a
    per-item list that fits 80 columns."""
    results = sorted(results, key=lambda r: str(r.id))
    decided = [r for r in results if r.reward is not None]
    if console.width >= WIDE:
        table = Table(title="HRM rewards")
        for col in ("id", "reward", "L1", "G_L2", "r_proc", "calls", "s"):
            table.add_column(col, no_wrap=True, overflow="ellipsis", max_width=28)
        table.add_column("why", overflow="fold", ratio=1)
        for r in results:
            c = _cells(r)
            table.add_row(*(c[k] for k in ("id", "reward", "L1", "G_L2", "r_proc", "calls", "s")),
                          shorten(_why(r), 160, placeholder=" …"))
        console.print(table)
    else:
        console.print("[bold]HRM rewards[/]", highlight=False)
        for r in results:
            c = _cells(r)
            console.print(f"[bold]{c['id']}[/]", highlight=False, overflow="fold")
            hrm = "" if r.detail_as(HRMDetail) is None else f"  L1 {c['L1']}  G_L2 {c['G_L2']}  r_proc {c['r_proc']}"
            console.print(f"    reward {c['reward']}{hrm}  {c['calls']} calls  {c['s']} s", highlight=False,
                          overflow="fold")
            if why := _why(r):
                note = shorten(why, 160, placeholder=" …")
                console.print(f"    {note}", highlight=False, overflow="fold")
    console.print(f"{len(results)} results, {len(decided)} with a reward (coverage "
                  f"{100 * len(decided) / len(results) if results else 0:.0f}%)", highlight=False)
    if outcome is not None:
        print_failures(outcome, console)


def cmd_rubrics(args: argparse.Namespace) -> int:
    from judge_server.packs.registry import RubricRegistry

    try:
        config = load_config(args.config)
        registry = RubricRegistry([config.rubrics_dir] if config.rubrics_dir else [])
    except HRMError as exc:
        print(f"hrm rubrics: {exc}", file=sys.stderr)
        return 2
    if not registry.infos():
        from judge_server.packs.registry import PACKS_DIR

        print(f"hrm rubrics: no rubric pack found (looked in {PACKS_DIR}, $HRM_RUBRICS_DIR and the config's "
              "rubrics_dir)", file=sys.stderr)
        return 1
    table = Table(title="Rubric packs")
    for col in ("id", "version", "composition", "checks"):
        table.add_column(col, no_wrap=True)
    table.add_column("description", overflow="fold", ratio=1)
    for info in registry.infos():
        table.add_row(info.id, info.version, info.composition, str(len(info.checks)), shorten(info.description, 120, placeholder=" …"))
    Console().print(table)
    return 0


def serve_schema() -> dict[str, Any]:
    """ServeConfig's schema with the store section spelled out (the field is typed loosely so that the
    config imports without the store's optional dependencies)."""
    from judge_server.serve.config import ServeConfig

    schema = ServeConfig.model_json_schema()
    try:
        from judge_server.store.config import StoreConfig
    except ImportError:
        return schema
    store = StoreConfig.model_json_schema()
    schema.setdefault("$defs", {}).update(store.pop("$defs", {}))
    schema["$defs"]["StoreConfig"] = store
    field = schema["properties"]["store"]
    schema["properties"]["store"] = {"anyOf": [{"$ref": "#/$defs/StoreConfig"}, {"type": "boolean"}, {"type": "null"}],
                                     "default": None, "description": field.get("description", "")}
    return schema


def cmd_schema(args: argparse.Namespace) -> int:
    makers = {"request": ScoreRequest.model_json_schema, "result": ScoreResult.model_json_schema,
              "config": HRMConfig.model_json_schema, "serve": serve_schema}
    if args.what == "all":
        out: Any = {k: f() for k, f in makers.items()}
    else:
        out = makers[args.what]()
    sys.stdout.write(orjson.dumps(out, option=orjson.OPT_INDENT_2).decode() + "\n")
    return 0
