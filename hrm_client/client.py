"""``AsyncJudgeClient`` and ``JudgeClient``: the same methods and signatures, async and blocking.

Transport from the URL: ``http://`` / ``https://`` -> HTTP/JSON; ``grpc://host:port``,
``grpcs://host:port`` or a bare ``host:port`` -> gRPC (the default). ``timeout`` is the budget of the
whole call, retries and backoff waits included; each attempt is sent with what remains of it so the
server can cancel work nobody will read. Failures the ``RetryPolicy`` names are retried; everything
else raises at once as a typed error (``hrm_client.errors``).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterable, AsyncIterator, Awaitable, Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypeVar

from hrm_client.errors import DeadlineExceeded, HRMError, InvalidRequest
from hrm_client.retry import RetryPolicy
from hrm_wire.models import RubricInfo, ScoreRequest, ScoreResult

T = TypeVar("T")
TransportName = Literal["grpc", "http"]
RequestLike = ScoreRequest | dict[str, Any]


class Transport(Protocol):
    """One wire (``transport_grpc.GrpcTransport``, ``transport_http.HttpTransport``): one attempt per call; the
    client adds the timeout budget and the retry policy."""

    async def score(self, request: ScoreRequest, timeout: float | None) -> ScoreResult: ...

    async def score_batch(self, requests: Sequence[ScoreRequest],
                          timeout: float | None) -> list[ScoreResult | HRMError]: ...

    async def rubrics(self, timeout: float | None) -> list[RubricInfo]: ...

    async def close(self) -> None: ...


class _NotGiven:
    def __repr__(self) -> str:
        return "NOT_GIVEN"


#: "use the client's default" (None means "no timeout")
NOT_GIVEN: Any = _NotGiven()


@dataclass(frozen=True)
class Scored:
    """One outcome of ``stream``: the input's position, its id, and a result or a typed error."""

    index: int
    id: str | None
    result: ScoreResult | None = None
    error: HRMError | None = None

    @property
    def ok(self) -> bool:
        return self.result is not None


def _as_request(r: RequestLike) -> ScoreRequest:
    if isinstance(r, ScoreRequest):
        return r
    from pydantic import ValidationError

    try:
        return ScoreRequest.model_validate(r)
    except ValidationError as exc:
        e = exc.errors()[0]
        field = ".".join(str(p) for p in e["loc"])
        raise InvalidRequest(f"{field}: {e['msg']}", field=field or None,
                             item_id=str(r.get("id")) if isinstance(r, dict) and r.get("id") else None) from None


def pick_transport(url: str, transport: TransportName | None) -> TransportName:
    if transport is not None:
        return transport
    return "http" if url.startswith(("http://", "https://")) else "grpc"


