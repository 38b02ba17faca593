"""Class-conditional thresholds: one per verdict side, fitted and used separately.

The real-backed sibling is the shipped 1.5B calibration, fitted by `hrm calibrate --fit` on the dev
set (research/bench/results/judge_quality_v3) and loaded by tests/real/test_judge_quality.py.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from hrm_wire.errors import ConfigError
from judge_server.thresholds.calibration_file import read_calibration
from judge_server.thresholds.fit import Observation, fit, fit_check


def _obs(n: int, passed: bool, right: float, seed: int) -> list[Observation]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        agrees = rng.random() < right
        out.append(Observation("on_topic", "g", "h", passed, rng.uniform(0.5, 0.8),
                               passed if agrees else not passed))
    return out


def test_reliable_yes_unreliable_no_gets_a_pass_threshold_only():
    # the 1.5B's shape on the dev set: its "yes" is always right, its "no" right a third of the time,
    # at the same confidences
    obs = _obs(60, True, 1.0, 1) + _obs(40, False, 0.35, 2)
    th = fit_check(obs, target=0.9, delta=0.1)
    assert th.by_verdict is not None
    assert th.by_verdict["pass"].threshold is not None and th.by_verdict["pass"].method == "fixed_sequence_binomial"
    assert th.by_verdict["fail"].threshold is None
    # one pooled threshold cannot separate them: it certifies nothing
    pooled = fit_check(obs, target=0.9, delta=0.1, by_verdict=False)
    assert pooled.threshold is None and pooled.by_verdict is None
    assert th.for_verdict(True) == th.by_verdict["pass"].threshold
    assert th.for_verdict(False) is None
    assert th.for_verdict(None) == th.threshold  # a scale answer uses the pooled fit


def test_each_side_is_tested_at_half_delta():
    # 22 decided all-agreeing verdicts certify 0.9 at delta 0.1 but not at 0.05 (needs 29)
    obs = [Observation("c", "g", "h", True, 0.9, True)] * 22 + [Observation("c", "g", "h", False, 0.9, False)] * 30
    th = fit_check(obs, target=0.9, delta=0.1)
    assert th.by_verdict["pass"].method == "holdout_empirical"  # 22 < 29: the empirical fallback, said so
    assert "no guarantee" in th.by_verdict["pass"].note
    assert th.by_verdict["fail"].method == "fixed_sequence_binomial" and th.by_verdict["fail"].threshold == 0.9


def test_file_round_trip_and_version_1_still_read(tmp_path: Path):
    cal = fit(_obs(40, True, 1.0, 3) + _obs(40, False, 0.4, 4), pack="p")
    path = tmp_path / "cal.json"
    cal.dump(path)
    back = read_calibration(path)
    assert back.version == 2 and back.tiers["g"].checks["on_topic"].by_verdict["fail"].threshold is None
    old = json.loads(path.read_text())
    old["version"] = 1
    for t in old["tiers"].values():
        for c in t["checks"].values():
            del c["by_verdict"]
    path.write_text(json.dumps(old))
    assert read_calibration(path).tiers["g"].checks["on_topic"].by_verdict is None
    old["version"] = 3
    path.write_text(json.dumps(old))
    with pytest.raises(ConfigError, match="version 3 is not supported"):
        read_calibration(path)
