"""gRPC cross-cutting concerns, once: a ``grpc.aio`` server interceptor for JudgeService.

For every JudgeService method it checks the bearer token, applies the deadline (the caller's, capped
by the service's), times the call, and turns any failure into the typed status with trailing metadata
(``errors_grpc``), counting it. Handlers then only translate protobuf <-> domain.

Bidirectional streams: an accepted call gets its initial metadata at once, before any answer, so a
client can wait for it before writing. A client that writes into a call the server already refused
has the refusal's status replaced by INTERNAL "Internal error from Core" in grpc.aio
(grpc/grpc#36066); refusals (auth) therefore happen before the initial metadata is sent.

The health and reflection services pass through untouched (probes carry no token).
"""

from __future__ import annotations

import contextvars
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import grpc

from hrm_wire.errors import HRMError, InvalidRequest, RequestTooLarge
from hrm_wire.proto import SERVICE_NAME
from judge_server.errors import grpc_status
from judge_server.errors.faults import as_hrm_error
from judge_server.serve.frontend import Frontend
from judge_server.serve.metrics import method_label

#: the current call's deadline rule, set by the interceptor (a function: a long stream asks it per item)
_DEADLINE: contextvars.ContextVar[Callable[[], float] | None] = contextvars.ContextVar("hrm_grpc_deadline",
                                                                                      default=None)


def deadline_s() -> float | None:
    """Seconds the current piece of work may take: the caller's remaining deadline, else the service
    default, never above ``max_timeout_s`` (None outside an intercepted call)."""
    rule = _DEADLINE.get()
    return None if rule is None else rule()


class Refused:
    """Stands in for a message that could not be accepted (undecodable, over the size cap), so the
    call (or, in a stream or batch, the item) is answered with its typed error instead of INTERNAL."""

    def __init__(self, error: HRMError) -> None:
        self.error = error


def parser(cls: Any, max_bytes: int) -> Callable[[bytes], Any]:
    """A tolerant request deserializer under the size policy."""
    name = cls.DESCRIPTOR.full_name

    def parse(data: bytes) -> Any:
        if len(data) > max_bytes:
            return Refused(RequestTooLarge(f"{name} is {len(data)} bytes, over the {max_bytes} cap", field="body"))
        try:
            return cls.FromString(data)
        except Exception as exc:  # noqa: BLE001 - DecodeError and friends
            return Refused(InvalidRequest(f"malformed protobuf {name}: {str(exc) or type(exc).__name__}",
                                          field=name))

    return parse


class EdgeInterceptor(grpc.aio.ServerInterceptor):
    def __init__(self, frontend: Frontend) -> None:
        self.frontend = frontend
        self._prefix = f"/{SERVICE_NAME}/"

    async def intercept_service(self, continuation: Callable[[Any], Awaitable[Any]], details: Any) -> Any:
        handler = await continuation(details)
        if handler is None or not details.method.startswith(self._prefix):
            return handler
        method = details.method[len(self._prefix):]
        authorization = dict(details.invocation_metadata or ()).get("authorization")
        if handler.unary_unary is not None:
            return handler._replace(unary_unary=self._unary(handler.unary_unary, method, authorization))
        if handler.stream_stream is not None:
            return handler._replace(stream_stream=self._bidi(handler.stream_stream, method, authorization))
        return handler

    # -- pieces --------------------------------------------------------------------------------
    def _enter(self, context: grpc.aio.ServicerContext) -> None:
        _DEADLINE.set(lambda: self.frontend.deadline(context.time_remaining()))

    async def _fail(self, context: grpc.aio.ServicerContext, exc: BaseException) -> None:
        err = as_hrm_error(exc, retry_after_s=self.frontend.config.retry_after_s)
        self.frontend.count_error("grpc", err)
        await grpc_status.abort(context, err)

    def _observe(self, method: str, t0: float) -> None:
        self.frontend.metrics.request_latency.labels("grpc", method_label(method)).observe(time.perf_counter() - t0)

    def _unary(self, behavior: Any, method: str, authorization: str | None) -> Any:
        async def call(request: Any, context: grpc.aio.ServicerContext) -> Any:
            t0 = time.perf_counter()
            try:
                self.frontend.authorize(authorization)
                if isinstance(request, Refused):
                    raise request.error
                self._enter(context)
                return await behavior(request, context)
            except grpc.aio.AbortError:
                raise
            except Exception as exc:  # noqa: BLE001 - the edge: typed here, once
                await self._fail(context, exc)
            finally:
                self._observe(method, t0)

        return call

    def _bidi(self, behavior: Any, method: str, authorization: str | None) -> Any:
        async def call(requests: AsyncIterator[Any], context: grpc.aio.ServicerContext) -> AsyncIterator[Any]:
            t0 = time.perf_counter()
            try:
                try:
                    self.frontend.authorize(authorization)
                except Exception as exc:  # noqa: BLE001
                    await self._fail(context, exc)
                await context.send_initial_metadata(())  # accepted (see the module docstring)
                self._enter(context)
                async for response in behavior(requests, context):
                    yield response
            except grpc.aio.AbortError:
                raise
            except Exception as exc:  # noqa: BLE001 - the edge: typed here, once
                await self._fail(context, exc)
            finally:
                self._observe(method, t0)

        return call
