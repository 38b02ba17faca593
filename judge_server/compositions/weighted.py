"""The weighted composition: reward = sum of weight x score over the checks, with optional gates.

Fills ``reward`` and its detail (``WeightedDetail.components``: ``<check>`` = weight x score, plus a rule's
named sub-rewards as ``<check>.<name>``, reported but not added again).

Three-valued: every check runs concurrently. A judge failure anywhere makes the result judge_failed.
A gate that surely fails makes the reward 0 (decided, whatever else abstained). Otherwise an
abstained gate, or an abstained check with a non-zero weight, leaves the sum undecided: the result
abstains (reward None). An abstained check with weight 0 changes nothing and is only reported.
Abstained checks have no component.
"""

from __future__ import annotations

from hrm_wire.models import ScoreResult, WeightedDetail
from judge_server.compositions.base import Composition, Judgment, undecided
from judge_server.packs.schema import RubricPack


class WeightedComposition(Composition):
    name = "weighted"

    def headline_keys(self, pack: RubricPack) -> list[str]:
        return [c.id for c in pack.checks]

    def headline(self, result: ScoreResult) -> dict[str, float]:
        d = result.detail_as(WeightedDetail)
        return {k: v for k, v in d.components.items() if "." not in k} if d is not None else {}

    async def score(self, job: Judgment) -> None:
        specs = job.pack.checks
        with job.timed("checks"):
            checks = await job.run(specs)
        failed, abstained = undecided(checks)
        if failed:
            job.fail(failed[0].stage, failed)
            return
        components: dict[str, float] = {}
        for spec, c in zip(specs, checks, strict=True):
            if not (c.abstained or c.awaiting_answer):
                components[spec.id] = spec.weight * (c.score if c.score is not None else float(bool(c.passed)))
            for name, value in job.runner.log.components.get(spec.id, {}).items():
                components[f"{spec.id}.{name}"] = value
        job.result.detail = WeightedDetail(components=components)
        gates = [job.checks[g] for g in job.pack.composition.gates]
        if any(g.passed is False for g in gates):
            job.set_reward(0.0)
            return
        weight = {s.id: s.weight for s in specs}
        deciding = [c for c in abstained if c.id in job.pack.composition.gates or weight[c.id] > 0]
        if deciding:
            job.abstain(deciding[0].stage, deciding)
            return
        total = sum(v for k, v in components.items() if "." not in k)
        job.set_reward(total)