class AsyncJudgeClient:
    """Async client of the HRM judge service."""

    def __init__(self, url: str = "localhost:50051", *, transport: TransportName | None = None,
                 timeout: float | None = 120.0, retry: RetryPolicy | None = None, token: str | None = None,
                 concurrency: int = 32) -> None:
        self.url = url
        self.transport_name = pick_transport(url, transport)
        self.timeout = timeout
        self.retry = retry or RetryPolicy()
        self.concurrency = concurrency
        self._token = token
        self._transport: Transport | None = None

    # -- plumbing -----------------------------------------------------------------------------------

    def _t(self) -> Transport:
        if self._transport is None:
            if self.transport_name == "http":
                from hrm_client.transport_http import HttpTransport

                self._transport = HttpTransport(self.url, token=self._token)
            else:
                from hrm_client.transport_grpc import GrpcTransport

                self._transport = GrpcTransport(self.url, token=self._token)
        return self._transport

    async def _call(self, fn: Callable[[float | None], Awaitable[T]], timeout: Any, retry: RetryPolicy | None) -> T:
        """Run ``fn(remaining_budget)`` under the retry policy within the call's total budget."""
        policy = retry or self.retry
        budget = self.timeout if timeout is NOT_GIVEN else timeout
        deadline = None if budget is None else time.monotonic() + budget
        attempt = 0
        while True:
            attempt += 1
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                raise DeadlineExceeded(f"call budget of {budget} s spent after {attempt - 1} attempt(s)")
            try:
                return await fn(remaining)
            except HRMError as err:
                if attempt >= policy.max_attempts or not policy.retryable(err):
                    raise
                wait = policy.backoff(attempt, err.retry_after_s)
                if deadline is not None and time.monotonic() + wait >= deadline:
                    raise  # waiting would overrun the caller's budget: report what the server said
                await asyncio.sleep(wait)

    # -- API ----------------------------------------------------------------------------------------

    async def score(self, request: RequestLike, *, timeout: float | None = NOT_GIVEN,
                    retry: RetryPolicy | None = None) -> ScoreResult:
        """Score one trajectory. A judge failure is a result with ``judge_failed`` (not an exception)."""
        req = _as_request(request)
        return await self._call(lambda t: self._t().score(req, t), timeout, retry)

    async def score_batch(self, requests: Sequence[RequestLike], *, timeout: float | None = NOT_GIVEN,
                          retry: RetryPolicy | None = None) -> list[ScoreResult | HRMError]:
        """Score a list in one call; returns, in order, each item's result or its typed error.

        Items that fail with a retryable error (e.g. overloaded) are re-sent, alone, under the policy.
        """
        reqs = [_as_request(r) for r in requests]
        policy = retry or self.retry
        out: list[ScoreResult | HRMError | None] = [None] * len(reqs)
        pending = list(range(len(reqs)))
        budget = self.timeout if timeout is NOT_GIVEN else timeout
        deadline = None if budget is None else time.monotonic() + budget
        attempt = 0
        while pending:
            attempt += 1
            remaining = None if deadline is None else deadline - time.monotonic()
            answers = await self._call(lambda t, p=pending: self._t().score_batch([reqs[i] for i in p], t),
                                       remaining, policy)
            retry_again, hint = [], 0.0
            for i, ans in zip(pending, answers, strict=True):
                out[i] = ans
                if isinstance(ans, HRMError) and policy.retryable(ans):
                    retry_again.append(i)
                    hint = max(hint, ans.retry_after_s or 0.0)
            if not retry_again or attempt >= policy.max_attempts:
                break
            wait = policy.backoff(attempt, hint or None)
            if deadline is not None and time.monotonic() + wait >= deadline:
                break
            await asyncio.sleep(wait)
            pending = retry_again
        return [o for o in out if o is not None]

    async def stream(self, requests: Iterable[RequestLike] | AsyncIterable[RequestLike], *,
                     timeout: float | None = NOT_GIVEN, retry: RetryPolicy | None = None,
                     concurrency: int | None = None) -> AsyncIterator[Scored]:
        """Yield each item's outcome as soon as it completes (completion order, not input order).

        Requests are read lazily and at most ``concurrency`` are in flight; ``timeout`` and ``retry``
        apply to each item. An item's error is yielded as a ``Scored`` with ``error`` set; the stream
        carries on. Over gRPC all items travel on one bidirectional ``StreamScore`` call (see
        ``hrm_client.bidi_stream``: answers matched by id, unanswered items re-sent on a new call when
        the old one fails with a retryable status); over HTTP each item is its own request.
        """
        limit = concurrency or self.concurrency
        if self.transport_name == "grpc":
            from hrm_client.bidi_stream import BidiStream
            from hrm_client.transport_grpc import GrpcTransport

            transport = self._t()
            assert isinstance(transport, GrpcTransport)  # transport_name says so
            bidi = BidiStream(transport.open_stream, requests, as_request=_as_request, scored=Scored,
                              policy=retry or self.retry, timeout=self.timeout if timeout is NOT_GIVEN else timeout,
                              concurrency=limit)
            agen = bidi.run()
            try:
                async for scored in agen:
                    yield scored
            finally:
                await agen.aclose()  # an early exit by the caller ends the call now, not at GC
            return
        queue: asyncio.Queue[Scored | None] = asyncio.Queue()
        slots = asyncio.Semaphore(limit)

        async def one(index: int, raw: RequestLike) -> None:
            rid = raw.id if isinstance(raw, ScoreRequest) else (raw.get("id") if isinstance(raw, dict) else None)
            try:
                res = await self.score(raw, timeout=timeout, retry=retry)
                await queue.put(Scored(index, rid, result=res))
            except HRMError as err:
                if err.item_id is None:
                    err.item_id = rid
                await queue.put(Scored(index, rid, error=err))
            finally:
                slots.release()

        async def feed() -> None:
            tasks: set[asyncio.Task[None]] = set()
            try:
                index = 0
                if isinstance(requests, AsyncIterable):
                    async for raw in requests:
                        await slots.acquire()
                        t = asyncio.create_task(one(index, raw))
                        tasks.add(t)
                        t.add_done_callback(tasks.discard)
                        index += 1
                else:
                    for raw in requests:
                        await slots.acquire()
                        t = asyncio.create_task(one(index, raw))
                        tasks.add(t)
                        t.add_done_callback(tasks.discard)
                        index += 1
                if tasks:
                    await asyncio.gather(*tasks)
            finally:
                for t in tasks:
                    t.cancel()
                await queue.put(None)

        feeder = asyncio.create_task(feed())
        try:
            while (item := await queue.get()) is not None:
                yield item
            await feeder  # surfaces an exception raised by the caller's request iterator
        finally:
            if not feeder.done():
                feeder.cancel()
                try:
                    await feeder
                except (asyncio.CancelledError, Exception):
                    pass

    async def rubrics(self, *, timeout: float | None = NOT_GIVEN, retry: RetryPolicy | None = None) -> list[RubricInfo]:
        """The rubric packs the service has loaded."""
        return await self._call(lambda t: self._t().rubrics(t), timeout, retry)

    async def close(self) -> None:
        if self._transport is not None:
            await self._transport.close()
            self._transport = None

    async def __aenter__(self) -> AsyncJudgeClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


