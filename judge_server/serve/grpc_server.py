"""The gRPC transport: ``hrm.v2.JudgeService`` plus the standard health and reflection services.

It runs as a ``grpc.aio`` server inside each ingress replica (on the replica's event loop, next to
the pipeline) rather than behind Serve's gRPC proxy, which does not carry client/bidirectional
streaming, server reflection or the standard health service. Handlers are registered by hand with
tolerant deserializers so that a malformed protobuf becomes INVALID_ARGUMENT, not INTERNAL; auth,
deadlines, error mapping and metrics are one interceptor (``grpc_edge``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from hrm_wire.errors import HRMError, InvalidRequest
from hrm_wire.pb import judge_pb2
from hrm_wire.proto import SERVICE_NAME
from judge_server.errors.faults import as_hrm_error
from judge_server.serve import grpc_edge, wire
from judge_server.serve.config import GRPCConfig
from judge_server.serve.frontend import Frontend

log = logging.getLogger("hrm.serve.grpc")

_END = object()
_SLACK_BYTES = 1024 * 1024
_MIN_SEND_BYTES = 64 * 1024 * 1024
#: how often health follows readiness: one probe period, so a lost grader shows within about a second
READY_PROBE_S = 1.0


class JudgeServicer:
    """The four RPCs: protobuf <-> domain only (auth, deadline, errors and metrics: grpc_edge)."""

    def __init__(self, frontend: Frontend, config: GRPCConfig) -> None:
        self.frontend = frontend
        self.config = config
        self.pb2 = judge_pb2

    async def _item(self, msg: Any) -> Any:
        item_id, outcome = await self.frontend.score_item(wire.payload(msg), wire.envelope_id(msg),
                                                          grpc_edge.deadline_s(), "grpc", field="request_json")
        return wire.response_of(item_id or wire.envelope_id(msg), outcome)

    async def Score(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        payload = wire.payload(request)
        if isinstance(payload, HRMError):
            raise payload
        parsed = self.frontend.parse(payload, request.id or None, field="request_json")
        result = await self.frontend.score(parsed, grpc_edge.deadline_s())
        return wire.response_of(parsed.id, result)

    async def ScoreBatch(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        items = [(wire.payload(m), wire.envelope_id(m)) for m in request.items]
        outcomes = await self.frontend.score_batch(items, grpc_edge.deadline_s(), "grpc", field="request_json")
        return self.pb2.ScoreBatchResponse(items=[wire.response_of(i, o) for i, o in outcomes])

    async def StreamScore(self, request_iterator: AsyncIterator[Any],
                          context: grpc.aio.ServicerContext) -> AsyncIterator[Any]:
        """Answers in completion order, at most ``stream_window`` judged at once (flow control)."""
        window = asyncio.Semaphore(self.config.stream_window)
        out: asyncio.Queue[Any] = asyncio.Queue()
        tasks: set[asyncio.Task[Any]] = set()
        started = 0
        in_flight: set[str] = set()  # answers are matched by id: two items of one id at once would be ambiguous

        async def one(msg: Any) -> None:
            key = wire.envelope_id(msg)
            try:
                if key and key in in_flight:
                    raise InvalidRequest(f"id {key!r} is already being judged on this stream: ids in flight must "
                                         "be unique (answers are matched by id)", field="id", item_id=key)
                if key:
                    in_flight.add(key)
                try:
                    resp = await self._item(msg)
                finally:
                    in_flight.discard(key)
            except Exception as exc:  # noqa: BLE001 - score_item types its errors; this is a last resort
                resp = wire.response_of(key, as_hrm_error(exc))
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

    async def ListRubrics(self, request: Any, context: grpc.aio.ServicerContext) -> Any:
        return self.pb2.ListRubricsResponse(rubrics=[wire.rubric(r) for r in self.frontend.list_rubrics()])


#: the service of the previous wire version, answered with FAILED_PRECONDITION so an old client fails clearly
#: instead of misreading a v2 result
RETIRED_SERVICE = "hrm.v1.JudgeService"
RETIRED_MESSAGE = ("this server speaks hrm.v2 (results carry a composition's fields under `detail`); hrm.v1 is "
                   "retired: upgrade the client (pip install -U 'hrm-judge[client]')")


def _retired_handlers() -> grpc.GenericRpcHandler:
    async def refuse(request: Any, context: grpc.aio.ServicerContext) -> Any:
        await context.abort(grpc.StatusCode.FAILED_PRECONDITION, RETIRED_MESSAGE,
                            trailing_metadata=(("hrm-error-type", "retired_api"),))

    async def refuse_stream(request_iterator: AsyncIterator[Any], context: grpc.aio.ServicerContext) -> Any:
        await context.abort(grpc.StatusCode.FAILED_PRECONDITION, RETIRED_MESSAGE,
                            trailing_metadata=(("hrm-error-type", "retired_api"),))
        yield b""  # pragma: no cover - abort raises

    def unary() -> grpc.RpcMethodHandler:
        return grpc.unary_unary_rpc_method_handler(refuse, request_deserializer=bytes, response_serializer=bytes)

    return grpc.method_handlers_generic_handler(RETIRED_SERVICE, {
        "Score": unary(), "ScoreBatch": unary(), "ListRubrics": unary(),
        "StreamScore": grpc.stream_stream_rpc_method_handler(refuse_stream, request_deserializer=bytes,
                                                             response_serializer=bytes),
    })


def _handlers(servicer: JudgeServicer, max_bytes: int) -> grpc.GenericRpcHandler:
    pb2 = servicer.pb2

    def unary(behavior: Any, req: Any, resp: Any) -> Any:
        return grpc.unary_unary_rpc_method_handler(behavior, request_deserializer=grpc_edge.parser(req, max_bytes),
                                                   response_serializer=resp.SerializeToString)

    return grpc.method_handlers_generic_handler(SERVICE_NAME, {
        "Score": unary(servicer.Score, pb2.ScoreRequest, pb2.ScoreResponse),
        "ScoreBatch": unary(servicer.ScoreBatch, pb2.ScoreBatchRequest, pb2.ScoreBatchResponse),
        "StreamScore": grpc.stream_stream_rpc_method_handler(
            servicer.StreamScore, request_deserializer=grpc_edge.parser(pb2.ScoreRequest, max_bytes),
            response_serializer=pb2.ScoreResponse.SerializeToString),
        "ListRubrics": unary(servicer.ListRubrics, pb2.ListRubricsRequest, pb2.ListRubricsResponse),
    })


class GRPCServer:
    """The aio server with JudgeService, health (NOT_SERVING until the grader is ready) and reflection."""

    def __init__(self, frontend: Frontend, config: GRPCConfig) -> None:
        self.frontend = frontend
        self.config = config
        self.port: int | None = None
        cap = frontend.limits.max_body_bytes
        self.server = grpc.aio.server(interceptors=[grpc_edge.EdgeInterceptor(frontend)], options=[
            # a little over the policy's cap, so a message just over it gets the typed RequestTooLarge
            # (grpc_edge.parser); far beyond it, gRPC itself answers RESOURCE_EXHAUSTED
            ("grpc.max_receive_message_length", cap + _SLACK_BYTES),
            ("grpc.max_send_message_length", max(_MIN_SEND_BYTES, 4 * cap)),
            ("grpc.so_reuseport", 1),
        ])
        self.servicer = JudgeServicer(frontend, config)
        self.server.add_generic_rpc_handlers((_handlers(self.servicer, cap), _retired_handlers()))
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
            await asyncio.sleep(READY_PROBE_S)

    async def stop(self, default_grace_s: float = 0.0) -> None:
        """Refuse new RPCs and let in-flight ones finish for ``grpc.grace_s`` (else ``default_grace_s``)."""
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._watch
        await self.server.stop(self.config.grace_s if self.config.grace_s is not None else default_grace_s)
