"""The HRM composition (ChatShopBuddy, section 4.2): L1 gate -> L2 score -> gated process reward.

Fills ``reward`` and its detail (``HRMDetail``: ``l1``, ``l2``, ``process``, ``r_out``, ``r_proc``). The reward formula lives in
``judge_server.compositions.hrm_reward``; this module decides which checks run and when the reward is defined.

Three-valued gating. Each check is pass, fail, abstained or judge-failed (``judge_server.checks.runner``). A
result is *abstained* (reward, r_out, r_proc None; ``abstained``; ``abstention`` names stage, check and
cause) exactly when the reward depends on an abstained check, and *judge_failed* when it depends on a
check whose judge failed (a failure is reported before an abstention):

* L1: a dimension fails if any of its checks surely fails, else is undecided if any failed or
  abstained, else passes. G_L1 = 0 as soon as one dimension surely fails: that is a real reward of 0
  even when another L1 check abstained (the gate does not depend on it). Otherwise an undecided
  dimension leaves G_L1 undecided: the result is judge_failed or abstained and L2 is not asked.
* L2: G_L2 is the fraction of L2 checks passed, so one abstained L2 check leaves it undecided and the
  result abstains (unless L1 surely failed: an exhaustive run reports L2 but the reward is 0).
* Process: asked only when the gate is open (G_L1 = 1 and G_L2 >= eta). An abstained process check
  abstains the result only then; with the gate closed r_proc = 0 whatever the process judge would say.
"""

from __future__ import annotations

from hrm_wire.models import (
    CheckResult,
    DimensionResult,
    HRMDetail,
    L1Result,
    L2Result,
    ProcessResult,
    RewardParams,
    ScoreResult,
)
from judge_server.compositions.base import Composition, Judgment, undecided
from judge_server.compositions.hrm_reward import hrm_reward, process_gate_open
from judge_server.packs.schema import CheckSpec, RubricPack


