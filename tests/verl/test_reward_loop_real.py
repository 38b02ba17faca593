"""The ``hrm`` reward manager inside verl's RewardLoopManager (local Ray) against a real HRM service.

HRM runs as its Ray Serve application in a separate process (its own Ray cluster, as a trainer meets a
deployed service), with the fake grader engine; verl's reward-loop workers reach it over gRPC. Config
comes from verl's own Hydra YAML plus the command-line style overrides a user would type.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from tool_rollout import agent_batch, agent_config, call, qwen_tokenizer_dir, run_tool_agent
from verl_helpers import example_sample, fresh_local_ray, load_examples, make_batch

from trainer_plugin.reward_manager import DEFAULT_SCORE_KEYS, EXTRA_KEYS

pytestmark = [pytest.mark.verl, pytest.mark.serve, pytest.mark.timeout(600)]

CASES = [
    ("good-earbuds", "Rain means an IP rating; running means a secure fit."),
    ("good-cozy-gift", "Cold in the evening: active heat versus a soft layer."),
    ("flaw-unknown-id", "A beginner wants cushioning."),  # a card id no tool returned: a real 0, not a failure
    ("good-castiron-advice", ""),  # no reasoning at all
]


def _verl_config(tokenizer_dir: Path, address: str, *extra: str, **hrm: Any) -> Any:
    from hydra import compose, initialize_config_dir
    from verl.trainer.config import __file__ as config_init

    overrides = [
        *extra,
        f"actor_rollout_ref.model.path={tokenizer_dir}",
        "reward.num_workers=2",
        "reward.reward_manager.name=hrm",
        f"+reward.hrm.address={address}",
        *[f"+reward.hrm.{k}={v}" for k, v in hrm.items()],
    ]
    with initialize_config_dir(config_dir=str(Path(config_init).parent), version_base=None):
        return compose(config_name="ppo_trainer", overrides=overrides)


@pytest.fixture(scope="module")
def local_ray():
    import ray

    fresh_local_ray(num_cpus=2)
    yield
    ray.shutdown()


async def _direct(address: str, request: Any) -> Any:
    from hrm_client import AsyncJudgeClient

    async with AsyncJudgeClient(f"grpc://{address}", timeout=60) as client:
        return await client.score(request)


def test_reward_loop_manager_scores_through_hrm_then_marks_an_outage(local_ray, hrm_service, tokenizer,
                                                                     tokenizer_dir) -> None:
    from verl.experimental.reward_loop import RewardLoopManager

    from trainer_plugin.config import HRMRewardConfig
    from trainer_plugin.reasoning import split_think
    from trainer_plugin.request import build_request

    svc = hrm_service("serve")
    config = _verl_config(tokenizer_dir, svc.address, timeout_s=20, max_attempts=2, backoff_initial_s=0.1)
    manager = RewardLoopManager(config)

    examples = load_examples()
    samples = []
    for i, (ex_id, reasoning) in enumerate(CASES):
        text, info = example_sample(examples[ex_id], reasoning)
        samples.append((f"uid{i}", text, info))
    batch = make_batch(tokenizer, samples)
    out = manager.compute_rm_score(batch)

    rm = out.batch["rm_scores"]
    keys = out.meta_info["reward_extra_keys"]
    assert keys == [*DEFAULT_SCORE_KEYS, *EXTRA_KEYS]
    info = {k: out.non_tensor_batch[k] for k in keys}
    resp_len = batch.batch["responses"].shape[1]
    valid = batch.batch["attention_mask"][:, -resp_len:].sum(dim=1)

    # What the service says about the same trajectories when asked directly (no verl in between).
    hrm_cfg = HRMRewardConfig(address=svc.address)
    expected = [asyncio.run(_direct(svc.address, build_request(s[2], split_think(s[1]), hrm_cfg))) for s in samples]
    for i, exp in enumerate(expected):
        assert not exp.judge_failed
        assert rm[i, valid[i] - 1].item() == pytest.approx(exp.reward)  # reward on the last valid token
        assert rm[i].abs().sum().item() == pytest.approx(abs(exp.reward))  # and nowhere else
        assert not info["judge_failed"][i]
        assert info["r_out"][i] == pytest.approx(exp.detail.r_out)
        assert info["g_l1"][i] == (1.0 if exp.detail.l1.passed else 0.0)
        assert info["reasoning_len"][i] == len(tokenizer.encode(CASES[i][1], add_special_tokens=False))
    assert expected[0].reward > 1.0 and expected[2].reward == 0.0  # a judged 0 is a real 0 ...
    assert info["judge_error"][2] == ""  # ... and not a failure

    # Outage: stop the service; the same reward-loop workers (their channels now dead) mark every sample.
    svc.stop()
    out2 = manager.compute_rm_score(batch)
    rm2 = out2.batch["rm_scores"]
    info2 = {k: out2.non_tensor_batch[k] for k in out2.meta_info["reward_extra_keys"]}
    assert list(info2) == keys
    for i in range(len(samples)):
        assert info2["judge_failed"][i]
        assert rm2[i, valid[i] - 1].item() == -1.0  # the documented failure value, never 0
        assert "unavailable" in info2["judge_error"][i] or "unreachable" in info2["judge_error"][i]
        assert info2["reasoning_len"][i] == info["reasoning_len"][i]


def test_reward_loop_manager_judges_tool_agent_rollouts_from_the_policys_turns(local_ray, hrm_service) -> None:
    """ToolAgentLoop rollouts (Qwen2.5 template, hermes, the recipe's tools) in the trainer's batch layout,
    scored by verl's RewardLoopManager workers against the HRM service: the same rewards as HRM gives the
    trajectory rebuilt from the policy's turns, and a card no tool returned is a judged 0."""
    from transformers import AutoTokenizer
    from verl.experimental.reward_loop import RewardLoopManager

    qdir = qwen_tokenizer_dir()
    qwen = AutoTokenizer.from_pretrained(qdir)
    query = "I need waterproof earbuds for running, under $100."
    search = "<think>Water resistance, cap $100.</think>\n" + call("product_search", query="waterproof running earbuds",
                                                                    max_price=100)
    answers = ["The Soundcore Sport X10 is IPX7 at $79.99: <product>PD_102</product>",
               "Get the Breville Bambino Plus: <product>PD_301</product>"]
    agent_cfg = agent_config(qdir)
    rollouts = []
    for answer in answers:
        out, raw_prompt = asyncio.run(run_tool_agent(qwen, agent_cfg, query, [search, answer]))
        rollouts.append((out, raw_prompt, {"query": query, "category": "Search-Multi-Constraint"}))
    batch = agent_batch(rollouts)

    svc = hrm_service("serve")
    config = _verl_config(qdir, svc.address, "actor_rollout_ref.rollout.multi_turn.format=hermes", timeout_s=30)
    out = RewardLoopManager(config).compute_rm_score(batch)
    info = {k: out.non_tensor_batch[k] for k in out.meta_info["reward_extra_keys"]}
    assert list(info) == [*DEFAULT_SCORE_KEYS, *EXTRA_KEYS]
    rm = out.batch["rm_scores"].sum(dim=1).tolist()
    assert not any(info["judge_failed"]) and list(info["num_tool_calls"]) == [1, 1]
    assert list(info["num_turns"]) == [2, 2]
    assert rm[0] >= 1.0 and info["g_l1"][0] == 1.0  # carded what its search returned
    assert rm[1] == 0.0 and info["g_l1"][1] == 0.0  # carded a product its tools never returned: a real 0
