"""What both transports share: auth, admission (the bounded queue), deadlines, metrics, store hook.

HTTP routes and the gRPC servicer only translate wire <-> domain and call this; this calls the core
``ScoringPipeline``. Nothing here knows about Ray, so the transports are testable without it.
"""

from __future__ import annotations

import asyncio
import hmac
import inspect
import logging
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

from hrm_wire.errors import HRMError, InvalidRequest, Overloaded, Unauthenticated
from hrm_wire.models import RubricInfo, ScoreRequest, ScoreResult
from judge_server.serve.config import ServeConfig
from judge_server.serve.faults import as_hrm_error
from judge_server.serve.metrics import ServiceMetrics

log = logging.getLogger("hrm.serve")

Outcome = ScoreResult | HRMError


class Frontend:
    def __init__(self, config: ServeConfig, pipeline: Any, *, metrics: ServiceMetrics | None = None,
                 store: Any | None = None, ready_probe: Callable[[], Awaitable[bool]] | None = None) -> None:
        self.config = config
        self.pipeline = pipeline
        self.metrics = metrics or ServiceMetrics()
        self.store = store
        if store is not None and hasattr(store, "counters"):
            self.metrics.watch_store(store)
        self._ready_probe = ready_probe
        self._tokens = config.auth.all_tokens()
        self._in_flight = 0

    # -- auth ----------------------------------------------------------------------------------
    @property
    def auth_enabled(self) -> bool:
        return bool(self._tokens)

    def authorize(self, authorization: str | None) -> None:
        """Check an ``Authorization: Bearer <token>`` value (HTTP header or gRPC metadata)."""
        if not self._tokens:
            return
        if not authorization:
            raise Unauthenticated("missing bearer token", field="authorization")
        scheme, _, token = authorization.strip().partition(" ")
        token = token.strip()
        # compare against every token without short-circuit so timing does not reveal which matched
        matched = False
        for candidate in self._tokens:
            matched |= hmac.compare_digest(token.encode(), candidate.encode())
        if scheme.lower() != "bearer" or not matched:
            raise Unauthenticated("invalid bearer token", field="authorization")

    # -- deadlines and admission ---------------------------------------------------------------
    def deadline(self, requested_s: float | None) -> float:
        """The deadline to apply: the caller's, else the default, never above ``max_timeout_s``."""
        d = requested_s if requested_s is not None else self.config.default_timeout_s
        return min(d, self.config.max_timeout_s) if d is not None else self.config.max_timeout_s

    @property
    def queue_depth(self) -> int:
        return self._in_flight

    @contextmanager
    def _admit(self) -> Iterator[None]:
        if self._in_flight >= self.config.max_queue:
            raise Overloaded(f"{self._in_flight} judgments in progress, the queue holds {self.config.max_queue}",
                             retry_after_s=self.config.retry_after_s)
        self._in_flight += 1
        self.metrics.queue_depth.set(self._in_flight)
        try:
            yield
        finally:
            self._in_flight -= 1
            self.metrics.queue_depth.set(self._in_flight)

    # -- scoring -------------------------------------------------------------------------------
    def parse(self, data: dict[str, Any] | bytes | str, item_id: str | None = None) -> ScoreRequest:
        if item_id and len(item_id) > 256:
            raise InvalidRequest("id is longer than 256 characters", field="id")
        request = self.pipeline.parse_request(data, item_id=item_id)
        if item_id and request.id != item_id:
            request = request.model_copy(update={"id": item_id})  # the envelope id wins (stream matching)
        return request

    async def score(self, request: ScoreRequest, deadline_s: float | None) -> ScoreResult:
        with self._admit():
            try:
                result: ScoreResult = await self.pipeline.score(request, deadline_s=deadline_s)
            except Exception as exc:  # noqa: BLE001 - typed here, once
                err = as_hrm_error(exc, retry_after_s=self.config.retry_after_s)
                if err.item_id is None:
                    err.item_id = request.id
                raise err from None
        self.metrics.observe(result)
        self._submit(request, result)
        return result

    async def score_item(self, data: dict[str, Any] | bytes | str, item_id: str | None,
                         deadline_s: float | None, transport: str) -> tuple[str | None, Outcome]:
        """Parse and score one item; its error is returned, not raised (it fails alone)."""
        try:
            request = self.parse(data, item_id)
            item_id = request.id
            return item_id, await self.score(request, deadline_s)
        except Exception as exc:  # noqa: BLE001
            err = as_hrm_error(exc, retry_after_s=self.config.retry_after_s)
            if err.item_id is None:
                err.item_id = item_id
            self.count_error(transport, err)
            return item_id or err.item_id, err

    async def score_batch(self, items: list[tuple[Any, str | None]], deadline_s: float | None,
                          transport: str) -> list[tuple[str | None, Outcome]]:
        return list(await asyncio.gather(*(self.score_item(d, i, deadline_s, transport) for d, i in items)))

    def count_error(self, transport: str, error: HRMError) -> None:
        self.metrics.errors.labels(transport, error.code).inc()

    def list_rubrics(self) -> list[RubricInfo]:
        return self.pipeline.list_rubrics()

    async def ready(self) -> bool:
        if self._ready_probe is not None:
            return await self._ready_probe()
        return bool(self.pipeline.ready)

    def _submit(self, request: ScoreRequest, result: ScoreResult) -> None:
        if self.store is None:
            return
        try:
            out = self.store.submit(request, result)
            if inspect.isawaitable(out):  # tolerate an async submit; never wait on it
                asyncio.ensure_future(out)
        except Exception:  # noqa: BLE001 - the store never fails a scoring request
            log.exception("judgment store submit failed")
