"""A GraderEngine that forwards generations to the grader deployment, so the pipeline runs unchanged.

The ingress builds ``ScoringPipeline(config, engine=RemoteEngine(grader_handle))``: the same pipeline
code as in-process, with the engine living in its own (GPU) replicas behind Serve's router.

With ``engine.kind: cascade`` the grader replica holds every tier; ``tiers`` gives the judge one
``RemoteTier`` per configured tier, each forwarding to ``generate(request, tier=n)``, so escalation and the
calibrated thresholds of each tier work as in process (issue 12).

A judgment's questions that become ready together travel in one ``generate_many`` call
(``ServeConfig.grader_coalesce_max``): a Ray handle call costs the ingress about as much CPU as the pipeline spends
on a question, and one replica answering a judgment's questions also serves their shared prefix from its cache.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from hrm_wire.errors import ConfigError, EngineUnavailable, HRMError
from judge_server.engines import Generation, GenerationRequest, GraderEngine
from judge_server.engines.configs import EngineConfig
from judge_server.engines.slot_affinity import current_trajectory
from judge_server.errors.faults import REPLICA_LOST, as_hrm_error
from judge_server.serve.experimental.group_affinity import current_group

if TYPE_CHECKING:
    from ray.serve.handle import DeploymentHandle

log = logging.getLogger("hrm.serve")

#: event-loop turns a judgment's first ready question waits for the others: its checks' questions become ready
#: one turn apart at most (a rule's await before its question); 2 turns gathered 13 smartshop questions into 5
#: calls, 1 turn into 6, more turns no fewer
FLUSH_TURNS = 2


def _unwrap(exc: BaseException) -> BaseException:
    """Ray re-raises a replica's exception wrapped; the typed HRMError is its ``cause``."""
    cause = getattr(exc, "cause", None)
    return cause if isinstance(cause, HRMError) else exc


async def _awaitable(response: Any) -> Any:
    return await response


def _consume(call: asyncio.Future[Any]) -> None:
    """Retrieve a finished probe's exception (it was reported to whoever awaited it)."""
    if not call.cancelled():
        call.exception()


