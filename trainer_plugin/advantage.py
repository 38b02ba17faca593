"""verl advantage estimator ``dcpo``: normalise rewards over the kept subset of each query's group.

Select with ``algorithm.adv_estimator=dcpo``. The subset is whatever rows of a uid reach the advantage
step: the DCPO sampler (:mod:`trainer_plugin.sampler`) has already dropped the unselected trajectories
from the batch before any log-prob compute, so "the rows present" are exactly S(q).

Settings, read from ``algorithm.dcpo`` (absent from verl's YAML, so give them with a leading ``+``):

* ``+algorithm.dcpo.delta=1e-6``: the delta of ``A = (r - mean_S) / (std_S + delta)``;
* ``+algorithm.dcpo.failure_reward=-1.0``: the reward value the HRM reward manager writes for a judge
  failure. Rows carrying it (or a non-finite reward) get advantage 0 and are left out of the statistics:
  a second line of defence, since the sampler already drops them.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import torch
from verl.trainer.ppo.core_algos import register_adv_est

from trainer_plugin.dcpo import subset_advantages

DEFAULT_DELTA = 1e-6
DEFAULT_FAILURE_REWARD = -1.0


def _dcpo_settings(config: Any) -> tuple[float, float]:
    section: Any = None
    if config is not None:
        section = config.get("dcpo", None) if hasattr(config, "get") else getattr(config, "dcpo", None)
    section = section or {}
    get = section.get if hasattr(section, "get") else lambda k, d=None: getattr(section, k, d)
    return float(get("delta", DEFAULT_DELTA)), float(get("failure_reward", DEFAULT_FAILURE_REWARD))


def is_failure(score: float, failure_reward: float) -> bool:
    return not math.isfinite(score) or score == failure_reward


@register_adv_est("dcpo")
def compute_dcpo_outcome_advantage(
    token_level_rewards: torch.Tensor,
    response_mask: torch.Tensor,
    index: np.ndarray,
    config: Any = None,
    **_: Any,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Outcome advantage of DCPO (paper eq. 5) broadcast over the response tokens.

    Returns ``(advantages, returns)``, both ``[bs, L]`` and zero outside ``response_mask``, as verl's
    GRPO estimator does.
    """
    delta, failure_reward = _dcpo_settings(config)
    scores = token_level_rewards.sum(dim=-1)
    values = [float(s) for s in scores.tolist()]
    valid = [not is_failure(v, failure_reward) for v in values]
    adv = subset_advantages([v if ok else 0.0 for v, ok in zip(values, valid, strict=True)],
                            [str(g) for g in index], delta=delta, valid=valid)
    out = torch.tensor(adv, dtype=token_level_rewards.dtype, device=token_level_rewards.device)
    out = out.unsqueeze(-1) * response_mask.to(out.dtype)
    return out, out
