"""The rubric format is general enough for all three packs: every answer kind, rule scorers with
components, weighted composition with gates, sub-key inputs, and rule params validated at load."""

import json
from pathlib import Path

import pytest
import yaml

from hrm_wire.errors import RubricInvalid
from hrm_wire.models import ScoreRequest
from judge_server.config import HRMConfig
from judge_server.engines.fake import FakeEngine
from judge_server.grading.prompts import render_messages
from judge_server.packs.loader import load_pack_file
from judge_server.packs.registry import PACKS_DIR, RubricRegistry
from judge_server.pipeline import ScoringPipeline

MIXED = {
    "id": "mixed",
    "description": "One check of every kind.",
    "composition": {"kind": "weighted", "gates": ["valid_json"]},
    "checks": [
        {"id": "valid_json", "stage": "format", "rule": "shop_r1_action", "weight": 0.0},
        {"id": "polite", "stage": "quality", "weight": 2.0,
         "llm": {"answer": "binary", "prompt": "Is the response polite to the user?", "inputs": ["response"]}},
        {"id": "helpful", "stage": "quality", "weight": 1.0,
         "llm": {"answer": "scale", "scale": [0, 4], "prompt": "Rate how helpful the response is.",
                 "inputs": ["query", "response"]}},
        {"id": "matches", "stage": "quality", "weight": 1.0,
         "llm": {"answer": "line", "scale": [1, 3], "prompt": "Rate agreement with the reference.",
                 "inputs": ["reference.note", "context.history", "response"]}},
    ],
}


def write(tmp_path: Path, data: dict) -> Path:
    p = tmp_path / f"{data['id']}.yaml"
    p.write_text(yaml.safe_dump(data))
    return p


def pipeline(tmp_path: Path, script: list[str]) -> ScoringPipeline:
    write(tmp_path, MIXED)
    config = HRMConfig(engine={"kind": "fake"}, cache={"enabled": False},
                       judge={"backoff_initial_s": 0.0, "backoff_max_s": 0.0})
    return ScoringPipeline(config, engine=FakeEngine(config.engine, script=script),
                           registry=RubricRegistry([tmp_path]))


def request(valid: bool = True) -> dict:
    action = {"rationale": "r", "action": {"type": "terminate"}}
    return {"rubric": "mixed", "query": "q", "response": json.dumps(action) if valid else "oops",
            "reference": {"type": "terminate", "note": "say goodbye"}, "context": {"history": [
                {"role": "user", "content": "bye"}]}}


def test_shipped_packs_load():
    reg = RubricRegistry()
    assert {"smartshop", "shop_r1", "workflow_agent"} <= set(reg.packs)
    wf = reg.get("workflow_agent")
    assert [c.llm.answer if c.llm else "rule" for c in wf.checks] == ["line", "line", "rule"]
    assert sum(c.weight for c in wf.checks) == pytest.approx(1.0)


async def test_every_kind_in_one_weighted_pack(tmp_path):
    # asked concurrently in check order: binary, scale, line
    pipe = pipeline(tmp_path, ['{"verdict": "yes", "reason": "polite"}', '{"score": 3, "reason": "mostly"}',
                               "Reason: close to the reference\nScore: 2"])
    await pipe.start()
    res = await pipe.score(pipe.parse_request(request()))
    assert res.checks["polite"].passed is True and res.checks["helpful"].raw_score == 3
    assert res.checks["matches"].raw_score == 2 and res.checks["matches"].score == 0.5
    assert res.detail.components["polite"] == 2.0 and res.detail.components["helpful"] == 0.75
    assert res.detail.components["matches"] == 0.5 and res.detail.components["valid_json"] == 0.0  # weight 0
    assert res.detail.components["valid_json.format"] == 0.5  # a rule's named components ride along
    assert res.reward == pytest.approx(2.0 + 0.75 + 0.5)
    line_prompt = pipe.engine.requests[2].messages[-1].content
    assert "<<<BEGIN REFERENCE NOTE>>>\nsay goodbye\n<<<END REFERENCE NOTE>>>" in line_prompt
    assert "<<<BEGIN HISTORY>>>\nuser: bye\n<<<END HISTORY>>>" in line_prompt
    await pipe.close()


