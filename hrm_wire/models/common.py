"""Shared pieces of the wire models: the strict base model and the reward parameters."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


class RewardParams(_Strict):
    """HRM reward parameters (paper values as defaults)."""

    # Bounded so every reward is a finite number (1e308 overflowed to inf, sent as null over JSON).
    alpha: float = Field(default=0.5, ge=0, le=1000, allow_inf_nan=False,
                         description="Weight of the L2 term in r_out = 1 + alpha * G_L2^k.")
    beta: float = Field(default=0.05, ge=0, le=1000, allow_inf_nan=False,
                        description="Weight of the process reward in r = r_out + beta * r_proc.")
    eta: float = Field(default=0.7, ge=0, le=1, allow_inf_nan=False,
                       description="L2 threshold at or above which the process judge runs.")
    k: float = Field(default=5, gt=0, le=1000, allow_inf_nan=False, description="Exponent on G_L2.")
