"""The review UI's pages: the list, the annotation queue, the item page, calibration, sign-in."""

from __future__ import annotations

import math
from typing import Any
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse, PlainTextResponse, RedirectResponse
from starlette.concurrency import run_in_threadpool

from hrm_wire.errors import InvalidRequest, NotFound
from hrm_wire.graders import is_smoke_grader
from hrm_wire.models import HRMDetail
from judge_server.config import LimitsConfig
from judge_server.review.auth import NAME_COOKIE, TOKEN_COOKIE, ReviewAuth
from judge_server.review.calibration import compute_calibration
from judge_server.review.csrf import CsrfGuard
from judge_server.review.exchange import import_labels
from judge_server.review.guidelines import card_syntax_for, guidelines_for
from judge_server.review.view import answered, response_segments, target_views, trajectory_view
from judge_server.review.web import HERE, base_of, env, filters_qs, query_from, read_form, safe_next
from judge_server.store.engine import check_annotator
from judge_server.store.records import LabelInput
from judge_server.store.store import JudgmentStore

_STATIC = {"review.js": "text/javascript", "review.css": "text/css"}
_VERDICTS = {"pass": True, "fail": False, "unsure": None}


def _flag(value: str | None) -> bool | None:
    if value in (None, ""):
        return None
    if value in ("1", "true", "on", "yes"):
        return True
    if value in ("0", "false", "off", "no"):
        return False
    raise InvalidRequest(f"expected 1 or 0, got {value!r}", field="blind")


