"""DCPO: dynamic contrastive selection and subset-normalised advantages (ChatShopBuddy, section 4.3).

Pure functions with no verl or torch import, so they can be tested and reused anywhere:

* :func:`select` picks ~K/2 of the K trajectories sampled for one query;
* :func:`subset_advantages` normalises rewards over the kept subset, ``A = (r - mean_S) / (std_S + delta)``
  with the population standard deviation of the paper's equation 5 (verl's GRPO uses the unbiased one).

Selection, exactly as the paper states it:

1. rank lexicographically: reward descending, then reasoning length ascending (ties beyond that keep the
   input order, so the ranking is total and reproducible);
2. split the ranking into three equal pools good / mid / bad. When K is not divisible by 3 the pools are
   as equal as possible and stay symmetric: one extra goes to mid (K % 3 == 1), or one each to good and
   bad (K % 3 == 2);
3. anchors: the top of the good pool (best) and the bottom of the bad pool (worst);
4. the remaining ``keep - 2`` slots are a proportional stratified random sample of the trajectories not yet
   chosen: each pool's quota is proportional to its remaining size *in expectation* (floor plus a seeded
   randomised rounding of the fractional parts), then members are drawn uniformly within each pool, so every
   not-yet-chosen trajectory is kept with the same probability (keep - 2) / (K - 2).
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

POOLS = ("good", "mid", "bad")


@dataclass(frozen=True)
class Selection:
    """Result of :func:`select` (indices refer to the caller's input order)."""

    kept: list[int]
    """Selected trajectory indices, in rank order (best first)."""
    best: int | None
    """Positive anchor (top of the good pool)."""
    worst: int | None
    """Negative anchor (bottom of the bad pool)."""
    ranking: list[int]
    """All indices, best first."""
    pools: dict[str, list[int]] = field(default_factory=dict)
    """Indices of each pool, in rank order."""

    def pool_of(self, index: int) -> str:
        for name, members in self.pools.items():
            if index in members:
                return name
        raise KeyError(index)


def default_keep(k: int) -> int:
    """Trajectories kept out of ``k``: K/2 (floor), never fewer than the two anchors, never more than K."""
    return min(k, max(2, k // 2))


def pool_sizes(k: int) -> tuple[int, int, int]:
    """Sizes of the good / mid / bad pools: as equal as possible and symmetric around mid."""
    base, rem = divmod(k, 3)
    if rem == 1:
        return base, base + 1, base
    if rem == 2:
        return base + 1, base, base + 1
    return base, base, base


def rank(rewards: Sequence[float], reasoning_lens: Sequence[float]) -> list[int]:
    """Indices sorted by reward descending, then reasoning length ascending, then input order."""
    if len(rewards) != len(reasoning_lens):
        raise ValueError(f"{len(rewards)} rewards but {len(reasoning_lens)} reasoning lengths")
    for r in rewards:
        if not math.isfinite(r):
            raise ValueError(f"reward {r!r} is not finite: drop judge-failed trajectories before selection")
    return sorted(range(len(rewards)), key=lambda i: (-float(rewards[i]), float(reasoning_lens[i]), i))


def _proportional_quotas(sizes: list[int], total: int, rng: random.Random) -> list[int]:
    """Split ``total`` draws over strata proportionally to ``sizes``, exactly in expectation.

    Each stratum gets ``floor(exact)`` plus one more with probability ``exact - floor(exact)`` (systematic
    randomised rounding: one uniform draw over the cumulative fractional parts, so the quotas always sum
    to ``total``). Deterministic largest-remainder rounding would give the same pools the extra draws every
    time (K = 16: mid members kept with p = 0.33, the others 0.50, instead of 6/14 = 0.43 for all).
    """
    population = sum(sizes)
    if total <= 0 or population == 0:
        return [0] * len(sizes)
    if total >= population:
        return list(sizes)
    exact = [total * s / population for s in sizes]
    quotas = [math.floor(x) for x in exact]
    u = rng.random()
    cumulative = 0.0
    for i, x in enumerate(exact):
        frac = x - quotas[i]
        # stratum i gets an extra draw iff the point u + m (m integer) falls in [cumulative, cumulative + frac)
        if math.floor(cumulative + frac - u + 1e-12) > math.floor(cumulative - u + 1e-12):
            quotas[i] += 1
        cumulative += frac
    # float round-off can leave the sum one off at an exact boundary; settle it on the largest remainder
    while sum(quotas) != total:
        step = 1 if sum(quotas) < total else -1
        order = sorted(range(len(sizes)), key=lambda i: -(exact[i] - quotas[i]) * step)
        i = next(i for i in order if 0 <= quotas[i] + step <= sizes[i])
        quotas[i] += step
    return quotas


def select(rewards: Sequence[float], reasoning_lens: Sequence[float], *, keep: int | None = None,
           seed: int | random.Random | None = None) -> Selection:
    """Dynamic contrastive selection of one query's trajectories.

    ``keep`` defaults to :func:`default_keep` (K/2). ``seed`` makes the random fill reproducible: the same
    inputs and seed always give the same selection. K < 3 cannot form three pools: every trajectory is its
    own pool member in rank order and the anchors are still the best and the worst.
    """
    k = len(rewards)
    order = rank(rewards, reasoning_lens)
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    if k == 0:
        return Selection(kept=[], best=None, worst=None, ranking=[], pools={p: [] for p in POOLS})
    n_keep = default_keep(k) if keep is None else keep
    if not 1 <= n_keep <= k:
        raise ValueError(f"keep must be in [1, {k}], got {n_keep}")

    g, m, _ = pool_sizes(k)
    pools = {"good": order[:g], "mid": order[g:g + m], "bad": order[g + m:]}
    best, worst = order[0], order[-1]
    if n_keep == 1 or k == 1:
        return Selection(kept=[best], best=best, worst=None if k > 1 else best, ranking=order, pools=pools)

    chosen = {best, worst}
    remaining = {name: [i for i in members if i not in chosen] for name, members in pools.items()}
    quotas = _proportional_quotas([len(remaining[p]) for p in POOLS], n_keep - 2, rng)
    for name, quota in zip(POOLS, quotas, strict=True):
        chosen.update(rng.sample(remaining[name], quota))
    kept = [i for i in order if i in chosen]
    return Selection(kept=kept, best=best, worst=worst, ranking=order, pools=pools)


def subset_advantages(rewards: Sequence[float], groups: Sequence[Hashable], *, delta: float = 1e-6,
                      valid: Sequence[bool] | None = None) -> list[float]:
    """``A = (r - mean_S) / (std_S + delta)`` per group over the rows present (the kept subset).

    ``std_S`` is the population standard deviation (divide by |S|), as in the paper. Rows with
    ``valid[i] == False`` (judge failures that reached the trainer) get advantage 0 and are left out of
    their group's statistics. A group with a single valid row gets 0: there is nothing to contrast.
    """
    if len(rewards) != len(groups):
        raise ValueError(f"{len(rewards)} rewards but {len(groups)} group ids")
    if delta <= 0:
        raise ValueError("delta must be > 0 (it keeps equal-reward groups finite)")
    ok = [True] * len(rewards) if valid is None else list(valid)
    members: dict[Hashable, list[int]] = {}
    for i, gid in enumerate(groups):
        if ok[i]:
            members.setdefault(gid, []).append(i)
    out = [0.0] * len(rewards)
    for rows in members.values():
        if len(rows) < 2:
            continue
        vals = [float(rewards[i]) for i in rows]
        mean = sum(vals) / len(vals)
        std = math.sqrt(sum((v - mean) ** 2 for v in vals) / len(vals))
        for i, v in zip(rows, vals, strict=True):
            out[i] = (v - mean) / (std + delta)
    return out
