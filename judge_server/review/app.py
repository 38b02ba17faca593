"""The review UI and its JSON API, as a FastAPI router the service mounts (or a standalone app).

Pages are server-rendered (jinja2) with a little vanilla JS for keyboard shortcuts and label
posting; every form also works without JS. The JSON API lives under ``/review/api``.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlencode

import jinja2
from fastapi import APIRouter, FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse
from fastapi.routing import APIRoute
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from hrm_wire.errors import HRMError, InvalidRequest, StoreError, Unauthenticated
from judge_server.agreement import PAPER_KAPPA_L1, PAPER_RHO_L2
from judge_server.review.auth import NAME_COOKIE, TOKEN_COOKIE, ReviewAuth
from judge_server.review.calibration import compute_calibration
from judge_server.review.exchange import (
    AGREEMENT_COLUMNS,
    LABEL_COLUMNS,
    MAX_IMPORT_BYTES,
    export_label_rows,
    import_labels,
    to_csv,
    to_jsonl,
)
from judge_server.review.view import fmt, response_segments, target_views, trajectory_view
from judge_server.store.records import JudgmentQuery, LabelInput
from judge_server.store.store import JudgmentStore

log = logging.getLogger(__name__)

PREFIX = "/review"
_HERE = Path(__file__).parent
_STATIC = {"review.js": "text/javascript", "review.css": "text/css"}
_FILTER_KEYS = ("rubric", "category", "l1", "judge_failed", "low_confidence", "labelled", "annotator",
                "disagreement", "q", "sort", "limit")

_env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(_HERE / "templates")),
                          autoescape=jinja2.select_autoescape(["html"]), undefined=jinja2.StrictUndefined)
_env.filters["fmt"] = fmt
_env.filters["when"] = lambda ts: time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(ts))
_env.globals["paper_kappa"] = PAPER_KAPPA_L1
_env.globals["paper_rho"] = PAPER_RHO_L2


def _is_api(request: Request) -> bool:
    return request.url.path.startswith(_base(request) + "/api/")


def _base(request: Request) -> str:
    return request.scope.get("root_path", "").rstrip("/") + PREFIX


def _error_response(request: Request, exc: HRMError) -> Response:
    if _is_api(request):
        headers = {"WWW-Authenticate": "Bearer"} if isinstance(exc, Unauthenticated) else None
        return JSONResponse({"error": exc.to_dict()}, status_code=exc.http_status, headers=headers)
    if isinstance(exc, Unauthenticated):
        target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        return RedirectResponse(f"{_base(request)}/login?next={quote(target)}", status_code=303)
    html = _env.get_template("error.html").render(base=_base(request), me=None, auth=False, error=exc)
    return HTMLResponse(html, status_code=exc.http_status)


def _validation_error(exc: ValidationError | RequestValidationError) -> InvalidRequest:
    err = exc.errors()[0] if exc.errors() else {"msg": str(exc), "loc": ()}
    loc = [str(p) for p in err.get("loc", ()) if p not in ("body", "query")]
    return InvalidRequest(str(err.get("msg")), field=".".join(loc) or None)


class _ReviewRoute(APIRoute):
    """Turns HRM errors (and validation errors) into JSON for the API and pages for people."""

    def get_route_handler(self) -> Callable[[Request], Awaitable[Response]]:
        original = super().get_route_handler()

        async def handler(request: Request) -> Response:
            try:
                return await original(request)
            except HRMError as exc:
                return _error_response(request, exc)
            except (ValidationError, RequestValidationError) as exc:
                return _error_response(request, _validation_error(exc))

        return handler


def _query_from(params: dict[str, str]) -> JudgmentQuery:
    data = {k: v for k, v in params.items() if v != "" and k in (*_FILTER_KEYS, "offset")}
    return JudgmentQuery.model_validate(data)


def _filters_qs(params: dict[str, str], **changes: Any) -> str:
    merged = {k: v for k, v in params.items() if k in (*_FILTER_KEYS, "offset") and v != ""}
    for k, v in changes.items():
        if v is None:
            merged.pop(k, None)
        else:
            merged[k] = str(v)
    return urlencode(merged)


async def _form(request: Request) -> dict[str, str]:
    body = await request.body()
    if len(body) > MAX_IMPORT_BYTES:
        raise InvalidRequest("form is too large", field="body")
    return {k: v[-1] for k, v in parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True).items()}


def _safe_next(base: str, target: str | None) -> str:
    # Only same-site paths under the review UI: never an open redirect.
    if target and target.startswith(base) and not target.startswith("//"):
        return target
    return base


def build_review_router(store: JudgmentStore, tokens: list[str] | None = None) -> APIRouter:
    """The /review pages and /review/api JSON API over ``store`` (tokens: see ``review.auth``)."""
    auth = ReviewAuth(tokens)
    router = APIRouter(prefix=PREFIX, route_class=_ReviewRoute)

    def page(request: Request, template: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        ident = auth.identify(request)
        html = _env.get_template(template).render(base=_base(request), me=ident.annotator,
                                                  auth=auth.enabled, signed_in=ident.authenticated, **ctx)
        return HTMLResponse(html, status_code=status)

    # ---------------------------------------------------------------- pages

    @router.get("", response_class=HTMLResponse, include_in_schema=False)
    @router.get("/", response_class=HTMLResponse, include_in_schema=False)
    def list_page(request: Request) -> HTMLResponse:
        auth.require_reader(request)
        params = dict(request.query_params)
        q = _query_from(params)
        result = store.list_judgments(q)
        pages = max(1, math.ceil(result.total / q.limit))
        return page(request, "list.html", page=result, q=q, facets=store.facets(), params=params,
                    qs=lambda **c: _filters_qs(params, **c), pages=pages, current=q.offset // q.limit + 1,
                    item_qs=_filters_qs(params, offset=None))

    @router.get("/item/{uid}", response_class=HTMLResponse, include_in_schema=False)
    def item_page(uid: str, request: Request) -> HTMLResponse:
        ident = auth.require_reader(request)
        params = dict(request.query_params)
        stored = store.get_judgment(uid)
        prev_uid, next_uid = store.neighbours(uid, _query_from(params))
        return page(request, "item.html", j=stored, req=stored.request, res=stored.result,
                    segments=response_segments(stored.request), traj=trajectory_view(stored.request),
                    targets=target_views(stored.result, stored.labels, ident.annotator),
                    annotators=sorted({lab.annotator for lab in stored.labels}),
                    prev_uid=prev_uid, next_uid=next_uid, item_qs=_filters_qs(params, offset=None),
                    saved=params.get("saved"))

    @router.post("/item/{uid}/labels", include_in_schema=False)
    async def item_labels_form(uid: str, request: Request) -> Response:
        form = await _form(request)
        annotator = auth.require_annotator(request, form.get("annotator") or None)
        labels = []
        for key, value in form.items():
            if key.startswith("verdict__") and value in ("pass", "fail"):
                target = key[len("verdict__"):]
                labels.append(LabelInput(target=target, verdict=value == "pass",
                                         comment=form.get(f"comment__{target}", "")))
        await run_in_threadpool(store.put_labels, uid, annotator, labels)
        back = form.get("back") or ""
        sep = "&" if back else ""
        return RedirectResponse(f"{_base(request)}/item/{quote(uid)}?{back}{sep}saved={len(labels)}",
                                status_code=303)

    @router.get("/calibration", response_class=HTMLResponse, include_in_schema=False)
    def calibration_page(request: Request) -> HTMLResponse:
        auth.require_reader(request)
        rubric = request.query_params.get("rubric") or None
        annotator = request.query_params.get("annotator") or None
        cal = compute_calibration(store.label_rows(rubric=rubric, annotators=[annotator] if annotator else None))
        return page(request, "calibration.html", cal=cal, facets=store.facets(), rubric=rubric,
                    annotator=annotator, qs=urlencode({k: v for k, v in (("rubric", rubric),
                                                                        ("annotator", annotator)) if v}),
                    report=None)

    @router.post("/calibration/import", response_class=HTMLResponse, include_in_schema=False)
    async def calibration_import_form(request: Request) -> HTMLResponse:
        form = await _form(request)
        ident = auth.require_reader(request)
        name = ident.annotator or form.get("annotator") or None
        report = await run_in_threadpool(import_labels, store, form.get("data", ""), name, ident.fixed_name)
        cal = await run_in_threadpool(lambda: compute_calibration(store.label_rows()))
        return page(request, "calibration.html", cal=cal, facets=store.facets(), rubric=None, annotator=None,
                    qs="", report=report)

    @router.get("/login", response_class=HTMLResponse, include_in_schema=False)
    def login_page(request: Request) -> HTMLResponse:
        return page(request, "login.html", next=_safe_next(_base(request), request.query_params.get("next")),
                    error=None)

    @router.post("/login", include_in_schema=False)
    async def login(request: Request) -> Response:
        form = await _form(request)
        base = _base(request)
        nxt = _safe_next(base, form.get("next"))
        token = form.get("token", "").strip()
        name = form.get("annotator", "").strip()
        if auth.enabled:
            ok, fixed = auth.check_token(token)
            if not ok:
                return page(request, "login.html", status=401, next=nxt, error="That token is not valid.")
            name = fixed or name
        if not name:
            return page(request, "login.html", status=422, next=nxt, error="Enter your name.")
        try:
            from judge_server.store.store import check_annotator
            name = check_annotator(name)
        except InvalidRequest as exc:
            return page(request, "login.html", status=422, next=nxt, error=exc.message)
        resp = RedirectResponse(nxt, status_code=303)
        opts: dict[str, Any] = {"path": base, "httponly": True, "samesite": "strict",
                                "max_age": 30 * 86400, "secure": request.url.scheme == "https"}
        if auth.enabled:
            resp.set_cookie(TOKEN_COOKIE, token, **opts)
        resp.set_cookie(NAME_COOKIE, quote(name), **opts)
        return resp

    @router.post("/logout", include_in_schema=False)
    def logout(request: Request) -> Response:
        resp = RedirectResponse(f"{_base(request)}/login", status_code=303)
        resp.delete_cookie(TOKEN_COOKIE, path=_base(request))
        resp.delete_cookie(NAME_COOKIE, path=_base(request))
        return resp

    @router.get("/static/{name}", include_in_schema=False)
    def static(name: str) -> Response:
        if name not in _STATIC:
            return PlainTextResponse("not found", status_code=404)
        return Response((_HERE / "static" / name).read_bytes(), media_type=_STATIC[name],
                        headers={"Cache-Control": "no-cache"})

    # ---------------------------------------------------------------- JSON API

    @router.get("/api/judgments")
    def api_list(request: Request) -> dict[str, Any]:
        auth.require_reader(request)
        return store.list_judgments(_query_from(dict(request.query_params))).model_dump(mode="json")

    @router.get("/api/judgments/{uid}")
    def api_get(uid: str, request: Request) -> dict[str, Any]:
        auth.require_reader(request)
        return store.get_judgment(uid).model_dump(mode="json")

    @router.put("/api/judgments/{uid}/labels")
    async def api_put_labels(uid: str, request: Request) -> dict[str, Any]:
        auth.require_reader(request)
        try:
            body = await request.json()
        except ValueError:
            raise InvalidRequest("body must be JSON: {\"labels\": [{\"target\", \"verdict\", \"comment\"}]}",
                                 field="body") from None
        if not isinstance(body, dict) or not isinstance(body.get("labels"), list):
            raise InvalidRequest("body must be an object with a 'labels' list", field="labels")
        annotator = auth.require_annotator(request, body.get("annotator") or None)
        labels = [LabelInput.model_validate(x) for x in body["labels"]]
        saved = await run_in_threadpool(store.put_labels, uid, annotator, labels)
        return {"annotator": annotator, "labels": [lab.model_dump(mode="json") for lab in saved]}

    @router.delete("/api/judgments/{uid}/labels/{target}")
    def api_delete_label(uid: str, target: str, request: Request) -> dict[str, Any]:
        annotator = auth.require_annotator(request, request.query_params.get("annotator") or None)
        store.delete_label(uid, annotator, target)
        return {"deleted": True, "annotator": annotator, "target": target}

    @router.get("/api/labels")
    def api_labels(request: Request, format: str = "json", rubric: str | None = None,
                   annotator: str | None = None) -> Response:
        auth.require_reader(request)
        rows = export_label_rows(store, rubric=rubric or None, annotator=annotator or None)
        return _export(rows, format, LABEL_COLUMNS, "labels")

    @router.post("/api/labels/import")
    async def api_import(request: Request) -> dict[str, Any]:
        ident = auth.require_reader(request)
        body = await request.body()
        if len(body) > MAX_IMPORT_BYTES:
            raise InvalidRequest(f"import is larger than {MAX_IMPORT_BYTES} bytes", field="body")
        report = await run_in_threadpool(import_labels, store, body.decode("utf-8", "replace"),
                                         ident.annotator, ident.fixed_name)
        return report.model_dump(mode="json")

    @router.get("/api/calibration")
    def api_calibration(request: Request, format: str = "json", rubric: str | None = None,
                        annotator: str | None = None) -> Response:
        auth.require_reader(request)
        cal = compute_calibration(store.label_rows(rubric=rubric or None,
                                                   annotators=[annotator] if annotator else None))
        if format == "json":
            return JSONResponse(cal.to_dict())
        return _export(cal.rows(), format, AGREEMENT_COLUMNS, "agreement")

    @router.get("/api/stats")
    def api_stats(request: Request) -> dict[str, Any]:
        auth.require_reader(request)
        return {"judgments": store.count(), "counters": store.counters()}

    return router


def _export(rows: list[dict[str, Any]], fmt_name: str, columns: list[str], stem: str) -> Response:
    if fmt_name == "json":
        return JSONResponse(rows)
    if fmt_name == "jsonl":
        return Response(to_jsonl(rows), media_type="application/x-ndjson",
                        headers={"Content-Disposition": f'attachment; filename="{stem}.jsonl"'})
    if fmt_name == "csv":
        return Response(to_csv(rows, columns), media_type="text/csv",
                        headers={"Content-Disposition": f'attachment; filename="{stem}.csv"'})
    raise InvalidRequest(f"format must be json, jsonl or csv, got {fmt_name!r}", field="format")


def build_review_app(store: JudgmentStore, tokens: list[str] | None = None, *,
                     own_store: bool = True) -> FastAPI:
    """A standalone app serving only the review UI (``hrm review``); closes the store on shutdown."""

    @asynccontextmanager
    async def lifespan(_app: FastAPI):  # type: ignore[no-untyped-def]
        if not store.started:
            store.start()
        yield
        if own_store:
            store.close()

    app = FastAPI(title="HRM review", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.include_router(build_review_router(store, tokens))

    @app.get("/", include_in_schema=False)
    def root() -> RedirectResponse:
        return RedirectResponse(PREFIX, status_code=307)

    @app.get("/healthz", include_in_schema=False)
    def healthz() -> dict[str, Any]:
        try:
            return {"ok": True, "judgments": store.count()}
        except StoreError as exc:
            return JSONResponse({"ok": False, "error": exc.to_dict()}, status_code=503)  # type: ignore[return-value]

    return app
