"""Shared fixtures: sample requests and a pipeline on the scripted fake engine."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from judge_server.config import HRMConfig
from judge_server.engines.fake import FakeEngine
from judge_server.pipeline import ScoringPipeline

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "smartshop.jsonl"


def load_examples() -> dict[str, dict[str, Any]]:
    return {d["id"]: d for d in map(json.loads, EXAMPLES.read_text().splitlines())}


@pytest.fixture
def examples() -> dict[str, dict[str, Any]]:
    return copy.deepcopy(load_examples())


@pytest.fixture
def make_pipeline(tmp_path: Path):
    """Build a pipeline on a FakeEngine; cache in a fresh folder unless disabled."""

    def make(script: list[str] | None = None, default: str = "pass", cache: bool = False,
             **judge: Any) -> ScoringPipeline:
        config = HRMConfig(engine={"kind": "fake", "fake": {"default": default}},
                           cache={"enabled": cache, "directory": str(tmp_path / "cache")},
                           judge={"backoff_initial_s": 0.0, "backoff_max_s": 0.0, **judge})
        return ScoringPipeline(config, engine=FakeEngine(config.engine, script=script))

    return make
