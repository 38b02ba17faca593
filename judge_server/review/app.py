"""The review UI and its JSON API, as a FastAPI router the service mounts (or a standalone app).

Pages are server-rendered (jinja2) with a little vanilla JS for keyboard shortcuts and label
posting; every form also works without JS. The JSON API lives under ``/review/api``. Every write
passes the CSRF guard (``review.csrf``); errors are typed (JSON through the service's one HTTP
error renderer for the API, pages for people).
"""

from __future__ import annotations

from contextlib import asynccontextmanager
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.responses import JSONResponse, RedirectResponse

from hrm_wire.errors import StoreError
from judge_server.config import LimitsConfig
from judge_server.errors.http_status import install_error_handlers
from judge_server.packs.registry import RubricRegistry
from judge_server.review.api import add_api
from judge_server.review.auth import ReviewAuth
from judge_server.review.csrf import CsrfGuard
from judge_server.review.pages import add_pages
from judge_server.review.web import PREFIX, route_class
from judge_server.store.store import JudgmentStore


def build_review_router(store: JudgmentStore, tokens: list[str] | None = None, *,
                        limits: LimitsConfig | None = None,
                        allowed_origins: list[str] | None = None,
                        registry: RubricRegistry | None = None) -> APIRouter:
    """The /review pages and /review/api JSON API over ``store`` (tokens: see ``review.auth``).

    ``limits``: the service's input policy (default ``LimitsConfig()``); ``allowed_origins``: origins
    besides the service's own that may post (a TLS proxy in front that rewrites Host); ``registry``: the
    packs the judgments were made with (the label export's question hashes; default: the shipped packs
    plus ``$HRM_RUBRICS_DIR``).
    """
    auth = ReviewAuth(tokens)
    guard = CsrfGuard(lambda: store.setting("csrf_key"), allowed_origins)
    router = APIRouter(prefix=PREFIX, route_class=route_class(guard))
    add_pages(router, store, auth, guard, limits)
    add_api(router, store, auth, limits, registry)
    return router


def build_review_app(store: JudgmentStore, tokens: list[str] | None = None, *,
                     own_store: bool = True, limits: LimitsConfig | None = None,
                     allowed_origins: list[str] | None = None,
                     registry: RubricRegistry | None = None) -> FastAPI:
    """A standalone app serving only the review UI (``hrm review``); closes the store on shutdown."""

    @asynccontextmanager
    async def lifespan(_app: FastAPI):  # type: ignore[no-untyped-def]
        if not store.started:
            store.start()
        yield
        if own_store:
            store.close()

    app = FastAPI(title="HRM review", lifespan=lifespan, docs_url=None, redoc_url=None)
    install_error_handlers(app)
    app.include_router(build_review_router(store, tokens, limits=limits, allowed_origins=allowed_origins,
                                           registry=registry))

    @app.get("/", include_in_schema=False)
    def root() -> RedirectResponse:
        return RedirectResponse(PREFIX, status_code=307)

    @app.get("/healthz", include_in_schema=False)
    def healthz() -> Any:
        try:
            return {"ok": True, "judgments": store.count()}
        except StoreError as exc:
            return JSONResponse({"ok": False, "error": exc.to_dict()}, status_code=503)

    return app
