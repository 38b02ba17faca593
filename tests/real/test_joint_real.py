"""Joint per-product questions on the real embedded engine (SmolLM2, plumbing only: not judgment quality).

Real sibling of tests/unit/test_checks_joint.py: llama.cpp's grammar keeps the labels in order, and the
per-product confidences are read from real log-probs at each product's verdict token.
"""

from __future__ import annotations

import pytest

from judge_server.config import HRMConfig
from judge_server.grading.prompts import render_joint_messages
from judge_server.packs.schema import RubricPack
from judge_server.pipeline import ScoringPipeline

pytestmark = pytest.mark.real


def _pipeline(tmp_path, joint: bool) -> ScoringPipeline:
    cfg = HRMConfig(engine={"kind": "embedded", "model": "smollm2-135m", "n_parallel": 1, "threads": 1,
                            "batch_threads": 1},
                    cache={"enabled": False}, judge={"screens": False, "calibration_file": "off"})
    p = ScoringPipeline(cfg)
    full = p.registry.get("smartshop")
    checks = []
    for c in full.stage("l1"):
        data = c.model_dump()
        if c.id == "description_faithfulness":  # the shipped pack asks it jointly: set both arms explicitly
            data["llm"]["joint"] = joint
        checks.append(data)
    p.registry.packs["smartshop"] = RubricPack.model_validate({**full.model_dump(), "checks": checks})
    return p


async def test_joint_answer_has_a_verdict_and_a_real_confidence_per_product(tmp_path, examples):
    p = _pipeline(tmp_path, joint=True)
    await p.start()
    try:
        req = p.parse_request(examples["good-earbuds"])
        pack = p.registry.get("smartshop")
        df = next(c for c in pack.checks if c.id == "description_faithfulness").llm
        assert df is not None and df.joint
        products = list(req.products().values())[:3]
        msgs = render_joint_messages(pack, df, req, [(f"p{k}", prod, prod.name) for k, prod in
                                                     enumerate(products, 1)])
        out = await p.judge.ask_joint(df, msgs, ["p1", "p2", "p3"], use_cache=False,
                                      check_id="description_faithfulness")
        assert out.calls == 1 and out.prompt_tokens > 0
        assert all(v.ok and v.verdict.passed is not None for v in out.verdicts), [v.failure for v in out.verdicts]
        confs = [v.confidence for v in out.verdicts]
        assert all(0.0 < c <= 1.0 for c in confs)
        assert any(c < 0.9999 for c in confs), "confidences must come from log-probs, not the 1.0 default"
    finally:
        await p.close()


async def test_pipeline_makes_one_description_call_instead_of_one_per_product(tmp_path, examples):
    item = examples["good-earbuds"]
    calls = {}
    for joint in (False, True):
        p = _pipeline(tmp_path, joint)
        await p.start()
        try:
            r = await p.score(p.parse_request(item))
        finally:
            await p.close()
        assert not r.judge_failed, r.failure
        df = r.checks["description_faithfulness"]
        assert df.tier is not None and (df.passed is not None or df.abstained)  # the grader answered it
        calls[joint] = r.llm_calls
    carded = item["response"].count("<product>")
    assert carded >= 2 and calls[False] - calls[True] == carded - 1
