"""The weighted composition with three-valued verdicts: failures, sure gate closures, abstentions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from grader_steer import steer

from judge_server.config import HRMConfig
from judge_server.engines.fake import FakeEngine
from judge_server.packs.registry import RubricRegistry
from judge_server.pipeline import ScoringPipeline

PACK = {
    "id": "weighted_mix",
    "description": "A gate rule, two weighted grader questions and one with weight 0.",
    "composition": {"kind": "weighted", "gates": ["valid_json"]},
    "checks": [
        {"id": "valid_json", "stage": "format", "rule": "shop_r1_action", "weight": 0.0},
        {"id": "polite", "stage": "quality", "weight": 2.0,
         "llm": {"prompt": "Is the response polite to the user?", "inputs": ["response"]}},
        {"id": "helpful", "stage": "quality", "weight": 1.0,
         "llm": {"answer": "scale", "scale": [0, 4], "prompt": "Rate how helpful the response is."}},
        {"id": "note", "stage": "info", "weight": 0.0,
         "llm": {"prompt": "Does the response mention a next step?", "inputs": ["response"]}},
    ],
}


def pipeline(tmp_path: Path) -> ScoringPipeline:
    (tmp_path / "weighted_mix.yaml").write_text(yaml.safe_dump(PACK))
    config = HRMConfig(engine={"kind": "fake"}, cache={"enabled": False},
                       judge={"backoff_initial_s": 0.0, "backoff_max_s": 0.0})
    return ScoringPipeline(config, engine=FakeEngine(config.engine), registry=RubricRegistry([tmp_path]))


def request(valid: bool = True) -> dict:
    action = {"rationale": "r", "action": {"type": "terminate"}}
    return {"rubric": "weighted_mix", "query": "q", "response": json.dumps(action) if valid else "oops",
            "reference": {"type": "terminate"}}


@pytest.mark.parametrize(("valid", "answers", "expected"), [
    (True, {}, 3.0),                                     # every check passes: 2 + 1
    (True, {"polite": "no"}, 1.0),
    (True, {"polite": "abstain"}, None),                 # a weighted term is undecided
    (True, {"helpful": "abstain"}, None),
    (True, {"note": "abstain"}, 3.0),                    # weight 0: reported, changes nothing
    (False, {"polite": "abstain"}, 0.0),                 # the gate surely closed: a real 0
    (True, {"polite": "fail", "helpful": "abstain"}, "failed"),
])
async def test_weighted_gating_table(tmp_path, valid, answers, expected):
    p = pipeline(tmp_path)
    steer(p, answers)
    await p.start()
    r = await p.score(p.parse_request(request(valid)))
    if expected == "failed":
        assert r.judge_failed and not r.abstained and r.reward is None and r.failure.check == "polite"
        return
    if expected is None:
        (check,) = [c for c, how in answers.items() if how == "abstain"]
        assert r.abstained and r.reward is None and not r.judge_failed
        assert r.abstention.check == check and r.abstention.stage == "quality"
        assert check not in r.detail.components  # an undecided term has no component
        return
    assert not r.abstained and not r.judge_failed and r.reward == pytest.approx(expected)
    for c, how in answers.items():
        assert r.checks[c].abstained is (how == "abstain")
