"""The ``dcpo`` advantage estimator, called through verl's own registry and compute_advantage."""

from __future__ import annotations

import math

import numpy as np
import pytest
import torch
from omegaconf import OmegaConf

pytestmark = pytest.mark.verl


def _batch(rewards: list[float], uids: list[str], length: int = 5):
    from verl import DataProto

    bs = len(rewards)
    token_level = torch.zeros(bs, length)
    mask = torch.ones(bs, length)
    for i, r in enumerate(rewards):
        valid = 2 + i % (length - 2)
        mask[i, valid:] = 0
        token_level[i, valid - 1] = r  # verl puts the outcome reward on the last valid token
    data = DataProto.from_dict(tensors={"token_level_rewards": token_level, "response_mask": mask},
                               non_tensors={"uid": np.array(uids, dtype=object)})
    return data


def _hand(rewards: list[float], delta: float) -> list[float]:
    mu = sum(rewards) / len(rewards)
    sigma = math.sqrt(sum((r - mu) ** 2 for r in rewards) / len(rewards))  # population std (paper eq. 5)
    return [(r - mu) / (sigma + delta) for r in rewards]


def test_dcpo_equals_hand_computation_over_the_kept_subset() -> None:
    import verl  # noqa: F401  (loads the plugin entry point)
    from verl.trainer.ppo.ray_trainer import compute_advantage

    kept_a = [1.5, 1.25, 0.0, 1.0]
    kept_b = [1.0, 1.0, 0.0]
    delta = 0.1
    data = _batch(kept_a + kept_b, ["a"] * 4 + ["b"] * 3)
    cfg = OmegaConf.create({"adv_estimator": "dcpo", "dcpo": {"delta": delta}})
    out = compute_advantage(data, adv_estimator="dcpo", config=cfg)
    adv = out.batch["advantages"]
    mask = out.batch["response_mask"]
    expected = _hand(kept_a, delta) + _hand(kept_b, delta)
    for i, e in enumerate(expected):
        row = adv[i][mask[i].bool()]
        assert torch.allclose(row, torch.full_like(row, e), atol=1e-6), (i, row, e)
        assert torch.all(adv[i][~mask[i].bool()] == 0)
    assert torch.equal(out.batch["returns"], adv)


def test_dcpo_differs_from_grpo_over_all_k() -> None:
    """DCPO over the kept half is not GRPO over all K (nor GRPO over the same half: population std)."""
    from verl.trainer.ppo.core_algos import compute_grpo_outcome_advantage, get_adv_estimator_fn

    from trainer_plugin.dcpo import select

    rewards_all = [1.5, 1.5, 1.25, 1.0, 1.0, 1.0, 0.0, 0.0]
    lens = [100, 300, 200, 150, 120, 400, 80, 90]
    sel = select(rewards_all, lens, seed=3)
    kept = [rewards_all[i] for i in sel.kept]
    dcpo = get_adv_estimator_fn("dcpo")
    cfg = OmegaConf.create({"dcpo": {"delta": 1e-6}})
    d = _batch(kept, ["q"] * len(kept))
    a_dcpo, _ = dcpo(d.batch["token_level_rewards"], d.batch["response_mask"], np.array(["q"] * len(kept)), cfg)
    g = _batch(rewards_all, ["q"] * len(rewards_all))
    a_grpo_all, _ = compute_grpo_outcome_advantage(g.batch["token_level_rewards"], g.batch["response_mask"],
                                                   np.array(["q"] * len(rewards_all)))
    dcpo_scalar = [float(a_dcpo[i][d.batch["response_mask"][i].bool()][0]) for i in range(len(kept))]
    grpo_scalar = [float(a_grpo_all[j][g.batch["response_mask"][j].bool()][0]) for j in sel.kept]
    assert dcpo_scalar == pytest.approx(_hand(kept, 1e-6), abs=1e-5)
    assert any(abs(x - y) > 1e-3 for x, y in zip(dcpo_scalar, grpo_scalar, strict=True))
    a_grpo_half, _ = compute_grpo_outcome_advantage(d.batch["token_level_rewards"], d.batch["response_mask"],
                                                    np.array(["q"] * len(kept)))
    grpo_half = [float(a_grpo_half[i][d.batch["response_mask"][i].bool()][0]) for i in range(len(kept))]
    assert any(abs(x - y) > 1e-3 for x, y in zip(dcpo_scalar, grpo_half, strict=True))


def test_failure_rows_are_masked_and_do_not_shift_the_statistics() -> None:
    from verl.trainer.ppo.core_algos import get_adv_estimator_fn

    dcpo = get_adv_estimator_fn("dcpo")
    rewards = [1.5, -1.0, 1.0, 0.0]  # -1.0 is the reward manager's judge-failure value
    d = _batch(rewards, ["q"] * 4)
    adv, _ = dcpo(d.batch["token_level_rewards"], d.batch["response_mask"], np.array(["q"] * 4),
                  OmegaConf.create({"dcpo": {"delta": 1e-6, "failure_reward": -1.0}}))
    assert torch.all(adv[1] == 0)
    scalars = [float(adv[i][d.batch["response_mask"][i].bool()][0]) for i in (0, 2, 3)]
    assert scalars == pytest.approx(_hand([1.5, 1.0, 0.0], 1e-6), abs=1e-5)


def test_equal_rewards_give_zero_not_nan() -> None:
    from verl.trainer.ppo.core_algos import get_adv_estimator_fn

    d = _batch([1.0, 1.0, 1.0], ["q"] * 3)
    adv, _ = get_adv_estimator_fn("dcpo")(d.batch["token_level_rewards"], d.batch["response_mask"],
                                          np.array(["q"] * 3), None)
    assert torch.isfinite(adv).all() and torch.all(adv == 0)
