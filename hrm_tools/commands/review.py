"""``hrm review``: serve the annotator review UI over a judgment store, without the scoring service."""

from __future__ import annotations

import argparse
import os


def add_parsers(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = subparsers.add_parser(
        "review", help="serve the annotator review UI over a judgment store",
        description="Serve /review (judgment list, item view with labelling, calibration) over a store "
                    "database, standalone. Tokens turn auth on: 'secret' or 'name:secret' entries.")
    p.add_argument("--db", default=None,
                   help="SQLAlchemy URL of the store (default sqlite:///$HRM_HOME/judgments.db)")
    p.add_argument("--host", default="127.0.0.1", help="bind address (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8765, help="port (default 8765)")
    p.add_argument("--token", action="append", default=None, metavar="TOKEN",
                   help="annotator token, repeatable; also HRM_REVIEW_TOKENS (comma-separated)")
    p.add_argument("--allowed-origin", action="append", default=None, metavar="ORIGIN",
                   help="origin besides this server's own that may post labels, repeatable (e.g. "
                        "https://review.example behind a proxy that rewrites Host)")
    p.add_argument("--rubrics-dir", default=None, metavar="DIR",
                   help="extra folder of rubric packs the judgments were made with (the label export's "
                        "question hashes; also HRM_RUBRICS_DIR)")
    p.add_argument("--demo", type=int, default=0, metavar="N",
                   help="first add N synthetic judgments (grader 'demo-samples') to try the UI; without --db "
                        "they go to $HRM_HOME/review-demo.db, never the service's store")
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    p.set_defaults(func=run)


def tokens_from(args_tokens: list[str] | None, environ: dict[str, str] | None = None) -> list[str] | None:
    env = (environ if environ is not None else os.environ).get("HRM_REVIEW_TOKENS", "")
    tokens = [t for t in (args_tokens or []) if t.strip()] + [t for t in env.split(",") if t.strip()]
    return tokens or None


def run(args: argparse.Namespace) -> int:
    from judge_server.review.standalone import serve_review

    return serve_review(db=args.db, host=args.host, port=args.port, tokens=tokens_from(args.token),
                        allowed_origins=args.allowed_origin, rubrics_dir=args.rubrics_dir, demo=args.demo,
                        log_level=args.log_level)


def main(argv: list[str] | None = None) -> int:
    """``python -m hrm_tools.commands.review ARGS``: the same as ``hrm review ARGS``."""
    import sys

    parser = argparse.ArgumentParser(prog="hrm")
    add_parsers(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["review", *(argv if argv is not None else sys.argv[1:])])
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
