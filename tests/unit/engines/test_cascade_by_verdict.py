"""The judge looks up the threshold of the verdict the grader gave (class-conditional calibration)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_cascade import MSGS, Q, SureFake, judge

from judge_server.thresholds import ThresholdSet, question_hash
from judge_server.thresholds.calibration_file import (
    CalibrationFile,
    CheckThreshold,
    TierThresholds,
    VerdictThreshold,
)


def _by_verdict_set(pass_t: float | None, fail_t: float | None) -> ThresholdSet:
    side = {"pass": VerdictThreshold(n=40, threshold=pass_t, method="fixed_sequence_binomial"),
            "fail": VerdictThreshold(n=40, threshold=fail_t, method="fixed_sequence_binomial")}
    check = CheckThreshold(question_hash=question_hash(Q), n=80, threshold=None, method="fixed_sequence_binomial",
                           by_verdict=side)
    ts = ThresholdSet()
    ts.add(CalibrationFile(pack="p", target_agreement=0.9, delta=0.1, method="fixed_sequence_binomial",
                           tiers={"fake-g": TierThresholds(checks={"on_topic": check})}), {"fake-g"}, "test")
    return ts


@pytest.mark.parametrize(("answer", "decided"), [("yes", True), ("no", False)])
async def test_judge_uses_the_threshold_of_the_verdict_given(tmp_path: Path, answer: str, decided: bool):
    grader = SureFake("g", answer, 0.6)
    j = judge([grader], _by_verdict_set(0.55, None), tmp_path)
    await j.engine.start()
    v = await j.ask(Q, MSGS, check_id="on_topic")
    assert v.abstained is (not decided)
    assert v.verdict.passed is (answer == "yes")


async def test_agree_with_question_uses_the_side_of_the_check_verdict(tmp_path: Path):
    # ui_trigger-like: the grader says "no" (the query does not call for products) and no cards are
    # shown (agree=False), so the check passes: the "pass" threshold applies, not the "fail" one
    j = judge([SureFake("g", "no", 0.6)], _by_verdict_set(0.55, None), tmp_path)
    await j.engine.start()
    v = await j.ask(Q, MSGS, check_id="on_topic", agree=False)
    assert not v.abstained
    v = await j.ask(Q, MSGS, check_id="on_topic", agree=True, use_cache=False)
    assert v.abstained  # "no" while cards are shown: a failing check, whose side has no threshold
