"""The HTTP mapping of the error tree: the only place an HRMError becomes an HTTP response.

Status comes from the error class (``http_status``); the body is ``{"error": err.to_dict()}``;
overload adds ``Retry-After`` (whole seconds, rounded up) and every error names its type in
``X-HRM-Error-Type`` so clients can rebuild the typed error without parsing the body.

Every FastAPI app of HRM (the scoring API, the review UI) calls :func:`install_error_handlers` once
instead of wrapping routes: typed errors and request-validation errors render through
:func:`render_error`, anything else is turned into a bare ``internal`` error (logged, never leaked)
exactly once, at the edge.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hrm_wire.errors import (
    HRMError,
    InvalidRequest,
    MethodNotAllowed,
    NotFound,
    RequestTooLarge,
    Unauthenticated,
    invalid_from_validation,
)
from judge_server.errors.faults import as_hrm_error

ERROR_TYPE_HEADER = "X-HRM-Error-Type"

ErrorHook = Callable[[HRMError], None]


def status_of(error: HRMError) -> int:
    return error.http_status


def headers_of(error: HRMError) -> dict[str, str]:
    headers = {ERROR_TYPE_HEADER: error.code}
    if error.retry_after_s is not None:
        headers["Retry-After"] = str(max(1, math.ceil(error.retry_after_s)))
    if error.http_status == 401:
        headers["WWW-Authenticate"] = "Bearer"
    return headers


def render_error(error: HRMError) -> JSONResponse:
    """The one HTTP rendering of a typed error: JSON body, status, type header, retry hint."""
    return JSONResponse({"error": error.to_dict()}, status_code=status_of(error), headers=headers_of(error))


error_response = render_error  # the earlier name


def from_http_exception(exc: StarletteHTTPException) -> HRMError:
    """Starlette's own refusals (no such route, wrong method, ...) as typed errors."""
    detail = str(exc.detail)
    if exc.status_code == 404:
        return NotFound(detail)
    if exc.status_code == 405:
        return MethodNotAllowed(detail)
    if exc.status_code == 401:
        return Unauthenticated(detail)
    if exc.status_code == 413:
        return RequestTooLarge(detail, field="body")
    if 400 <= exc.status_code < 500:
        return InvalidRequest(detail)
    return as_hrm_error(exc)


def install_error_handlers(app: FastAPI, *, on_error: ErrorHook | None = None) -> None:
    """Render HRMError, request-validation errors and unexpected exceptions through :func:`render_error`.

    ``on_error`` sees each typed error once (metrics). Apps that answer people with pages (the review
    UI) may register their own HRMError handler after this one; it replaces this one for HRMError.
    """

    def seen(err: HRMError) -> JSONResponse:
        if on_error is not None:
            on_error(err)
        return render_error(err)

    async def typed(request: Request, exc: Exception) -> JSONResponse:
        return seen(as_hrm_error(exc))  # already an HRMError: returned as is

    async def invalid(request: Request, exc: Exception) -> JSONResponse:
        return seen(invalid_from_validation(exc))

    async def routing(request: Request, exc: Exception) -> JSONResponse:
        response = seen(from_http_exception(exc))  # type: ignore[arg-type]
        response.headers.update(getattr(exc, "headers", None) or {})  # e.g. Allow on a 405
        return response

    app.add_exception_handler(HRMError, typed)
    app.add_exception_handler(RequestValidationError, invalid)
    app.add_exception_handler(StarletteHTTPException, routing)
    app.add_middleware(_LastResort, on_error=seen)


class _LastResort:
    """ASGI middleware: an exception no handler took becomes a typed ``internal`` response.

    Starlette's own catch-all (``ServerErrorMiddleware``) renders plain text and re-raises; this sits
    inside it so the client still gets the typed JSON and nothing reaches the server's logs twice.
    """

    def __init__(self, app: ASGIApp, on_error: Callable[[HRMError], JSONResponse]) -> None:
        self.app = app
        self.on_error = on_error

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, tracking_send)
        except Exception as exc:  # noqa: BLE001 - the edge: typed here, once
            if started:
                raise
            response: Any = self.on_error(as_hrm_error(exc))
            await response(scope, receive, send)
