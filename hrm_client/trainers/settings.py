"""How the in-process reward functions reach HRM: environment variables, read at each call (cheap), so a trainer's
workers (threads, processes, Ray actors) need nothing but the environment.

- ``HRM_URL``: the service (``http://host:8000`` for HTTP, ``host:50051`` for gRPC; default
  ``http://127.0.0.1:8000``);
- ``HRM_TOKEN``: bearer token, if the service has tokens;
- ``HRM_RUBRIC``: pack for samples whose label names none (default: the service's default, smartshop);
- ``HRM_TEMPLATE``: chat template of prompts given as text (``auto``, ``chatml``, ``llama3``, ``none``);
- ``HRM_TIMEOUT_S``: budget of one call, retries included (default per framework, under its own timeout);
- ``HRM_FAILURE_REWARD``: the number given where a framework needs one and HRM gave none (default per framework);
- ``HRM_LABEL_COLUMN``: the dataset column holding each row's HRM label (TRL; default ``label``);
- ``HRM_SCORE_KEYS``: comma-separated names of a result's ``scores`` to log beside the reward.
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from typing import Any

from hrm_client.client import AsyncJudgeClient, JudgeClient
from hrm_wire.trainers import Template


@dataclass(frozen=True)
class Settings:
    url: str
    token: str | None
    rubric: str | None
    template: Template
    timeout_s: float
    failure_reward: float
    label_column: str
    score_keys: tuple[str, ...]

    @classmethod
    def from_env(cls, *, timeout_s: float, failure_reward: float) -> Settings:
        env = os.environ
        template = env.get("HRM_TEMPLATE", "auto")
        if template not in ("auto", "chatml", "llama3", "none"):
            raise ValueError(f"HRM_TEMPLATE must be auto, chatml, llama3 or none, not {template!r}")
        return cls(url=env.get("HRM_URL", "http://127.0.0.1:8000"), token=env.get("HRM_TOKEN") or None,
                   rubric=env.get("HRM_RUBRIC") or None, template=template,  # type: ignore[arg-type]
                   timeout_s=float(env.get("HRM_TIMEOUT_S", timeout_s)),
                   failure_reward=float(env.get("HRM_FAILURE_REWARD", failure_reward)),
                   label_column=env.get("HRM_LABEL_COLUMN", "label"),
                   score_keys=tuple(k for k in env.get("HRM_SCORE_KEYS", "").split(",") if k))


_lock = threading.Lock()
_sync: dict[tuple[str, str | None], JudgeClient] = {}
_async: dict[tuple[int, str, str | None], AsyncJudgeClient] = {}


def sync_client(s: Settings) -> JudgeClient:
    """One blocking client per service and process (it is thread-safe: its own loop on its own thread)."""
    with _lock:
        key = (s.url, s.token)
        if key not in _sync:
            _sync[key] = JudgeClient(s.url, token=s.token, timeout=s.timeout_s)
        return _sync[key]


def async_client(s: Settings, loop: Any) -> AsyncJudgeClient:
    """One async client per service and event loop (a client's connections belong to the loop that made them)."""
    with _lock:
        key = (id(loop), s.url, s.token)
        if key not in _async:
            _async[key] = AsyncJudgeClient(s.url, token=s.token, timeout=s.timeout_s)
        return _async[key]
