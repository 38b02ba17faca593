"""The one scoring pipeline: parse and bound the request, pick its pack, run the pack's composition.

Transports (HTTP, gRPC), the CLI, the eval runner and the verl plugin all call
``ScoringPipeline.score``; nothing else decides a reward. The parts it orchestrates:

* ``judge_server.checks.runner``: one check (its rule, its grader question, its combine policy);
* ``judge_server.checks.combine``: the registered combine policies;
* ``judge_server.compositions``: the registered compositions (``hrm``, ``weighted``), each owning its
  reward, its result fields and its gating, including when a result is abstained;
* this module: input validation, deadlines, batch isolation, and the fields every result has
  (checks, timings, grader usage, the low-confidence review flag).
"""

from __future__ import annotations

import asyncio
import itertools
import os
import re
import time
import uuid
from collections.abc import Iterable
from typing import Any

from pydantic import ValidationError

from hrm_wire.errors import DeadlineExceeded, HRMError, InvalidRequest, invalid_from_validation
from hrm_wire.models import RubricInfo, ScoreRequest, ScoreResult
from judge_server import limits
from judge_server.checks.runner import CheckRunner
from judge_server.checks.screens import screen_for
from judge_server.compositions import Judgment, get_composition
from judge_server.config import HRMConfig
from judge_server.engines import GraderEngine, engine_tiers, make_engine
from judge_server.engines.slot_affinity import trajectory_scope
from judge_server.grading.cache import VerdictCache
from judge_server.grading.judge import Judge
from judge_server.packs.registry import RubricRegistry
from judge_server.packs.schema import RubricPack
from judge_server.thresholds import load_thresholds
from judge_server.thresholds.capability import capability_notice

_THINK = re.compile(r"<think>(.*?)</think>", re.S)
#: trajectory keys: unique across processes (a random prefix per process, drawn again in a forked child) and
#: judgments (a counter), without a random draw per judgment
_PROCESS_KEY = uuid.uuid4().hex[:16]
_JUDGMENTS = itertools.count()


def _new_process_key() -> None:
    global _PROCESS_KEY
    _PROCESS_KEY = uuid.uuid4().hex[:16]


os.register_at_fork(after_in_child=_new_process_key)


def reasoning_length(request: ScoreRequest) -> int:
    """Whitespace tokens of reasoning: reasoning steps plus any <think> span in the response."""
    text = request.reasoning_text() + " " + " ".join(_THINK.findall(request.response))
    return len(text.split())


