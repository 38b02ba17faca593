"""OpenRLHF's remote reward against /trainers/openrlhf: the request its rollout sends, what it keeps (frameworks.py
reproduces agent.py @3c3be62), one sample or a v0.8-style batch, the empty shard v0.11.0 sends to extra endpoints,
and a masked sample that still gets a number (OpenRLHF crashes on None)."""

from __future__ import annotations

import pytest
from frameworks import openrlhf_execute_reward, openrlhf_fetch_rewards_via_http

CHATML = ("<|im_start|>system\n{system}<|im_end|>\n<|im_start|>user\n{user}<|im_end|>\n<|im_start|>assistant\n")


def templated(row: dict) -> str:
    return CHATML.format(system=row["prompt"][0]["content"], user=row["prompt"][1]["content"])


async def test_one_sample_as_the_rollout_sends_it(hrm, shop_row):
    prompt = templated(shop_row)
    cheap = min(shop_row["label"]["catalog"], key=lambda p: p["price"])["id"]
    query = prompt + f"Get <product>{cheap}</product>, it fits your budget.<|im_end|>"  # decoded with special tokens
    out = await openrlhf_execute_reward([f"{hrm}/trainers/openrlhf"], query, prompt, shop_row["label"])
    assert out["reward"] == [pytest.approx(1.0)] and out["scores"] == out["reward"]
    assert out["extra_logs"]["hrm_masked"] == [0.0] and set(out["extra_logs"]) >= {"hrm_judge_failed", "hrm_abstained"}


async def test_a_batch_and_an_empty_shard(hrm, shop_row):
    prompt = templated(shop_row)
    queries = [prompt + "I am not sure.<|im_end|>", prompt + "<product>PD_0000</product><|im_end|>"]
    answers = await openrlhf_fetch_rewards_via_http([f"{hrm}/trainers/openrlhf", f"{hrm}/trainers/openrlhf"],
                                                    queries, [prompt, prompt], [shop_row["label"]] * 2)
    assert answers[0]["rewards"] == [pytest.approx(0.6)] and answers[1]["rewards"] == [pytest.approx(0.7)]
    (empty,) = await openrlhf_fetch_rewards_via_http([f"{hrm}/trainers/openrlhf"], [], [], [])
    assert empty == {"rewards": [], "scores": [], "extra_logs": {k: [] for k in empty["extra_logs"]}}


async def test_a_sample_hrm_cannot_judge_gets_the_failure_reward_and_a_flag(hrm_broken_grader):
    label = {"rubric_items": [["Is the answer polite?", 1]]}
    out = await openrlhf_execute_reward([f"{hrm_broken_grader}/trainers/openrlhf"], "Hi<|im_end|>",
                                        "<|im_start|>user\nSay hi<|im_end|>\n<|im_start|>assistant\n", label)
    assert out["reward"] == [0.0] and out["extra_logs"]["hrm_judge_failed"] == [1.0]


async def test_a_bad_label_fails_that_sample_only(hrm, shop_row):
    prompt = templated(shop_row)
    answers = await openrlhf_fetch_rewards_via_http([f"{hrm}/trainers/openrlhf"], [prompt + "x", prompt + "y"],
                                                    [prompt, prompt], [{"rubric": "smartshop", "colour": 1},
                                                                       shop_row["label"]])
    assert answers[0]["extra_logs"]["hrm_error"] == [1.0, 0.0] and answers[0]["rewards"][1] == pytest.approx(0.6)


async def test_prompts_or_labels_not_lists_are_a_typed_422(hrm):
    """Found by the fuzz tier (a TypeError, HTTP 500 before)."""
    import httpx

    async with httpx.AsyncClient() as http:
        r = await http.post(f"{hrm}/trainers/openrlhf", json={"query": ["q"], "prompts": 1.5, "labels": None})
    assert r.status_code == 422 and r.json()["error"]["field"] == "prompts"
