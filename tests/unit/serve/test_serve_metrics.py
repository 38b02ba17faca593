"""Escalation metrics on /metrics: per-tier questions and outcomes of a cascade of two fake graders, read
from the judge's statistics and served by the service's HTTP app.

The tier decisions these count run on real engines in tests/real/test_cascade_real.py (SmolLM2 -> 1.5B:
escalation, abstention); the service's /metrics route under Ray is tests/serve/test_http.py.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from judge_server.config import CacheConfig, JudgeConfig
from judge_server.engines.base import ChatMessage, Generation, GenerationRequest, TokenLogprob
from judge_server.engines.cascade import CascadeEngine
from judge_server.engines.configs import engine_config
from judge_server.engines.fake import FakeEngine
from judge_server.grading.cache import VerdictCache
from judge_server.grading.judge import Judge
from judge_server.packs.registry import RubricRegistry
from judge_server.packs.schema import LLMQuestion
from judge_server.pipeline import ScoringPipeline
from judge_server.serve.config import ServeConfig
from judge_server.serve.frontend import Frontend
from judge_server.serve.http_app import build_http_app
from judge_server.serve.metrics import ServiceMetrics
from judge_server.thresholds import ThresholdSet, question_hash
from judge_server.thresholds.calibration_file import CalibrationFile, CheckThreshold, TierThresholds

Q = LLMQuestion(prompt="Is the answer about the user's question? Answer yes or no.")


class MarkedTier(FakeEngine):
    """Answers "yes" with the confidence the material gives this tier (``weak=0.97``)."""

    def __init__(self, name: str) -> None:
        super().__init__(engine_config(kind="fake", model=name))
        self.name = name

    async def generate(self, request: GenerationRequest) -> Generation:
        prompt = "\n".join(m.content for m in request.messages)
        c = float(re.search(rf"{self.name}=([0-9.]+)", prompt).group(1))
        top = [("yes", math.log(c)), ("no", math.log(1 - c))]
        return Generation(text='{"verdict": "yes", "reason": "ok"}',
                          logprobs=[TokenLogprob(token="yes", logprob=top[0][1], top=top)])


def _thresholds() -> ThresholdSet:
    tiers = {m: TierThresholds(checks={"on_topic": CheckThreshold(question_hash=question_hash(Q), n=40, threshold=t,
                                                                  method="fixed_sequence_binomial")})
             for m, t in {"fake-weak": 0.9, "fake-strong": 0.8}.items()}
    ts = ThresholdSet()
    ts.add(CalibrationFile(pack="p", target_agreement=0.9, delta=0.1, method="fixed_sequence_binomial",
                           tiers=tiers), {"fake-weak", "fake-strong"}, "test")
    return ts


def _samples(metrics: ServiceMetrics | str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    out = {}
    text = metrics if isinstance(metrics, str) else metrics.render().decode()
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


async def test_tier_questions_and_outcomes_are_counters_labelled_by_tier(tmp_path: Path):
    engine = CascadeEngine(engine_config(kind="cascade"), tiers=[MarkedTier("weak"), MarkedTier("strong")])
    judge = Judge(engine, VerdictCache(CacheConfig(enabled=False, directory=tmp_path / "c")),
                  JudgeConfig(backoff_initial_s=0, backoff_max_s=0), engine_config(), thresholds=_thresholds())
    metrics = ServiceMetrics()
    metrics.watch_judge(judge)
    before = _samples(metrics)
    # every series exists before the first question, at 0
    assert before[("hrm_tier_outcomes_total", (("outcome", "escalated"), ("tier", "fake-strong")))] == 0
    await engine.start()
    for material in ("weak=0.97 strong=0.99",   # the weak tier is sure: decides
                     "weak=0.60 strong=0.95",   # weak escalates, strong decides
                     "weak=0.55 strong=0.60",   # weak escalates, strong is unsure too: abstains
                     "weak=0.92 strong=0.50"):  # weak decides
        await judge.ask(Q, (ChatMessage(role="user", content=material),), "v1", check_id="on_topic")
    got = _samples(metrics)

    def outcome(tier: str, what: str) -> float:
        return got[("hrm_tier_outcomes_total", (("outcome", what), ("tier", f"fake-{tier}")))]

    assert got[("hrm_tier_questions_total", (("tier", "fake-weak"),))] == 4
    assert got[("hrm_tier_questions_total", (("tier", "fake-strong"),))] == 2
    assert (outcome("weak", "decided"), outcome("weak", "escalated"), outcome("weak", "abstained")) == (2, 2, 0)
    assert (outcome("strong", "decided"), outcome("strong", "escalated"), outcome("strong", "abstained")) == (1, 0, 1)
    # the counters are the judge's own statistics, read at scrape time
    assert judge.tier_stats["fake-weak"]["escalated"] == 2


def test_a_judge_without_tiers_exports_only_its_parse_failures():
    class Bare:
        parse_failures = 3

    metrics = ServiceMetrics()
    metrics.watch_judge(Bare())
    got = _samples(metrics)
    assert got[("hrm_parse_failures_total", ())] == 3
    assert not any(name.startswith("hrm_tier_") for name, _ in got)


PACK = """
id: tiercal
description: one calibrated L1 question, one uncalibrated L2 metric
composition: {kind: hrm, l1_dimensions: [relevance]}
checks:
  - id: on_topic
    stage: l1
    group: relevance
    llm: {inputs: [query, response], prompt: "Does the response answer the user's question? Answer yes or no."}
  - id: helpful
    stage: l2
    llm: {inputs: [query, response], prompt: "Does the response help the user decide? Answer yes or no."}
