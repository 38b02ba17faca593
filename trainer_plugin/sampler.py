"""DCPO sampler for verl's v1 trainer: keep ~K/2 trajectories per prompt, drop the rest before log-probs.

Plug in with::

    trainer.v1.sampler.custom_sampler.path=pkg://trainer_plugin.sampler
    trainer.v1.sampler.custom_sampler.name=DCPOReplayBuffer        # trainer_mode=sync
    #                                      DCPOReplayBufferAsync   # colocate_async / separate_async

verl's replay buffer picks finished prompt groups from TransferQueue; this subclass then, per group,
reads every trajectory's reward (``rm_scores``) and reasoning length (``reward_extra_info.reasoning_len``
written by the ``hrm`` reward manager), drops judge-failed and judge-abstained trajectories, runs :func:`trainer_plugin.dcpo.select`
and clears the unselected keys from TransferQueue. Only the kept keys go on to old/ref log-prob, advantage
and the update, so dropped trajectories take no part in the PPO, KL or entropy terms.

``trainer.v1.sampler.sampler_kwargs`` (verl YAML has the dict, so no ``+`` for the section itself;
use ``+trainer.v1.sampler.sampler_kwargs.seed=1``):

* ``keep``: trajectories kept per prompt; default K/2 (floor, at least 2);
* ``seed``: base seed; each prompt's draw is seeded by (seed, global step, uid), so a run is reproducible;
* ``failure_reward``: the reward written for judge failures (default -1.0, as the reward manager's);
* ``reasoning_key``: extra-info key holding the reasoning length (default ``reasoning_len``);
* ``on_all_masked``: what a batch whose every trajectory is judge-failed or abstained does. ``skip`` (default):
  the batch goes on whole, its equal masked rewards give every group a zero advantage, so the step makes no
  policy-gradient update (KL and entropy terms still apply); the metric ``dcpo/all_masked`` is 1 and a warning
  says why. ``raise``: stop the run;
* ``max_all_masked_steps``: consecutive all-masked steps tolerated before the run stops anyway (default 3: HRM is
  probably down, or the grader abstains on everything; see docs/guides/graders.md).

Validation batches are returned whole.
"""

from __future__ import annotations

import logging
import math
import random
from collections import defaultdict
from typing import Any

import transfer_queue as tq
from transfer_queue import KVBatchMeta
from verl.trainer.ppo.v1.replay_buffer import ReplayBuffer, ReplayBufferAsync

from trainer_plugin.dcpo import default_keep, select

logger = logging.getLogger(__name__)


def _reward_extra_info(extra_fields: Any) -> dict[str, Any]:
    value = getattr(extra_fields, "data", extra_fields)
    if isinstance(value, dict):
        info = value.get("reward_extra_info", {})
        return info if isinstance(info, dict) else {}
    return {}


def _trajectory_id(key: str) -> tuple[str, str]:
    """``{uid}_{session}_{index}`` -> (uid, session): outputs of one session form one trajectory."""
    uid, session, _ = key.split("_", 2)
    return uid, session


def _output_index(key: str) -> int:
    tail = key.rsplit("_", 1)[1]
    return int(tail) if tail.isdigit() else 0


