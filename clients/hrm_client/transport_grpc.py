"""gRPC transport (hrm.v1.JudgeService over grpc.aio): one attempt per call, no retries here."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Any

import grpc
from pydantic import ValidationError

from hrm_client.errors import DeadlineExceeded, HRMError, InvalidRequest, from_grpc, from_wire_error
from judge_server.models import RubricInfo, ScoreRequest, ScoreResult

MAX_MESSAGE_BYTES = 64 * 1024 * 1024


def _target(url: str) -> tuple[str, bool]:
    for scheme, secure in (("grpcs://", True), ("grpc://", False)):
        if url.startswith(scheme):
            return url[len(scheme):].rstrip("/"), secure
    return url.rstrip("/"), False


class GrpcTransport:
    """Thin wire <-> domain translation; the client adds timeouts' budget and the retry policy."""

    def __init__(self, url: str, *, token: str | None = None, options: Sequence[tuple[str, Any]] = ()) -> None:
        from hrm_client.proto import load

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
            return InvalidRequest(f"server sent a result that does not validate: {exc.errors()[0]['msg']}",
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

    async def stream(self, requests: AsyncIterator[ScoreRequest],
                     timeout: float | None) -> AsyncIterator[tuple[str, ScoreResult | HRMError]]:
        """Native StreamScore: (id, outcome) in completion order. Every request needs a unique id."""

        async def gen() -> AsyncIterator[Any]:
            async for r in requests:
                yield self._to_pb(r)

        call = self._get_stub().StreamScore(gen(), timeout=timeout, metadata=self._metadata())
        try:
            async for resp in call:
                yield resp.id, self._from_pb(resp)
        except grpc.aio.AioRpcError as exc:
            raise self._error(exc) from None
        finally:
            call.cancel()

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
