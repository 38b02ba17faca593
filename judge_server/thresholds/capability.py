"""What a configured grader can decide, from its calibration: said at start-up, in the trainer's terms.

A calibrated check's verdict decides only when a tier's confidence reaches that tier's threshold for the verdict
given (``by_verdict``: one threshold for "yes", one for "no"; a missing side never decides). When no tier can
decide a check's "yes", every answer that reaches the check abstains: for a trainer, a reward that never credits
a good answer. ``hrm serve`` and ``hrm score`` print this at start, with the three ways out.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge_server.packs.schema import RubricPack
from judge_server.thresholds.calibration_file import question_hash
from judge_server.thresholds.loading import ThresholdSet


@dataclass(frozen=True)
class CheckCapability:
    check: str
    calibrated: bool
    decides_yes: bool
    decides_no: bool


def check_capabilities(thresholds: ThresholdSet, tiers: list[str], pack: RubricPack,
                       last_tier_decides: bool = False) -> list[CheckCapability]:
    """Per grader question of the pack: whether some tier can decide its yes and its no."""
    out = []
    for spec in pack.checks:
        if spec.llm is None:
            continue
        qhash = question_hash(spec.llm)
        if not thresholds.calibrated(spec.id, qhash):
            out.append(CheckCapability(spec.id, False, True, True))  # uncalibrated: the first tier decides
            continue
        if last_tier_decides:
            out.append(CheckCapability(spec.id, True, True, True))
            continue
        yes = any(thresholds.threshold(m, spec.id, qhash, True) is not None for m in tiers)
        no = any(thresholds.threshold(m, spec.id, qhash, False) is not None for m in tiers)
        out.append(CheckCapability(spec.id, True, yes, no))
    return out


def capability_notice(thresholds: ThresholdSet, tiers: list[str], pack: RubricPack,
                      last_tier_decides: bool = False) -> str | None:
    """One paragraph when the grader cannot credit what a pack's checks ask (None when it can)."""
    caps = check_capabilities(thresholds, tiers, pack, last_tier_decides)
    never_yes = [c.check for c in caps if c.calibrated and not c.decides_yes]
    if not never_yes:
        return None
    grader = " -> ".join(tiers)
    return (f"grader {grader}, pack {pack.id}: its calibration never lets a 'yes' decide {', '.join(never_yes)}, "
            "so every answer those questions reach abstains (reward null, never a silent 0); only failures are "
            "decided there. For training, add a stronger tier (engine.kind: cascade), use a stronger grader, or "
            "turn calibration off (judge.calibration_file: off, or --calibration off: every verdict decides, "
            "uncalibrated). See docs/guides/graders.md.")
