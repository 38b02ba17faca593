"""DCPO sampler on verl's real TransferQueue store (local Ray): keeps and clears the right keys."""

from __future__ import annotations

import random

import pytest
import torch
from verl_helpers import fresh_local_ray

from trainer_plugin.dcpo import select

pytestmark = [pytest.mark.verl, pytest.mark.timeout(300)]

K = 8


@pytest.fixture(scope="module")
def tq_store():
    import ray
    import transfer_queue as tq
    from omegaconf import OmegaConf

    # address="local": a private cluster, never another test's running one.
    fresh_local_ray(num_cpus=2)
    tq.init(OmegaConf.create({"backend": {"SimpleStorage": {"num_data_storage_units": 1}}}))
    yield tq
    tq.close()
    ray.shutdown()


def _put_group(tq, uid: str, rewards: list[float], lens: list[int], failed: set[int] = frozenset(),
               outputs: dict[int, int] | None = None, partition: str = "train",
               abstained: set[int] = frozenset()) -> list[str]:
    """Write one finished prompt group the way verl's agent loop does (prompt tag + trajectory rows)."""
    from verl.utils.tensordict_utils import list_of_dict_to_tensordict

    outputs = outputs or {}
    keys, fields, tags = [], [], []
    for s, (r, n) in enumerate(zip(rewards, lens, strict=True)):
        for i in range(outputs.get(s, 1)):
            length = 3 + (s + i) % 4
            rm = torch.zeros(length)
            rm[-1] = r
            keys.append(f"{uid}_{s}_{i}")
            fields.append({
                "rm_scores": rm,
                "responses": torch.arange(length),
                "extra_fields": {"reward_extra_info": {"reasoning_len": n, "judge_failed": s in failed,
                                                        "judge_abstained": s in abstained}},
            })
            tags.append({"status": "success", "global_steps": 1, "response_len": length})
    tq.kv_batch_put(keys=keys, partition_id=partition, fields=list_of_dict_to_tensordict(fields), tags=tags)
    tq.kv_put(key=uid, partition_id=partition, tag={"is_prompt": True, "status": "finished", "global_steps": 1})
    return keys


def _sampler(**kwargs):
    from omegaconf import OmegaConf

    from trainer_plugin.sampler import DCPOReplayBuffer

    return DCPOReplayBuffer(trainer_mode="sync", trainer_config=OmegaConf.create({}), max_off_policy_threshold=None,
                            max_off_policy_strategy="drop", sampler_kwargs=OmegaConf.create(kwargs),
                            poll_interval=0.1)


