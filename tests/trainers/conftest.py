"""Fixtures of the trainer tier: a real HRM HTTP service (fake grader: these tests are about the wire shapes, the
grader's verdicts are the real engines' tiers' business) and the examples' rows."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from service import ROOT, config, running

sys.path.insert(0, str(ROOT / "examples" / "trl_grpo"))


@pytest.fixture
def hrm(tmp_path: Path) -> Iterator[str]:
    """Base URL of a service whose grader answers every question with a pass."""
    with running(config(tmp_path)) as (url, _):
        yield url


@pytest.fixture
def hrm_broken_grader(tmp_path: Path) -> Iterator[str]:
    """A service whose grader answers junk: every judgment that asks it is judge_failed."""
    with running(config(tmp_path, hrm={"engine": {"kind": "fake", "fake": {"default": "garbage"}}})) as (url, _):
        yield url


@pytest.fixture
def shop_row() -> dict:
    from shop_task import make_rows

    return make_rows(1, seed=3, reward="cards")[0]
