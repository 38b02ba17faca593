"""Compositions are registered by name: a new one is one class plus its registration, packs validate kinds."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from hrm_wire.errors import RubricInvalid
from hrm_wire.models import WeightedDetail
from judge_server.compositions import (
    Composition,
    Judgment,
    composition_names,
    get_composition,
    register_composition,
    unregister_composition,
)
from judge_server.config import HRMConfig
from judge_server.engines.fake import FakeEngine
from judge_server.packs.loader import load_pack_file
from judge_server.packs.registry import RubricRegistry
from judge_server.packs.schema import RubricPack
from judge_server.pipeline import ScoringPipeline


@pytest.fixture
def share_passed():
    """A tiny composition defined here: reward = share of checks passed; every check must be stage 'vote'."""

    @register_composition("share_passed")
    class SharePassed(Composition):
        def validate_pack(self, pack: RubricPack) -> None:
            bad = [c.id for c in pack.checks if c.stage != "vote"]
            if bad:
                raise ValueError(f"share_passed packs use stage 'vote' only: {bad}")

        async def score(self, job: Judgment) -> None:
            checks = await job.run(job.pack.checks)
            share = sum(bool(c.passed) for c in checks) / len(checks)
            job.result.detail = WeightedDetail(components={"share": share})
            job.set_reward(share)

    yield SharePassed
    unregister_composition("share_passed")


def pack(kind: str, stage: str = "vote") -> dict:
    return {"id": "votes", "description": "two votes", "composition": {"kind": kind},
            "checks": [{"id": "has_tools", "stage": stage, "rule": "tool_arguments"},
                       {"id": "polite", "stage": stage, "llm": {"prompt": "Is the response polite to the user?"}}]}


def write(tmp_path: Path, data: dict) -> Path:
    path = tmp_path / f"{data['id']}.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


async def test_a_composition_registered_from_a_test_module_scores_a_pack(tmp_path, share_passed):
    assert "share_passed" in composition_names() and isinstance(get_composition("share_passed"), share_passed)
    write(tmp_path, pack("share_passed"))
    config = HRMConfig(engine={"kind": "fake"}, cache={"enabled": False})
    p = ScoringPipeline(config, engine=FakeEngine(config.engine, script=['{"verdict": "no", "reason": "rude"}']),
                        registry=RubricRegistry([tmp_path]))
    await p.start()
    r = await p.score(p.parse_request({"rubric": "votes", "query": "q", "response": "r", "trajectory": [
        {"kind": "tool_call", "name": "search", "arguments": {"q": "x"}}]}))
    assert r.reward == 0.5 and r.detail.components == {"share": 0.5} and r.composition == "share_passed"
    assert r.checks["has_tools"].passed is True and r.checks["polite"].passed is False
    assert p.list_rubrics()[-1].composition == "share_passed"


def test_the_composition_validates_its_pack(tmp_path, share_passed):
    with pytest.raises(RubricInvalid, match="stage 'vote' only"):
        load_pack_file(write(tmp_path, pack("share_passed", stage="l1")))


def test_unknown_kind_names_the_registered_ones(tmp_path):
    with pytest.raises(RubricInvalid) as info:
        load_pack_file(write(tmp_path, pack("share_passed")))  # not registered outside the fixture
    assert info.value.field == "composition.kind"
    assert "unknown composition 'share_passed'" in info.value.message and "'hrm'" in info.value.message


def test_names_cannot_be_registered_twice(share_passed):
    with pytest.raises(ValueError, match="twice"):
        register_composition("hrm")(share_passed)
    with pytest.raises(TypeError):
        register_composition("not_a_class")(object)  # type: ignore[arg-type]


def test_builtins_are_listed_explicitly_and_loaded_on_first_use():
    assert {"hrm", "weighted"} <= set(composition_names())
    assert get_composition("hrm").name == "hrm" and get_composition("weighted").name == "weighted"
    with pytest.raises(ValueError, match="registered"):
        get_composition("nope")