class RemoteEngine(GraderEngine):
    def __init__(self, handle: Any, config: EngineConfig, *,
                 on_generate: Callable[[float, Generation], None] | None = None, lost_retries: int = 2,
                 on_resend: Callable[[], None] | None = None, resend_backoff_s: float = 0.5,
                 coalesce_max: int = 0) -> None:
        super().__init__(config)
        self.handle = handle
        #: at most this many questions of one judgment that are ready in the same event-loop turn travel in one
        #: ``generate_many`` call (ServeConfig.grader_coalesce_max); 0 or 1: one call per question
        self.coalesce_max = coalesce_max
        self._pending: dict[tuple[str | None, int | None, str | None], _Batch] = {}
        #: the grader has generate_many (info() says so; a grader of an older release, mid-upgrade, does not)
        self._grader_coalesces = False
        #: re-sends of a question whose replica died mid-answer (ServeConfig.grader_lost_retries)
        self.lost_retries = lost_retries
        #: first wait before a re-send, doubled each time: a killed replica fails all its questions at once,
        #: and re-sending them all in the same instant would hammer a router that may have no replica yet
        self.resend_backoff_s = resend_backoff_s
        self._on_resend = on_resend
        self._model_id = "unknown"
        self._cache_identity = "unknown"
        self._ready = False
        self._on_generate = on_generate
        self._last_generated = -math.inf  # monotonic time of the last generation the grader answered
        self._last_lost = -math.inf       # ... of the last call that found no grader (replica gone)
        self._info_call: asyncio.Future[Any] | None = None
        self._group_handles: dict[str, DeploymentHandle] = {}
        #: why the grader cannot serve this ingress's config (tier count differs), if it cannot
        self.mismatch: str | None = None
        # Built from the config, not from the grader's answer, so a judge made before the grader answered
        # still escalates; the tiers learn their model ids from info().
        self.tiers: list[RemoteTier] = (
            [RemoteTier(self, n, t) for n, t in enumerate(config.tiers)] if config.kind == "cascade" else [])

    @property
    def model_id(self) -> str:
        return self._model_id

    @property
    def cache_identity(self) -> str:
        return self._cache_identity

    async def start(self) -> None:
        await self.refresh()
        if self.mismatch:
            raise ConfigError(self.mismatch, field="engine.tiers")

    async def refresh(self, timeout_s: float | None = None) -> bool:
        """Ask the grader whether its engine is loaded (routes to any grader replica); False without an
        answer within ``timeout_s``."""
        info = await self._ask_info(timeout_s)
        self._ready = False if info is None else self._apply(info)
        return self._ready

    async def readiness(self, timeout_s: float, busy_grace_s: float) -> bool:
        """Readiness as a probe should report it, asked anew each time (never a cached True).

        The grader answers within ``timeout_s``: its word. It does not: ready only if it is busy rather
        than gone, i.e. it answered a generation within ``busy_grace_s`` and no call has found it missing
        since. A killed replica fails its in-flight calls at once, so a loss reads as not ready within one
        probe (issue 15: it said ready for ~10 s); a grader slow under load stays in service.
        """
        info = await self._ask_info(timeout_s)
        if info is not None:
            self._ready = self._apply(info)
        else:
            now = time.monotonic()
            self._ready = now - self._last_generated < busy_grace_s and self._last_lost < self._last_generated
        return self._ready

    async def _ask_info(self, timeout_s: float | None) -> dict[str, Any] | None:
        # One info call in flight at a time, never cancelled: probes come every second, and cancelling a
        # call Serve has not routed yet breaks its router (InvalidStateError in _fulfill_pending_requests,
        # after which requests wait forever). A slow call is awaited again by the next probe.
        if self._info_call is None or self._info_call.done():
            self._info_call = asyncio.ensure_future(_awaitable(self.handle.info.remote()))
            self._info_call.add_done_callback(_consume)
        try:
            info: dict[str, Any] = await asyncio.wait_for(asyncio.shield(self._info_call), timeout_s)
        except asyncio.TimeoutError:  # slow: busy or gone, readiness() weighs it
            return None
        except Exception:  # noqa: BLE001 - the call failed: no grader to answer
            self._last_lost = time.monotonic()
            return None
        return info

    def _apply(self, info: dict[str, Any]) -> bool:
        self._model_id = info["model_id"]
        self._cache_identity = info.get("cache_identity") or self._model_id
        # Instance attributes shadow the class defaults: the judge asks these to build requests.
        self.supports_json_schema = bool(info["supports_json_schema"])
        self.supports_logprobs = bool(info["supports_logprobs"])
        self._grader_coalesces = bool(info.get("generate_many"))
        described = info.get("tiers") or []
        if len(described) != len(self.tiers):
            # never half a cascade: the judge could not escalate as configured, so the service is not ready
            self.mismatch = (f"the grader runs {len(described) or 1} tier(s) ({self._model_id}), the ingress "
                             f"config names {len(self.tiers) or 1}: deploy both from one config")
            return False
        self.mismatch = None
        for tier, d in zip(self.tiers, described, strict=True):
            tier.describe(d)
        return bool(info["ready"])

    def is_ready(self) -> bool:
        return self._ready

    def _group_handle(self, group: str) -> DeploymentHandle:
        """The grader handle with the group as Serve's session id, one per group in flight (``options`` builds a
        new handle each call, a noticeable share of a question's ingress CPU)."""
        handle = self._group_handles.get(group)
        if handle is None:
            if len(self._group_handles) >= 1024:
                self._group_handles.pop(next(iter(self._group_handles)))
            handle = self._group_handles[group] = self.handle.options(session_id=group)
        return handle

    async def generate(self, request: GenerationRequest, tier: int | None = None) -> Generation:
        """Generate on a grader replica: with its engine, or with cascade tier ``tier``."""
        t0 = time.perf_counter()
        # the scoring request's rollout group (frontend's group_scope) as Serve's session id: the grader's
        # group-affinity router keeps a group on one replica (serve/router.py); other routers ignore it
        group = current_group()
        # the trajectory key lives in a contextvar that does not cross the process hop: ship it along
        trajectory = current_trajectory()
        if trajectory is not None and request.affinity_key is None:
            request = request.model_copy(update={"affinity_key": trajectory})
        if self.coalesce_max > 1 and self._grader_coalesces:
            out = await self._join(group, tier, trajectory, request)
        else:
            out = await self._call(self._one(self._group_handle(group) if group else self.handle, request, tier))
        self._answered(t0, out)
        return out

    def _answered(self, t0: float, out: Generation) -> None:
        self._last_generated = time.monotonic()
        if self._on_generate is not None:
            self._on_generate(time.perf_counter() - t0, out)

    @staticmethod
    def _one(handle: Any, request: GenerationRequest, tier: int | None) -> Callable[[], Any]:
        """A send of one question (``generate``; with ``tier`` for a cascade tier), for ``_call`` to (re)issue."""
        return lambda: handle.generate.remote(request) if tier is None else handle.generate.remote(request, tier)

    async def _call(self, send: Callable[[], Any]) -> Any:
        """One handle call, re-sent (``lost_retries`` times) when the replica answering it died; typed errors."""
        for attempt in range(self.lost_retries + 1):
            response = send()
            try:
                return await response
            except asyncio.CancelledError:
                response.cancel()  # deadline or client gone: stop the grader's work too
                raise
            except Exception as exc:  # noqa: BLE001 - typed below
                cause = _unwrap(exc)
                err = as_hrm_error(cause)
                if isinstance(err, EngineUnavailable):
                    self._ready = False  # readiness follows what calls see, before the next probe
                    self._last_lost = time.monotonic()
                    # a question has no side effects: the router, which has just seen the replica die, sends
                    # it to a live one (or queues it until Serve has replaced the replica)
                    if type(cause).__name__ in REPLICA_LOST and attempt < self.lost_retries:
                        log.warning("grader replica died while answering; re-sending the question (%d of %d)",
                                    attempt + 1, self.lost_retries)
                        if self._on_resend is not None:
                            self._on_resend()
                        await asyncio.sleep(self.resend_backoff_s * 2**attempt)
                        continue
                raise err from None
        raise AssertionError("unreachable: the last attempt returns or raises")

    async def _join(self, group: str | None, tier: int | None, trajectory: str | None,
                    request: GenerationRequest) -> Generation:
        """Queue the question with the others of its judgment (and group, and tier) that become ready within
        ``FLUSH_TURNS`` event-loop turns; the first one schedules the send.

        Why: a judgment's questions are gathered at once (a level's checks, per-product questions), and each
        Ray handle call costs the ingress about as much CPU as the pipeline spends on the question itself.
        Questions of one judgment share a prefix, so one replica answering them all also suits its prefix cache.
        """
        key = (group, tier, trajectory)
        batch = self._pending.get(key)
        if batch is None or len(batch.requests) >= self.coalesce_max:
            batch = self._pending[key] = _Batch(group, tier)
            _after_turns(asyncio.get_running_loop(), FLUSH_TURNS, self._flush, key, batch)
        fut: asyncio.Future[Generation] = asyncio.get_running_loop().create_future()
        batch.add(request, fut)
        return await fut

    def _flush(self, key: tuple[str | None, int | None, str | None], batch: _Batch) -> None:
        if self._pending.get(key) is batch:
            del self._pending[key]
        if not all(f.cancelled() for f in batch.futures):  # every asker already gone: nothing to send
            batch.task = asyncio.ensure_future(self._send(batch))

    async def _send(self, batch: _Batch) -> None:
        handle = self._group_handle(batch.group) if batch.group else self.handle
        tier, requests = batch.tier, batch.requests
        try:
            if len(requests) == 1:
                results: list[Any] = [await self._call(self._one(handle, requests[0], tier))]
            else:
                results = await self._call(lambda: handle.generate_many.remote(requests, tier))
        except asyncio.CancelledError:
            batch.cancel()
            raise
        except Exception as exc:  # noqa: BLE001 - every waiter gets the call's (typed) error
            batch.settle(None, exc)
            return
        batch.settle(results, None)


