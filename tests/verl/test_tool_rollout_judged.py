"""A tool-agent rollout judged by the real HRM pipeline (fake grader engine): cards are checked against what
the policy's own tools returned, and the process judge sees the policy's own calls."""

from __future__ import annotations

from pathlib import Path

import pytest
from omegaconf import OmegaConf
from tool_rollout import RecordingScorer, agent_config, call, qwen_tokenizer_dir, reward_batch, run_tool_agent

from trainer_plugin.reward_manager import HRMRewardManager, close_shared

pytestmark = [pytest.mark.verl, pytest.mark.timeout(600)]

QUERY = "I need waterproof earbuds for running, under $100."
SEARCH = "<think>Rain: water resistance; cap $100.</think>\n" + call(
    "product_search", query="waterproof running earbuds", max_price=100)


@pytest.fixture(scope="module")
def qwen():
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(qwen_tokenizer_dir())


@pytest.fixture
async def pipeline(tmp_path: Path):
    from judge_server.config import HRMConfig
    from judge_server.engines.fake import FakeEngine
    from judge_server.pipeline import ScoringPipeline

    config = HRMConfig(engine={"kind": "fake", "fake": {"default": "pass"}},
                       cache={"enabled": False, "directory": str(tmp_path / "cache")},
                       judge={"backoff_initial_s": 0.0, "backoff_max_s": 0.0})
    pipe = ScoringPipeline(config, engine=FakeEngine(config.engine))
    await pipe.start()
    yield pipe
    await pipe.close()
    await close_shared()


async def _judge(qwen, pipeline, answer: str):
    config = agent_config(qwen_tokenizer_dir())
    out, raw_prompt = await run_tool_agent(qwen, config, QUERY, [SEARCH, answer])
    scorer = RecordingScorer(answer=pipeline.score)
    cfg = OmegaConf.merge(OmegaConf.create(OmegaConf.to_container(config)),
                          {"reward": {"hrm": {"address": "127.0.0.1:1"}}})
    info = {"query": QUERY, "category": "Search-Multi-Constraint",
            "trajectory": [{"kind": "tool_call", "name": "dataset_search", "arguments": {"q": "row"}}]}
    res = await HRMRewardManager(cfg, qwen, None, scorer_factory=lambda c: scorer).run_single(
        reward_batch(out, raw_prompt, info, with_mask=False))
    [req] = scorer.requests
    return res, req


async def test_cards_of_products_the_policys_tools_returned_pass(qwen, pipeline) -> None:
    res, req = await _judge(qwen, pipeline, "The Soundcore Sport X10 (IPX7, $79.99): <product>PD_102</product>")
    assert set(req.products()) == {"PD_101", "PD_102"}  # what product_search returned in this rollout
    extra = res["reward_extra_info"]
    assert not extra["judge_failed"] and extra["g_l1"] == 1.0 and res["reward_score"] >= 1.0
    # The process judge was asked about the policy's call, not the row's.
    prompts = ["\n".join(m.content for m in r.messages) for r in pipeline.engine.requests]
    assert any("waterproof running earbuds" in p for p in prompts)
    assert not any("dataset_search" in p for p in prompts)


async def test_a_card_its_own_tools_never_returned_fails_product_correctness(qwen, pipeline) -> None:
    # PD_301 is in the catalog, but this rollout's search never returned it.
    res, req = await _judge(qwen, pipeline, "Get the Breville Bambino Plus: <product>PD_301</product>")
    assert "PD_301" not in req.products()
    extra = res["reward_extra_info"]
    assert not extra["judge_failed"] and extra["g_l1"] == 0.0
    assert res["reward_score"] == 0.0  # a judged 0, not a failure
    result = await pipeline.score(req)
    dim = result.detail.l1.dimensions["product_correctness"]
    assert dim.passed is False and "PD_301" in dim.reason