class DCPOSelectionMixin:
    """The DCPO cut, applied to the batch the base replay buffer has just chosen."""

    sampler_kwargs: Any
    _dcpo_step: int = 0
    _dcpo_metrics: dict[str, float]

    def _dcpo_kwargs(self) -> tuple[int | None, int, float, str]:
        kw = self.sampler_kwargs or {}
        keep = kw.get("keep", None)
        return (None if keep is None else int(keep), int(kw.get("seed", 0)),
                float(kw.get("failure_reward", -1.0)), str(kw.get("reasoning_key", "reasoning_len")))

    def sample(self, global_steps: int, partition_id: str, batch_size: int) -> tuple[KVBatchMeta, dict]:
        self._dcpo_step = global_steps
        self._dcpo_metrics = {}
        meta, metrics = super().sample(global_steps, partition_id, batch_size)  # type: ignore[misc]
        metrics.update(self._dcpo_metrics)
        return meta, metrics

    def _materialize_batch(self, partition_id: str, selected_prompt_uids: list[str],
                           partition_snapshot: dict[str, dict]) -> KVBatchMeta:
        meta = super()._materialize_batch(partition_id, selected_prompt_uids, partition_snapshot)  # type: ignore[misc]
        if partition_id == "val" or not meta.keys:
            return meta
        keep_keys = self.dcpo_filter(partition_id, list(meta.keys))
        if not keep_keys:
            return self._all_masked(meta)
        self._dcpo_all_masked_run = 0
        keep_set = set(keep_keys)
        dropped = [k for k in meta.keys if k not in keep_set]
        if dropped:
            tq.kv_clear(keys=dropped, partition_id=partition_id)
        tags = [tag for key, tag in zip(meta.keys, meta.tags, strict=True) if key in keep_set]
        return KVBatchMeta(partition_id=partition_id, keys=[k for k in meta.keys if k in keep_set], tags=tags)

    def _all_masked(self, meta: KVBatchMeta) -> KVBatchMeta:
        """Every trajectory of the batch is judge-failed or abstained: skip the step's update, or stop."""
        kw = self.sampler_kwargs or {}
        mode = str(kw.get("on_all_masked", "skip"))
        limit = int(kw.get("max_all_masked_steps", 3))
        self._dcpo_all_masked_run = getattr(self, "_dcpo_all_masked_run", 0) + 1
        what = (f"DCPO sampler: every trajectory of step {self._dcpo_step} was judge_failed or abstained "
                f"({self._dcpo_metrics.get('dcpo/judge_failed', 0)} failed, "
                f"{self._dcpo_metrics.get('dcpo/judge_abstained', 0)} abstained)")
        if mode == "raise" or self._dcpo_all_masked_run > limit:
            raise RuntimeError(f"{what}; {self._dcpo_all_masked_run} such step(s) in a row. Is HRM down, or does "
                               "the grader abstain on everything (a calibrated weak grader decides only failures: "
                               "add a stronger tier or turn calibration off)? Stopping instead of training on "
                               "nothing (sampler_kwargs.on_all_masked / max_all_masked_steps).")
        logger.warning("%s: the batch goes on whole with its equal masked rewards, so no group has an advantage "
                       "and the step makes no policy-gradient update (%d of %d tolerated in a row)", what,
                       self._dcpo_all_masked_run, limit)
        self._dcpo_metrics["dcpo/all_masked"] = 1.0
        return meta

    def dcpo_filter(self, partition_id: str, keys: list[str]) -> list[str]:
        """The keys DCPO keeps out of ``keys`` (all outputs of each kept trajectory)."""
        keep, seed, failure_reward, reasoning_key = self._dcpo_kwargs()
        data = tq.kv_batch_get(keys=keys, partition_id=partition_id, select_fields=["rm_scores", "extra_fields"])
        rewards = [float(s.sum().item()) for s in data["rm_scores"]]
        infos = [_reward_extra_info(x) for x in data["extra_fields"]]

        # The last output of a session carries its reward (verl copies it onto earlier outputs too).
        outputs: dict[tuple[str, str], list[str]] = defaultdict(list)
        final: dict[tuple[str, str], int] = {}
        for i, key in enumerate(keys):
            tid = _trajectory_id(key)
            outputs[tid].append(key)
            if tid not in final or _output_index(key) > _output_index(keys[final[tid]]):
                final[tid] = i
        groups: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for tid in outputs:
            groups[tid[0]].append(tid)

        kept: set[str] = set()
        n_failed = n_abstained = n_traj = 0
        for uid in sorted(groups):
            tids = sorted(groups[uid], key=lambda t: int(t[1]) if t[1].isdigit() else t[1])
            n_traj += len(tids)
            ok = []
            for tid in tids:
                i = final[tid]
                info = infos[i]
                abstained = bool(info.get("judge_abstained", False))
                failed = bool(info.get("judge_failed", False)) or not math.isfinite(rewards[i]) \
                    or rewards[i] == failure_reward
                n_abstained += abstained
                n_failed += failed and not abstained
                failed = failed or abstained
                if not failed:
                    ok.append(tid)
            if not ok:
                continue
            target = default_keep(len(tids)) if keep is None else keep
            target = max(1, min(target, len(ok)))
            rs = [rewards[final[t]] for t in ok]
            lens = [float(infos[final[t]].get(reasoning_key, 0) or 0) for t in ok]
            rng = random.Random(f"{seed}:{self._dcpo_step}:{uid}")
            for j in select(rs, lens, keep=target, seed=rng).kept:
                kept.update(outputs[ok[j]])
        self._dcpo_metrics = {
            "dcpo/trajectories": n_traj,
            "dcpo/kept": sum(1 for t in outputs if outputs[t][0] in kept),
            "dcpo/judge_failed": n_failed,
            "dcpo/judge_abstained": n_abstained,
            "dcpo/all_masked": 0.0,
        }
        return [k for k in keys if k in kept]


class DCPOReplayBuffer(DCPOSelectionMixin, ReplayBuffer):
    """Sync-mode replay buffer with the DCPO cut."""


class DCPOReplayBufferAsync(DCPOSelectionMixin, ReplayBufferAsync):
    """Async-mode replay buffer (colocate_async / separate_async) with the DCPO cut."""
