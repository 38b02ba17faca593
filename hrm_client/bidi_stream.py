"""``stream`` over gRPC's bidirectional ``StreamScore``: one call carries every item of the stream.

Items are written as the caller's iterator yields them (at most ``concurrency`` unanswered at once)
and each answer is yielded as soon as it arrives, matched to its item by the envelope id. Answers
therefore come in completion order, and a slow item never holds back the ones behind it.

- Wire ids: the caller's id when it is unique within the stream, else a generated one (the result's
  id is put back to the caller's before it is yielded). Late answers to ids no longer waited for
  (an item that expired) are dropped.
- Per-item errors are yielded in place. A retryable per-item error (e.g. the server's queue is full)
  is re-sent on the stream after the policy's backoff, up to ``max_attempts`` answers per item.
- ``timeout`` is each item's budget from when it was admitted, re-sends included; an item not
  answered in time is yielded as ``DeadlineExceeded``. The wire has no per-item deadline, so the
  server keeps judging such an item under its own deadline (``default_timeout_s``/``max_timeout_s``).
- When the call itself fails with an error the policy retries (UNAVAILABLE: server restarting or
  unreachable), a new call is opened after the backoff and every item not yet answered is sent
  again; ``max_attempts`` consecutive failures with no answer in between give up. When it gives up
  or the error is not retryable (e.g. a bad token), every unanswered item and every item the
  iterator still yields gets that error, so the caller sees each item's outcome exactly once.
"""

from __future__ import annotations

import asyncio
import copy
import secrets
import time
from collections.abc import AsyncIterable, AsyncIterator, Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from hrm_client.errors import DeadlineExceeded, HRMError, ServiceUnreachable
from hrm_client.retry import RetryPolicy
from hrm_wire.models import ScoreRequest, ScoreResult

_DONE = object()
_CLOSE = object()  # wakes the writer to check whether the sending side can be closed


class StreamCall(Protocol):
    async def write(self, wire_id: str, request: ScoreRequest) -> bool: ...
    async def done_writing(self) -> None: ...
    async def read(self) -> tuple[str, ScoreResult | HRMError] | None: ...
    def cancel(self) -> None: ...


@dataclass(eq=False)
class _Item:
    index: int
    caller_id: str | None
    wire_id: str
    request: ScoreRequest
    deadline: float | None
    failures: int = 0  # retryable per-item errors answered so far
    state: Literal["queued", "sent", "waiting"] = "queued"
    timer: asyncio.TimerHandle | None = None  # expiry
    resend: asyncio.TimerHandle | None = None  # backoff before a re-send


async def _aiter(requests: Iterable[Any] | AsyncIterable[Any]) -> AsyncIterator[Any]:
    if isinstance(requests, AsyncIterable):
        async for r in requests:
            yield r
    else:
        for r in requests:
            yield r


def _raw_id(raw: Any) -> str | None:
    rid = raw.id if isinstance(raw, ScoreRequest) else (raw.get("id") if isinstance(raw, dict) else None)
    return None if rid is None else str(rid)


