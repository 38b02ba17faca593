"""gRPC transport (hrm.v2.JudgeService over grpc.aio): one attempt per call, no retries here."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

import grpc
from pydantic import ValidationError

from hrm_client.errors import (
    DeadlineExceeded,
    HRMError,
    InvalidRequest,
    ServiceUnreachable,
    from_grpc,
    from_wire_error,
)
from hrm_wire.errors import invalid_from_validation
from hrm_wire.models import RubricInfo, ScoreRequest, ScoreResult

MAX_MESSAGE_BYTES = 64 * 1024 * 1024
#: longest wait for the server to accept a StreamScore call before writing into it anyway
ACCEPT_WAIT_S = 5.0


def _target(url: str) -> tuple[str, bool]:
    for scheme, secure in (("grpcs://", True), ("grpc://", False)):
        if url.startswith(scheme):
            return url[len(scheme):].rstrip("/"), secure
    return url.rstrip("/"), False


class GrpcTransport:
    """Thin wire <-> domain translation; the client adds timeouts' budget and the retry policy."""

    def __init__(self, url: str, *, token: str | None = None, options: Sequence[tuple[str, Any]] = ()) -> None:
        from hrm_wire.proto import load

        self._pb2, self._pb2_grpc = load()
        self.target, self._secure = _target(url)
        self._token = token
        self._options = [("grpc.max_send_message_length", MAX_MESSAGE_BYTES),
                         ("grpc.max_receive_message_length", MAX_MESSAGE_BYTES), *options]
        self._channel: grpc.aio.Channel | None = None
        self._stub: Any = None

    def _get_stub(self) -> Any:
        # Created on first use, inside the event loop that will drive it.
        if self._stub is None:
            if self._secure:
                self._channel = grpc.aio.secure_channel(self.target, grpc.ssl_channel_credentials(), self._options)
            else:
                self._channel = grpc.aio.insecure_channel(self.target, self._options)
            self._stub = self._pb2_grpc.JudgeServiceStub(self._channel)
        return self._stub

    def _metadata(self) -> tuple[tuple[str, str], ...]:
        return (("authorization", f"Bearer {self._token}"),) if self._token else ()

    def _to_pb(self, request: ScoreRequest) -> Any:
        return self._pb2.ScoreRequest(id=request.id or "", request_json=request.model_dump_json(exclude_none=True))

    def _from_pb(self, resp: Any) -> ScoreResult | HRMError:
        if resp.WhichOneof("outcome") == "error":
            e = resp.error
            return from_wire_error(e.type, e.message, field=e.field, item_id=resp.id or None,
                                   retry_after_s=e.retry_after_s if e.HasField("retry_after_s") else None,
                                   details_json=e.details_json)
        try:
            return ScoreResult.model_validate_json(resp.result.result_json)
        except ValidationError as exc:
            # a field of the server's answer, not of the caller's request: named in the message only
            return invalid_from_validation(exc, context="server sent a result that does not validate", field=None,
                                           item_id=resp.id or None)

    @staticmethod
    def _error(exc: grpc.aio.AioRpcError) -> HRMError:
        if exc.code() == grpc.StatusCode.DEADLINE_EXCEEDED and not exc.trailing_metadata():
            return DeadlineExceeded(f"no answer within the call's deadline ({exc.details()})")
        return from_grpc(exc.code().name, exc.details() or "", exc.trailing_metadata())

    async def score(self, request: ScoreRequest, timeout: float | None) -> ScoreResult:
        try:
            resp = await self._get_stub().Score(self._to_pb(request), timeout=timeout, metadata=self._metadata())
        except grpc.aio.AioRpcError as exc:
            raise self._error(exc) from None
        out = self._from_pb(resp)
        if isinstance(out, HRMError):
            raise out
        return out

    async def score_batch(self, requests: Sequence[ScoreRequest], timeout: float | None) -> list[ScoreResult | HRMError]:
        msg = self._pb2.ScoreBatchRequest(items=[self._to_pb(r) for r in requests])
        try:
            resp = await self._get_stub().ScoreBatch(msg, timeout=timeout, metadata=self._metadata())
        except grpc.aio.AioRpcError as exc:
            raise self._error(exc) from None
        if len(resp.items) != len(requests):
            raise InvalidRequest(f"batch answer has {len(resp.items)} items for {len(requests)} requests")
        return [self._from_pb(r) for r in resp.items]

    def open_stream(self) -> GrpcStreamCall:
        """Open one StreamScore call (no call deadline: items carry their own, kept by the caller)."""
        return GrpcStreamCall(self, self._get_stub().StreamScore(metadata=self._metadata()))

    async def rubrics(self, timeout: float | None) -> list[RubricInfo]:
        try:
            resp = await self._get_stub().ListRubrics(self._pb2.ListRubricsRequest(), timeout=timeout,
                                                      metadata=self._metadata())
        except grpc.aio.AioRpcError as exc:
            raise self._error(exc) from None
        return [RubricInfo(id=r.id, version=r.version, description=r.description, composition=r.composition,
                           checks=list(r.checks)) for r in resp.rubrics]

    async def close(self) -> None:
        if self._channel is not None:
            await self._channel.close()
            self._channel = self._stub = None


class GrpcStreamCall:
    """One bidirectional StreamScore call: ``write`` requests, ``read`` answers as they complete.

    One writer and one reader may run at once. A failed call surfaces on ``read`` as a typed error;
    ``write`` on a failed or finished call returns False instead of raising, so the reader reports why.
    """

    def __init__(self, transport: GrpcTransport, call: Any) -> None:
        self._t = transport
        self._call = call
        self._accepted = False
        self._write_failed = False

    async def _wait_accepted(self) -> None:
        # The server sends its initial metadata once it has accepted the call (auth passed). Writing
        # before that risks grpc/grpc#36066: a write into a refused call replaces the server's status
        # (e.g. UNAUTHENTICATED) with INTERNAL. A server that does not send it early still works: the
        # wait is bounded, and the metadata task is never cancelled (that would cancel the call).
        self._accepted = True
        waiter = asyncio.ensure_future(self._call.initial_metadata())
        await asyncio.wait({waiter}, timeout=ACCEPT_WAIT_S)

    async def write(self, wire_id: str, request: ScoreRequest) -> bool:
        msg = self._t._pb2.ScoreRequest(id=wire_id, request_json=request.model_dump_json(exclude_none=True))
        if not self._accepted:
            await self._wait_accepted()
        if self._call.done():
            return False
        try:
            await self._call.write(msg)
        except (grpc.aio.AioRpcError, asyncio.InvalidStateError):
            self._write_failed = True
            return False
        return True

    async def done_writing(self) -> None:
        try:
            await self._call.done_writing()
        except (grpc.aio.AioRpcError, asyncio.InvalidStateError):
            pass  # the reader sees the call's status

    async def read(self) -> tuple[str, ScoreResult | HRMError] | None:
        """The next answer as (id, outcome); None once the server has ended the call cleanly."""
        try:
            resp = await self._call.read()
        except grpc.aio.AioRpcError as exc:
            if self._write_failed and exc.code() == grpc.StatusCode.INTERNAL and not exc.trailing_metadata():
                # grpc/grpc#36066: the call ended (connection lost, server stopping) while we wrote and
                # grpc.aio replaced its status; a broken stream is what it was, so retry like one
                raise ServiceUnreachable(f"the stream broke while sending ({exc.details()})") from None
            raise self._t._error(exc) from None
        if resp is grpc.aio.EOF:
            return None
        return resp.id, self._t._from_pb(resp)

    def cancel(self) -> None:
        self._call.cancel()
