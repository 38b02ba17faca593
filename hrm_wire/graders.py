"""What every side knows of grader model ids (``ScoreResult.grader_model``)."""

from __future__ import annotations

#: grader model ids whose verdicts are for plumbing checks only (matched by prefix, case-insensitive)
SMOKE_GRADERS = ("smollm2", "fake")


def is_smoke_grader(model_id: str) -> bool:
    """A grader that passes nearly everything (SmolLM2-135M, the fake engine): never quote its verdicts."""
    return model_id.lower().startswith(SMOKE_GRADERS)
