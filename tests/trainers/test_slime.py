"""slime against HRM: its remote reward posting to /trainers/slime (the answer read with --reward-key reward) and
its custom-RM hook calling hrm_client.trainers.slime, which also masks what HRM could not judge (frameworks.py
reproduces slime @624b824)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from frameworks import SlimeSample, slime_async_rm

from hrm_client.trainers import slime as hrm_slime


def load_function(path: str):
    module, _, name = path.rpartition(".")
    return getattr(__import__(module, fromlist=[name]), name)


async def test_remote_rm_with_a_reward_key(hrm, shop_row):
    cheap = min(shop_row["label"]["catalog"], key=lambda p: p["price"])["id"]
    args = SimpleNamespace(rm_url=f"{hrm}/trainers/slime", custom_rm_path=None, reward_key="reward")
    sample = SlimeSample(prompt=shop_row["prompt"], response=f"<product>{cheap}</product>", label=shop_row["label"])
    sample.reward = await slime_async_rm(args, sample, load_function)
    assert sample.get_reward_value(args) == pytest.approx(1.0) and sample.reward["hrm_masked"] == 0.0


async def test_custom_rm_masks_a_sample_hrm_could_not_judge(hrm_broken_grader, monkeypatch):
    monkeypatch.setenv("HRM_URL", hrm_broken_grader)
    args = SimpleNamespace(custom_rm_path="hrm_client.trainers.slime.reward", reward_key=None)
    sample = SlimeSample(prompt="Say hi", response="Hi!", label=[["Is the answer polite?", 1]])
    reward = await slime_async_rm(args, sample, load_function)
    assert reward == 0.0 and sample.remove_sample and sample.metadata["hrm"]["hrm_judge_failed"] == 1.0


async def test_custom_rm_batched(hrm, shop_row, monkeypatch):
    monkeypatch.setenv("HRM_URL", hrm)
    samples = [SlimeSample(prompt=shop_row["prompt"], response=text, label=shop_row["label"])
               for text in ("No idea.", "<product>PD_0000</product>")]
    rewards = await hrm_slime.reward_group(SimpleNamespace(), samples)
    assert rewards == [pytest.approx(0.6), pytest.approx(0.7)] and not any(s.remove_sample for s in samples)
