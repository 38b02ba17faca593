"""HTTP cross-cutting concerns, once: request id and latency (ASGI middleware), auth, deadline and
capped body reading (FastAPI dependencies). Errors: ``errors_http.install_error_handlers``."""

from __future__ import annotations

import asyncio
import re
import time
import uuid
from collections.abc import Awaitable, Callable

from fastapi import Header, Request
from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hrm_wire.errors import BodyTimeout, InvalidRequest, RequestTooLarge
from judge_server.serve.frontend import Frontend
from judge_server.serve.metrics import ServiceMetrics, method_label

REQUEST_ID_HEADER = "X-Request-ID"
TIMEOUT_HEADER = "X-HRM-Timeout-S"
#: a caller's request id is echoed only when it is short and printable (it lands in logs and headers)
_REQUEST_ID = re.compile(r"[A-Za-z0-9._:/+=@-]{1,128}")


class RequestContext:
    """Echo (or assign) ``X-Request-ID`` on every response; time every routed request by route name."""

    def __init__(self, app: ASGIApp, metrics: ServiceMetrics, echo: bool = True) -> None:
        self.app = app
        self.metrics = metrics
        #: off behind Ray Serve's proxy, whose RequestIdMiddleware echoes the id (a second header otherwise)
        self.echo = echo

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = dict(scope.get("headers") or ()).get(b"x-request-id", b"").decode("latin-1")
        request_id = given if _REQUEST_ID.fullmatch(given) else uuid.uuid4().hex
        scope.setdefault("state", {})["request_id"] = request_id
        t0 = time.perf_counter()

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start" and self.echo:
                MutableHeaders(scope=message)[REQUEST_ID_HEADER] = request_id
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            route = scope.get("route")
            name = getattr(route, "name", None)
            if name:
                self.metrics.request_latency.labels("http", method_label(name)).observe(time.perf_counter() - t0)


def auth_dependency(frontend: Frontend) -> Callable[[Request], None]:
    def require_token(request: Request) -> None:
        frontend.authorize(request.headers.get("authorization"))

    return require_token


def deadline_dependency(frontend: Frontend) -> Callable[..., float]:
    def deadline(x_hrm_timeout_s: str | None = Header(
            default=None, alias=TIMEOUT_HEADER, description="Seconds this request may take (capped by the service).")
    ) -> float:
        if x_hrm_timeout_s is None:
            return frontend.deadline(None)
        try:
            value = float(x_hrm_timeout_s)
        except ValueError:
            raise InvalidRequest(f"{TIMEOUT_HEADER} must be a number of seconds, got {x_hrm_timeout_s[:40]!r}",
                                 field=TIMEOUT_HEADER) from None
        if not value > 0 or value == float("inf"):
            raise InvalidRequest(f"{TIMEOUT_HEADER} must be a positive finite number", field=TIMEOUT_HEADER)
        return frontend.deadline(value)

    return deadline


def body_dependency(cap_of: Callable[[], int], timeout_s: float = 30.0) -> Callable[[Request], Awaitable[bytes]]:
    """Read the raw body, refusing it (413, field ``body``) as soon as it passes the cap, declared or not, and
    (408) when it has not all arrived within ``timeout_s``: a client that never finishes its body holds no
    connection open for long."""

    async def read_body(request: Request) -> bytes:
        cap = cap_of()
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > cap:
            raise RequestTooLarge(f"body is {declared} bytes, over the {cap} cap", field="body")
        chunks: list[bytes] = []

        async def read() -> None:
            size = 0
            async for chunk in request.stream():
                size += len(chunk)
                if size > cap:
                    raise RequestTooLarge(f"body is over the {cap} bytes cap", field="body")
                chunks.append(chunk)

        try:
            await asyncio.wait_for(read(), timeout=timeout_s)
        except asyncio.TimeoutError:
            raise BodyTimeout(f"the request body did not arrive within {timeout_s:g} s", field="body") from None
        return b"".join(chunks)

    return read_body
