"""``hrm_client.trainers.verl.compute_score`` loaded the way verl loads a custom reward function
(``verl.trainer.ppo.reward.get_custom_reward_fn``) and called by verl's own naive reward-loop manager, against a
real HRM HTTP service: the dict answer has ``score`` and the same keys on every outcome (verl takes the key set
from the first sample)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from omegaconf import OmegaConf
from verl_helpers import make_batch

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "trainers"))
sys.path.insert(0, str(ROOT / "examples" / "trl_grpo"))

from service import config, running  # noqa: E402
from shop_task import make_rows  # noqa: E402

pytestmark = pytest.mark.verl


def manager(tokenizer):
    from verl.experimental.reward_loop.reward_manager.naive import NaiveRewardManager
    from verl.trainer.ppo.reward import get_custom_reward_fn

    cfg = OmegaConf.create({"reward": {"custom_reward_function": {
        "path": str(ROOT / "hrm_client" / "trainers" / "verl.py"), "name": "compute_score"}}})
    return NaiveRewardManager(cfg, tokenizer, get_custom_reward_fn(cfg))


def sample(tokenizer, response: str, ground_truth, extra_info: dict):
    batch = make_batch(tokenizer, [("u1", response, extra_info)])
    batch.non_tensor_batch["reward_model"] = np.array([{"ground_truth": ground_truth}], dtype=object)
    return batch


async def test_verl_naive_manager_calls_compute_score(tokenizer, tmp_path, monkeypatch):
    row = make_rows(1, seed=5, reward="cards")[0]
    cheap = min(row["label"]["catalog"], key=lambda p: p["price"])["id"]
    rm = manager(tokenizer)
    with running(config(tmp_path)) as (url, _):
        monkeypatch.setenv("HRM_URL", url)
        good = await rm.run_single(sample(tokenizer, f"<product>{cheap}</product>", row["label"],
                                          {"messages": row["prompt"]}))
        none = await rm.run_single(sample(tokenizer, "no card", row["label"], {"messages": row["prompt"]}))
    with running(config(tmp_path, hrm={"engine": {"kind": "fake", "fake": {"default": "garbage"}}})) as (url, _):
        monkeypatch.setenv("HRM_URL", url)
        failed = await rm.run_single(sample(tokenizer, "Hi", [["Is it polite?", 1]], {"question": "Say hi"}))
    assert good["reward_score"] == pytest.approx(1.0) and none["reward_score"] == pytest.approx(0.6)
    assert failed["reward_score"] == 0.0 and failed["reward_extra_info"]["hrm_judge_failed"] == 1.0
    keys = [list(r["reward_extra_info"]) for r in (good, none, failed)]
    assert keys[0] == keys[1] == keys[2] and keys[0][0] == "score"
