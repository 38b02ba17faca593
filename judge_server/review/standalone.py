"""The review UI served over a judgment store without the scoring service (``hrm review``)."""

from __future__ import annotations

import logging
import sys
import time
from pathlib import Path

from hrm_wire.errors import HRMError


def serve_review(*, db: str | None, host: str, port: int, tokens: list[str] | None,
                 allowed_origins: list[str] | None = None, rubrics_dir: str | None = None, demo: int = 0,
                 log_level: str = "info") -> int:
    """Serve /review over the store at ``db`` until interrupted; 2 when the store or packs cannot be opened."""
    import uvicorn
    from sqlalchemy.engine import make_url

    from judge_server.home import default_home
    from judge_server.packs.registry import RubricRegistry
    from judge_server.review.app import build_review_app
    from judge_server.store import JudgmentStore, StoreConfig

    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if not db and demo > 0:  # synthetic judgments never go into the store the service writes
        db = f"sqlite:///{default_home() / 'review-demo.db'}"
    config = StoreConfig(url=db) if db else StoreConfig()
    url = make_url(config.url)
    new_file = url.get_backend_name() == "sqlite" and bool(url.database) and not Path(url.database).exists()
    store = JudgmentStore(config)
    try:
        store.start()
    except HRMError as exc:
        print(f"hrm review: {exc}", file=sys.stderr)
        return 2
    if demo > 0:
        from judge_server.review.samples import sample_pairs
        for request, result in sample_pairs(demo, seed=int(time.time())):
            store.submit(request, result)
        store.flush()
        print(f"hrm review: added {demo} synthetic judgments (grader demo-samples) to this store", flush=True)
    elif new_file:
        print(f"hrm review: {url.database} did not exist: a new, empty store (the service's is "
              f"{default_home() / 'judgments.db'} unless its config names another)", flush=True)
    try:
        registry = RubricRegistry([Path(rubrics_dir)] if rubrics_dir else None)
    except HRMError as exc:
        print(f"hrm review: {exc}", file=sys.stderr)
        store.close()
        return 2
    app = build_review_app(store, tokens, allowed_origins=allowed_origins, registry=registry)
    shown = url.render_as_string(hide_password=True)
    print(f"hrm review: {shown} at http://{host}:{port}/review "
          f"(auth {'on' if tokens else 'off'})", flush=True)
    uvicorn.run(app, host=host, port=port, log_level=log_level)
    return 0
