"""``engine.kind: cascade``: ordered grader tiers, weakest first, behind one engine.

The engine only holds the tiers and their lifecycle; which tier answers a question is the judge's
decision (judge_server.grading.judge: a verdict below its tier's calibrated threshold for the check goes to
the next tier). ``start`` starts every tier and fails if any fails, so a service whose stronger tier
cannot load is not ready rather than silently single-tier. ``model_id`` names every tier, so results,
cache entries and calibration runs say which cascade produced them. ``generate`` (for callers that do
not know about tiers) uses the first tier.
"""

from __future__ import annotations

import asyncio

from hrm_wire.errors import ConfigError, EngineUnavailable
from judge_server.engines.base import Generation, GenerationRequest, GraderEngine
from judge_server.engines.configs import CascadeConfig


class CascadeEngine(GraderEngine):
    """Grader tiers (each any engine kind but cascade), weakest first."""

    config: CascadeConfig

    def __init__(self, config: CascadeConfig, tiers: list[GraderEngine] | None = None) -> None:
        super().__init__(config)
        if tiers is None:
            from judge_server.engines import make_engine

            if not config.tiers:
                raise ConfigError("engine.kind cascade needs engine.tiers (weakest first)", field="engine.tiers")
            for n, t in enumerate(config.tiers):
                if t.kind == "cascade":
                    raise ConfigError("a cascade tier cannot itself be a cascade", field=f"engine.tiers.{n}.kind")
            tiers = [make_engine(t) for t in config.tiers]
        if not tiers:
            raise ConfigError("a cascade needs at least one tier", field="engine.tiers")
        self.tiers = tiers
        ids = [t.model_id for t in tiers]
        if len(set(ids)) != len(ids):
            # thresholds and cache entries are per model id: two tiers with one id could not be told apart
            raise ConfigError(f"cascade tiers must be different graders, got {ids}", field="engine.tiers")
        self.supports_json_schema = tiers[0].supports_json_schema
        self.supports_logprobs = tiers[0].supports_logprobs

    @property
    def model_id(self) -> str:
        return "cascade(" + " > ".join(t.model_id for t in self.tiers) + ")"

    @property
    def tier_ids(self) -> list[str]:
        return [t.model_id for t in self.tiers]

    async def start(self) -> None:
        results = await asyncio.gather(*(t.start() for t in self.tiers), return_exceptions=True)
        failed = [(t, r) for t, r in zip(self.tiers, results, strict=True) if isinstance(r, BaseException)]
        if failed:
            tier, exc = failed[0]
            await self.close()
            msg = getattr(exc, "message", str(exc))
            raise EngineUnavailable(f"cascade tier {tier.model_id} did not start: {msg}") from exc

    def is_ready(self) -> bool:
        return all(t.is_ready() for t in self.tiers)

    async def generate(self, request: GenerationRequest) -> Generation:
        return await self.tiers[0].generate(request)

    async def close(self) -> None:
        await asyncio.gather(*(t.close() for t in self.tiers), return_exceptions=True)
