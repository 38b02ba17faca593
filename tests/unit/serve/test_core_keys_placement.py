"""The service config's own rules (the schema's fields are documented in the generated reference)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from judge_server.serve.config import ServeConfig


def test_core_settings_at_the_top_say_they_go_under_hrm():
    """An `hrm score` config given to `hrm serve` (found on a new user's first day)."""
    with pytest.raises(ValidationError, match=r"cache, engine: core settings go under `hrm:`"):
        ServeConfig.model_validate({"engine": {"kind": "fake"}, "cache": {"enabled": False}})
    assert ServeConfig.model_validate({"hrm": {"engine": {"kind": "fake"}}}).hrm.engine.kind == "fake"