def add_pages(router: APIRouter, store: JudgmentStore, auth: ReviewAuth, guard: CsrfGuard,
              limits: LimitsConfig | None) -> None:
    def page(request: Request, template: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        ident = auth.identify(request)
        html = env.get_template(template).render(base=base_of(request), me=ident.annotator, auth=auth.enabled,
                                                 signed_in=ident.authenticated, csrf=guard.token(request), **ctx)
        return HTMLResponse(html, status_code=status)

    def queue_url(request: Request, rubric: str | None) -> str:
        return f"{base_of(request)}/queue/next" + (f"?{urlencode({'rubric': rubric})}" if rubric else "")

    @router.get("", response_class=HTMLResponse, include_in_schema=False)
    @router.get("/", response_class=HTMLResponse, include_in_schema=False)
    def list_page(request: Request) -> HTMLResponse:
        auth.require_reader(request)
        params = dict(request.query_params)
        q = query_from(params, group=True)
        result = store.list_judgments(q)
        pages = max(1, math.ceil(result.total / q.limit))
        return page(request, "list.html", page=result, q=q, facets=store.facets(), params=params,
                    qs=lambda **c: filters_qs(params, **c), pages=pages, current=q.offset // q.limit + 1,
                    item_qs=filters_qs(params, offset=None))

    @router.get("/queue", response_class=HTMLResponse, include_in_schema=False)
    def queue_page(request: Request) -> HTMLResponse:
        ident = auth.require_reader(request)
        rubric = request.query_params.get("rubric") or None
        progress = store.queue_progress(ident.annotator, rubric) if ident.annotator else None
        return page(request, "queue.html", progress=progress, rubric=rubric, facets=store.facets(),
                    start=queue_url(request, rubric))

    @router.get("/queue/next", include_in_schema=False)
    def queue_next(request: Request) -> Response:
        ident = auth.require_reader(request)
        rubric = request.query_params.get("rubric") or None
        if not ident.annotator:  # progress is per annotator: ask who is working first
            return RedirectResponse(f"{base_of(request)}/login?next={quote(base_of(request) + '/queue')}",
                                    status_code=303)
        progress = store.queue_progress(ident.annotator, rubric)
        if progress.next_uid is None:
            back = f"{base_of(request)}/queue" + (f"?{urlencode({'rubric': rubric})}" if rubric else "")
            return RedirectResponse(back, status_code=303)
        qs = urlencode({"queue": "1", **({"rubric": rubric} if rubric else {})})
        return RedirectResponse(f"{base_of(request)}/item/{quote(progress.next_uid)}?{qs}", status_code=303)

    @router.get("/item/by-request/{request_id:path}", include_in_schema=False)
    def item_by_request(request_id: str, request: Request) -> Response:
        """The newest judgment of a caller's request id (what `hrm eval` reports link to: they know the
        request id, not the store's uid); the other filters and flags of the link are kept."""
        auth.require_reader(request)
        uids = store.find_by_request_id(request_id)
        if not uids:
            raise NotFound(f"no judgment with request id {request_id!r} in the store", field="request_id")
        qs = f"?{request.url.query}" if request.url.query else ""
        return RedirectResponse(f"{base_of(request)}/item/{quote(uids[0], safe='')}{qs}", status_code=303)

    @router.get("/item/{uid}", response_class=HTMLResponse, include_in_schema=False)
    def item_page(uid: str, request: Request) -> HTMLResponse:
        ident = auth.require_reader(request)
        params = dict(request.query_params)
        in_queue = params.get("queue") == "1"
        blind_param = _flag(params.get("blind"))
        stored = store.get_judgment(uid)
        labels = store.item_labels(stored.item_key) if stored.item_key else stored.labels
        targets = target_views(stored.result, labels, ident.annotator, guidelines_for(stored.result.rubric),
                               request=stored.request)
        blind = (in_queue if blind_param is None else blind_param) and not answered(targets)
        rubric = params.get("rubric") or None
        progress = store.queue_progress(ident.annotator, rubric) if in_queue and ident.annotator else None
        q = query_from(params, group=True)
        prev_uid, next_uid = (None, None) if in_queue else store.neighbours(uid, q)
        return page(request, "item.html", j=stored, req=stored.request, res=stored.result,
                    hrm=stored.result.detail_as(HRMDetail), smoke=is_smoke_grader(stored.result.grader_model),
                    segments=response_segments(stored.request, card_syntax_for(stored.result.rubric)), traj=trajectory_view(stored.request),
                    targets=targets, blind=blind, in_queue=in_queue, progress=progress,
                    siblings=store.item_judgments(stored.item_key),
                    annotators=sorted({lab.annotator for lab in labels}),
                    prev_uid=prev_uid, next_uid=next_uid, item_qs=filters_qs(params, offset=None),
                    queue_next=queue_url(request, rubric), saved=params.get("saved"),
                    reveal_url=f"{base_of(request)}/item/{quote(uid)}?{filters_qs(params, blind='0')}")

    @router.post("/item/{uid}/labels", include_in_schema=False)
    async def item_labels_form(uid: str, request: Request) -> Response:
        form = await read_form(request, guard, limits)
        annotator = auth.require_annotator(request, form.get("annotator") or None)
        base = base_of(request)
        rubric = form.get("rubric") or None
        if form.get("action") == "skip":
            await run_in_threadpool(store.skip_item, uid, annotator)
            return RedirectResponse(queue_url(request, rubric), status_code=303)
        labels = []
        for key, value in form.items():
            if key.startswith("verdict__") and value in _VERDICTS:
                target = key[len("verdict__"):]
                labels.append(LabelInput(target=target, verdict=_VERDICTS[value],
                                         comment=form.get(f"comment__{target}", "")))
        await run_in_threadpool(store.put_labels, uid, annotator, labels)
        if form.get("queue") == "1":
            return RedirectResponse(queue_url(request, rubric), status_code=303)
        back = form.get("back") or ""
        sep = "&" if back else ""
        return RedirectResponse(f"{base}/item/{quote(uid)}?{back}{sep}saved={len(labels)}", status_code=303)

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
        form = await read_form(request, guard, limits)
        ident = auth.require_reader(request)
        name = ident.annotator or form.get("annotator") or None
        report = await run_in_threadpool(import_labels, store, form.get("data", ""), name, ident.fixed_name,
                                         limits)
        cal = await run_in_threadpool(lambda: compute_calibration(store.label_rows()))
        return page(request, "calibration.html", cal=cal, facets=store.facets(), rubric=None, annotator=None,
                    qs="", report=report)

    @router.get("/login", response_class=HTMLResponse, include_in_schema=False)
    def login_page(request: Request) -> HTMLResponse:
        return page(request, "login.html", next=safe_next(base_of(request), request.query_params.get("next")),
                    error=None)

    @router.post("/login", include_in_schema=False)
    async def login(request: Request) -> Response:
        form = await read_form(request, guard, limits)
        base = base_of(request)
        nxt = safe_next(base, form.get("next"))
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
    async def logout(request: Request) -> Response:
        await read_form(request, guard, limits)
        resp = RedirectResponse(f"{base_of(request)}/login", status_code=303)
        resp.delete_cookie(TOKEN_COOKIE, path=base_of(request))
        resp.delete_cookie(NAME_COOKIE, path=base_of(request))
        return resp

    @router.get("/static/{name}", include_in_schema=False)
    def static(name: str) -> Response:
        if name not in _STATIC:
            return PlainTextResponse("not found", status_code=404)
        return Response((HERE / "static" / name).read_bytes(), media_type=_STATIC[name],
                        headers={"Cache-Control": "no-cache"})
