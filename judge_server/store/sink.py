"""What the service edge needs from the judgment store, as a protocol (``JudgmentStore`` fits it).

The edge (``judge_server.serve``) imports this for types only, so the store's database stack stays optional.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import Protocol

from hrm_wire.models import ScoreRequest, ScoreResult, StoreState


class AckSettings(Protocol):
    ack_timeout_s: float


class JudgmentSink(Protocol):
    """The judgment store (``judge_server.store.JudgmentStore``) as the edge uses it: hand in a judgment, learn
    when it is committed, and report what it holds."""

    config: AckSettings

    @property
    def available(self) -> bool:
        """Whether the database accepts writes now."""
        ...

    def submit(self, request: ScoreRequest, result: ScoreResult) -> Future[StoreState]:
        """Queue one judgment; the future resolves with what the store held of it."""
        ...

    def count_answer(self, state: StoreState) -> None:
        """Count an answer that went out in this state (``hrm_answers_total``)."""
        ...

    def counters(self) -> dict[str, int]:
        """The writer's counters (written, retried, dropped, queue depth), read at each scrape."""
        ...

    def answer_counters(self) -> dict[StoreState, int]:
        """Answers by store state."""
        ...