async def test_a_closed_gate_zeroes_the_reward_but_keeps_the_components(tmp_path):
    pipe = pipeline(tmp_path, [])  # fake default: pass
    await pipe.start()
    res = await pipe.score(pipe.parse_request(request(valid=False)))
    assert res.checks["valid_json"].passed is False
    assert res.reward == 0.0 and res.detail.components["polite"] == 2.0
    await pipe.close()


def test_missing_sub_keys_render_as_none():
    pack = RubricRegistry().get("workflow_agent")
    q = pack.checks[0].llm
    req = ScoreRequest(query="q", response="r", rubric="workflow_agent", reference="a plain string", context={})
    text = render_messages(pack, q, req)[-1].content
    for block in ("TOOLS", "HISTORY", "REFERENCE TOOL CALL", "TOOL CALL"):
        assert f"<<<BEGIN {block}>>>\n(none)\n<<<END {block}>>>" in text


@pytest.mark.parametrize("bad", ["context.", "contexts.tools", "reference.tool-call", "context.a.b", "tools"])
def test_sub_key_inputs_are_validated(tmp_path, bad):
    data = json.loads(json.dumps(MIXED))
    data["checks"][3]["llm"]["inputs"] = [bad]
    with pytest.raises(RubricInvalid) as info:
        load_pack_file(write(tmp_path, data))
    assert "inputs" in str(info.value)


@pytest.mark.parametrize(("pack", "mutate", "field"), [
    ("shop_r1", lambda d: d["checks"][0]["params"].update(dars=-1), "checks.0.params.dars"),
    ("shop_r1", lambda d: d["checks"][0]["params"].update(threshold=1.5), "checks.0.params.threshold"),
    ("shop_r1", lambda d: d["checks"][0]["params"].update(darts=5), "checks.0.params.darts"),
    ("workflow_agent", lambda d: d["checks"][2]["params"].update(forbidden_patterns=["("]),
     "checks.2.params.forbidden_patterns"),
    ("workflow_agent", lambda d: d["checks"][2]["params"].update(bullets={"style": "stars"}),
     "checks.2.params.bullets.style"),
    ("workflow_agent", lambda d: d["checks"][0].update(params={"check_required": "maybe"}),
     "checks.0.params.check_required"),
])
def test_rule_params_are_validated_at_load(tmp_path, pack, mutate, field):
    data = yaml.safe_load((PACKS_DIR / f"{pack}.yaml").read_text())
    mutate(data)
    with pytest.raises(RubricInvalid) as info:
        load_pack_file(write(tmp_path, data))
    assert info.value.field == field and field in info.value.message


def test_gates_must_name_checks(tmp_path):
    data = json.loads(json.dumps(MIXED))
    data["composition"]["gates"] = ["nope"]
    with pytest.raises(RubricInvalid, match="gate 'nope'"):
        load_pack_file(write(tmp_path, data))


def test_line_order_score_first():
    from judge_server.grading.parsing import parse_line_verdict
    from judge_server.grading.prompts import answer_format

    pack = RubricRegistry().get("workflow_agent")
    q = pack.checks[1].llm
    assert q.line_order == "score_first"
    assert answer_format(q) == "Answer in exactly two lines:\nScore: <integer 1-3>\nReason: <one short sentence>"
    default = q.model_copy(update={"line_order": "reason_first"})
    assert answer_format(default).endswith("Reason: <one short sentence>\nScore: <integer 1-3>")
    # a reason cut off by max_tokens no longer costs the score
    v = parse_line_verdict("Score: 2\nReason: The response is mostly the same as the reference, but it", (1, 3))
    assert v.raw_score == 2 and v.reason.startswith("The response")