def _after_turns(loop: asyncio.AbstractEventLoop, turns: int, fn: Callable[..., None], *args: Any) -> None:
    """Run ``fn`` once ``turns`` event-loop turns have passed (no timer: no added latency to speak of)."""
    if turns <= 1:
        loop.call_soon(fn, *args)
    else:
        loop.call_soon(_after_turns, loop, turns - 1, fn, *args)


class _Batch:
    """Questions going to the grader in one call, and the futures their askers await."""

    def __init__(self, group: str | None, tier: int | None) -> None:
        self.group, self.tier = group, tier
        self.requests: list[GenerationRequest] = []
        self.futures: list[asyncio.Future[Generation]] = []
        self.task: asyncio.Future[None] | None = None

    def add(self, request: GenerationRequest, fut: asyncio.Future[Generation]) -> None:
        self.requests.append(request)
        self.futures.append(fut)
        fut.add_done_callback(self._on_done)

    def _on_done(self, fut: asyncio.Future[Generation]) -> None:
        # every asker gone (their judgment's deadline, or the client): stop the grader's work too
        if fut.cancelled() and self.task is not None and all(f.cancelled() for f in self.futures):
            self.task.cancel()

    def cancel(self) -> None:
        for fut in self.futures:
            fut.cancel()

    def settle(self, results: list[Any] | None, error: BaseException | None) -> None:
        for n, fut in enumerate(self.futures):
            if fut.done():
                continue
            if error is not None:
                fut.set_exception(error)
            elif results is not None and isinstance(results[n], BaseException):
                fut.set_exception(as_hrm_error(results[n]))
            elif results is not None:
                fut.set_result(results[n])


class RemoteTier(GraderEngine):
    """One tier of a cascade that runs in the grader deployment, as the ingress judge asks it."""

    def __init__(self, parent: RemoteEngine, index: int, config: EngineConfig) -> None:
        super().__init__(config)  # the tier's own settings (temperature, seed) shape its requests
        self.parent = parent
        self.index = index
        self._model_id = "unknown"
        self._cache_identity = "unknown"

    @property
    def model_id(self) -> str:
        return self._model_id

    @property
    def cache_identity(self) -> str:
        return self._cache_identity

    def describe(self, info: dict[str, Any]) -> None:
        self._model_id = info["model_id"]
        self._cache_identity = info.get("cache_identity") or self._model_id
        self.supports_json_schema = bool(info["supports_json_schema"])
        self.supports_logprobs = bool(info["supports_logprobs"])

    async def start(self) -> None:
        await self.parent.start()

    def is_ready(self) -> bool:
        return self.parent.is_ready()  # the grader reports ready only when every tier is

    async def generate(self, request: GenerationRequest) -> Generation:
        return await self.parent.generate(request, tier=self.index)

    async def close(self) -> None:
        return None  # the parent (and the grader replica) own the connection
