"""Escalation cascade on fake engines: tiers, thresholds per check, abstention, lifecycle, cache keys.

The real-backed sibling is tests/real/test_cascade_real.py (SmolLM2 -> 1.5B on CPU).
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from threshold_sets import one_check_thresholds

from hrm_wire.errors import ConfigError, EngineUnavailable
from judge_server.config import CacheConfig, JudgeConfig
from judge_server.engines import make_engine
from judge_server.engines.base import ChatMessage, Generation, GenerationRequest, TokenLogprob
from judge_server.engines.cascade import CascadeEngine
from judge_server.engines.configs import engine_config
from judge_server.engines.fake import FakeEngine
from judge_server.grading.cache import VerdictCache
from judge_server.grading.judge import Judge, TierVerdict
from judge_server.packs.schema import LLMQuestion
from judge_server.thresholds import ThresholdSet, question_hash

Q = LLMQuestion(prompt="Is the answer about the user's question? Answer yes or no.")
MSGS = (ChatMessage(role="user", content="material"),)


class SureFake(FakeEngine):
    """Answers yes/no with a chosen log-prob confidence."""

    def __init__(self, name: str, answer: str = "yes", confidence: float = 0.9, fail_start: bool = False) -> None:
        super().__init__(engine_config(kind="fake", model=name))
        self.answer, self.confidence, self.fail_start = answer, confidence, fail_start
        self.closed = False

    async def start(self) -> None:
        if self.fail_start:
            raise EngineUnavailable(f"{self.model_id}: weights missing")
        await super().start()

    async def close(self) -> None:
        self.closed = True

    async def generate(self, request: GenerationRequest) -> Generation:
        self.requests.append(request)
        other = "no" if self.answer == "yes" else "yes"
        top = [(self.answer, math.log(self.confidence)), (other, math.log(1 - self.confidence))]
        text = f'{{"verdict": "{self.answer}", "reason": "{self.model_id}"}}'
        return Generation(text=text, logprobs=[TokenLogprob(token='{"verdict": "', logprob=0.0),
                                               TokenLogprob(token=self.answer, logprob=top[0][1], top=top)])


def thresholds(per_tier: dict[str, float | None], check: str = "on_topic", q: LLMQuestion = Q) -> ThresholdSet:
    return one_check_thresholds(per_tier, check, q)


def judge(tiers: list[FakeEngine], ts: ThresholdSet | None, tmp_path: Path, cache: bool = False,
          **cfg: object) -> Judge:
    engine = CascadeEngine(engine_config(kind="cascade"), tiers=tiers)
    return Judge(engine, VerdictCache(CacheConfig(enabled=cache, directory=tmp_path / "c")),
                 JudgeConfig(backoff_initial_s=0, backoff_max_s=0, **cfg), engine_config(),
                 thresholds=ts if ts is not None else ThresholdSet())


async def test_confident_weak_tier_decides_without_escalating(tmp_path):
    weak, strong = SureFake("weak", "no", 0.97), SureFake("strong", "yes", 0.99)
    j = judge([weak, strong], thresholds({"fake-weak": 0.95, "fake-strong": 0.9}), tmp_path)
    await j.engine.start()
    v = await j.ask(Q, MSGS, check_id="on_topic")
    assert v.tier == "fake-weak" and v.escalations == 0 and not v.abstained
    assert v.verdict.passed is False and v.confidence == pytest.approx(0.97)
    assert not strong.requests
    assert j.tier_stats["fake-weak"] == {"asked": 1, "decided": 1}


async def test_unsure_weak_tier_escalates_to_the_strong_one(tmp_path):
    weak, strong = SureFake("weak", "no", 0.8), SureFake("strong", "yes", 0.99)
    j = judge([weak, strong], thresholds({"fake-weak": 0.95, "fake-strong": 0.9}), tmp_path)
    await j.engine.start()
    v = await j.ask(Q, MSGS, check_id="on_topic")
    assert v.tier == "fake-strong" and v.escalations == 1 and v.verdict.passed is True and not v.abstained
    assert j.tier_stats["fake-weak"]["escalated"] == 1 and j.tier_stats["fake-strong"]["decided"] == 1


async def test_last_tier_unsure_abstains_and_keeps_its_answer(tmp_path):
    weak, strong = SureFake("weak", "no", 0.8), SureFake("strong", "no", 0.7)
    j = judge([weak, strong], thresholds({"fake-weak": 0.95, "fake-strong": 0.9}), tmp_path)
    await j.engine.start()
    v = await j.ask(Q, MSGS, check_id="on_topic")
    assert v.abstained and v.tier == "fake-strong" and v.escalations == 1
    assert v.verdict is not None and v.verdict.passed is False  # reported, not used
    assert j.tier_stats["fake-strong"]["abstained"] == 1
    # last_tier_decides lets the strongest grader's unsure answer stand
    j2 = judge([SureFake("weak", "no", 0.8), SureFake("strong", "no", 0.7)],
               thresholds({"fake-weak": 0.95, "fake-strong": 0.9}), tmp_path, last_tier_decides=True)
    await j2.engine.start()
    v2 = await j2.ask(Q, MSGS, check_id="on_topic")
    assert not v2.abstained and v2.tier == "fake-strong" and v2.verdict.passed is False


async def test_a_tier_without_a_threshold_for_the_check_never_decides_it(tmp_path):
    weak, strong = SureFake("weak", "yes", 0.999), SureFake("strong", "yes", 0.99)
    j = judge([weak, strong], thresholds({"fake-weak": None, "fake-strong": 0.9}), tmp_path)
    await j.engine.start()
    v = await j.ask(Q, MSGS, check_id="on_topic")
    assert v.tier == "fake-strong"


async def test_thresholds_are_per_check(tmp_path):
    weak, strong = SureFake("weak", "yes", 0.9), SureFake("strong", "yes", 0.99)
    j = judge([weak, strong], thresholds({"fake-weak": 0.85, "fake-strong": 0.9}, check="on_topic"), tmp_path)
    await j.engine.start()
    assert (await j.ask(Q, MSGS, check_id="on_topic")).tier == "fake-weak"
    # another check with the same question text but no calibration: the first tier decides, never abstains
    other = await j.ask(Q, MSGS, check_id="faithful")
    assert other.tier == "fake-weak" and not other.abstained
    # an edited question is a different calibration key: uncalibrated, first tier decides
    edited = Q.model_copy(update={"prompt": Q.prompt + " Be strict."})
    assert not (await j.ask(edited, MSGS, check_id="on_topic")).abstained


async def test_without_calibration_the_first_tier_always_decides(tmp_path):
    weak, strong = SureFake("weak", "no", 0.51), SureFake("strong", "yes", 0.99)
    j = judge([weak, strong], None, tmp_path)
    await j.engine.start()
    v = await j.ask(Q, MSGS, check_id="on_topic")
    assert v.tier == "fake-weak" and not v.abstained and not strong.requests


async def test_a_failing_tier_hands_over_and_the_last_failure_stands(tmp_path):
    class Junk(SureFake):
        async def generate(self, request):
            self.requests.append(request)
            return Generation(text="no idea")

    j = judge([Junk("weak"), SureFake("strong", "yes", 0.99)], None, tmp_path)
    await j.engine.start()
    v = await j.ask(Q, MSGS, check_id="on_topic")
    assert v.ok and v.tier == "fake-strong" and v.escalations == 1
    j2 = judge([SureFake("weak", "no", 0.5), Junk("strong")], thresholds({"fake-weak": 0.9, "fake-strong": 0.9}),
               tmp_path)
    await j2.engine.start()
    v2 = await j2.ask(Q, MSGS, check_id="on_topic")
    assert not v2.ok and "unparseable" in v2.failure and not v2.abstained


async def test_cache_keys_hold_the_tier_model_id(tmp_path):
    weak, strong = SureFake("weak", "no", 0.8), SureFake("strong", "yes", 0.99)
    ts = thresholds({"fake-weak": 0.95, "fake-strong": 0.9})
    j = judge([weak, strong], ts, tmp_path, cache=True)
    await j.engine.start()
    first = await j.ask(Q, MSGS, check_id="on_topic")
    again = await j.ask(Q, MSGS, check_id="on_topic")
    assert again.cached and again.tier == first.tier == "fake-strong" and again.verdict.passed is True
    assert len(weak.requests) == len(strong.requests) == 1
    # a different strong grader must not reuse the other's cached verdict
    other = SureFake("stronger", "no", 0.99)
    j2 = judge([weak, other], thresholds({"fake-weak": 0.95, "fake-stronger": 0.9}), tmp_path, cache=True)
    await j2.engine.start()
    v = await j2.ask(Q, MSGS, check_id="on_topic")
    assert v.tier == "fake-stronger" and not v.cached and v.verdict.passed is False
    j.cache.close()
    j2.cache.close()


async def test_listeners_see_every_tier_when_asked_to(tmp_path):
    weak, strong = SureFake("weak", "yes", 0.99), SureFake("strong", "no", 0.99)
    j = judge([weak, strong], thresholds({"fake-weak": 0.9, "fake-strong": 0.9}), tmp_path)
    seen: list[TierVerdict] = []
    j.listeners.append(seen.append)
    j.ask_all_tiers = True
    await j.engine.start()
    v = await j.ask(Q, MSGS, check_id="on_topic")
    assert v.tier == "fake-weak"  # the decision is unchanged
    assert [(s.tier, s.decided, s.verdict.verdict.passed) for s in seen] == [("fake-weak", True, True),
                                                                           ("fake-strong", True, False)]
    assert seen[0].question_hash == question_hash(Q) and seen[0].threshold == 0.9


async def test_cascade_lifecycle_names_all_tiers_and_refuses_to_half_start():
    ok, broken = SureFake("weak"), SureFake("strong", fail_start=True)
    engine = CascadeEngine(engine_config(kind="cascade"), tiers=[ok, broken])
    assert engine.model_id == "cascade(fake-weak > fake-strong)"
    with pytest.raises(EngineUnavailable, match="cascade tier fake-strong did not start"):
        await engine.start()
    assert not engine.is_ready() and ok.closed
    good = CascadeEngine(engine_config(kind="cascade"), tiers=[SureFake("a"), SureFake("b")])
    await good.start()
    assert good.is_ready()


def test_cascade_from_config_and_its_errors():
    e = make_engine(engine_config(kind="cascade", tiers=[engine_config(kind="fake", model="weak"),
                                                        engine_config(kind="fake", model="strong")]))
    assert isinstance(e, CascadeEngine) and e.tier_ids == ["fake-weak", "fake-strong"]
    with pytest.raises(ConfigError, match="needs engine.tiers"):
        make_engine(engine_config(kind="cascade"))
    with pytest.raises(ConfigError, match="different graders"):
        make_engine(engine_config(kind="cascade", tiers=[engine_config(kind="fake"), engine_config(kind="fake")]))
    with pytest.raises(ConfigError, match="cannot itself be a cascade") as info:
        make_engine(engine_config(kind="cascade", tiers=[engine_config(kind="cascade")]))
    assert info.value.field == "engine.tiers.0.kind"
