"""The grader deployment body: one engine per replica, generations forwarded from ingress replicas.

The engine loads in the background so the replica (and the app) come up at once; ``info()`` says
whether it is ready (GET /readyz, gRPC health), and ``generate`` waits for the load to finish.
Cancelling a call (caller deadline) cancels the engine coroutine: ``stats()`` counts those.

A cascade engine's tiers all live in the grader replica; ``info()`` lists them and ``generate(request,
tier=n)`` asks one, so the ingress judge escalates tier by tier with its calibrated thresholds exactly as
in process (serve/remote_engine.py), instead of every question stopping at the first tier.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from hrm_wire.errors import ConfigError, EngineUnavailable, HRMError
from judge_server.engines import Generation, GenerationRequest, GraderEngine, engine_tiers, make_engine
from judge_server.engines.configs import engine_config as engine_config_from
from judge_server.errors.faults import as_hrm_error

log = logging.getLogger("hrm.serve.grader")


class GraderServer:
    """Plain class; app.py wraps it with ``serve.deployment`` and the configured sizing."""

    async def __init__(self, engine_config: dict[str, Any], slot_affinity: bool = False) -> None:  # type: ignore[misc]
        # (Serve awaits an async __init__)
        self.engine = make_engine(engine_config_from(engine_config), slot_affinity=slot_affinity)
        self._error: str | None = None
        # started/finished/cancelled/failed count questions; calls counts handle calls (generate_many is one)
        self._counts = {"started": 0, "finished": 0, "cancelled": 0, "failed": 0, "calls": 0}
        self._load = asyncio.get_running_loop().create_task(self._start())

    async def _start(self) -> None:
        try:
            await self.engine.start()
            log.info("grader engine %s ready", self.engine.model_id)
        except Exception as exc:  # noqa: BLE001 - reported through info() and check_health()
            self._error = f"{type(exc).__name__}: {exc}"
            log.exception("grader engine failed to start")

    async def info(self) -> dict[str, Any]:
        tiers = engine_tiers(self.engine)
        return {"model_id": self.engine.model_id, "cache_identity": self.engine.cache_identity,
                "ready": self.engine.is_ready() and self._error is None,
                "error": self._error, "supports_json_schema": self.engine.supports_json_schema,
                "supports_logprobs": self.engine.supports_logprobs,
                # an ingress coalesces a judgment's questions only into a grader that says it takes them
                "generate_many": True,
                # empty for a single engine: the ingress then treats the grader as one tier
                "tiers": [_describe(t) for t in tiers] if tiers != [self.engine] else []}

    async def wait_ready(self, timeout_s: float) -> bool:
        try:
            await asyncio.wait_for(asyncio.shield(self._load), timeout_s)
        except asyncio.TimeoutError:
            return False
        return self._error is None and self.engine.is_ready()

    async def generate(self, request: GenerationRequest, tier: int | None = None) -> Generation:
        """Generate with the engine, or with its cascade tier number ``tier`` (0 = weakest)."""
        self._counts["calls"] += 1
        return await self._generate(request, tier)

    async def _generate(self, request: GenerationRequest, tier: int | None) -> Generation:
        await asyncio.shield(self._load)  # a request during load waits for it (under the caller's deadline)
        if self._error is not None:
            raise EngineUnavailable(f"grader engine failed to start: {self._error}")
        engine = self._tier(tier)
        self._counts["started"] += 1
        try:
            out = await engine.generate(request)
        except asyncio.CancelledError:
            self._counts["cancelled"] += 1
            raise
        except Exception:
            self._counts["failed"] += 1
            raise
        self._counts["finished"] += 1
        return out

    async def generate_many(self, requests: list[GenerationRequest],
                            tier: int | None = None) -> list[Generation | HRMError]:
        """Several questions in one call (an ingress coalesces a judgment's ready questions): answered
        concurrently, each one's failure returned in its place as a typed error, so one bad question does not
        fail its neighbours."""
        self._counts["calls"] += 1
        results = await asyncio.gather(*(self._generate(r, tier) for r in requests), return_exceptions=True)
        return [as_hrm_error(r) if isinstance(r, BaseException) else r for r in results]

    def _tier(self, tier: int | None) -> GraderEngine:
        if tier is None:
            return self.engine
        tiers = engine_tiers(self.engine)
        if not 0 <= tier < len(tiers):
            # the ingress and the grader were built from one config; a mismatch is a deployment error
            raise ConfigError(f"grader {self.engine.model_id} has {len(tiers)} tier(s), asked for tier {tier}",
                              field="engine.tiers")
        return tiers[tier]

    async def stats(self) -> dict[str, int]:
        return dict(self._counts)

    async def check_health(self) -> None:
        """Serve calls this periodically; a failed load marks the replica unhealthy (it is replaced)."""
        if self._error is not None:
            raise RuntimeError(self._error)

    async def __del__(self) -> None:
        try:
            await self.engine.close()
        except Exception:  # noqa: BLE001 - best effort at shutdown
            pass


def _describe(engine: GraderEngine) -> dict[str, Any]:
    return {"model_id": engine.model_id, "cache_identity": engine.cache_identity,
            "supports_json_schema": engine.supports_json_schema,
            "supports_logprobs": engine.supports_logprobs, "ready": engine.is_ready()}
