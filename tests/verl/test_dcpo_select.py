"""DCPO selection (trainer_plugin.dcpo.select): the properties the paper states."""

from __future__ import annotations

import math
import random

import pytest

from trainer_plugin.dcpo import default_keep, pool_sizes, rank, select

pytestmark = pytest.mark.verl


def _random_group(k: int, seed: int) -> tuple[list[float], list[int]]:
    rng = random.Random(seed)
    # Few distinct reward levels so ties are common, as with gated HRM rewards.
    rewards = [rng.choice([0.0, 1.0, 1.25, 1.5]) for _ in range(k)]
    lens = [rng.randint(10, 500) for _ in range(k)]
    return rewards, lens


@pytest.mark.parametrize("k", [16, 12, 9, 8, 7, 6])
def test_size_is_half_and_both_anchors_present(k: int) -> None:
    for seed in range(20):
        rewards, lens = _random_group(k, seed)
        sel = select(rewards, lens, seed=seed)
        assert len(sel.kept) == k // 2 == default_keep(k)
        assert len(set(sel.kept)) == len(sel.kept)
        order = rank(rewards, lens)
        assert sel.best == order[0] and sel.best in sel.kept
        assert sel.worst == order[-1] and sel.worst in sel.kept
        assert sel.best in sel.pools["good"] and sel.worst in sel.pools["bad"]


def test_pools_are_three_equal_thirds_of_the_ranking() -> None:
    rewards, lens = _random_group(15, 3)
    sel = select(rewards, lens, seed=0)
    assert [len(sel.pools[p]) for p in ("good", "mid", "bad")] == [5, 5, 5]
    assert sel.pools["good"] + sel.pools["mid"] + sel.pools["bad"] == sel.ranking


def test_random_fill_is_proportional_in_expectation() -> None:
    # K=16: pools 5/6/5; after the two anchors 4/6/4 remain; 6 slots -> exact quotas 1.71/2.57/1.71.
    # Every run rounds each quota down or up; over runs the mean quota is the exact one, so every non-anchor
    # trajectory is kept with probability 6/14 whatever its pool (largest-remainder rounding kept 2/2/2
    # every time: mid members at 2/6 = 0.33, the others at 2/4 = 0.50).
    rewards = [float(16 - i) for i in range(16)]
    lens = [100] * 16
    runs = 3000
    totals = {"good": 0, "mid": 0, "bad": 0}
    hits = [0] * 16
    for seed in range(runs):
        sel = select(rewards, lens, seed=seed)
        fill = [i for i in sel.kept if i not in (sel.best, sel.worst)]
        per_pool = {p: sum(1 for i in fill if i in sel.pools[p]) for p in totals}
        assert sum(per_pool.values()) == 6
        assert 1 <= per_pool["good"] <= 2 and 2 <= per_pool["mid"] <= 3 and 1 <= per_pool["bad"] <= 2
        for p in totals:
            totals[p] += per_pool[p]
        for i in fill:
            hits[i] += 1
    assert totals["good"] / runs == pytest.approx(6 * 4 / 14, abs=0.05)
    assert totals["mid"] / runs == pytest.approx(6 * 6 / 14, abs=0.05)
    assert totals["bad"] / runs == pytest.approx(6 * 4 / 14, abs=0.05)
    non_anchor = hits[1:15]
    assert all(h / runs == pytest.approx(6 / 14, abs=0.05) for h in non_anchor), non_anchor


@pytest.mark.parametrize("k", [7, 8, 10, 11, 13, 14, 17, 20])
def test_proportional_quota_within_rounding(k: int) -> None:
    rewards, lens = _random_group(k, k)
    sel = select(rewards, lens, seed=1)
    remaining = {p: [i for i in sel.pools[p] if i not in (sel.best, sel.worst)] for p in sel.pools}
    m = len(sel.kept) - 2
    population = sum(len(v) for v in remaining.values())
    for p, members in remaining.items():
        exact = m * len(members) / population
        got = sum(1 for i in sel.kept if i in members)
        assert math.floor(exact) <= got <= math.ceil(exact), (p, exact, got)


def test_deterministic_under_a_seed_and_varies_across_seeds() -> None:
    rewards, lens = _random_group(16, 42)
    a = select(rewards, lens, seed=7).kept
    assert select(rewards, lens, seed=7).kept == a
    assert select(rewards, lens, seed=random.Random(7)).kept == a
    assert len({tuple(select(rewards, lens, seed=s).kept) for s in range(30)}) > 1


def test_reasoning_length_breaks_reward_ties() -> None:
    rewards = [1.5, 1.5, 1.5, 0.0, 0.0, 0.0]
    lens = [300, 100, 200, 50, 500, 400]
    assert rank(rewards, lens) == [1, 2, 0, 3, 5, 4]
    sel = select(rewards, lens, seed=0)
    assert sel.best == 1  # the shortest of the best-rewarded
    assert sel.worst == 4  # the longest of the worst-rewarded
    # Flipping lengths flips the anchors: length alone decides among equal rewards.
    sel2 = select(rewards, [1000 - x for x in lens], seed=0)
    assert sel2.best == 0 and sel2.worst == 3


@pytest.mark.parametrize("k,sizes", [(16, (5, 6, 5)), (17, (6, 5, 6)), (15, (5, 5, 5)), (4, (1, 2, 1)),
                                     (5, (2, 1, 2)), (2, (1, 0, 1)), (1, (0, 1, 0))])
def test_k_not_divisible_by_three_gives_symmetric_pools(k: int, sizes: tuple[int, int, int]) -> None:
    assert pool_sizes(k) == sizes
    rewards, lens = _random_group(k, k)
    sel = select(rewards, lens, seed=0)
    assert tuple(len(sel.pools[p]) for p in ("good", "mid", "bad")) == sizes


@pytest.mark.parametrize("k,expected", [(0, 0), (1, 1), (2, 2), (3, 2), (4, 2), (5, 2)])
def test_small_groups_keep_the_anchors(k: int, expected: int) -> None:
    rewards, lens = _random_group(k, 5)
    sel = select(rewards, lens, seed=0)
    assert len(sel.kept) == expected
    if k >= 2:
        assert set(sel.kept) == {sel.best, sel.worst}
        assert sel.best != sel.worst


def test_explicit_keep_and_bad_input() -> None:
    rewards, lens = _random_group(16, 0)
    assert len(select(rewards, lens, keep=10, seed=0).kept) == 10
    assert sorted(select(rewards, lens, keep=16, seed=0).kept) == list(range(16))
    with pytest.raises(ValueError):
        select(rewards, lens, keep=0)
    with pytest.raises(ValueError):
        select(rewards, lens, keep=17)
    with pytest.raises(ValueError):
        select(rewards, lens[:-1])
    with pytest.raises(ValueError, match="not finite"):
        select([1.0, float("nan"), 0.0], [1, 2, 3])
