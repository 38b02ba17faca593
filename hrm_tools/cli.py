"""The `hrm` command line: every subcommand, listed once in ``COMMANDS``.

Each command module adds its parsers (``add_parsers``) and imports what it runs only when it runs, so
``hrm --help`` works with any set of extras installed and a missing extra is named when its command starts.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from collections.abc import Sequence

#: the command modules, in the order `hrm --help` lists their commands
COMMANDS = (
    "hrm_tools.commands.score",      # score, rubrics, schema
    "hrm_tools.commands.evaluate",   # eval, report, compare
    "hrm_tools.commands.calibrate",  # calibrate
    "hrm_tools.commands.serve",      # serve
    "hrm_tools.commands.review",     # review
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hrm", description="HRM reward-model / LLM-judge service.")
    parser.add_argument("-v", "--verbose", action="store_true", help="Log at INFO level.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(name).add_parsers(sub)
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
    except ModuleNotFoundError as exc:
        # an optional extra is missing: say which command needs what, not a traceback
        print(f"hrm {args.command}: needs the Python package {exc.name!r}, which is not installed; see the "
              f"extras in the README (e.g. pip install 'hrm-judge[serve]')", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
