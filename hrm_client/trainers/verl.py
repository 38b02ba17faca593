"""verl's custom reward function, for teams not using HRM's reward manager (``trainer_plugin``)::

    reward.custom_reward_function.path=pkg://hrm_client.trainers.verl   # or the file's path
    reward.custom_reward_function.name=compute_score

Read from verl's source (0.9.1 wheel: ``verl/experimental/reward_loop/reward_manager/naive.py`` L34-99,
``reward_loop.py`` L365-369): called once per sample with ``data_source``, ``solution_str`` (the decoded response,
special tokens skipped; the prompt is not passed), ``ground_truth`` (``row["reward_model"]["ground_truth"]``) and
``extra_info`` (the row's dict); a dict answer needs ``score``, and every key goes into ``reward_extra_info`` with
the key set taken from the first sample. verl has no mask and a NaN spreads to the group, so a judgment without a
reward scores ``HRM_FAILURE_REWARD`` (default 0.0) and says so in ``hrm_masked`` / ``hrm_judge_failed`` /
``hrm_abstained`` / ``hrm_error``: the same keys on every outcome.

HRM needs the user's request: put the prompt's messages in ``extra_info["messages"]`` (or its text in
``extra_info["question"]`` / ``["prompt"]``), and the HRM label (request fields, rubric items or a reference) in
``ground_truth`` or ``extra_info["hrm"]``.
"""

from __future__ import annotations

from typing import Any

from hrm_client.trainers.batch import score_async, score_sync
from hrm_client.trainers.settings import Settings, async_client, sync_client
from hrm_wire.trainers import Outcome

#: verl's rate-limited manager gives up after 300 s; the naive one never does
DEFAULT_TIMEOUT_S = 280.0


def _sample(solution_str: str, ground_truth: Any, extra_info: dict[str, Any] | None) -> tuple[Any, Any, Any]:
    info = dict(extra_info or {})
    prompt = info.get("messages") or info.get("raw_prompt") or info.get("question") or info.get("prompt")
    label = info.get("hrm")
    if label is None:
        label = ground_truth
    elif ground_truth not in (None, "") and isinstance(label, dict) and "reference" not in label:
        label = {**label, "reference": ground_truth}
    return prompt, solution_str, label


def _answer(out: Outcome, s: Settings) -> dict[str, Any]:
    return {"score": out.value(s.failure_reward), **out.extras}


def compute_score(data_source: str, solution_str: str, ground_truth: Any = None,
                  extra_info: dict[str, Any] | None = None, **kwargs: Any) -> dict[str, Any]:
    """One sample's reward from HRM (verl runs a sync function in an executor thread)."""
    s = Settings.from_env(timeout_s=DEFAULT_TIMEOUT_S, failure_reward=0.0)
    (out,) = score_sync(sync_client(s), [_sample(solution_str, ground_truth, extra_info)], template=s.template,
                        rubric=s.rubric, score_keys=s.score_keys)
    return _answer(out, s)


async def compute_score_async(data_source: str, solution_str: str, ground_truth: Any = None,
                              extra_info: dict[str, Any] | None = None, **kwargs: Any) -> dict[str, Any]:
    """``compute_score`` as a coroutine (verl awaits an ``async def`` on its reward loop)."""
    import asyncio

    s = Settings.from_env(timeout_s=DEFAULT_TIMEOUT_S, failure_reward=0.0)
    (out,) = await score_async(async_client(s, asyncio.get_running_loop()),
                               [_sample(solution_str, ground_truth, extra_info)], template=s.template,
                               rubric=s.rubric, score_keys=s.score_keys)
    return _answer(out, s)
