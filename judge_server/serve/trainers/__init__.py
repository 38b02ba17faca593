"""Reward routes in the shapes RL trainers call, each a thin adapter over the Frontend (the one pipeline).

- ``openrlhf``: ``POST /trainers/openrlhf`` (``--reward.remote_url``);
- ``slime``: ``POST /trainers/slime`` (``--rm-type remote_rm --rm-url``, ``--reward-key reward``);
- ``nemo_gym``: ``POST /trainers/nemo_gym/verify`` and ``/seed_session`` (a NeMo Gym resources server).

Requests are built and outcomes mapped by ``hrm_wire.trainers`` (shared with the client-side functions for TRL,
verl, AReaL and slime's custom RM in ``hrm_client.trainers``).
"""

from __future__ import annotations

from fastapi import APIRouter

from judge_server.serve.frontend import Frontend
from judge_server.serve.trainers.nemo_gym import nemo_gym_router
from judge_server.serve.trainers.openrlhf import openrlhf_router
from judge_server.serve.trainers.slime import slime_router


def trainer_routers(frontend: Frontend) -> list[APIRouter]:
    cfg = frontend.config.trainers
    if not cfg.enabled:
        return []
    return [openrlhf_router(frontend), slime_router(frontend), nemo_gym_router(frontend)]
