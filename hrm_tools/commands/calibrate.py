"""``hrm calibrate``: judge a labelled set, report judge-vs-label agreement, fit per-check thresholds.

The work is in ``hrm_tools.calibrate`` (``run``: judging and metrics; ``fit``: thresholds).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

from hrm_tools.args import add_engine_args
from hrm_tools.calibrate import run as calibrate_run
from hrm_tools.calibrate.fit import fit_from_labels
from hrm_tools.calibrate.run import calibrate
from hrm_wire.errors import HRMError


def _handler(args: argparse.Namespace) -> int:
    try:
        if args.from_labels:
            return fit_from_labels(args)
        return asyncio.run(calibrate(args))
    except HRMError as exc:
        print(f"error: {type(exc).__name__}: {exc.message}", file=sys.stderr)
        return 2


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rubric", default="smartshop", help="Rubric pack to calibrate (default smartshop).")
    add_engine_args(p)
    p.add_argument("--l1-only", action="store_true", help="Judge only the L1 checks (skip L2 and process).")
    p.add_argument("--short-circuit", action="store_true",
                   help="Keep L1 short-circuiting on (cheaper, but dimensions after a rule failure get no verdict).")
    p.add_argument("--cache-dir", type=Path, default=None, help="Verdict cache directory for this run.")
    p.add_argument("--limit", type=int, default=0, help="Only the first N items.")
    p.add_argument("--all-tiers", action="store_true",
                   help="Ask every tier of a cascade every question (labelled verdicts for each grader).")
    p.add_argument("--ask-where-rules-decide", action="store_true",
                   help="Ask the grader every LLM question even where a rule settled the check (its verdict is "
                        "recorded for --fit, never used), so thresholds are fitted on the flaws rules catch too.")
    p.add_argument("--fit", default=None, metavar="OUT.json",
                   help="Fit per-check confidence thresholds on this run and write the calibration file.")
    p.add_argument("--target", type=float, default=0.9, help="Wanted agreement on decided items (default 0.9).")
    p.add_argument("--delta", type=float, default=0.1,
                   help="Allowed probability that the agreement guarantee fails (default 0.1).")
    p.add_argument("--method", default="fixed_sequence_binomial",
                   choices=["fixed_sequence_binomial", "holdout_empirical"],
                   help="Threshold rule (see judge_server.thresholds.fit).")
    p.add_argument("--pooled", action="store_true",
                   help="One threshold per check for both verdicts (default: one per verdict, pass and fail, "
                        "each at delta/2; see judge_server.thresholds.fit).")


def add_parsers(subparsers: Any) -> None:
    p = subparsers.add_parser("calibrate", help="Judge a labelled dev set, report agreement, fit thresholds.",
                              description=calibrate_run.__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("devset", nargs="?", default=None,
                   help="Dev set JSONL (ScoreRequest + labels per line; see docs/guides/calibration.md).")
    p.add_argument("--from-labels", default=None, metavar="EXPORT",
                   help="Fit thresholds (--fit) from the review store's label export (/review/api/labels, JSONL "
                        "or CSV) instead of judging a set: each labelled grader verdict of the pack's current "
                        "questions is one observation (see judge_server.thresholds.label_export).")
    p.add_argument("--grader", default=None,
                   help="With --from-labels: grader model id for rows without judge_tier (older exports).")
    p.add_argument("--out", default="calibration", help="Output folder (results.jsonl, report.json, curve PNG).")
    p.add_argument("--resume", action="store_true", help="Keep OUT/results.jsonl and judge only missing items.")
    p.add_argument("--ask-all", action="store_true",
                   help="Ask every question of the pack whatever the gates (L1 exhaustive, L2 and process always): "
                        "with --engine batch one export round holds all of an item's questions.")
    add_arguments(p)
    p.set_defaults(func=_handler)