class BidiStream:
    def __init__(self, open_call: Callable[[], StreamCall], requests: Iterable[Any] | AsyncIterable[Any], *,
                 as_request: Callable[[Any], ScoreRequest], scored: Callable[..., Any], policy: RetryPolicy,
                 timeout: float | None, concurrency: int) -> None:
        self._open = open_call
        self._requests = requests
        self._as_request = as_request
        self._scored = scored  # the client's Scored constructor (kept there: it is public API)
        self._policy = policy
        self._timeout = timeout
        self._slots = asyncio.Semaphore(concurrency)
        self._pending: dict[str, _Item] = {}
        self._used: set[str] = set()
        self._prefix = f"~s{secrets.token_hex(4)}-"
        self._send: asyncio.Queue[Any] = asyncio.Queue()
        self._out: asyncio.Queue[Any] = asyncio.Queue()
        self._input_done = False
        self._fatal: HRMError | None = None
        self._call: StreamCall | None = None

    # -- bookkeeping ---------------------------------------------------------------------------
    def _wire_id(self, request_id: str | None, index: int) -> str:
        wire = request_id if request_id and request_id not in self._used else f"{self._prefix}{index}"
        self._used.add(wire)
        return wire

    def _enqueue(self, item: _Item) -> None:
        item.state = "queued"
        self._send.put_nowait(item)

    def _finish(self, item: _Item, outcome: ScoreResult | HRMError) -> None:
        if self._pending.get(item.wire_id) is not item:
            return
        del self._pending[item.wire_id]
        for handle in (item.timer, item.resend):
            if handle is not None:
                handle.cancel()
        self._slots.release()
        if isinstance(outcome, HRMError):
            if item.wire_id != item.caller_id or outcome.item_id is None:
                outcome.item_id = item.caller_id
            self._out.put_nowait(self._scored(item.index, item.caller_id, error=outcome))
        else:
            if outcome.id != item.caller_id:
                outcome = outcome.model_copy(update={"id": item.caller_id})
            self._out.put_nowait(self._scored(item.index, item.caller_id, result=outcome))
        self._check_end()

    def _check_end(self) -> None:
        if not self._input_done:
            return
        if not self._pending:
            self._out.put_nowait(_DONE)
        elif all(it.state == "sent" for it in self._pending.values()):
            self._send.put_nowait(_CLOSE)

    def _expire(self, item: _Item) -> None:
        self._finish(item, DeadlineExceeded(f"no answer within the item's {self._timeout} s budget",
                                            item_id=item.caller_id))

    def _answer(self, wire_id: str, outcome: ScoreResult | HRMError) -> None:
        item = self._pending.get(wire_id)
        if item is None or item.state != "sent":
            return  # an expired item's late answer, or a duplicate after a reconnection
        if isinstance(outcome, HRMError) and self._policy.retryable(outcome):
            item.failures += 1
            wait = self._policy.backoff(item.failures, outcome.retry_after_s)
            late = item.deadline is not None and time.monotonic() + wait >= item.deadline
            if item.failures < self._policy.max_attempts and not late:
                item.state = "waiting"
                item.resend = asyncio.get_running_loop().call_later(wait, self._resend, item)
                return
        self._finish(item, outcome)

    def _resend(self, item: _Item) -> None:
        item.resend = None
        if self._pending.get(item.wire_id) is item:
            self._enqueue(item)

    def _fail_all(self, err: HRMError) -> None:
        self._fatal = err
        for item in list(self._pending.values()):
            self._finish(item, _copy(err))
        self._check_end()

    # -- tasks ---------------------------------------------------------------------------------
    async def _feed(self) -> None:
        loop = asyncio.get_running_loop()
        index = 0
        async for raw in _aiter(self._requests):
            i, index = index, index + 1
            if self._fatal is None:
                try:
                    request = self._as_request(raw)
                except HRMError as err:
                    self._out.put_nowait(self._scored(i, _raw_id(raw), error=err))
                    continue
                await self._slots.acquire()
                if self._fatal is not None:
                    self._slots.release()
            if self._fatal is not None:  # the stream gave up: every later item gets its error
                err = _copy(self._fatal)
                err.item_id = _raw_id(raw)
                self._out.put_nowait(self._scored(i, err.item_id, error=err))
                continue
            deadline = None if self._timeout is None else time.monotonic() + self._timeout
            item = _Item(i, request.id, self._wire_id(request.id, i), request, deadline)
            self._pending[item.wire_id] = item
            if self._timeout is not None:
                item.timer = loop.call_later(self._timeout, self._expire, item)
            self._enqueue(item)
        self._input_done = True
        self._check_end()

    async def _write(self, call: StreamCall, first: _Item) -> None:
        item: Any = first
        while True:
            if item is _CLOSE:
                if self._input_done and all(it.state == "sent" for it in self._pending.values()):
                    await call.done_writing()
                    return
            elif self._pending.get(item.wire_id) is item and item.state == "queued":
                item.state = "sent"  # before the write: a call that breaks mid-write re-sends it
                if not await call.write(item.wire_id, item.request):
                    return
            item = await self._send.get()

    async def _connect(self) -> None:
        try:
            await self._connect_loop()
        except Exception as exc:  # noqa: BLE001 - never leave the caller waiting on a dead stream
            self._fail_all(HRMError(f"stream failed: {type(exc).__name__}: {exc}"))

    async def _connect_loop(self) -> None:
        failures = 0
        while True:
            first = await self._send.get()
            if first is _CLOSE or self._pending.get(first.wire_id) is not first or first.state != "queued":
                continue
            call = self._call = self._open()
            writer = asyncio.ensure_future(self._write(call, first))
            try:
                while (answer := await call.read()) is not None:
                    failures = 0
                    self._answer(*answer)
                unanswered = sum(it.state == "sent" for it in self._pending.values())
                if unanswered:
                    raise ServiceUnreachable(f"the server ended the stream with {unanswered} item(s) unanswered")
            except HRMError as err:
                failures += 1
                if failures >= self._policy.max_attempts or not self._policy.retryable(err):
                    self._fail_all(err)
                    return
                await asyncio.sleep(self._policy.backoff(failures, err.retry_after_s))
            finally:
                writer.cancel()
                call.cancel()
            # a new call: whatever was sent on the old one and not answered goes again
            for item in list(self._pending.values()):
                if item.state == "sent":
                    self._enqueue(item)

    def _feeder_done(self, task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            self._out.put_nowait(_DONE)  # the caller's iterator raised: stop, run() re-raises it

    async def run(self) -> AsyncIterator[Any]:
        feeder = asyncio.ensure_future(self._feed())
        feeder.add_done_callback(self._feeder_done)
        connection = asyncio.ensure_future(self._connect())
        try:
            while (scored := await self._out.get()) is not _DONE:
                yield scored
            await feeder  # surfaces an exception raised by the caller's request iterator
        finally:
            for task in (feeder, connection):
                task.cancel()
            for task in (feeder, connection):
                try:
                    await task
                except (asyncio.CancelledError, Exception):  # noqa: BLE001 - shutting down
                    pass
            if self._call is not None:
                self._call.cancel()
            for item in self._pending.values():
                for handle in (item.timer, item.resend):
                    if handle is not None:
                        handle.cancel()


def _copy(err: HRMError) -> HRMError:
    """A fresh instance per item (each carries its own item id)."""
    return copy.copy(err)
