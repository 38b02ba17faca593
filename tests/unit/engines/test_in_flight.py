"""``judge.concurrency`` unset: a pipeline keeps as many grader questions in flight as its engine answers at once
(ServingHints.in_flight), so a vLLM or OpenAI-compatible grader is fed and llama.cpp's slots are not queued deep;
a value set in the config always wins."""

from __future__ import annotations

import pytest

from judge_server.config import HRMConfig
from judge_server.pipeline import ScoringPipeline


@pytest.mark.parametrize(("engine", "in_flight"), [
    ({"kind": "fake"}, 4),
    ({"kind": "embedded"}, 4),                       # 2 slots by default: 2 per slot, at least 4
    ({"kind": "embedded", "n_parallel": 6}, 12),
    ({"kind": "vllm"}, 256),
    ({"kind": "openai"}, 64),                        # the connection pool
    ({"kind": "openai", "max_connections": 200}, 200),
    ({"kind": "cascade", "tiers": [{"kind": "embedded"}, {"kind": "openai"}]}, 64),  # the largest tier's
    ({"kind": "self_consistency", "samples": 4, "tiers": [{"kind": "openai"}]}, 16),  # 4 samples per question
])
def test_the_engine_sizes_questions_in_flight(engine: dict, in_flight: int) -> None:
    config = HRMConfig.model_validate({"engine": engine})
    assert config.judge.concurrency is None
    assert config.engine.serving_hints().in_flight == in_flight


@pytest.mark.parametrize(("engine", "judge", "expected"), [
    ("fake", {}, 4), ("fake", {"concurrency": 7}, 7), ("openai", {}, 64), ("openai", {"concurrency": 2}, 2)])
def test_the_pipeline_bounds_its_questions_by_it(engine: str, judge: dict, expected: int) -> None:
    pipeline = ScoringPipeline(HRMConfig.model_validate({"engine": {"kind": engine}, "judge": judge,
                                                         "cache": {"enabled": False}}))
    assert pipeline._sem._value == expected
