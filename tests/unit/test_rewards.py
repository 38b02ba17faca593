import pytest

from hrm_wire.models import RewardParams
from judge_server.compositions.hrm_reward import hrm_reward, process_gate_open

P = RewardParams()  # alpha 0.5, beta 0.05, eta 0.7, k 5


@pytest.mark.parametrize(
    ("g_l1", "g_l2", "proc", "r_out", "r_proc", "total"),
    [
        (False, None, None, 0.0, 0.0, 0.0),                     # gate closed: nothing else counts
        (False, 1.0, 1.0, 0.0, 0.0, 0.0),                       # even with perfect L2/process
        (True, 0.0, None, 1.0, 0.0, 1.0),                       # L1 only
        (True, 1.0, 1.0, 1.5, 1.0, 1.55),                       # everything passes
        (True, 1.0, 0.0, 1.5, 0.0, 1.5),
        (True, 0.7, 0.5, 1 + 0.5 * 0.7**5, 0.5, 1 + 0.5 * 0.7**5 + 0.05 * 0.5),  # G_L2 == eta exactly: gate open
        (True, 0.69, 1.0, 1 + 0.5 * 0.69**5, 0.0, 1 + 0.5 * 0.69**5),           # just below eta: no process
        (True, 5 / 7, 1.0, 1 + 0.5 * (5 / 7) ** 5, 1.0, 1 + 0.5 * (5 / 7) ** 5 + 0.05),
    ],
)
def test_gating_table(g_l1, g_l2, proc, r_out, r_proc, total):
    r = hrm_reward(g_l1, g_l2, proc, P)
    assert r.r_out == pytest.approx(r_out)
    assert r.r_proc == pytest.approx(r_proc)
    assert r.total == pytest.approx(total)


def test_eta_exact_with_sevenths():
    # 5/7 computed as a float must open a gate set to 5/7.
    assert process_gate_open(True, 5 / 7, RewardParams(eta=5 / 7))
    assert not process_gate_open(False, 1.0, P)


def test_custom_parameters():
    params = RewardParams(alpha=1.0, beta=0.5, eta=0.5, k=1)
    assert hrm_reward(True, 0.5, 0.8, params).total == pytest.approx(1 + 0.5 + 0.4)


def test_missing_process_score_when_gate_open_is_an_error():
    with pytest.raises(ValueError):
        hrm_reward(True, 1.0, None, P)
    with pytest.raises(ValueError):
        hrm_reward(True, 1.2, 1.0, P)
