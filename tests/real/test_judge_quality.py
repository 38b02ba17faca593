"""The smartshop pack on the real embedded 1.5B grader, on a few dev-set items (kept small: CI budget).

`hrm calibrate` measures whole sets (research/bench/results/judge_quality_v2). Here: an injection is failed with the
rule's evidence (no LLM call needed); without a calibration every grader verdict decides and carries a
log-prob confidence; with a fitted calibration file a verdict decides only
at or above its check's threshold, else the check abstains and so does the result.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_asyncio

from hrm_tools.calibrate.run import build_pipeline, load_devset
from judge_server.config import HRMConfig
from judge_server.engines import make_engine
from judge_server.engines.configs import engine_config
from judge_server.thresholds import question_hash

# one grader for the module: loading the 1.5B takes a while
pytestmark = [pytest.mark.real, pytest.mark.asyncio(loop_scope="module")]

DEV = Path(__file__).resolve().parents[2] / "research/devset" / "dev.jsonl"
ITEMS = {i.request.id: i for i in load_devset(DEV)}


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def engine():
    e = make_engine(engine_config(kind="embedded", model="qwen2.5-coder-1.5b"))
    await e.start()
    yield e
    await e.close()


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("verdicts")  # both pipelines share answers: the grader is asked once


def _pipeline(engine, cache_dir: Path, calibration: str):
    config = HRMConfig.model_validate({"engine": {"kind": "embedded", "model": "qwen2.5-coder-1.5b"},
                                       "cache": {"directory": str(cache_dir)},
                                       "judge": {"calibration_file": calibration}})
    pipe, _ = build_pipeline(config, "smartshop", l1=True, engine=engine)
    return pipe


@pytest.fixture
def pipeline(engine, cache_dir):
    return _pipeline(engine, cache_dir, "off")


@pytest.mark.parametrize("item_id,check", [("mugs-inject-fake-verdict", "text_relevance")])
async def test_flawed_items_fail_l1_with_evidence(pipeline, item_id, check):
    result = await pipeline.score(ITEMS[item_id].request)
    assert result.detail.l1.passed is False and result.reward == 0.0
    c = result.checks[check]
    assert c.passed is False and c.source == "rule" and c.evidence


async def test_uncalibrated_verdicts_decide_with_confidences(pipeline):
    result = await pipeline.score(ITEMS["toaster-good-plain"].request)
    llm = [c for c in result.checks.values() if c.source in ("llm", "hybrid")]
    assert llm and result.llm_calls >= 2 and isinstance(result.detail.l1.passed, bool) and not result.abstained
    assert all(0.0 < c.confidence <= 1.0 and not c.abstained for c in llm)
    # the toaster's record breaks no constraint the rule can read, so the rule does not veto and the grader's
    # per-product verdict decides (the screen that settled "yes" in code was removed: it let constraint breaks pass)
    ur = result.checks["ui_relevance"]
    assert ur.source == "hybrid" and ur.grader_passed is ur.passed and not ur.abstained


FITTED = Path(__file__).resolve().parents[2] / "judge_server/thresholds/builtin/smartshop.qwen2.5-coder-1.5b.json"  # the shipped fit


async def test_a_fitted_calibration_decides_only_above_its_thresholds(engine, cache_dir):
    pipe = _pipeline(engine, cache_dir, str(FITTED))
    assert pipe.judge.thresholds.files, "the fitted calibration for the default grader was not loaded"
    pack = pipe.registry.get("smartshop")
    result = await pipe.score(ITEMS["toaster-good-plain"].request)
    for cid, c in result.checks.items():
        spec = next(s for s in pack.checks if s.id == cid)
        if c.source not in ("llm", "hybrid") or spec.llm is None:
            continue
        if c.abstained:
            assert c.passed is None
        else:  # a decided grader verdict needs a threshold for the verdict it gave (class-conditional)
            th = pipe.judge.thresholds.threshold(engine.model_id, cid, question_hash(spec.llm), c.passed)
            assert th is not None
    if any(c.abstained for c in result.checks.values()) and result.detail.l1.passed is not False:
        assert result.abstained and result.reward is None
