"""The start-up notice of what a calibrated grader cannot decide (judge_server/thresholds/capability.py)."""

from __future__ import annotations

from judge_server.config import HRMConfig
from judge_server.packs.registry import RubricRegistry
from judge_server.thresholds import load_thresholds
from judge_server.thresholds.capability import capability_notice, check_capabilities

GRADER = "qwen2.5-coder-1.5b-instruct-q4_k_m"


def shipped():
    registry = RubricRegistry()
    return load_thresholds(HRMConfig().judge, [GRADER], registry), registry.get("smartshop")


def test_the_shipped_1_5b_calibration_decides_no_yes_on_some_checks():
    thresholds, pack = shipped()
    caps = {c.check: c for c in check_capabilities(thresholds, [GRADER], pack)}
    assert caps["ui_trigger"].decides_yes and not caps["description_faithfulness"].decides_yes
    assert not caps["actionable_next_step"].calibrated  # L2 is not calibrated for the 1.5B: it decides
    note = capability_notice(thresholds, [GRADER], pack)
    assert note is not None and "description_faithfulness" in note and "ui_trigger" not in note
    assert "calibration off" in note and "cascade" in note


def test_no_notice_when_the_last_tier_decides_or_nothing_is_calibrated():
    thresholds, pack = shipped()
    assert capability_notice(thresholds, [GRADER], pack, last_tier_decides=True) is None
    assert capability_notice(thresholds, ["some-other-grader"], pack) is not None  # calibrated checks, no tier
    empty = load_thresholds(HRMConfig(judge={"calibration_file": "off"}).judge, [GRADER], RubricRegistry())
    assert capability_notice(empty, [GRADER], pack) is None
