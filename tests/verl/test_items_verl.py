"""The verl reward manager on rows that carry their own rubric (Rubrics as Rewards' `rubric` column, RLCF pairs in
`rubric_items`): the real pipeline (fake grader) judges them with the items pack and the trainer gets the reward."""

from __future__ import annotations

import json

import pytest
from omegaconf import OmegaConf
from tool_rollout import RecordingScorer
from verl_helpers import make_batch

from trainer_plugin.reward_manager import HRMRewardManager, close_shared

pytestmark = pytest.mark.verl

RAR = [{"title": "Time", "description": "Essential Criteria: gives a boiling time", "weight": 3},
       {"title": "Raw", "description": "Pitfall Criteria: says raw eggs are always safe", "weight": -2}]


@pytest.fixture
async def pipeline():
    from judge_server.config import HRMConfig
    from judge_server.pipeline import ScoringPipeline

    pipe = ScoringPipeline(HRMConfig(engine={"kind": "fake"}, cache={"enabled": False},
                                     judge={"backoff_initial_s": 0.0, "backoff_max_s": 0.0}))
    await pipe.start()
    yield pipe
    await pipe.close()
    await close_shared()


async def judge(tokenizer, pipeline, info: dict) -> tuple[dict, RecordingScorer]:
    scorer = RecordingScorer(answer=pipeline.score)
    cfg = OmegaConf.create({"reward": {"hrm": {"address": "127.0.0.1:1"}}})
    manager = HRMRewardManager(cfg, tokenizer, None, scorer_factory=lambda c: scorer)
    out = await manager.run_single(make_batch(tokenizer, [("u1", "Boil it for nine minutes.", info)]))
    return out, scorer


@pytest.mark.parametrize("info", [
    {"query": "How long do I boil an egg?", "rubric": RAR},                      # RaR dataset column
    {"query": "How long do I boil an egg?", "rubric": json.dumps(RAR)},           # stored as JSON text
    {"query": "How long do I boil an egg?", "rubric_items": [["Gives a time?", 3], ["Says raw is safe?", -2]]},
])
async def test_rows_with_their_own_rubric_are_judged_by_the_items_pack(tokenizer, pipeline, info) -> None:
    out, scorer = await judge(tokenizer, pipeline, info)
    extra = out["reward_extra_info"]
    assert not extra["judge_failed"], extra["judge_error"]
    # the fake grader says yes to every question: (3 - 2) / 3
    assert out["reward_score"] == pytest.approx(1 / 3)
    (request,) = scorer.requests
    assert request.rubric == "items" and len(request.rubric_items) == 2


async def test_a_bad_item_is_a_judge_failure_naming_it_not_a_zero(tokenizer, pipeline) -> None:
    out, _ = await judge(tokenizer, pipeline, {"query": "q?", "rubric_items": [["Same?", 1], ["Same?", 1]]})
    extra = out["reward_extra_info"]
    assert extra["judge_failed"] and "rubric_items" in extra["judge_error"]
