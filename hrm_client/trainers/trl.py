"""TRL's ``GRPOTrainer`` reward function: ``reward_funcs=[hrm_reward]`` (or ``--reward_funcs
hrm_client.trainers.trl.hrm_reward`` with TRL's ``trl grpo`` command).

Read from TRL's source (``trl/trainer/grpo_trainer.py`` ``_calculate_rewards``, trl 1.16.0; tested against it in
tests/trainers/test_trl_reward.py): keyword arguments ``prompts``, ``completions``, ``completion_ids`` and every
dataset column as a list (plus ``trainer_state``, ``log_extra``, ``log_metric``); an ``async def`` runs on TRL's
own event loop; a ``None`` reward leaves the sample out of its group's baseline with a zero advantage. So the whole
step's completions go to HRM in one batched call, and a judgment without a reward (judge failed, abstained, an
error) is ``None``: masked, never a silent 0.

The dataset's HRM label goes in the column ``HRM_LABEL_COLUMN`` (default ``label``): an object of request fields
(``query``, ``trajectory``, ``catalog``, ``rubric``, ``rubric_items``, ...), a list of rubric items, or a reference
text. Columns named ``rubric_items``, ``reference``, ``catalog`` or ``category`` are read too.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Any

from hrm_client.trainers.batch import Sample, score_async, score_sync
from hrm_client.trainers.settings import Settings, async_client, sync_client
from hrm_wire.trainers import Outcome

log = logging.getLogger(__name__)

#: TRL has no timeout of its own: a step waits for its rewards. One step's budget by default.
DEFAULT_TIMEOUT_S = 600.0
_COLUMNS = ("rubric_items", "reference", "catalog", "category", "rubric")


_warned_unlabelled = False


def _warn_if_unlabelled(samples: list[Sample], s: Settings) -> None:
    """Once per process: rows with no label and no HRM_RUBRIC are judged by the service's default pack, which is a
    shopping rubric, so a non-shopping prompt gets a decided low reward rather than an error."""
    global _warned_unlabelled
    if _warned_unlabelled or s.rubric is not None or any(label is not None for _, _, label in samples):
        return
    _warned_unlabelled = True
    log.warning("no row of this step carries an HRM label (column %r) and HRM_RUBRIC is unset: the service judges "
                "them with its default pack (smartshop, a shopping rubric). Give rows a label (rubric items or "
                "request fields) or set HRM_RUBRIC.", s.label_column)


def _samples(prompts: Sequence[Any], completions: Sequence[Any], columns: dict[str, Any], s: Settings) -> list[Sample]:
    out: list[Sample] = []
    for i, (prompt, completion) in enumerate(zip(prompts, completions, strict=True)):
        label = columns.get(s.label_column, [None] * len(prompts))[i] if s.label_column in columns else None
        extra = {k: columns[k][i] for k in _COLUMNS if k in columns and columns[k][i] is not None}
        if extra:
            label = {**(label if isinstance(label, dict) else {} if label is None else {"reference": label}), **extra}
        out.append((prompt, completion, label))
    _warn_if_unlabelled(out, s)
    return out


def _report(outs: list[Outcome], kwargs: dict[str, Any]) -> list[float | None]:
    log_metric = kwargs.get("log_metric")
    errors = [o for o in outs if o.extras["hrm_error"]]
    if callable(log_metric) and outs:
        log_metric("hrm/masked_share", sum(o.masked for o in outs) / len(outs))
        log_metric("hrm/abstained_share", sum(o.extras["hrm_abstained"] for o in outs) / len(outs))
        log_metric("hrm/error_share", len(errors) / len(outs))
    if errors:  # TRL only says "all reward functions returned None": say why, once per step
        log.warning("HRM gave no reward to %d of %d samples because of errors; the first: %s", len(errors),
                    len(outs), errors[0].cause)
    return [o.reward for o in outs]


async def hrm_reward(prompts: Sequence[Any], completions: Sequence[Any], completion_ids: Any = None,
                     **kwargs: Any) -> list[float | None]:
    """The step's rewards from HRM, ``None`` where it gave none (TRL masks those samples)."""
    s = Settings.from_env(timeout_s=DEFAULT_TIMEOUT_S, failure_reward=float("nan"))
    client = async_client(s, asyncio.get_running_loop())
    outs = await score_async(client, _samples(prompts, completions, kwargs, s), template=s.template,
                             rubric=s.rubric, score_keys=s.score_keys)
    return _report(outs, kwargs)


def hrm_reward_sync(prompts: Sequence[Any], completions: Sequence[Any], completion_ids: Any = None,
                    **kwargs: Any) -> list[float | None]:
    """``hrm_reward`` for code that calls reward functions synchronously."""
    s = Settings.from_env(timeout_s=DEFAULT_TIMEOUT_S, failure_reward=float("nan"))
    outs = score_sync(sync_client(s), _samples(prompts, completions, kwargs, s), template=s.template,
                      rubric=s.rubric, score_keys=s.score_keys)
    return _report(outs, kwargs)
