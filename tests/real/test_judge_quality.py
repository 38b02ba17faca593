"""The smartshop pack on the real embedded 1.5B grader, on a few dev-set items (kept small: CI budget).

The full comparison with the one-prompt baseline is bench/bench_judge_quality.py; `hrm calibrate` measures
the whole dev set. Here: an injection and a hallucinated price are failed with the rule's evidence (no LLM
call needed), and a good response passes L1 with LLM verdicts that carry log-prob confidences.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_asyncio

from judge_server.calibrate import build_pipeline, load_devset
from judge_server.config import HRMConfig

# one grader for the module: loading the 1.5B takes a while
pytestmark = [pytest.mark.real, pytest.mark.asyncio(loop_scope="module")]

DEV = Path(__file__).resolve().parents[2] / "devset" / "dev.jsonl"
ITEMS = {i.request.id: i for i in load_devset(DEV)}


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def pipeline():
    config = HRMConfig.model_validate({"engine": {"kind": "embedded", "model": "qwen2.5-coder-1.5b"},
                                       "cache": {"enabled": False}})
    pipe, _ = build_pipeline(config, "smartshop", l1=True)
    await pipe.start()
    yield pipe
    await pipe.close()


@pytest.mark.parametrize("item_id,check", [("mugs-inject-fake-verdict", "text_relevance"),
                                           ("cooker-hallucinated-price",
                                            "description_faithfulness")])
async def test_flawed_items_fail_l1_with_evidence(pipeline, item_id, check):
    result = await pipeline.score(ITEMS[item_id].request)
    assert result.l1.passed is False and result.reward == 0.0
    c = result.checks[check]
    assert c.passed is False and c.source == "rule" and c.evidence


async def test_good_item_passes_l1_with_llm_confidences(pipeline):
    result = await pipeline.score(ITEMS["toaster-good-plain"].request)
    assert result.l1.passed is True, {k: (c.passed, c.reason) for k, c in result.checks.items()}
    llm = [c for c in result.checks.values() if c.source in ("llm", "hybrid")]
    assert llm and result.llm_calls >= 3
    assert all(0.0 < c.confidence <= 1.0 for c in llm)
