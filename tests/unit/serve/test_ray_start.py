from __future__ import annotations

import pytest

from judge_server.serve.ray_start import SERVE_ENV_DEFAULTS, serve_env_defaults

KEY = "RAY_SERVE_PROXY_READY_CHECK_TIMEOUT_S"


def test_defaults_are_set_before_ray_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(KEY, raising=False)
    serve_env_defaults()
    import os

    assert os.environ[KEY] == SERVE_ENV_DEFAULTS[KEY]
    assert float(os.environ[KEY]) > 5  # Serve's own default kills the proxy on a busy 2-core host


def test_an_operators_value_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(KEY, "7")
    serve_env_defaults()
    import os

    assert os.environ[KEY] == "7"
