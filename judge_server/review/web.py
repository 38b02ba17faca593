"""What the review pages and API share: templates, the error rendering, request parsing helpers."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, urlencode

import jinja2
from fastapi import Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.routing import APIRoute
from pydantic import ValidationError

from hrm_wire.errors import HRMError, Unauthenticated, invalid_from_validation
from judge_server.config import LimitsConfig
from judge_server.errors.http_status import render_error
from judge_server.limits import check_body_bytes
from judge_server.review.csrf import FORM_FIELD, CsrfGuard
from judge_server.review.view import fmt
from judge_server.store.records import JudgmentQuery
from judge_server.thresholds.agreement import MIN_RELIABLE_N, PAPER_KAPPA_L1, PAPER_RHO_L2

log = logging.getLogger(__name__)

PREFIX = "/review"
HERE = Path(__file__).parent
FILTER_KEYS = ("rubric", "category", "l1", "judge_failed", "low_confidence", "abstained", "labelled", "annotator",
               "disagreement", "q", "sort", "limit", "group")

env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(HERE / "templates")),
                         autoescape=jinja2.select_autoescape(["html"]), undefined=jinja2.StrictUndefined)
env.filters["fmt"] = fmt
env.filters["when"] = lambda ts: time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(ts))
env.globals["paper_kappa"] = PAPER_KAPPA_L1
env.globals["paper_rho"] = PAPER_RHO_L2
env.globals["min_reliable_n"] = MIN_RELIABLE_N


def base_of(request: Request) -> str:
    return request.scope.get("root_path", "").rstrip("/") + PREFIX


def is_api(request: Request) -> bool:
    return request.url.path.startswith(base_of(request) + "/api/")


def error_response(request: Request, exc: HRMError) -> Response:
    """JSON through the service's one HTTP error renderer for the API; a page (or the sign-in
    redirect) for people."""
    if is_api(request):
        return render_error(exc)
    if isinstance(exc, Unauthenticated):
        target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
        return RedirectResponse(f"{base_of(request)}/login?next={quote(target)}", status_code=303)
    html = env.get_template("error.html").render(base=base_of(request), me=None, auth=False, error=exc, csrf="")
    return HTMLResponse(html, status_code=exc.http_status)


def route_class(guard: CsrfGuard) -> type[APIRoute]:
    """Routes that check the origin of every write and turn every failure into a typed answer."""

    class ReviewRoute(APIRoute):
        def get_route_handler(self) -> Callable[[Request], Awaitable[Response]]:
            original = super().get_route_handler()

            async def handler(request: Request) -> Response:
                try:
                    if is_api(request):
                        guard.check_api(request)
                    else:
                        guard.check_origin(request)
                    return await original(request)
                except HRMError as exc:
                    return error_response(request, exc)
                except (ValidationError, RequestValidationError) as exc:
                    return error_response(request, invalid_from_validation(exc))
                except Exception:  # a bug must still answer typed, never a plain-text 500
                    log.exception("review: %s %s failed", request.method, request.url.path)
                    return error_response(request, HRMError("internal error in the review UI"))

            return handler

    return ReviewRoute


def query_from(params: dict[str, str], **defaults: Any) -> JudgmentQuery:
    data = {**defaults, **{k: v for k, v in params.items() if v != "" and k in (*FILTER_KEYS, "offset")}}
    return JudgmentQuery.model_validate(data)


def filters_qs(params: dict[str, str], **changes: Any) -> str:
    merged = {k: v for k, v in params.items() if k in (*FILTER_KEYS, "offset") and v != ""}
    for k, v in changes.items():
        if v is None:
            merged.pop(k, None)
        else:
            merged[k] = str(v)
    return urlencode(merged)


async def read_form(request: Request, guard: CsrfGuard, limits: LimitsConfig | None) -> dict[str, str]:
    """A url-encoded form under the size policy, after its CSRF token is checked."""
    body = await request.body()
    check_body_bytes(len(body), limits, field="body")
    form = {k: v[-1] for k, v in parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True).items()}
    guard.check_token(request, form.get(FORM_FIELD))
    return form


def safe_next(base: str, target: str | None) -> str:
    # Only same-site paths under the review UI: never an open redirect.
    if target and target.startswith(base) and not target.startswith("//"):
        return target
    return base
