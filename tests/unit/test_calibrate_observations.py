"""How a per-product check's grader answers combine into one labelled observation."""

from __future__ import annotations

from hrm_tools.calibrate.run import _combined_confidence


def test_pass_needs_every_yes_so_the_lowest_counts():
    assert _combined_confidence([(True, 0.9), (True, 0.6), (True, 0.8)]) == 0.6


def test_fail_is_decided_by_the_most_confident_no():
    # the judge fails the check as soon as one "no" reaches the fail threshold; confident "yes"
    # answers to the other products must not lower (or raise) that
    assert _combined_confidence([(True, 0.55), (False, 0.8), (False, 0.6)]) == 0.8
    assert _combined_confidence([(True, 0.99), (False, 0.52)]) == 0.52
