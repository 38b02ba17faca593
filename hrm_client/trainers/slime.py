"""slime's custom reward: ``--custom-rm-path hrm_client.trainers.slime.reward`` (``reward_group`` with
``--group-rm``).

Read from slime's source (``slime/rollout/rm_hub/__init__.py`` L55-110, ``slime/ray/rollout.py`` L608-683
@624b824): ``await rm(args, sample)`` per sample (``rm(args, samples)`` batched); ``sample.prompt`` is the
templated text (``--apply-chat-template``) or the dataset's messages, ``sample.response`` the generated text,
``sample.label`` the row's label; a reward must be a number, and ``sample.remove_sample = True`` zeroes the
sample's loss mask. So a judgment without a reward scores ``HRM_FAILURE_REWARD`` (default 0.0) and removes the
sample: masked, as the plain ``/trainers/slime`` route cannot.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from hrm_client.trainers.batch import score_async
from hrm_client.trainers.settings import Settings, async_client

#: slime's remote reward gives up after 120 s a try; a custom RM has no limit of its own
DEFAULT_TIMEOUT_S = 110.0


async def reward_group(args: Any, samples: Sequence[Any], **kwargs: Any) -> list[float]:
    s = Settings.from_env(timeout_s=DEFAULT_TIMEOUT_S, failure_reward=0.0)
    outs = await score_async(async_client(s, asyncio.get_running_loop()),
                             [(x.prompt, x.response, x.label) for x in samples], template=s.template,
                             rubric=s.rubric, score_keys=s.score_keys)
    for sample, out in zip(samples, outs, strict=True):
        if out.masked:
            sample.remove_sample = True
        metadata = getattr(sample, "metadata", None)
        if isinstance(metadata, dict):
            metadata["hrm"] = {**out.extras, "cause": out.cause}
    return [o.value(s.failure_reward) for o in outs]


async def reward(args: Any, sample: Any, **kwargs: Any) -> float:
    (value,) = await reward_group(args, [sample])
    return value