class ScoringPipeline:
    """Scores trajectories against rubric packs with one grader engine."""

    def __init__(self, config: HRMConfig | None = None, engine: GraderEngine | None = None,
                 registry: RubricRegistry | None = None) -> None:
        self.config = config or HRMConfig()
        self.engine = engine or make_engine(self.config.engine, slot_affinity=self.config.experimental.slot_affinity)
        extra = [self.config.rubrics_dir] if self.config.rubrics_dir else []
        self.registry = registry or RubricRegistry(extra)
        self.cache = VerdictCache(self.config.cache)
        thresholds = load_thresholds(self.config.judge, [t.model_id for t in engine_tiers(self.engine)],
                                     self.registry)
        self.judge = Judge(self.engine, self.cache, self.config.judge, self.config.engine, thresholds=thresholds)
        self._sem = asyncio.Semaphore(self.config.judge.concurrency or self.config.engine.serving_hints().in_flight)

    # -- lifecycle -----------------------------------------------------------------------------
    async def start(self) -> None:
        await self.engine.start()
        await asyncio.to_thread(self.load_screens)

    def load_screens(self) -> None:
        """Load every screen the packs name, so a missing embedding model fails start, not a request."""
        if not self.config.judge.screens:
            return
        for info in self.registry.infos():
            for check in self.registry.get(info.id).checks:
                if check.llm is not None and check.llm.screen is not None:
                    screen_for(check.llm.screen.name, check.llm.screen.params).load()

    @property
    def ready(self) -> bool:
        return self.engine.is_ready()

    async def close(self) -> None:
        await self.engine.close()
        self.cache.close()

    def capability_notices(self) -> list[str]:
        """What the configured grader cannot decide, per pack (judge_server.thresholds.capability), for start-up."""
        tiers = [t.model_id for t in engine_tiers(self.engine)]
        out = []
        for pack in self.registry.packs.values():
            note = capability_notice(self.judge.thresholds, tiers, pack, self.config.judge.last_tier_decides)
            if note:
                out.append(note)
        return out

    def list_rubrics(self) -> list[RubricInfo]:
        return self.registry.infos()

    # -- input ---------------------------------------------------------------------------------
    def parse_request(self, data: dict[str, Any] | bytes | str, item_id: str | None = None) -> ScoreRequest:
        """Validate wire input into a ScoreRequest under the size/depth policy (``judge_server.limits``);
        errors name the item and the field.

        This is the edge where the caps are checked, once; ``score`` trusts a request built in process.
        """
        if isinstance(data, (bytes, str)):
            data = limits.load_json(data, self.config.limits, item_id=item_id)
        elif isinstance(data, dict):  # parsed by the caller (files of `hrm score`/`eval`, batch items): same caps
            limits.check_item(data, self.config.limits, item_id=item_id)
        if not isinstance(data, dict):
            raise InvalidRequest("a scoring request must be a JSON object", item_id=item_id)
        item_id = item_id or (str(data["id"]) if data.get("id") is not None else None)
        try:
            request = ScoreRequest.model_validate(data)
        except ValidationError as exc:
            raise invalid_from_validation(exc, item_id=item_id) from None
        limits.check_request(request, self.config.limits)
        return request

    # -- scoring -------------------------------------------------------------------------------
    async def score(self, request: ScoreRequest, *, deadline_s: float | None = None) -> ScoreResult:
        """Judge one trajectory. A judge failure is a result with ``judge_failed``; bad input raises."""
        named = self.registry.get(request.rubric)
        # a composition may judge this request with a pack of its own making (rubric_items: one check per item)
        pack = get_composition(named.composition.kind).pack_for(named, request)
        if deadline_s is None:
            return await self._score(pack, request)
        if deadline_s <= 0:
            raise DeadlineExceeded("deadline already passed", item_id=request.id)
        try:
            return await asyncio.wait_for(self._score(pack, request), timeout=deadline_s)
        except asyncio.TimeoutError:
            raise DeadlineExceeded(f"judgment did not finish within {deadline_s:.3g} s; engine work cancelled",
                                   item_id=request.id) from None

    async def score_many(self, requests: Iterable[ScoreRequest], concurrency: int = 4,
                         deadline_s: float | None = None) -> list[ScoreResult | HRMError]:
        """Score several requests; a failing one yields its error in place and the others carry on."""
        sem = asyncio.Semaphore(concurrency)

        async def one(r: ScoreRequest) -> ScoreResult | HRMError:
            async with sem:
                try:
                    return await self.score(r, deadline_s=deadline_s)
                except HRMError as exc:
                    exc.item_id = exc.item_id or r.id
                    return exc

        return list(await asyncio.gather(*(one(r) for r in requests)))

    async def _score(self, pack: RubricPack, req: ScoreRequest) -> ScoreResult:
        t0 = time.perf_counter()
        # the named pack's version: a per-request pack (rubric_items) reports the version of the pack it was built
        # from, so results group by it; the items themselves are in the result
        version = self.registry.get(pack.id).version if pack.id in self.registry.packs else pack.version
        result = ScoreResult(id=req.id, rubric=pack.id, rubric_version=version, composition=pack.composition.kind,
                             grader_model=self.engine.model_id, reasoning_len=reasoning_length(req))
        runner = CheckRunner(self.judge, self._sem, pack, req, layout=self.config.experimental.prompt_layout,
                             use_cache=req.options.use_cache and self.config.cache.enabled)
        job = Judgment(pack=pack, request=req, result=result, runner=runner,
                       short_circuit=self.config.judge.l1_short_circuit)
        # one key per judgment (not the request id: ids repeat across batches and ingress replicas) so the
        # embedded engine can keep this trajectory's questions on one slot's warm prefix
        composition = get_composition(pack.composition.kind)
        with trajectory_scope(f"{_PROCESS_KEY}-{next(_JUDGMENTS)}"):
            await composition.score(job)
        result.scores = composition.headline(result)
        log = runner.log
        log.timings["total"] = (time.perf_counter() - t0) * 1000
        result.checks = log.checks
        result.timings_ms = {k: round(v, 3) for k, v in log.timings.items()}
        result.llm_calls = log.llm_calls
        result.parse_attempts = log.attempts
        result.retries = log.retries
        result.cached = log.llm_calls > 0 and log.all_cached
        result.prompt_tokens = log.prompt_tokens
        result.cached_prompt_tokens = log.cached_tokens
        threshold = self.config.judge.low_confidence
        # decided checks only: an abstention is reported as such, not as a low-confidence verdict
        result.low_confidence = any(c.confidence < threshold for c in log.checks.values()
                                    if c.passed is not None and c.source != "skipped")
        return result
