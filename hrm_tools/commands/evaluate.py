"""``hrm eval``, ``hrm report`` and ``hrm compare``."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from typing import Any

from rich.console import Console

from hrm_tools.args import add_engine_args, given_engine_flags
from hrm_wire.errors import HRMError, InvalidRequest


def _eval(args: argparse.Namespace) -> int:
    from hrm_tools.eval.runner import ClientScorer, print_summary, run_eval

    console = Console(stderr=True)
    if os.path.abspath(args.input) == os.path.abspath(args.output):
        raise InvalidRequest("OUTPUT must differ from INPUT (records are appended to it)")
    if args.url:
        from hrm_client.client import AsyncJudgeClient
        from hrm_client.retry import RetryPolicy

        if flags := given_engine_flags(args):
            raise InvalidRequest(f"{', '.join(flags)} configure the in-process grader; with --url the service "
                                 "judges with its own (see `hrm serve --engine/--model/--config`)")
        client = AsyncJudgeClient(args.url, transport=args.transport, timeout=args.timeout, token=args.token,
                                  retry=RetryPolicy(max_attempts=args.max_attempts))
        scorer: Any = ClientScorer(client, timeout=args.timeout)
    else:
        from hrm_tools.local_scorer import LocalScorer

        scorer = LocalScorer.from_args(args)

    async def go() -> Any:
        try:
            if not args.url:
                await scorer.start()
            return await run_eval(args.input, args.output, scorer, runs=args.runs, concurrency=args.concurrency,
                                  resume=not args.restart, console=console, show_progress=not args.no_progress)
        finally:
            await scorer.close()

    try:
        summary = asyncio.run(go())
    except KeyboardInterrupt:
        console.print(f"interrupted: finished runs are in {args.output}; rerun the same command to resume")
        return 130
    print_summary(summary, args.output, console)
    return 1 if summary.failed else 0


def _report(args: argparse.Namespace) -> int:
    from hrm_tools.report.report import run_report

    run_report(args.input, json_path=args.json, html_path=args.html, service_url=args.service_url,
               items_path=args.items, full=args.full)
    return 0


def _compare(args: argparse.Namespace) -> int:
    from pathlib import Path

    import orjson

    from hrm_tools.report.compare import MIN_ITEMS, compare, print_compare
    from hrm_tools.report.compare_html import write_compare_html

    result = compare(args.a, args.b, n_boot=args.bootstrap, seed=args.seed, level=args.level,
                     min_items=MIN_ITEMS if args.min_items is None else args.min_items)
    print_compare(result, full=args.full)
    html_path = Path(args.html) if args.html else Path(args.b).with_suffix(".compare.html")
    write_compare_html(result, html_path)
    written = [str(html_path)]
    if args.json:
        with open(args.json, "wb") as fh:
            fh.write(orjson.dumps(result, option=orjson.OPT_INDENT_2))
        written.append(args.json)
    Console().print(f"wrote {' and '.join(written)}", highlight=False, soft_wrap=True)
    return 0


def _guard(fn: Any) -> Any:
    def run(args: argparse.Namespace) -> int:
        try:
            return fn(args)
        except HRMError as exc:
            print(f"hrm {args.command}: {type(exc).__name__}: {exc}", file=sys.stderr)
            return 2
    return run


def add_parsers(sub: Any) -> None:
    """``hrm eval``, ``hrm report``, ``hrm compare``."""
    p = sub.add_parser("eval", help="Score every run of every item of a multi-run JSONL file.",
                       description="Score every run of every item (format: docs/users/eval.md) against a running "
                                   "service (--url) or in-process, appending one record per run to OUTPUT. "
                                   "Rerunning resumes: finished runs are kept, errored ones are retried.")
    p.add_argument("input", help="Input JSONL: one item per line, each with R runs.")
    p.add_argument("-o", "--output", required=True, help="Output JSONL of run records (appended on resume).")
    p.add_argument("--url", help="Service URL: host:port or grpc://host:port (gRPC), http(s)://... (HTTP). "
                                 "Without it, scores in-process with the core pipeline.")
    p.add_argument("--transport", choices=("grpc", "http"), help="Override the transport inferred from --url.")
    p.add_argument("--token", help="Bearer token for the service.")
    p.add_argument("--runs", type=int, help="Score the first R runs of every item; items with fewer fail.")
    p.add_argument("--concurrency", type=int, default=8, help="Runs in flight at once (default 8).")
    p.add_argument("--timeout", type=float, default=None, help="Seconds allowed per run, retries included.")
    p.add_argument("--max-attempts", type=int, default=4, help="Attempts per run on retryable errors (remote).")
    add_engine_args(p)
    p.add_argument("--restart", action="store_true", help="Overwrite OUTPUT instead of resuming.")
    p.add_argument("--no-progress", action="store_true", help="No progress bar.")
    p.set_defaults(func=_guard(_eval))

    p = sub.add_parser("report", help="Metrics of an eval output: table, JSON and HTML with plots.")
    p.add_argument("input", help="Output JSONL of `hrm eval` or `hrm score`.")
    p.add_argument("--json", help="JSON path (default INPUT with .report.json).")
    p.add_argument("--html", help="HTML path (default INPUT with .report.html).")
    p.add_argument("--service-url", help="HTTP URL of the HRM service whose store holds these judgments: the HTML "
                                         "links each failed run to its review page there.")
    p.add_argument("--items", help="The input the output was scored from (hrm eval items or hrm score requests): "
                                   "adds tool calls and policy turns per run, per category (Efficiency section; "
                                   "without it only reasoning tokens), and the categories an hrm score output "
                                   "lacks.")
    p.add_argument("--full", action="store_true", help="Print every metric on the terminal, per-check rates "
                                                       "included (the HTML and JSON always have them).")
    p.set_defaults(func=_guard(_report))

    p = sub.add_parser("compare", help="Two eval outputs side by side with paired bootstrap CIs.",
                       description="Pairs items by id; B - A with a paired bootstrap percentile CI per metric and "
                                   "category. A difference is called significant only with at least --min-items "
                                   "paired items and a CI that excludes 0. Writes an HTML view beside B.")
    p.add_argument("a", help="Baseline output JSONL (A).")
    p.add_argument("b", help="Candidate output JSONL (B); differences are B - A.")
    p.add_argument("--bootstrap", type=int, default=1000, help="Bootstrap replicates (default 1000).")
    p.add_argument("--seed", type=int, default=0, help="Bootstrap seed.")
    p.add_argument("--level", type=float, default=0.95, help="Confidence level (default 0.95).")
    p.add_argument("--min-items", type=int, default=None,
                   help="Fewest paired items for a difference to be called significant (default 10; see "
                        "docs/users/eval.md for why).")
    p.add_argument("--full", action="store_true", help="Every metric of every category (default: the overall "
                                                       "headline metrics and any significant row).")
    p.add_argument("--html", help="HTML path (default B with .compare.html).")
    p.add_argument("--json", help="Also write the comparison as JSON here.")
    p.set_defaults(func=_guard(_compare))
