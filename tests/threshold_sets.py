"""A one-check calibration built in code, for tests of the cascade and thresholds (shared by the unit tests of
the in-process cascade and of the cascade across the Serve hop; ``tests/`` is on ``sys.path``)."""

from __future__ import annotations

from judge_server.packs.schema import LLMQuestion
from judge_server.thresholds import ThresholdSet, question_hash
from judge_server.thresholds.calibration_file import CalibrationFile, CheckThreshold, TierThresholds


def one_check_thresholds(per_tier: dict[str, float | None], check: str, q: LLMQuestion) -> ThresholdSet:
    """A calibration of ``check`` (question ``q``): per grader tier, its threshold or None (never decides)."""
    tiers = {m: TierThresholds(checks={check: CheckThreshold(question_hash=question_hash(q), n=40, threshold=t,
                                                             method="fixed_sequence_binomial")})
             for m, t in per_tier.items()}
    ts = ThresholdSet()
    ts.add(CalibrationFile(pack="p", target_agreement=0.9, delta=0.1, method="fixed_sequence_binomial",
                           tiers=tiers), set(per_tier), "test")
    return ts