class HRMComposition(Composition):
    name = "hrm"

    def validate_pack(self, pack: RubricPack) -> None:
        dims = pack.composition.l1_dimensions
        for c in pack.checks:
            if c.stage not in ("l1", "l2", "process"):
                raise ValueError(f"check {c.id!r}: hrm packs use stages l1, l2, process, not {c.stage!r}")
            if c.stage == "l1" and c.group not in dims:
                raise ValueError(f"check {c.id!r}: L1 checks need a group among {dims}, got {c.group!r}")
        if not pack.stage("l1"):
            raise ValueError("hrm packs need at least one l1 check")
        if len(pack.stage("process")) > 1:
            raise ValueError("hrm packs have at most one process check")

    def headline_keys(self, pack: RubricPack) -> list[str]:
        return ["r_out", "r_proc", "g_l1", "g_l2", "process"]

    def headline(self, result: ScoreResult) -> dict[str, float]:
        d = result.detail_as(HRMDetail)
        if d is None:
            return {}
        out = {"r_out": d.r_out, "r_proc": d.r_proc,
               "g_l1": None if d.l1 is None or d.l1.passed is None else float(d.l1.passed),
               "g_l2": d.l2.score if d.l2 is not None else None,
               "process": d.process.score if d.process is not None else None}
        return {k: v for k, v in out.items() if v is not None}

    def gate(self, result: ScoreResult) -> bool | None:
        d = result.detail_as(HRMDetail)
        return d.l1.passed if d is not None and d.l1 is not None else None

    async def score(self, job: Judgment) -> None:
        params = job.request.options.reward or job.pack.composition.reward
        exhaustive = job.request.options.exhaustive
        ask_all = job.request.options.ask_all
        detail = HRMDetail()
        job.result.detail = detail
        l1 = await self._l1(job, job.short_circuit and not (exhaustive or ask_all))
        detail.l1 = l1
        if ask_all:  # every question up front (an export round, a calibration run); the gates below decide the reward
            later = [*job.pack.stage("l2"), *(job.pack.stage("process") if job.request.options.process_judge else [])]
            await job.run(later)
        if l1.passed is None:
            self._undecided(job, "l1", job.pack.stage("l1"))
            return
        if not l1.passed and not exhaustive:
            detail.l2 = L2Result(skipped=True)
            detail.process = ProcessResult(skipped=True, skip_reason="L1 gate failed")
            self._reward(job, False, None, None, params)
            return

        # L2: every rubric judged independently
        with job.timed("l2"):
            l2_checks = await job.run(job.pack.stage("l2"))
        rubrics = {c.id: c for c in l2_checks}
        failed, abstained = undecided(l2_checks)
        if failed or (abstained and l1.passed):
            detail.l2 = L2Result(rubrics=list(rubrics))
            (job.fail if failed else job.abstain)("l2", l2_checks)
            return
        if not l1.passed:  # exhaustive evaluation: L2 reported, reward still gated
            score = None if abstained else _fraction(l2_checks)
            detail.l2 = L2Result(score=score, rubrics=list(rubrics))
            detail.process = ProcessResult(skipped=True, skip_reason="L1 gate failed")
            self._reward(job, False, None, None, params)
            return
        g_l2 = _fraction(l2_checks)
        detail.l2 = L2Result(score=g_l2, rubrics=list(rubrics))

        # process: only when the gate is open
        process_score = await self._process(job, detail, g_l2, params)
        if job.result.judge_failed or job.result.abstained or job.result.awaiting_answers:
            return
        self._reward(job, True, g_l2, process_score, params)

    # -- stages ----------------------------------------------------------------------------------
    @staticmethod
    async def _l1(job: Judgment, short_circuit: bool) -> L1Result:
        """Rules of every L1 check first: a sure rule failure closes the gate with no grader call."""
        runner = job.runner
        specs = job.pack.stage("l1")
        with job.timed("rules"):
            outcomes = {s.id: runner.rule(s) for s in specs}
        decided: dict[str, CheckResult | None] = {s.id: runner.decided_by_rule(s, outcomes[s.id]) for s in specs}
        vetoed = [sid for sid, d in decided.items() if d is not None and d.passed is False]
        pending = [s for s in specs if decided[s.id] is None]
        if vetoed and short_circuit:
            for s in pending:
                decided[s.id] = CheckResult(id=s.id, stage=s.stage, group=s.group, source="skipped",
                                            reason=f"not asked: L1 already failed on {vetoed[0]}")
            pending = []
        with job.timed("l1"):
            asked = await runner.grade_pending(pending, outcomes, [s for s in specs if decided[s.id] is not None])
        for s, r in zip(pending, asked, strict=True):
            decided[s.id] = r
        for s in specs:
            check = decided[s.id]
            assert check is not None
            runner.record(check)
        l1 = L1Result()
        for dim in job.pack.composition.l1_dimensions:
            l1.dimensions[dim] = _dimension({s.id: job.checks[s.id] for s in specs if s.group == dim})
        dims = [d.passed for d in l1.dimensions.values()]
        l1.passed = False if False in dims else (None if None in dims else True)
        return l1

    @staticmethod
    async def _process(job: Judgment, detail: HRMDetail, g_l2: float, params: RewardParams) -> float | None:
        """The process score when the gate is open; 0 when there is nothing to judge; None when gated off."""
        specs = job.pack.stage("process")
        if not specs:
            detail.process = ProcessResult(skipped=True, skip_reason="pack has no process check")
            return 0.0  # nothing to judge: r_proc = 0, reward = r_out
        if not job.request.options.process_judge:
            detail.process = ProcessResult(skipped=True, skip_reason="disabled by options.process_judge")
            return 0.0
        if not process_gate_open(True, g_l2, params):
            detail.process = ProcessResult(skipped=True, skip_reason=f"G_L2 {g_l2:.3f} below eta {params.eta}")
            return None
        with job.timed("process"):
            (c,) = await job.run(specs)
        detail.process = ProcessResult(score=c.score, reason=c.reason, check=c.id)
        if c.failed:
            job.fail("process", [c])
        elif c.abstained or c.awaiting_answer:
            job.abstain("process", [c])
        return c.score

    @staticmethod
    def _undecided(job: Judgment, stage: str, specs: list[CheckSpec]) -> None:
        checks = [job.checks[s.id] for s in specs]
        failed, _ = undecided(checks)
        (job.fail if failed else job.abstain)(stage, checks)

    @staticmethod
    def _reward(job: Judgment, g_l1: bool, g_l2: float | None, process_score: float | None,
                params: RewardParams) -> None:
        reward = hrm_reward(g_l1, g_l2, process_score, params)
        detail = job.result.detail
        assert isinstance(detail, HRMDetail)
        detail.r_out, detail.r_proc = reward.r_out, reward.r_proc
        job.set_reward(reward.total)


def _fraction(checks: list[CheckResult]) -> float:
    return sum(bool(c.passed) for c in checks) / len(checks) if checks else 1.0


def _dimension(subs: dict[str, CheckResult]) -> DimensionResult:
    """An L1 dimension: a sure failure of any sub-check fails it; a failed or abstained one leaves it undecided."""
    verdicts = [c.passed for c in subs.values()]  # a skipped check is undecided (it only follows a veto)
    passed = False if False in verdicts else (None if None in verdicts else True)
    failing = [c for c in subs.values() if c.passed is False]
    open_ = [c for c in subs.values() if c.failed or c.abstained or c.awaiting_answer]
    if failing:
        reason = failing[0].reason
    elif open_:
        reason = open_[0].reason
    else:
        reason = "; ".join(c.reason for c in subs.values() if c.reason)[:400]
    confidences = [c.confidence for c in subs.values() if c.source != "skipped"]
    return DimensionResult(passed=passed, reason=reason, confidence=min(confidences, default=1.0), checks=list(subs))
