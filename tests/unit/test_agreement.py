"""Agreement statistics against the reference implementations (scikit-learn, SciPy)."""

from __future__ import annotations

import math
import random
import warnings

import pytest
from scipy.stats import spearmanr
from sklearn.metrics import cohen_kappa_score
from sklearn.metrics import confusion_matrix as sk_confusion

from judge_server.thresholds.agreement import (
    binary_agreement,
    cohen_kappa,
    confusion_matrix,
    rank_agreement,
    rank_average,
    spearman_rho,
)


def _sk_kappa(a, b, labels=None) -> float:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return float(cohen_kappa_score(a, b, labels=labels))


def _sp_rho(x, y) -> float:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return float(spearmanr(x, y).statistic)


def _same(ours: float, ref: float) -> bool:
    if math.isnan(ref):
        return math.isnan(ours)
    return math.isclose(ours, ref, rel_tol=1e-12, abs_tol=1e-12)


@pytest.mark.parametrize("seed", range(40))
def test_kappa_matches_sklearn_on_random_labels(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(1, 60)
    k = rng.choice([2, 2, 3, 5])
    agree = rng.random()
    a = [rng.randrange(k) for _ in range(n)]
    b = [x if rng.random() < agree else rng.randrange(k) for x in a]
    assert _same(cohen_kappa(a, b), _sk_kappa(a, b)), (a, b)
    assert confusion_matrix(a, b) == sk_confusion(a, b).tolist()


@pytest.mark.parametrize("a,b", [
    ([True, False, True, True], [True, False, True, True]),     # perfect agreement
    ([True, True, True], [True, True, True]),                   # constant, identical: undefined (nan)
    ([True, True, True], [False, False, False]),                # constant, opposite
    ([True, True, False, False], [True, True, True, True]),     # one rater constant
    ([True, False], [False, True]),                             # perfect disagreement
    ([True], [False]),                                          # single item
    (["pass", "fail", "pass"], ["fail", "fail", "pass"]),       # string labels
])
def test_kappa_edge_cases_match_sklearn(a, b) -> None:
    assert _same(cohen_kappa(a, b), _sk_kappa(a, b))


def test_kappa_with_fixed_labels_matches_sklearn() -> None:
    a = [True, True, True]
    b = [True, True, False]
    assert _same(cohen_kappa(a, b, labels=[False, True]), _sk_kappa(a, b, labels=[False, True]))
    assert confusion_matrix(a, b, labels=[False, True]) == sk_confusion(a, b, labels=[False, True]).tolist()


def test_perfect_agreement_is_one_and_empty_is_nan() -> None:
    assert cohen_kappa([1, 0, 1, 0], [1, 0, 1, 0]) == 1.0
    assert math.isnan(cohen_kappa([], []))
    with pytest.raises(ValueError):
        cohen_kappa([1, 0], [1])


@pytest.mark.parametrize("seed", range(40))
def test_rho_matches_scipy_on_random_scores(seed: int) -> None:
    rng = random.Random(1000 + seed)
    n = rng.randint(2, 50)
    # coarse grids make ties frequent, as with L2 scores in sevenths
    grid = rng.choice([None, 3, 7])
    draw = (lambda: rng.random()) if grid is None else (lambda: rng.randrange(grid + 1) / grid)
    x = [draw() for _ in range(n)]
    y = [v + rng.gauss(0, 0.3) if rng.random() < 0.7 else draw() for v in x]
    if grid is not None:
        y = [round(v * grid) / grid for v in y]
    assert _same(spearman_rho(x, y), _sp_rho(x, y)), (x, y)


@pytest.mark.parametrize("x,y", [
    ([0.1, 0.5, 0.9], [0.2, 0.6, 1.0]),                 # perfect monotone
    ([0.1, 0.5, 0.9], [1.0, 0.6, 0.2]),                 # perfect inverse
    ([0.5, 0.5, 0.5], [0.1, 0.2, 0.3]),                 # constant: undefined
    ([1 / 7, 1 / 7, 3 / 7, 3 / 7, 1.0], [0, 0, 1, 1, 1]),  # ties on both sides
    ([1.0, 0.0], [0.0, 1.0]),                           # two items
    ([0.3], [0.4]),                                     # one item: undefined
    ([0.2, float("nan"), 0.5], [0.1, 0.2, 0.3]),        # NaN propagates
])
def test_rho_edge_cases_match_scipy(x, y) -> None:
    assert _same(spearman_rho(x, y), _sp_rho(x, y))


def test_rank_average_ties() -> None:
    assert rank_average([10, 20, 20, 30]) == [1.0, 2.5, 2.5, 4.0]
    assert rank_average([3, 3, 3]) == [2.0, 2.0, 2.0]


def test_binary_agreement_confusion_orientation() -> None:
    # rows = judge, columns = human, order (fail, pass)
    b = binary_agreement("t", judge=[True, True, False, False, True], human=[True, False, False, True, True])
    assert b.confusion == [[1, 1], [1, 2]]
    assert b.n == 5 and b.agree == 3
    d = b.to_dict()
    assert d["judge_pass_human_fail"] == 1 and d["judge_fail_human_pass"] == 1
    assert math.isclose(d["kappa"], _sk_kappa([1, 1, 0, 0, 1], [1, 0, 0, 1, 1]))


def test_undefined_statistics_serialise_as_none() -> None:
    assert binary_agreement("t", [True, True], [True, True]).to_dict()["kappa"] is None
    assert rank_agreement("t", [0.5, 0.5], [0.1, 0.9]).to_dict()["rho"] is None
    assert rank_agreement("t", [], []).to_dict()["judge_mean"] is None
