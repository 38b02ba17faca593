"""Serve's processes see the timeouts ``start_local_ray`` sets (unit logic: tests/unit/serve/test_ray_start.py)."""

from __future__ import annotations

import pytest

from judge_server.serve.ray_start import SERVE_ENV_DEFAULTS

pytestmark = pytest.mark.serve


def test_ray_workers_inherit_the_serve_timeouts(ray_serve: int) -> None:
    import os

    import ray

    @ray.remote(num_cpus=0)
    def env(keys: list[str]) -> dict[str, str | None]:
        return {k: os.environ.get(k) for k in keys}

    seen = ray.get(env.remote(list(SERVE_ENV_DEFAULTS)), timeout=120)
    assert seen == {k: os.environ[k] for k in SERVE_ENV_DEFAULTS}
