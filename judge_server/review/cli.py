"""``hrm review``: serve the review UI over a judgment store, without the scoring service."""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from pathlib import Path

from hrm_wire.errors import HRMError


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
                   help="first add N synthetic judgments (grader 'demo-samples') to try the UI")
    p.add_argument("--log-level", default="info", choices=["debug", "info", "warning", "error"])
    p.set_defaults(func=run)


def tokens_from(args_tokens: list[str] | None, environ: dict[str, str] | None = None) -> list[str] | None:
    env = (environ if environ is not None else os.environ).get("HRM_REVIEW_TOKENS", "")
    tokens = [t for t in (args_tokens or []) if t.strip()] + [t for t in env.split(",") if t.strip()]
    return tokens or None


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from judge_server.packs.registry import RubricRegistry
    from judge_server.review.app import build_review_app
    from judge_server.store import JudgmentStore, StoreConfig

    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    config = StoreConfig(url=args.db) if args.db else StoreConfig()
    store = JudgmentStore(config)
    try:
        store.start()
    except HRMError as exc:
        print(f"hrm review: {exc}", file=sys.stderr)
        return 2
    if args.demo > 0:
        from judge_server.review.samples import sample_pairs
        for request, result in sample_pairs(args.demo, seed=int(time.time())):
            store.submit(request, result)
        store.flush()
    tokens = tokens_from(args.token)
    try:
        registry = RubricRegistry([Path(args.rubrics_dir)] if args.rubrics_dir else None)
    except HRMError as exc:
        print(f"hrm review: {exc}", file=sys.stderr)
        store.close()
        return 2
    app = build_review_app(store, tokens, allowed_origins=args.allowed_origin, registry=registry)
    from sqlalchemy.engine import make_url
    shown = make_url(config.url).render_as_string(hide_password=True)
    print(f"hrm review: {shown} at http://{args.host}:{args.port}/review "
          f"(auth {'on' if tokens else 'off'})", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="hrm")
    add_parsers(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["review", *(argv if argv is not None else sys.argv[1:])])
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
