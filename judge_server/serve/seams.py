"""What the service edge needs from the core, as a protocol (from the store: ``judge_server.store.sink``).

``Frontend`` and the transports depend on it, not on ``ScoringPipeline``: a test may hand in anything that
fits, and the edge never reaches into the pipeline past it.
"""

from __future__ import annotations

from typing import Any, Protocol

from hrm_wire.models import RubricInfo, ScoreRequest, ScoreResult


class JudgmentScorer(Protocol):
    """The scoring pipeline (``judge_server.pipeline.ScoringPipeline``) as the edge uses it."""

    @property
    def ready(self) -> bool:
        """Whether the grader can answer now."""
        ...

    def parse_request(self, data: dict[str, Any] | bytes | str, item_id: str | None = None) -> ScoreRequest:
        """Wire input to a request under the size/depth policy; typed errors otherwise."""
        ...

    async def score(self, request: ScoreRequest, *, deadline_s: float | None = None) -> ScoreResult:
        """One judgment."""
        ...

    def list_rubrics(self) -> list[RubricInfo]:
        """The loaded packs."""
        ...
