"""Shop-R1 self-certainty from top-k log-probs (trainer_plugin/self_certainty.py) and its path into HRM."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest
from verl_helpers import make_batch

from trainer_plugin.reward_manager import HRMRewardManager, close_shared
from trainer_plugin.self_certainty import (
    kl_from_uniform_full,
    kl_from_uniform_topk,
    rationale_span,
    self_certainty,
)

pytestmark = pytest.mark.verl


def _dist(v: int, seed: int, temp: float) -> list[float]:
    rng = random.Random(seed)
    logits = [rng.gauss(0, 1) / temp for _ in range(v)]
    z = math.log(sum(math.exp(x) for x in logits))
    return [x - z for x in logits]


@pytest.mark.parametrize("temp", [0.2, 1.0, 3.0])
def test_topk_is_exact_with_the_whole_vocabulary_and_bracketed_below_it(temp: float) -> None:
    for seed in range(5):
        lp = _dist(400, seed, temp)
        full = kl_from_uniform_full(lp)
        top = sorted(lp, reverse=True)
        assert kl_from_uniform_topk(top, 400) == pytest.approx(full, abs=1e-9)
        prev = 0.0
        for k in (1, 5, 50, 200):
            low = kl_from_uniform_topk(top[:k], 400, tail="even")
            high = kl_from_uniform_topk(top[:k], 400, tail="kth")
            assert low <= full + 1e-9 <= high + 2e-9  # the two tail bounds bracket the true value
            assert kl_from_uniform_topk(top[:k], 400) == pytest.approx((low + high) / 2)  # default: midpoint
            assert low >= prev - 1e-9  # more of the distribution, closer to the truth
            prev = low


def test_uniform_is_zero_and_one_hot_is_log_v() -> None:
    assert kl_from_uniform_topk([math.log(1 / 50)] * 3, 50) == pytest.approx(0.0, abs=1e-12)
    assert kl_from_uniform_topk([0.0], 50) == pytest.approx(math.log(50))
    assert self_certainty([[0.0], [0.0]], 50) == pytest.approx(math.log(50))
    assert self_certainty([[0.0]], 50, per_vocab=True) == pytest.approx(math.log(50) / 50)
    assert self_certainty([], 50) == 0.0


def test_rationale_span_covers_exactly_the_rationale_tokens(tokenizer) -> None:
    rationale = "I know the model I want, so I search for it."
    text = json.dumps({"rationale": rationale, "action": {"type": "terminate"}})
    ids = tokenizer.encode(text, add_special_tokens=False)
    start, end = rationale_span(ids, tokenizer.decode)
    inside = tokenizer.decode(ids[start:end])
    assert rationale in inside and len(inside) <= len(rationale) + 4  # token edges may carry the quotes
    assert rationale_span(tokenizer.encode("no json", add_special_tokens=False), tokenizer.decode) == (0, 0)


async def test_reward_manager_sends_self_certainty_for_shop_r1(tokenizer) -> None:
    from omegaconf import OmegaConf
    from tool_rollout import RecordingScorer

    text = json.dumps({"rationale": "The card matches, so I buy it now.", "action": {"type": "terminate"}})
    info = {"query": "buy it", "rubric": "shop_r1", "reference": {"type": "terminate"}}
    batch = make_batch(tokenizer, [("u", text, info)])
    n = len(tokenizer.encode(text, add_special_tokens=False)) + 1
    certain = [[0.0]] * n  # one-hot everywhere: KL = log|V|
    batch.non_tensor_batch["tool_extra_fields"] = np.array([{"topk_logprobs": certain}], dtype=object)
    scorer = RecordingScorer()
    cfg = OmegaConf.create({"reward": {"hrm": {"address": "127.0.0.1:1", "vocab_size": 1000}}})
    await HRMRewardManager(cfg, tokenizer, None, scorer_factory=lambda c: scorer).run_single(batch)
    await close_shared()
    [req] = scorer.requests
    assert req.context["rationale_self_certainty"] == pytest.approx(math.log(1000))
