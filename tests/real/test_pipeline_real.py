"""The whole pipeline on the real embedded engine (llama.cpp in process).

SmolLM2 proves the plumbing only (it passes nearly everything); the 1.5B default grader must catch
a clearly off-topic response through its own verdicts, not through a rule, and must not fail a good item with
a "no" the shipped calibration would let decide.
"""

from __future__ import annotations

import pytest

from judge_server.config import HRMConfig
from judge_server.packs.schema import RubricPack
from judge_server.pipeline import ScoringPipeline
from judge_server.thresholds.calibration_file import question_hash, read_calibration
from judge_server.thresholds.loading import SHIPPED_DIR, ThresholdSet

pytestmark = pytest.mark.real
FITTED = SHIPPED_DIR / "smartshop.qwen2.5-coder-1.5b.json"


def pipeline(model: str, tmp_path, n_parallel: int = 2, **judge) -> ScoringPipeline:
    cfg = HRMConfig(engine={"kind": "embedded", "model": model, "n_parallel": n_parallel},
                    cache={"directory": str(tmp_path / "cache")}, judge=judge)
    return ScoringPipeline(cfg)


async def test_smollm2_end_to_end_with_cache(tmp_path, examples):
    p = pipeline("smollm2-135m", tmp_path)
    await p.start()
    try:
        item = examples["good-earbuds"]
        r = await p.score(p.parse_request(item))
        assert r.grader_model.startswith("smollm2")
        assert r.llm_calls >= 3 and r.prompt_tokens > 0
        # structured verdicts from a real model: either a usable reward, or an explicit failure, never a silent 0
        if r.judge_failed:
            assert r.reward is None and r.failure is not None
        else:
            assert r.reward is not None and r.detail.l1 is not None
            assert all(0.0 <= c.confidence <= 1.0 for c in r.checks.values())
        again = await p.score(p.parse_request(item))
        if not r.judge_failed:
            assert again.cached and again.reward == r.reward and again.prompt_tokens == 0
        # a rule failure needs no model call at all
        bad = await p.score(p.parse_request(examples["flaw-unknown-id"]))
        assert bad.detail.l1.passed is False and bad.llm_calls == 0
    finally:
        await p.close()


@pytest.mark.timeout(1500)
async def test_default_grader_fails_off_topic_and_judges_a_good_item(tmp_path, examples):
    # calibration off: this test is about the grader's own verdicts (the cascade's tests cover abstention).
    # One slot: with two, which questions llama.cpp decodes together depends on timing, and that moves the 1.5B's
    # near-ties (text_relevance on the good item at 0.51 confidence flipped under CI's load; docs/users/eval.md,
    # "Offline scores and online rewards"); one slot gives the same answers on every run.
    p = pipeline("qwen2.5-coder-1.5b", tmp_path, n_parallel=1, l1_short_circuit=True, calibration_file="off")
    # This test is about the L1 gate: an L1-only copy of the pack spares the seven L2 and the process questions.
    full = p.registry.get("smartshop")
    l1_only = RubricPack.model_validate({**full.model_dump(), "checks": [c.model_dump() for c in full.stage("l1")]})
    p.registry.packs["smartshop"] = l1_only
    await p.start()
    try:
        ex = examples
        off = await p.score(p.parse_request(ex["flaw-offtopic"]))
        assert not off.judge_failed
        assert off.detail.l1.passed is False and off.reward == 0.0
        # no rule fails this item (its cards are well formed and every rule vetoes only what it knows for sure):
        # each failing check was failed by the grader itself, which had to see that the text is off topic
        assert off.checks["ui_format"].passed
        llm_fails = [c for c in off.checks.values() if c.passed is False]
        assert llm_fails and all(c.source in ("llm", "hybrid") and c.grader_passed is False for c in llm_fails)
        good = await p.score(p.parse_request(ex["good-castiron-advice"]))
        assert not good.judge_failed and good.detail.l1 is not None
        # No assertion on the 1.5B's own text_relevance verdict here: on this item it is a near-tie (yes at 0.58 with
        # one slot, no at 0.51 once under CI's load with two), i.e. noise; what must hold is the loop below.
        # The 1.5B is not reliable on every question (ui_completeness is asked even when nothing is recommended,
        # and it may say "no card"): each "no" it gives this good item must sit below the shipped threshold for
        # that verdict, so the default configuration abstains instead of a wrong reward of 0.
        shipped = ThresholdSet()
        shipped.add(read_calibration(FITTED), {p.engine.model_id}, str(FITTED))
        for c in good.checks.values():
            if c.source in ("llm", "hybrid") and c.passed is False:
                spec = next(s for s in l1_only.checks if s.id == c.id)
                th = shipped.threshold(p.engine.model_id, c.id, question_hash(spec.llm), False)
                assert th is None or c.confidence < th, (c.id, c.confidence, th)
    finally:
        await p.close()
