"""The HRM reward (ChatShopBuddy, section 4.2): L1 gate, L2 score, process reward.

    r_out  = 0                      if G_L1 = 0
           = 1 + alpha * G_L2 ** k  otherwise
    r_proc = Score(A, O)            if G_L1 = 1 and G_L2 >= eta, else 0
    r      = r_out + beta * r_proc
"""

from __future__ import annotations

from dataclasses import dataclass

from hrm_wire.models import RewardParams

#: float slack so that G_L2 computed as 5/7 compares equal to an eta typed as 0.714...
_EPS = 1e-9


@dataclass(frozen=True)
class Reward:
    r_out: float
    r_proc: float
    total: float


def process_gate_open(g_l1: bool, g_l2: float, params: RewardParams) -> bool:
    """Whether the process judge should run at all (a cost lever as much as a formula)."""
    return g_l1 and g_l2 + _EPS >= params.eta


def hrm_reward(g_l1: bool, g_l2: float | None, process_score: float | None, params: RewardParams) -> Reward:
    """Combine gate, L2 score and process score. ``g_l2``/``process_score`` may be None when gated off."""
    if not g_l1:
        return Reward(0.0, 0.0, 0.0)
    if g_l2 is None or not 0.0 <= g_l2 <= 1.0:
        raise ValueError(f"G_L2 must be in [0, 1] when G_L1 = 1, got {g_l2!r}")
    r_out = 1.0 + params.alpha * g_l2**params.k
    r_proc = 0.0
    if process_gate_open(g_l1, g_l2, params):
        if process_score is None:
            raise ValueError("process score required when the process gate is open")
        r_proc = float(process_score)
    return Reward(r_out, r_proc, r_out + params.beta * r_proc)
