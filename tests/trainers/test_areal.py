"""AReaL's RLVR workflow calling hrm_client.trainers.areal.reward_fn in a process pool with its 15 s budget
(frameworks.py reproduces AsyncRewardWrapper @4aef98d): the row's messages as the prompt, the templated text when
a row has none, and the failure value where HRM gave no reward."""

from __future__ import annotations

import pytest
from frameworks import areal_async_reward

from hrm_client.trainers.areal import reward_fn


async def test_reward_fn_in_areals_process_pool(hrm, shop_row, monkeypatch):
    monkeypatch.setenv("HRM_URL", hrm)
    cheap = min(shop_row["label"]["catalog"], key=lambda p: p["price"])["id"]
    templated = f"<|im_start|>user\n{shop_row['prompt'][1]['content']}<|im_end|>\n<|im_start|>assistant\n"
    good = await areal_async_reward(reward_fn, templated, f"<product>{cheap}</product><|im_end|>", [1, 2], [3],
                                    messages=shop_row["prompt"], hrm=shop_row["label"])
    text_only = await areal_async_reward(reward_fn, templated, "Not sure.<|im_end|>", [1], [2],
                                         label=shop_row["label"])
    assert good == pytest.approx(1.0) and text_only == pytest.approx(0.6)


async def test_no_reward_is_the_failure_value(hrm_broken_grader, monkeypatch):
    monkeypatch.setenv("HRM_URL", hrm_broken_grader)
    monkeypatch.setenv("HRM_FAILURE_REWARD", "-1")
    value = await areal_async_reward(reward_fn, "<|im_start|>user\nSay hi<|im_end|>\n<|im_start|>assistant\n",
                                     "Hi<|im_end|>", [1], [2], rubric_items=[["Is it polite?", 1]])
    assert value == -1.0
