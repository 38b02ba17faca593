"""What both transports share: auth, input policy, admission (the bounded queue), deadlines, batches,
metrics, store hook.

HTTP routes and the gRPC servicer only translate wire <-> domain and call this; this calls the core
``ScoringPipeline``. Nothing here knows about Ray, so the transports are testable without it.
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Awaitable, Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from hrm_wire.errors import HRMError, InvalidRequest, Overloaded
from hrm_wire.models import RubricInfo, ScoreRequest, ScoreResult
from judge_server import limits
from judge_server.errors.faults import as_hrm_error
from judge_server.serve.auth import TokenSet
from judge_server.serve.config import ServeConfig
from judge_server.serve.experimental.group_affinity import group_scope
from judge_server.serve.metrics import ServiceMetrics
from judge_server.serve.seams import JudgmentScorer

if TYPE_CHECKING:  # the store's database stack is optional
    from judge_server.store.sink import JudgmentSink

log = logging.getLogger("hrm.serve")

Outcome = ScoreResult | HRMError
#: one batch item as a transport hands it over: raw JSON (or a parsed dict, or an error the transport
#: already found, e.g. an undecodable protobuf item) and the envelope id
BatchItem = tuple[dict[str, Any] | bytes | str | HRMError, str | None]

MAX_ID_CHARS = 256


class Frontend:
    def __init__(self, config: ServeConfig, pipeline: JudgmentScorer, *, metrics: ServiceMetrics | None = None,
                 store: JudgmentSink | None = None, ready_probe: Callable[[], Awaitable[bool]] | None = None) -> None:
        self.config = config
        self.limits = config.limits
        self.pipeline = pipeline
        self.metrics = metrics or ServiceMetrics()
        self.store = store
        if store is not None:
            self.metrics.watch_store(store)
            from judge_server.store.metrics import watch_answer_states  # lazy: the store is optional

            watch_answer_states(self.metrics.registry, store)
        self._ready_probe = ready_probe
        self._auth = TokenSet(config.auth.all_tokens())
        self._in_flight = 0

    # -- auth ----------------------------------------------------------------------------------
    @property
    def auth_enabled(self) -> bool:
        return self._auth.enabled

    def authorize(self, authorization: str | None) -> None:
        """Check an ``Authorization: Bearer <token>`` value (HTTP header or gRPC metadata)."""
        self._auth.check(authorization)

    # -- deadlines and admission ---------------------------------------------------------------
    def deadline(self, requested_s: float | None) -> float:
        """The deadline to apply: the caller's, else the default, never above ``max_timeout_s``."""
        d = requested_s if requested_s is not None else self.config.default_timeout_s
        return min(d, self.config.max_timeout_s) if d is not None else self.config.max_timeout_s

    @property
    def queue_depth(self) -> int:
        return self._in_flight

    @property
    def store_up(self) -> bool | None:
        """Whether the judgment store's writes succeed (None: no store). Not part of readiness: scoring
        goes on while the database is down (judgments queue, see ``judge_server.store.ack``)."""
        if self.store is None:
            return None
        return self.store.available

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

    # -- input ---------------------------------------------------------------------------------
    def parse(self, data: dict[str, Any] | bytes | str, item_id: str | None = None, *,
              field: str | None = None) -> ScoreRequest:
        """One scoring request under the size/depth policy. ``field`` names where the JSON came from
        (``body``, ``request_json``) in errors about the JSON as a whole."""
        if item_id and len(item_id) > MAX_ID_CHARS:
            raise InvalidRequest(f"id is longer than {MAX_ID_CHARS} characters", field="id")
        if isinstance(data, (bytes, str)):
            data = limits.load_json(data, self.limits, field=field, item_id=item_id)
        elif isinstance(data, dict):
            limits.check_item(data, self.limits, field=field, item_id=item_id or _id_in(data))
        if not isinstance(data, dict):
            raise InvalidRequest("a scoring request must be a JSON object", field=field, item_id=item_id)
        # the pipeline validates and applies the part caps (limits.check_request), once, on every path
        request: ScoreRequest = self.pipeline.parse_request(data, item_id=item_id)
        if item_id and request.id != item_id:
            request = request.model_copy(update={"id": item_id})  # the envelope id wins (stream matching)
        return request

    # -- scoring -------------------------------------------------------------------------------
    async def score(self, request: ScoreRequest, deadline_s: float | None) -> ScoreResult:
        with self._admit(), group_scope(request):  # its grader calls carry its rollout group
            try:
                result: ScoreResult = await self.pipeline.score(request, deadline_s=deadline_s)
            except Exception as exc:  # noqa: BLE001 - typed here, once
                err = as_hrm_error(exc, retry_after_s=self.config.retry_after_s)
                if err.item_id is None:
                    err.item_id = request.id
                raise err from None
        _check_finite(result)
        self.metrics.observe(result)
        return await self._store_judgment(request, result)

    async def score_item(self, data: dict[str, Any] | bytes | str | HRMError, item_id: str | None,
                         deadline_s: float | None, transport: str, *,
                         field: str | None = None) -> tuple[str | None, Outcome]:
        """Parse and score one item; its error is returned, not raised (it fails alone)."""
        try:
            if isinstance(data, HRMError):
                raise data
            request = self.parse(data, item_id, field=field)
            item_id = request.id
            return item_id, await self.score(request, deadline_s)
        except Exception as exc:  # noqa: BLE001 - typed once (score() already typed its own)
            err = as_hrm_error(exc, retry_after_s=self.config.retry_after_s)
            if err.item_id is None:
                err.item_id = item_id
            self.count_error(transport, err)
            return item_id or err.item_id, err

    async def score_batch(self, items: Sequence[BatchItem], deadline_s: float | None, transport: str, *,
                          field: str | None = None) -> list[tuple[str | None, Outcome]]:
        """A batch for either transport: the item cap for the whole, then every item fails alone.

        An error about an item as a whole names ``field`` (gRPC: ``request_json``) or, without one, the
        item's place in the body (``items.<n>``); errors about a part name the part, as for one request.
        """
        limits.check_batch_items(len(items), self.limits)
        seen: dict[str, int] = {}
        marked: list[BatchItem] = []
        for n, (d, i) in enumerate(items):  # answers are matched by position, but ids name judgments in the store
            key = i or (d.get("id") if isinstance(d, dict) and isinstance(d.get("id"), str) else None)
            if key and key in seen:
                d = InvalidRequest(f"id {key!r} repeats item {seen[key]}'s: ids must be unique within a batch",
                                   field="id", item_id=key)
            elif key:
                seen[key] = n
            marked.append((d, i))
        return list(await asyncio.gather(*(self.score_item(d, i, deadline_s, transport, field=field or f"items.{n}")
                                           for n, (d, i) in enumerate(marked))))

    def count_error(self, transport: str, error: HRMError) -> None:
        self.metrics.errors.labels(transport, error.code).inc()

    def list_rubrics(self) -> list[RubricInfo]:
        return self.pipeline.list_rubrics()

    async def ready(self) -> bool:
        if self._ready_probe is not None:
            return await self._ready_probe()
        return bool(self.pipeline.ready)

    async def _store_judgment(self, request: ScoreRequest, result: ScoreResult) -> ScoreResult:
        """Hand the judgment to the store and hold the answer until it is committed, bounded by
        ``store.ack_timeout_s`` (an ingress replica killed after answering then loses no acknowledged
        judgment); the store never fails a scoring request, and never stalls one while it is down."""
        if self.store is None:
            return result
        from judge_server.store.ack import acknowledge  # lazy: the store is optional

        try:
            state = await acknowledge(self.store, request, result)
        except Exception:  # noqa: BLE001 - the store never fails a scoring request
            log.exception("judgment store submit failed")
            return result
        return result.model_copy(update={"stored": state})  # the wire field that tells the caller (see ack.py)


def _id_in(data: dict[str, Any]) -> str | None:
    """The id a request carries, for naming it in errors before it is validated."""
    value = data.get("id")
    return value[:MAX_ID_CHARS] if isinstance(value, str) else None


def _check_finite(result: ScoreResult) -> None:
    """A reward that is not a finite number would reach JSON as null and protobuf as inf: refuse it."""
    for name, value in (("reward", result.reward), *result.scores.items()):
        if isinstance(value, float) and not math.isfinite(value):
            raise InvalidRequest(f"{name} is {value}: the reward parameters are out of range",
                                 field="options.reward", item_id=result.id)