def _expected(uid: str, rewards: list[float], lens: list[int], seed: int, step: int, k_total: int,
              ok: list[int] | None = None) -> list[int]:
    ok = ok if ok is not None else list(range(len(rewards)))
    rng = random.Random(f"{seed}:{step}:{uid}")
    sel = select([rewards[i] for i in ok], [lens[i] for i in ok], keep=min(max(2, k_total // 2), len(ok)),
                 seed=rng)
    return sorted(ok[j] for j in sel.kept)


def test_sampler_keeps_half_per_prompt_and_clears_the_rest(tq_store) -> None:
    tq = tq_store
    rng = random.Random(0)
    groups = {}
    for uid in ("pa", "pb"):
        rewards = [rng.choice([0.0, 1.0, 1.25, 1.5]) for _ in range(K)]
        lens = [rng.randint(10, 400) for _ in range(K)]
        groups[uid] = (rewards, lens, _put_group(tq, uid, rewards, lens))
    val_keys = _put_group(tq, "pv", [1.0] * K, [5] * K, partition="val")

    sampler = _sampler(seed=11)
    meta, metrics = sampler.sample(global_steps=1, partition_id="train", batch_size=2)

    expected_keys = []
    for uid, (rewards, lens, _) in groups.items():
        kept = _expected(uid, rewards, lens, seed=11, step=1, k_total=K)
        assert len(kept) == K // 2
        expected_keys += [f"{uid}_{s}_0" for s in kept]
    assert sorted(meta.keys) == sorted(expected_keys)
    assert len(meta.tags) == len(meta.keys)
    assert metrics["dcpo/trajectories"] == 2 * K and metrics["dcpo/kept"] == K

    # The store now holds exactly the kept trajectories: dropped ones and the consumed prompt tags are gone.
    left = set(tq.kv_list("train").get("train", {}))
    assert left == set(expected_keys)
    # The kept rows are readable (what old_log_prob will fetch next).
    data = tq.kv_batch_get(keys=meta.keys, partition_id="train", select_fields=["rm_scores"])
    assert len(list(data["rm_scores"])) == K
    # Validation is untouched.
    assert set(val_keys) <= set(tq.kv_list("val").get("val", {}))
    tq.kv_clear(keys=meta.keys, partition_id="train")
    tq.kv_clear(keys=[*val_keys, "pv"], partition_id="val")


def test_judge_failed_and_abstained_trajectories_are_dropped_and_multi_output_sessions_kept_whole(tq_store) -> None:
    tq = tq_store
    rewards = [1.5, -1.0, 1.25, 1.0, 0.0, 1.0, -1.0, 0.0]
    lens = [50, 60, 70, 80, 90, 100, 110, 120]
    failed = {1, 6}  # session 1 failed, session 6 abstained: both carry the failure reward
    outputs = {0: 3, 7: 2}  # sessions 0 and 7 produced several agent-loop outputs
    _put_group(tq, "pc", rewards, lens, failed={1}, abstained={6}, outputs=outputs)
    meta, metrics = _sampler(seed=5).sample(global_steps=3, partition_id="train", batch_size=1)

    ok = [s for s in range(K) if s not in failed]
    kept_sessions = _expected("pc", rewards, lens, seed=5, step=3, k_total=K, ok=ok)
    # Anchors: best = session 0 (1.5); worst = session 7 (0.0 and the longer reasoning of the two zeros).
    assert 0 in kept_sessions and 7 in kept_sessions
    expected = [f"pc_{s}_{i}" for s in kept_sessions for i in range(outputs.get(s, 1))]
    assert sorted(meta.keys) == sorted(expected)
    assert not any(k.startswith(("pc_1_", "pc_6_")) for k in meta.keys)
    assert metrics["dcpo/judge_failed"] == 1 and metrics["dcpo/judge_abstained"] == 1
    assert set(tq.kv_list("train").get("train", {})) == set(expected)
    tq.kv_clear(keys=meta.keys, partition_id="train")


def test_an_all_masked_batch_is_skipped_with_a_metric_then_stops_the_run(tq_store, caplog) -> None:
    tq = tq_store
    sampler = _sampler(max_all_masked_steps=1)
    _put_group(tq, "pd", [-1.0] * 4, [1] * 4, failed={0, 1, 2, 3})
    meta, metrics = sampler.sample(global_steps=1, partition_id="train", batch_size=1)
    assert len(meta.keys) == 4 and metrics["dcpo/all_masked"] == 1.0  # whole: equal rewards, zero advantage
    assert "no policy-gradient update" in caplog.text
    tq.kv_clear(keys=meta.keys, partition_id="train")
    _put_group(tq, "pe", [-1.0] * 4, [1] * 4, failed={0, 1, 2, 3})
    with pytest.raises(RuntimeError, match="2 such step"):  # one tolerated in a row, the second stops the run
        sampler.sample(global_steps=2, partition_id="train", batch_size=1)


def test_all_masked_can_be_configured_to_stop_at_once(tq_store) -> None:
    tq = tq_store
    _put_group(tq, "pf", [-1.0] * 4, [1] * 4, failed={0, 1, 2, 3})
    with pytest.raises(RuntimeError, match="judge_failed or abstained"):
        _sampler(on_all_masked="raise").sample(global_steps=1, partition_id="train", batch_size=1)