"""


async def test_the_service_metrics_route_counts_escalations_and_abstentions_per_tier(tmp_path, monkeypatch):
    packs = tmp_path / "packs"
    packs.mkdir()
    (packs / "tiercal.yaml").write_text(PACK)
    monkeypatch.setenv("HRM_RUBRICS_DIR", str(packs))
    on_topic = RubricRegistry().get("tiercal").checks[0]
    cal = CalibrationFile(pack="tiercal", target_agreement=0.9, delta=0.1, method="fixed_sequence_binomial", tiers={
        m: TierThresholds(checks={"on_topic": CheckThreshold(question_hash=question_hash(on_topic.llm), n=40,
                                                             threshold=t, method="fixed_sequence_binomial")})
        for m, t in {"fake-weak": 0.9, "fake-strong": 0.8}.items()})
    cal.dump(tmp_path / "cal.json")
    config = ServeConfig.model_validate({"hrm": {"cache": {"enabled": False},
                                                 "judge": {"calibration_file": str(tmp_path / "cal.json")}}})
    engine = CascadeEngine(engine_config(kind="cascade"), tiers=[MarkedTier("weak"), MarkedTier("strong")])
    pipeline = ScoringPipeline(config.hrm, engine=engine)
    await pipeline.start()
    metrics = ServiceMetrics()
    metrics.watch_judge(pipeline.judge)  # as the ingress replica does
    http = TestClient(build_http_app(Frontend(config, pipeline, metrics=metrics)))
    try:
        outcomes = []
        for material in ("weak=0.97 strong=0.99", "weak=0.60 strong=0.95", "weak=0.55 strong=0.60"):
            r = http.post("/v1/score", json={"rubric": "tiercal", "query": f"tent for two? {material}",
                                             "response": "The TrailLite 2 sleeps two."})
            assert r.status_code == 200, r.text
            outcomes.append(r.json()["abstained"])
        got = _samples(http.get("/metrics").text)
    finally:
        await pipeline.close()
    assert outcomes == [False, False, True]

    def outcome(tier: str, what: str) -> float:
        return got[("hrm_tier_outcomes_total", (("outcome", what), ("tier", f"fake-{tier}")))]

    # weak: on_topic three times (decided once, escalated twice) + helpful, uncalibrated, on the two items whose
    # gate opened (the first tier decides it); strong: on_topic twice (decided once, abstained once)
    assert got[("hrm_tier_questions_total", (("tier", "fake-weak"),))] == 5
    assert (outcome("weak", "decided"), outcome("weak", "escalated"), outcome("weak", "abstained")) == (3, 2, 0)
    assert got[("hrm_tier_questions_total", (("tier", "fake-strong"),))] == 2
    assert (outcome("strong", "decided"), outcome("strong", "escalated"), outcome("strong", "abstained")) == (1, 0, 1)
    assert got[("hrm_judgments_total", (("outcome", "abstained"), ("rubric", "tiercal")))] == 1
    assert got[("hrm_judgments_total", (("outcome", "ok"), ("rubric", "tiercal")))] == 2


def test_grader_answers_count_tokens_by_source_and_engine_seconds_by_phase():
    metrics = ServiceMetrics()
    metrics.observe_generation(2.0, Generation(text="{}", prompt_tokens=300, cached_tokens=250, completion_tokens=20,
                                               prefill_s=0.75, decode_s=1.25))
    # an engine that reports no phases (an OpenAI endpoint) still counts its tokens, and adds no made-up seconds
    metrics.observe_generation(1.0, Generation(text="{}", prompt_tokens=100, cached_tokens=0, completion_tokens=5))
    values = {(s.name, tuple(s.labels.items())): s.value
              for family in text_string_to_metric_families(metrics.render().decode()) for s in family.samples}
    assert values[("hrm_grader_prompt_tokens_total", (("source", "cache"),))] == 250
    assert values[("hrm_grader_prompt_tokens_total", (("source", "computed"),))] == 150
    assert values[("hrm_grader_completion_tokens_total", ())] == 25
    assert values[("hrm_grader_engine_seconds_total", (("phase", "prefill"),))] == 0.75
    assert values[("hrm_grader_engine_seconds_total", (("phase", "decode"),))] == 1.25
    assert values[("hrm_engine_generate_seconds_count", ())] == 2
