"""Tool-agent rollouts: verl's ToolAgentLoop (real Qwen2.5 template/tokenizer, hermes parser, the recipe's
tools) produces the rollout; the ``hrm`` reward manager rebuilds the policy's own trajectory from it."""

from __future__ import annotations

from typing import Any

import pytest
from omegaconf import OmegaConf
from tool_rollout import RecordingScorer, agent_config, call, qwen_tokenizer_dir, reward_batch, run_tool_agent

from trainer_plugin.reward_manager import DEFAULT_SCORE_KEYS, EXTRA_KEYS, HRMRewardManager, close_shared
from trainer_plugin.rollout import end_of_turn_ids, generation_prompt_ids, mask_from_template

pytestmark = [pytest.mark.verl, pytest.mark.timeout(600)]

QUERY = "I need waterproof earbuds for running, under $100."
THINK = ["Rain means water resistance; cap $100.", "Check the cheaper one's details.", "PD_102 is IPX7 and $79.99."]
TURNS = [f"<think>{THINK[0]}</think>\n" + call("product_search", query="waterproof running earbuds", max_price=100),
         f"<think>{THINK[1]}</think>\n" + call("product_detail", product_id="PD_102"),
         f"<think>{THINK[2]}</think>The Soundcore Sport X10 is IPX7 at $79.99: <product>PD_102</product>"]


@pytest.fixture(scope="module")
def qwen_dir():
    return qwen_tokenizer_dir()


@pytest.fixture(scope="module")
def qwen(qwen_dir):
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(qwen_dir)


@pytest.fixture(autouse=True)
async def _fresh_clients():
    yield
    await close_shared()


def manager(tokenizer: Any, scorer: RecordingScorer, config: Any = None) -> HRMRewardManager:
    cfg = OmegaConf.create(OmegaConf.to_container(config) if config is not None else {})
    cfg = OmegaConf.merge(cfg, {"reward": {"hrm": {"address": "127.0.0.1:1"}}})
    return HRMRewardManager(cfg, tokenizer, None, scorer_factory=lambda c: scorer)


async def test_template_mask_equals_the_tool_agent_loops_mask(qwen, qwen_dir) -> None:
    out, _ = await run_tool_agent(qwen, agent_config(qwen_dir), QUERY, TURNS)
    assert 0 < sum(out.response_mask) < len(out.response_mask)  # policy tokens and tool tokens interleave
    derived = mask_from_template(out.response_ids, end_of_turn_ids(qwen), generation_prompt_ids(qwen))
    assert derived == list(out.response_mask)


@pytest.mark.parametrize("with_mask", [True, False], ids=["batch-path-mask", "overlap-path-no-mask"])
async def test_reward_manager_rebuilds_the_policys_own_trajectory(qwen, qwen_dir, with_mask: bool) -> None:
    config = agent_config(qwen_dir)
    out, raw_prompt = await run_tool_agent(qwen, config, QUERY, TURNS)
    scorer = RecordingScorer()
    # The row's own trajectory must be ignored: the policy's calls are what HRM judges.
    info = {"query": QUERY, "category": "Search-Multi-Constraint",
            "trajectory": [{"kind": "tool_call", "name": "dataset_search", "arguments": {}}]}
    res = await manager(qwen, scorer, config).run_single(reward_batch(out, raw_prompt, info, with_mask=with_mask))
    [req] = scorer.requests
    assert [s.kind for s in req.trajectory] == ["reasoning", "tool_call", "observation", "reasoning", "tool_call",
                                                 "observation", "reasoning"]
    calls = req.tool_calls()
    assert [(c.name, c.arguments) for c in calls] == [
        ("product_search", {"query": "waterproof running earbuds", "max_price": 100}),
        ("product_detail", {"product_id": "PD_102"})]
    assert [s.text for s in req.trajectory if s.kind == "reasoning"] == THINK
    search_out = req.trajectory[2]
    assert [p.id for p in search_out.products] == ["PD_102", "PD_101"]  # what the catalog tool really returned
    assert req.products()["PD_102"].price == 79.99
    assert req.response == "The Soundcore Sport X10 is IPX7 at $79.99: <product>PD_102</product>"
    assert req.query == QUERY and req.category.value == "search_multi_constraint"
    extra = res["reward_extra_info"]
    assert tuple(extra) == (*DEFAULT_SCORE_KEYS, *EXTRA_KEYS)
    assert (extra["num_tool_calls"], extra["num_turns"]) == (2, 3)
    assert extra["reasoning_len"] == sum(len(qwen.encode(t, add_special_tokens=False)) for t in THINK)
    assert res["reward_score"] == 1.0


async def test_parallel_calls_and_a_rollout_that_never_answers(qwen, qwen_dir) -> None:
    config = agent_config(qwen_dir, max_parallel_calls=2, max_assistant_turns=1)
    both = call("product_detail", product_id="PD_501") + "\n" + call("product_detail", product_id="PD_999")
    out, raw_prompt = await run_tool_agent(qwen, config, "Kindle or Kobo?", [both])
    scorer = RecordingScorer()
    res = await manager(qwen, scorer, config).run_single(reward_batch(out, raw_prompt, {}, with_mask=False))
    [req] = scorer.requests
    assert [c.arguments["product_id"] for c in req.tool_calls()] == ["PD_501", "PD_999"]
    assert req.response == ""  # stopped inside the tool exchange: judged as no answer, not as markup
    assert res["reward_extra_info"]["num_tool_calls"] == 2 and res["reward_extra_info"]["num_turns"] == 1


async def test_single_turn_rollouts_keep_the_row_trajectory_and_the_same_keys(qwen, qwen_dir) -> None:
    config = agent_config(qwen_dir)
    out, raw_prompt = await run_tool_agent(qwen, config, QUERY, [f"<think>{THINK[2]}</think>Try <product>PD_102</product>"])
    scorer = RecordingScorer()
    info = {"query": QUERY, "trajectory": [{"kind": "tool_call", "name": "search", "arguments": {}, "call_id": "c"},
                                           {"kind": "observation", "call_id": "c",
                                            "products": [{"id": "PD_102", "title": "Soundcore"}]}]}
    res = await manager(qwen, scorer, config).run_single(reward_batch(out, raw_prompt, info, with_mask=True))
    [req] = scorer.requests
    assert [s.kind for s in req.trajectory] == ["tool_call", "observation", "reasoning"]
    assert req.response == "Try <product>PD_102</product>"
    extra = res["reward_extra_info"]
    assert tuple(extra) == (*DEFAULT_SCORE_KEYS, *EXTRA_KEYS) and (extra["num_tool_calls"], extra["num_turns"]) == (0, 1)
