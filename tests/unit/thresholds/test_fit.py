"""Threshold fitting: fixed-sequence testing with a binomial bound, the small-sample fallback, the file."""

from __future__ import annotations

import json

import pytest
from scipy.stats import beta, binom

from hrm_wire.errors import InvalidRequest
from judge_server.thresholds import Observation, fit, fit_check, fit_from_calibrate_output
from judge_server.thresholds.fit import binom_cdf, error_upper_bound, min_certifiable


def _obs(conf_agree: list[tuple[float, bool]], check: str = "c", model: str = "m") -> list[Observation]:
    return [Observation(check, model, "h", True, c, a) for c, a in conf_agree]


def test_min_certifiable_matches_the_binomial_tail():
    m = min_certifiable(0.1, 0.1)
    assert m == 22
    assert binom.cdf(0, m, 0.1) <= 0.1 < binom.cdf(0, m - 1, 0.1)


@pytest.mark.parametrize("k,n,p", [(0, 22, 0.1), (2, 26, 0.1), (7, 40, 0.25), (30, 30, 0.5), (-1, 5, 0.1)])
def test_binomial_tail_matches_scipy(k, n, p):
    assert binom_cdf(k, n, p) == pytest.approx(float(binom.cdf(k, n, p)), abs=1e-12)


@pytest.mark.parametrize("k,n,delta", [(0, 22, 0.1), (1, 13, 0.1), (3, 40, 0.05), (9, 10, 0.2)])
def test_error_upper_bound_is_clopper_pearson(k, n, delta):
    assert error_upper_bound(k, n, delta) == pytest.approx(float(beta.ppf(1 - delta, k + 1, n - k)), abs=1e-9)
    assert error_upper_bound(5, 5, 0.1) == 1.0


def test_fixed_sequence_stops_at_the_first_threshold_it_cannot_certify():
    # 40 confident right answers, then 10 unsure ones of which half are wrong
    data = [(0.99, True)] * 40 + [(0.6, True), (0.6, False)] * 5
    th = fit_check(_obs(data), target=0.9, delta=0.1)
    assert th.method == "fixed_sequence_binomial"
    assert th.threshold == 0.99 and th.coverage == pytest.approx(0.8) and th.agreement == 1.0
    # the curve covers every observed confidence, highest first
    assert [p.threshold for p in th.curve] == [0.99, 0.6]
    assert th.curve[1].agreement == pytest.approx(45 / 50)


def test_guarantee_holds_where_the_empirical_rate_alone_would_pass():
    # 90 % agreement exactly on 30 items: the empirical rule accepts, the bound cannot certify it
    data = [(0.9, True)] * 27 + [(0.9, False)] * 3
    th = fit_check(_obs(data), target=0.9, delta=0.1)
    assert th.threshold is None and "cannot be shown" in th.note
    emp = fit_check(_obs(data), target=0.9, delta=0.1, method="holdout_empirical")
    assert emp.threshold == 0.9 and emp.method == "holdout_empirical"


def test_small_samples_fall_back_to_empirical_and_tiny_ones_get_no_threshold():
    data = [(0.95, True)] * 9 + [(0.5, False)] * 3
    th = fit_check(_obs(data))
    assert th.method == "holdout_empirical" and th.threshold == 0.95 and "no guarantee" in th.note
    tiny = fit_check(_obs(data[:5]))
    assert tiny.threshold is None and tiny.method == "none" and "fewer than 8" in tiny.note


def test_fit_groups_by_grader_and_check_and_refuses_mixed_questions():
    obs = _obs([(0.99, True)] * 30, "a", "weak") + _obs([(0.99, True)] * 30, "a", "strong") \
        + _obs([(0.99, False)] * 30, "b", "strong")
    cal = fit(obs, pack="p")
    assert set(cal.tiers) == {"weak", "strong"}
    assert cal.tiers["strong"].checks["a"].threshold == 0.99
    assert cal.tiers["strong"].checks["b"].threshold is None
    mixed = [*obs, Observation("a", "weak", "other-hash", True, 0.9, True)]
    with pytest.raises(InvalidRequest, match="different questions"):
        fit(mixed, pack="p")


def test_fit_from_calibrate_output_uses_the_latest_record_per_item(tmp_path):
    def rec(i, conf, passed, label):
        return {"id": str(i), "rubric": "smartshop", "error": None, "labels": {"checks": {"x": label}},
                "observations": [{"check": "x", "tier": "g", "question_hash": "h", "passed": passed,
                                  "confidence": conf}]}
    lines = [rec(0, 0.2, False, True)] + [rec(i, 0.99, True, True) for i in range(30)]
    path = tmp_path / "results.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in lines) + "\n{\"id\": \"cut sho")
    cal = fit_from_calibrate_output(path, tmp_path / "cal.json")
    th = cal.tiers["g"].checks["x"]
    assert th.n == 30 and th.threshold == 0.99  # item 0's first (wrong) record was superseded
    assert json.loads((tmp_path / "cal.json").read_text())["format"] == "hrm-calibration"
    (tmp_path / "empty.jsonl").write_text(json.dumps({"id": "1", "error": None, "labels": {}}) + "\n")
    with pytest.raises(InvalidRequest, match="no labelled grader verdicts"):
        fit_from_calibrate_output(tmp_path / "empty.jsonl", tmp_path / "x.json")
