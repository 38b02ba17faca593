"""NeMo Gym's simple agent posting a rollout to /trainers/nemo_gym/verify, and what NeMo RL reads back (frameworks.py
reproduces Gym @07d6b0d and NeMo RL @7ea279a): Responses-API input and output items, the row's extra fields as
HRM's label, the body echoed, and a masked sample flagged for NeMo RL's loss mask."""

from __future__ import annotations

import json

import httpx
import pytest
from frameworks import nemo_gym_verify, nemo_rl_reads

ROW = {
    "responses_create_params": {
        "input": [{"role": "user", "content": "I need running earbuds under $50."}],
        "tools": [{"type": "function", "name": "search_products", "parameters": {"type": "object"}}],
        "temperature": 1.0,
    },
    "catalog": None,
    "category": "search_multi_constraint",
    "rubric": "shop_cards",
    "options": {"expect_cards": True},
}
RESPONSE = {
    "id": "resp_1", "object": "response", "created_at": 0, "model": "policy", "status": "completed",
    "output": [
        {"type": "reasoning", "id": "rs_1", "summary": [{"type": "summary_text", "text": "Search first."}]},
        {"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "search_products",
         "arguments": json.dumps({"query": "running earbuds", "max_price": 50})},
        {"type": "function_call_output", "call_id": "call_1",
         "output": json.dumps([{"product_id": "B0EARBUD01", "title": "RunBuds", "price": 39.0},
                               {"product_id": "B0EARBUD02", "title": "StudioPods", "price": 129.0}])},
        {"type": "message", "id": "msg_1", "role": "assistant", "status": "completed",
         "content": [{"type": "output_text", "text": "RunBuds fit: <product>B0EARBUD01</product>", "annotations": []}]},
    ],
}


async def test_verify_rewards_the_rollout_and_echoes_the_row(hrm):
    row = {k: v for k, v in ROW.items() if v is not None}
    full = await nemo_gym_verify(f"{hrm}/trainers/nemo_gym/verify", row, RESPONSE)
    reward, masked = nemo_rl_reads(full)
    assert reward == pytest.approx(1.0) and not masked
    assert full["responses_create_params"] == ROW["responses_create_params"] and full["response"] == RESPONSE


async def test_over_budget_card_and_seed_session(hrm):
    over = json.loads(json.dumps(RESPONSE))
    over["output"][-1]["content"][0]["text"] = "StudioPods: <product>B0EARBUD02</product>"
    full = await nemo_gym_verify(f"{hrm}/trainers/nemo_gym/verify", {k: v for k, v in ROW.items() if v}, over)
    assert nemo_rl_reads(full) == (pytest.approx(0.7), False)
    assert httpx.post(f"{hrm}/trainers/nemo_gym/seed_session", json={}).json() == {}


async def test_a_judgment_without_reward_is_masked_for_nemo_rl(hrm_broken_grader):
    row = {"responses_create_params": {"input": "Say hi politely."}, "rubric_items": [["Is it polite?", 1]]}
    full = await nemo_gym_verify(f"{hrm_broken_grader}/trainers/nemo_gym/verify", row,
                                 {"output": [{"type": "message", "role": "assistant",
                                              "content": [{"type": "output_text", "text": "Hi"}]}]})
    assert nemo_rl_reads(full) == (0.0, True)
    assert full["_ng_failure_class"] == "judge_failed" and full["hrm_judge_failed"] == 1.0
