"""The gRPC transport: ``hrm.v1.JudgeService`` plus the standard health and reflection services.

It runs as a ``grpc.aio`` server inside each ingress replica (on the replica's event loop, next to
the pipeline) rather than behind Serve's gRPC proxy, which does not carry client/bidirectional
streaming, server reflection or the standard health service. Handlers are registered by hand with
tolerant deserializers so that a malformed protobuf becomes INVALID_ARGUMENT, not INTERNAL.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from hrm_wire.errors import InvalidRequest, RequestTooLarge
from hrm_wire.proto import SERVICE_NAME, load
from judge_server.serve import errors_grpc, wire
from judge_server.serve.config import GRPCConfig
from judge_server.serve.faults import as_hrm_error
from judge_server.serve.frontend import Frontend

log = logging.getLogger("hrm.serve.grpc")

_END = object()


class _Malformed:
    """Stands in for a message that failed to parse, so the handler can answer INVALID_ARGUMENT."""

    def __init__(self, type_name: str, error: str) -> None:
        self.type_name = type_name
        self.error = error

    def as_error(self) -> InvalidRequest:
        return InvalidRequest(f"malformed protobuf {self.type_name}: {self.error}", field=self.type_name)


def _parser(cls: Any) -> Callable[[bytes], Any]:
    def parse(data: bytes) -> Any:
        try:
            return cls.FromString(data)
        except Exception as exc:  # noqa: BLE001 - DecodeError and friends
            return _Malformed(cls.DESCRIPTOR.full_name, str(exc) or type(exc).__name__)

    return parse


class JudgeServicer:
    def __init__(self, frontend: Frontend, config: GRPCConfig) -> None:
        self.frontend = frontend
        self.config = config
        self.pb2, _ = load()

    # -- helpers -------------------------------------------------------------------------------
    def _authorize(self, context: grpc.aio.ServicerContext) -> None:
        md = dict(context.invocation_metadata() or ())
        self.frontend.authorize(md.get("authorization"))

    def _deadline(self, context: grpc.aio.ServicerContext) -> float:
        remaining = context.time_remaining()
        return self.frontend.deadline(remaining)

    async def _fail(self, context: grpc.aio.ServicerContext, exc: BaseException, method: str) -> Any:
        err = as_hrm_error(exc, retry_after_s=self.frontend.config.retry_after_s)
        self.frontend.count_error("grpc", err)
        await errors_grpc.abort(context, err)

    def _observe(self, method: str, t0: float) -> None:
        self.frontend.metrics.request_latency.labels("grpc", method).observe(time.perf_counter() - t0)

    async def _item(self, msg: Any, deadline_s: float) -> Any:
        if isinstance(msg, _Malformed):
            err = msg.as_error()
            self.frontend.count_error("grpc", err)
            return wire.response_of(self.pb2, None, err)
        if not msg.request_json:
            err = InvalidRequest("request_json is empty", field="request_json", item_id=msg.id or None)
            self.frontend.count_error("grpc", err)
            return wire.response_of(self.pb2, msg.id, err)
        item_id, outcome = await self.frontend.score_item(msg.request_json, msg.id or None, deadline_s, "grpc")
        return wire.response_of(self.pb2, item_id or msg.id, outcome)

    # -- RPCs ----------------------------------------------------------------------------------
    async def Score(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        t0 = time.perf_counter()
        try:
            self._authorize(context)
            if isinstance(request, _Malformed):
                raise request.as_error()
            if not request.request_json:
                raise InvalidRequest("request_json is empty", field="request_json")
            deadline = self._deadline(context)
            parsed = self.frontend.parse(request.request_json, request.id or None)
            result = await self.frontend.score(parsed, deadline)
            return wire.response_of(self.pb2, parsed.id, result)
        except Exception as exc:  # noqa: BLE001
            await self._fail(context, exc, "Score")
        finally:
            self._observe("Score", t0)

    async def ScoreBatch(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        t0 = time.perf_counter()
        try:
            self._authorize(context)
            if isinstance(request, _Malformed):
                raise request.as_error()
            n, cap = len(request.items), self.frontend.config.max_batch_items
            if n > cap:
                raise RequestTooLarge(f"{n} items, over the {cap} cap", field="items")
            deadline = self._deadline(context)
            responses = await asyncio.gather(*(self._item(m, deadline) for m in request.items))
            return self.pb2.ScoreBatchResponse(items=responses)
        except Exception as exc:  # noqa: BLE001
            await self._fail(context, exc, "ScoreBatch")
        finally:
            self._observe("ScoreBatch", t0)

    async def StreamScore(self, request_iterator: AsyncIterator[Any],
                          context: grpc.aio.ServicerContext) -> AsyncIterator[Any]:
        t0 = time.perf_counter()
        try:
            self._authorize(context)
        except Exception as exc:  # noqa: BLE001
            await self._fail(context, exc, "StreamScore")
        # Accepted: say so before any answer, so a client can wait for this before writing. A client
        # that writes into a call the server already refused has the refusal's status replaced by
        # INTERNAL "Internal error from Core" in grpc.aio (grpc/grpc#36066).
        await context.send_initial_metadata(())
        window = asyncio.Semaphore(self.config.stream_window)
        out: asyncio.Queue[Any] = asyncio.Queue()
        tasks: set[asyncio.Task[Any]] = set()
        started = 0

        async def one(msg: Any) -> None:
            try:
                resp = await self._item(msg, self._deadline(context))
            except Exception as exc:  # noqa: BLE001 - _item types its errors; this is a last resort
                resp = wire.response_of(self.pb2, getattr(msg, "id", None), as_hrm_error(exc))
            finally:
                window.release()
            out.put_nowait(resp)

        async def reader() -> None:
            nonlocal started
            try:
                async for msg in request_iterator:
                    await window.acquire()  # stop reading (flow control) while the window is full
                    started += 1
                    task = asyncio.ensure_future(one(msg))
                    tasks.add(task)
                    task.add_done_callback(tasks.discard)
            except Exception as exc:  # noqa: BLE001 - a broken request stream ends the call
                log.warning("StreamScore request stream failed: %s", exc)
            finally:
                out.put_nowait(_END)

        reading = asyncio.ensure_future(reader())
        answered, done_reading = 0, False
        try:
            while not (done_reading and answered == started):
                item = await out.get()
                if item is _END:
                    done_reading = True
                    continue
                answered += 1
                yield item
        finally:
            reading.cancel()
            for task in list(tasks):
                task.cancel()
            self._observe("StreamScore", t0)

    async def ListRubrics(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        try:
            self._authorize(context)
            return self.pb2.ListRubricsResponse(rubrics=[wire.rubric(self.pb2, r)
                                                         for r in self.frontend.list_rubrics()])
        except Exception as exc:  # noqa: BLE001
            await self._fail(context, exc, "ListRubrics")


def _handlers(servicer: JudgeServicer) -> grpc.GenericRpcHandler:
    pb2 = servicer.pb2
    return grpc.method_handlers_generic_handler(SERVICE_NAME, {
        "Score": grpc.unary_unary_rpc_method_handler(
            servicer.Score, request_deserializer=_parser(pb2.ScoreRequest),
            response_serializer=pb2.ScoreResponse.SerializeToString),
        "ScoreBatch": grpc.unary_unary_rpc_method_handler(
            servicer.ScoreBatch, request_deserializer=_parser(pb2.ScoreBatchRequest),
            response_serializer=pb2.ScoreBatchResponse.SerializeToString),
        "StreamScore": grpc.stream_stream_rpc_method_handler(
            servicer.StreamScore, request_deserializer=_parser(pb2.ScoreRequest),
            response_serializer=pb2.ScoreResponse.SerializeToString),
        "ListRubrics": grpc.unary_unary_rpc_method_handler(
            servicer.ListRubrics, request_deserializer=_parser(pb2.ListRubricsRequest),
            response_serializer=pb2.ListRubricsResponse.SerializeToString),
    })


class GRPCServer:
    """The aio server with JudgeService, health (NOT_SERVING until the grader is ready) and reflection."""

    def __init__(self, frontend: Frontend, config: GRPCConfig) -> None:
        self.frontend = frontend
        self.config = config
        self.port: int | None = None
        self.server = grpc.aio.server(options=[
            ("grpc.max_receive_message_length", config.max_message_bytes),
            ("grpc.max_send_message_length", config.max_message_bytes),
            ("grpc.so_reuseport", 1),
        ])
        self.servicer = JudgeServicer(frontend, config)
        self.server.add_generic_rpc_handlers((_handlers(self.servicer),))
        self.health = health.aio.HealthServicer()
        health_pb2_grpc.add_HealthServicer_to_server(self.health, self.server)
        if config.reflection:
            reflection.enable_server_reflection(
                (SERVICE_NAME, health.SERVICE_NAME, reflection.SERVICE_NAME), self.server)
        self._watch: asyncio.Task[None] | None = None

    async def start(self) -> int:
        self.port = self.server.add_insecure_port(f"{self.config.host}:{self.config.port}")
        if not self.port:
            raise OSError(f"cannot bind gRPC to {self.config.host}:{self.config.port}")
        await self._set_health(False)
        await self.server.start()
        self._watch = asyncio.ensure_future(self._watch_ready())
        log.info("gRPC listening on %s:%s", self.config.host, self.port)
        return self.port

    async def _set_health(self, ready: bool) -> None:
        status = health_pb2.HealthCheckResponse.SERVING if ready else health_pb2.HealthCheckResponse.NOT_SERVING
        for name in ("", SERVICE_NAME):
            await self.health.set(name, status)

    async def _watch_ready(self) -> None:
        last: bool | None = None
        while True:
            try:
                ready = await self.frontend.ready()
            except Exception:  # noqa: BLE001 - unknown readiness reads as not ready
                ready = False
            if ready != last:
                await self._set_health(ready)
                last = ready
            await asyncio.sleep(5.0 if ready else 0.5)

    async def stop(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watch
        await self.server.stop(self.config.grace_s)
