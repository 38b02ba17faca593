"""The composition interface: one judgment's state (``Judgment``) and what a composition does with it.

A composition owns its reward and the result fields it fills; the pipeline builds the ``Judgment``,
calls ``Composition.score`` and then fills the fields every result has (checks, timings, counters).
This module imports the rubric, check and pipeline types only for annotations: ``judge_server.packs.schema``
imports the registry to validate ``composition.kind``.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from hrm_wire.errors import InvalidRequest
from hrm_wire.models import CheckResult, Failure, ScoreRequest, ScoreResult

if TYPE_CHECKING:
    from judge_server.checks.runner import CheckRunner
    from judge_server.packs.schema import CheckSpec, RubricPack


@dataclass
class Judgment:
    """One request being judged against one pack."""

    pack: RubricPack
    request: ScoreRequest
    result: ScoreResult
    runner: CheckRunner
    #: stop asking L1 questions once a rule failed L1 (judge.l1_short_circuit), unless the request is exhaustive
    short_circuit: bool = True

    @property
    def checks(self) -> dict[str, CheckResult]:
        """Every check decided so far, by id (becomes ``ScoreResult.checks``)."""
        return self.runner.log.checks

    async def run(self, specs: Iterable[CheckSpec]) -> list[CheckResult]:
        """Run checks concurrently (rule, then grader if the combine policy asks), recorded in ``checks``; a check
        already run in this judgment (``options.ask_all`` runs every check up front) is not run again."""
        specs = list(specs)
        todo = [s for s in specs if s.id not in self.checks]
        await self.runner.run_all(todo)
        return [self.checks[s.id] for s in specs]

    @contextmanager
    def timed(self, name: str) -> Iterator[None]:
        t = time.perf_counter()
        try:
            yield
        finally:
            self.runner.log.timings[name] = (time.perf_counter() - t) * 1000

    def set_reward(self, total: float) -> None:
        self.result.reward = total

    def fail(self, stage: str, among: Iterable[CheckResult]) -> None:
        """The judge failed on a check the reward needs: ``judge_failed``, no reward (never a silent 0)."""
        bad = next((c for c in among if c.failed), None)
        self.result.judge_failed = True
        self.result.failure = Failure(stage=stage, check=bad.id if bad else None,
                                      cause=(bad.failure if bad else None) or "judge failed", raw=bad.raw if bad else None)
        self.result.reward = None

    def abstain(self, stage: str, among: Iterable[CheckResult]) -> None:
        """A check the reward depends on is undecided: ``abstained``, no reward, distinct from a failure and a 0.
        When a grader answer is still out (an exported question), the result is ``awaiting_answers`` instead."""
        among = list(among)
        waiting = next((c for c in among if c.awaiting_answer), None)
        if waiting is not None:
            self.result.awaiting_answers = True
            self.result.awaiting = Failure(stage=stage, check=waiting.id, cause=waiting.reason or "awaiting answers")
            self.result.reward = None
            return
        check = next((c for c in among if c.abstained), None)
        self.result.abstained = True
        self.result.abstention = Failure(stage=stage, check=check.id if check else None,
                                         cause=(check.reason if check else "") or "abstained")
        self.result.reward = None


def undecided(checks: Iterable[CheckResult]) -> tuple[list[CheckResult], list[CheckResult]]:
    """The judge failures, and the checks left open (abstained, or awaiting a grader answer), among ``checks``."""
    checks = list(checks)
    return [c for c in checks if c.failed], [c for c in checks if c.abstained or c.awaiting_answer]


class Composition(ABC):
    """Turns check verdicts into a reward. Subclasses are registered by name (``judge_server.compositions``).

    A composition owns the part of the result only it fills (``ScoreResult.detail``, a model of ``hrm_wire``'s
    ``ResultDetail`` union) and says how that part is projected where the result travels without it:
    ``headline`` (a few numbers by name: the gRPC envelope, the trainer's extra info, the store) and
    ``gate`` (the pass/fail gate a reviewer filters on).
    """

    name: ClassVar[str] = ""

    def headline_keys(self, pack: RubricPack) -> list[str]:
        """Every name ``headline`` can return for this pack (trainers log a fixed set of keys)."""
        return []

    def headline(self, result: ScoreResult) -> dict[str, float]:
        """Named numbers of the result besides the reward (booleans as 0/1; undecided ones left out)."""
        return {}

    def gate(self, result: ScoreResult) -> bool | None:
        """Whether the result's gate passed (True/False), or None when the pack has none or it is undecided."""
        return None

    def pack_for(self, pack: RubricPack, request: ScoreRequest) -> RubricPack:
        """The pack this request is judged with: ``pack`` itself, unless the composition builds one per request
        from the request (``rubric_items``). InvalidRequest when the request does not fit the pack."""
        if request.rubric_items is not None:
            raise InvalidRequest(f"rubric {pack.id!r} (composition {pack.composition.kind}) has its own checks and "
                                 "takes no `rubric_items`: send them with rubric `items` (or leave `rubric` out)",
                                 field="rubric_items")
        return pack

    def validate_pack(self, pack: RubricPack) -> None:
        """Raise ValueError if the pack's checks do not fit this composition (stages, groups, gates)."""
        return None  # any layout of checks fits unless a composition says otherwise

    @abstractmethod
    async def score(self, job: Judgment) -> None:
        """Run the pack's checks through ``job`` and fill the reward and this composition's result fields."""
