"""Self-consistency tier on a scripted engine: majority answer, agreement as confidence, pass-through.

Real-backed sibling: tests/real/test_cascade_real.py::test_self_consistency_tier_on_smollm2.
"""

from __future__ import annotations

import pytest

from hrm_wire.errors import ConfigError
from judge_server.config import CacheConfig, JudgeConfig
from judge_server.engines import make_engine
from judge_server.engines.base import ChatMessage, Generation, summed_usage
from judge_server.engines.configs import engine_config
from judge_server.engines.fake import FakeEngine
from judge_server.engines.self_consistency import SelfConsistencyEngine
from judge_server.grading.cache import VerdictCache
from judge_server.grading.judge import Judge
from judge_server.packs.schema import LLMQuestion

YES = '{"verdict": "yes", "reason": "fits"}'
NO = '{"verdict": "no", "reason": "does not fit"}'
MSGS = (ChatMessage(role="user", content="material"),)


def sc(script: list[str], samples: int = 5) -> tuple[SelfConsistencyEngine, FakeEngine]:
    inner = FakeEngine(engine_config(kind="fake", model="inner"), script=script)
    return SelfConsistencyEngine(engine_config(kind="self_consistency", samples=samples, sample_temperature=0.8),
                                 inner=inner), inner


async def test_majority_verdict_with_agreement_as_confidence():
    engine, inner = sc([YES, NO, YES, YES, "junk"])
    judge = Judge(engine, VerdictCache(CacheConfig(enabled=False)), JudgeConfig(calibration_file="off"),
                  engine_config())
    await engine.start()
    v = await judge.ask(LLMQuestion(prompt="Does the product fit the request? Answer yes or no."), MSGS, "v")
    assert v.verdict.passed is True and v.confidence == pytest.approx(3 / 4)  # junk sample does not vote
    assert len(inner.requests) == 5
    assert {r.temperature for r in inner.requests} == {0.8} and len({r.seed for r in inner.requests}) == 5
    assert engine.model_id == "fake-inner+sc5@t0.8"


async def test_scale_questions_pass_through_as_one_generation():
    engine, inner = sc(['{"score": 3, "reason": "ok"}'])
    judge = Judge(engine, VerdictCache(CacheConfig(enabled=False)), JudgeConfig(calibration_file="off"),
                  engine_config())
    await engine.start()
    v = await judge.ask(LLMQuestion(prompt="Rate the answer from 0 to 4 please.", answer="scale", scale=(0, 4)),
                        MSGS, "v")
    assert v.verdict.raw_score == 3 and len(inner.requests) == 1


async def test_no_parsable_sample_is_reported_by_the_judge_as_a_failure():
    engine, _ = sc(["junk"] * 15, samples=5)
    judge = Judge(engine, VerdictCache(CacheConfig(enabled=False)),
                  JudgeConfig(calibration_file="off", backoff_initial_s=0, backoff_max_s=0), engine_config())
    await engine.start()
    v = await judge.ask(LLMQuestion(prompt="Does the product fit the request? Answer yes or no."), MSGS, "v")
    assert not v.ok and "unparseable" in v.failure


def test_summed_usage_adds_tokens_and_phases_and_keeps_unknown_unknown():
    a = Generation(text="a", prompt_tokens=10, cached_tokens=4, completion_tokens=2, prefill_s=0.5, decode_s=1.0)
    b = Generation(text="b", prompt_tokens=10, cached_tokens=10, completion_tokens=3, prefill_s=0.25, decode_s=2.0)
    assert summed_usage([a, b]) == dict(prompt_tokens=20, cached_tokens=14, completion_tokens=5, prefill_s=0.75,
                                        decode_s=3.0)
    unknown = Generation(text="c", prompt_tokens=1)
    assert summed_usage([a, unknown])["prefill_s"] is None  # a partial sum would understate the engine time


def test_config_needs_exactly_one_wrapped_engine():
    e = make_engine(engine_config(kind="self_consistency", samples=3, tiers=[engine_config(kind="fake")]))
    assert isinstance(e, SelfConsistencyEngine) and e.model_id == "fake-grader+sc3@t0.7"
    with pytest.raises(ConfigError, match="exactly one engine"):
        make_engine(engine_config(kind="self_consistency"))
    with pytest.raises(ConfigError, match="exactly one engine"):
        make_engine(engine_config(kind="self_consistency", tiers=[engine_config(kind="cascade")]))
