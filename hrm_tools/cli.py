"""The `hrm` command line. Core commands live here; other parts add theirs through `add_parsers`."""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from collections.abc import Sequence
from typing import Any

# Modules that contribute subcommands when their extras are installed.
COMMAND_MODULES = (
    "hrm_tools.commands.score",
    "judge_server.serve.cli",
    "hrm_tools.commands.evaluate",
    "judge_server.review.cli",
    "hrm_tools.calibrate.run",
)


def local_scorer(args: argparse.Namespace) -> Any:
    """The in-process scorer for `hrm eval` without --url (the client package cannot build one itself)."""
    from hrm_tools.args import engine_overrides
    from hrm_tools.local_scorer import LocalScorer

    return LocalScorer.from_file(args.config, engine_overrides(args), timeout=args.timeout)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hrm", description="HRM reward-model / LLM-judge service.")
    parser.add_argument("-v", "--verbose", action="store_true", help="Log at INFO level.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ImportError as exc:
            # A missing optional extra (ray, grpc, sqlalchemy...) removes only its own commands.
            logging.getLogger(__name__).debug("commands of %s unavailable: %s", name, exc)
            continue
        if name == "hrm_tools.commands.evaluate":
            module.add_parsers(sub, local_scorer=local_scorer)
        else:
            module.add_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