class JudgeClient:
    """Blocking client: the async client driven by a private event loop on a background thread."""

    def __init__(self, url: str = "localhost:50051", *, transport: TransportName | None = None,
                 timeout: float | None = 120.0, retry: RetryPolicy | None = None, token: str | None = None,
                 concurrency: int = 32) -> None:
        self._async = AsyncJudgeClient(url, transport=transport, timeout=timeout, retry=retry, token=token,
                                       concurrency=concurrency)
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="hrm-client-loop", daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return self._async.url

    @property
    def transport_name(self) -> TransportName:
        return self._async.transport_name

    def _run(self, coro: Awaitable[T]) -> T:
        if self._loop.is_closed():
            raise RuntimeError("JudgeClient is closed")
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result()  # type: ignore[arg-type]

    def score(self, request: RequestLike, *, timeout: float | None = NOT_GIVEN,
              retry: RetryPolicy | None = None) -> ScoreResult:
        """Score one trajectory. A judge failure is a result with ``judge_failed`` (not an exception)."""
        return self._run(self._async.score(request, timeout=timeout, retry=retry))

    def score_batch(self, requests: Sequence[RequestLike], *, timeout: float | None = NOT_GIVEN,
                    retry: RetryPolicy | None = None) -> list[ScoreResult | HRMError]:
        """Score a list in one call; returns, in order, each item's result or its typed error."""
        return self._run(self._async.score_batch(requests, timeout=timeout, retry=retry))

    def stream(self, requests: Iterable[RequestLike], *, timeout: float | None = NOT_GIVEN,
               retry: RetryPolicy | None = None, concurrency: int | None = None) -> Iterator[Scored]:
        """Yield each item's outcome as soon as it completes (completion order, not input order)."""
        source = requests if isinstance(requests, (list, tuple)) else _SyncSource(requests)
        agen = self._async.stream(source, timeout=timeout, retry=retry, concurrency=concurrency)
        try:
            while True:
                try:
                    yield self._run(agen.__anext__())
                except StopAsyncIteration:
                    return
        finally:
            self._run(agen.aclose())

    def rubrics(self, *, timeout: float | None = NOT_GIVEN, retry: RetryPolicy | None = None) -> list[RubricInfo]:
        """The rubric packs the service has loaded."""
        return self._run(self._async.rubrics(timeout=timeout, retry=retry))

    def close(self) -> None:
        if self._loop.is_closed():
            return
        self._run(self._async.close())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)
        self._loop.close()

    def __enter__(self) -> JudgeClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _SyncSource:
    """A caller's blocking iterable, read on a worker thread so it never stalls the client's loop."""

    def __init__(self, it: Iterable[RequestLike]) -> None:
        self._it = iter(it)

    def __aiter__(self) -> _SyncSource:
        return self

    async def __anext__(self) -> RequestLike:
        sentinel = object()
        item = await asyncio.to_thread(next, self._it, sentinel)
        if item is sentinel:
            raise StopAsyncIteration
        return item  # type: ignore[return-value]
