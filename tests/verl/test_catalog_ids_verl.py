"""The verl reward manager on a real catalog's ids (ASIN, SKU, UUID): the dataset row carries the tool's records,
the policy's answer cards them, the real pipeline (fake grader) rewards them; a made-up id is a 0 with its reason."""

from __future__ import annotations

import json

import pytest
from catalogs import CATALOGS, catalog_request, ids
from omegaconf import OmegaConf
from tool_rollout import RecordingScorer
from verl_helpers import make_batch

from hrm_wire.models import ScoreRequest
from trainer_plugin.reward_manager import HRMRewardManager, close_shared

pytestmark = pytest.mark.verl


@pytest.fixture
async def pipeline(tmp_path):
    from judge_server.config import HRMConfig
    from judge_server.pipeline import ScoringPipeline

    pipe = ScoringPipeline(HRMConfig(engine={"kind": "fake"}, cache={"enabled": False},
                                     judge={"backoff_initial_s": 0.0, "backoff_max_s": 0.0}))
    await pipe.start()
    yield pipe
    await pipe.close()
    await close_shared()


def sample(catalog: str, card_ids: list[str] | None = None) -> tuple[str, dict]:
    """(the policy's answer, the dataset row's extra_info) from the same conversation as the transport tests."""
    req = ScoreRequest.model_validate(catalog_request(catalog, card_ids=card_ids))
    info = {"query": req.query, "category": "Search-Multi-Constraint", "rubric": "smartshop",
            "trajectory": [s.model_dump(mode="json") for s in req.trajectory]}
    return req.response, info


async def judge(tokenizer, pipeline, text: str, info: dict) -> dict:
    scorer = RecordingScorer(answer=pipeline.score)
    cfg = OmegaConf.create({"reward": {"hrm": {"address": "127.0.0.1:1"}}})
    manager = HRMRewardManager(cfg, tokenizer, None, scorer_factory=lambda c: scorer)
    return await manager.run_single(make_batch(tokenizer, [("u1", text, info)]))


@pytest.mark.parametrize("catalog", sorted(CATALOGS))
async def test_the_reward_manager_rewards_a_real_catalogs_cards(tokenizer, pipeline, catalog) -> None:
    text, info = sample(catalog)
    out = await judge(tokenizer, pipeline, text, info)
    extra = out["reward_extra_info"]
    assert not extra["judge_failed"], extra["judge_error"]
    assert out["reward_score"] > 1.0 and extra["g_l1"] == 1.0


async def test_a_made_up_id_is_a_zero_not_a_failure(tokenizer, pipeline) -> None:
    text, info = sample("sku", card_ids=[ids("sku")[0], "SKU-00000-RED"])
    out = await judge(tokenizer, pipeline, text, info)
    assert out["reward_score"] == 0.0 and not out["reward_extra_info"]["judge_failed"]
    assert json.dumps(out["reward_extra_info"])  # every key present and serialisable
