"""Trajectory -> llama.cpp slot affinity: the questions of one judgment share one slot's warm KV prefix.

The pipeline judges several trajectories at once; their questions reach the embedded engine interleaved.
With the ``shared_first`` layout the questions of one trajectory share a long prefix (system, query,
catalog, trajectory) that a slot's KV cache reuses only if they land on the same slot, so the engine pins
each trajectory to a slot (llama.cpp's ``id_slot``; a busy pinned slot defers the task).

Two parts, both free of any engine:

* the trajectory key, a context variable set by the pipeline around one judgment (``trajectory_scope``).
  It is not part of the rendered prompt, so it never enters the verdict cache key (verdicts are shared
  across trajectories by prompt); a remote engine ships it in ``GenerationRequest.affinity_key``;
* ``SlotAffinity``, the key -> slot policy: sticky, new keys to the least-loaded slot, bounded memory.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

#: the trajectory judged in this task (and the tasks it starts), None outside ``trajectory_scope``
_TRAJECTORY: ContextVar[str | None] = ContextVar("hrm_trajectory", default=None)

#: keys remembered after their last question; a judgment asks its questions within seconds, so a few
#: thousand cover any realistic number of judgments in flight
DEFAULT_MAX_KEYS = 4096
#: an idle key moves off its slot only when that slot carries this many more questions than the
#: least-loaded one: a few may queue behind their warm prefix, a whole backlog may not
DEFAULT_IMBALANCE = 2


@contextmanager
def trajectory_scope(key: str) -> Iterator[str]:
    """Grader questions asked inside (this task and the tasks it starts) carry ``key``."""
    token = _TRAJECTORY.set(key)
    try:
        yield key
    finally:
        _TRAJECTORY.reset(token)


def current_trajectory() -> str | None:
    """The key of the trajectory this task judges, None outside ``trajectory_scope``."""
    return _TRAJECTORY.get()


class SlotAffinity:
    """Maps trajectory keys to slots. Not thread-safe: call it from the event loop only.

    ``acquire(key)`` before a question, ``release(key)`` after it (also on failure). A key keeps its
    slot while it has questions in flight; an idle key keeps it too unless that slot carries more than
    ``imbalance`` questions beyond the least-loaded slot (then it moves there, as a new key would).
    New keys go to the slot with the fewest questions in flight, then the fewest keys in flight, then
    the one that took a new key longest ago (so a burst of new keys spreads over the slots).
    At most ``max_keys`` idle keys are remembered (least recently used forgotten first).
    """

    def __init__(self, slots: int, *, max_keys: int = DEFAULT_MAX_KEYS,
                 imbalance: int = DEFAULT_IMBALANCE) -> None:
        if slots < 1:
            raise ValueError("slots must be >= 1")
        self.slots = slots
        self.max_keys = max(1, max_keys)
        self.imbalance = max(0, imbalance)
        self._slot_of: OrderedDict[str, int] = OrderedDict()
        self._inflight: dict[str, int] = {}       # key -> questions in flight
        self._load = [0] * slots                   # slot -> questions in flight
        self._live_keys = [0] * slots              # slot -> keys with questions in flight
        self._assigned_at = [0] * slots            # slot -> sequence number of its latest new key
        self._seq = 0

    @property
    def loads(self) -> list[int]:
        return list(self._load)

    def slot_of(self, key: str) -> int | None:
        return self._slot_of.get(key)

    def __len__(self) -> int:
        return len(self._slot_of)

    def acquire(self, key: str) -> int:
        """The slot for the next question of ``key`` (counted in flight until ``release``)."""
        slot = self._slot_of.get(key)
        idle = self._inflight.get(key, 0) == 0
        if slot is None or (idle and self._load[slot] - min(self._load) > self.imbalance):
            slot = self._least_loaded()
            self._seq += 1
            self._assigned_at[slot] = self._seq
        self._slot_of[key] = slot
        self._slot_of.move_to_end(key)
        if idle:
            self._live_keys[slot] += 1
        self._inflight[key] = self._inflight.get(key, 0) + 1
        self._load[slot] += 1
        self._forget_idle()
        return slot

    def release(self, key: str) -> None:
        """One question of ``key`` finished (or failed)."""
        left = self._inflight.get(key, 0) - 1
        slot = self._slot_of.get(key)
        if left < 0 or slot is None:
            raise ValueError(f"release without acquire: {key!r}")
        self._load[slot] -= 1
        if left == 0:
            del self._inflight[key]
            self._live_keys[slot] -= 1
        else:
            self._inflight[key] = left

    def _least_loaded(self) -> int:
        return min(range(self.slots), key=lambda s: (self._load[s], self._live_keys[s], self._assigned_at[s]))

    def _forget_idle(self) -> None:
        # only idle keys are forgotten: a key in flight must find its slot again on release
        if len(self._slot_of) <= self.max_keys:
            return
        for key in list(self._slot_of):
            if len(self._slot_of) <= self.max_keys:
                break
            if key not in self._inflight:
                del self._slot_of[key]


__all__ = ["DEFAULT_IMBALANCE", "DEFAULT_MAX_KEYS", "SlotAffinity", "current_trajectory", "trajectory_scope"]
