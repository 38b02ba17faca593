"""Pack policy min_fail_confidence: an unsure 'no' from the grader cannot fail a check on its own."""

from __future__ import annotations

import math

import pytest
import yaml

from hrm_wire.models import ScoreRequest
from judge_server.config import EngineConfig, HRMConfig
from judge_server.engines.base import Generation, GenerationRequest, TokenLogprob
from judge_server.engines.fake import FakeEngine
from judge_server.pipeline import ScoringPipeline


class UnsureNo(FakeEngine):
    """Answers "no" with P(no) = ``p_no`` on the verdict token."""

    def __init__(self, p_no: float) -> None:
        super().__init__(EngineConfig(kind="fake"))
        self.p_no = p_no

    async def generate(self, request: GenerationRequest) -> Generation:
        text = '{"verdict": "no", "reason": "not sure"}'
        top = [("no", math.log(self.p_no)), ("yes", math.log(1 - self.p_no))]
        return Generation(text=text, logprobs=[TokenLogprob(token='{"', logprob=0.0),
                                               TokenLogprob(token="no", logprob=math.log(self.p_no), top=top)])


def _pack(tmp_path, min_fail_confidence: float):
    pack = {"id": "policy", "description": "policy test", "composition": {"kind": "hrm", "l1_dimensions": ["rel"]},
            "checks": [{"id": "rel", "stage": "l1", "group": "rel",
                        "llm": {"prompt": "Question: does the response answer the query?",
                                "min_fail_confidence": min_fail_confidence}},
                       # a process check keeps the gate-open path valid (packs without one hit a reward bug)
                       {"id": "process", "stage": "process", "rule": "tool_arguments"}]}
    (tmp_path / "policy.yaml").write_text(yaml.safe_dump(pack))


@pytest.mark.parametrize("p_no,threshold,passed", [(0.6, 0.7, True), (0.9, 0.7, False), (0.6, 0.0, False)])
async def test_unsure_no_passes_flagged_and_confident_no_fails(tmp_path, p_no, threshold, passed):
    _pack(tmp_path, threshold)
    config = HRMConfig.model_validate({"engine": {"kind": "fake"}, "cache": {"enabled": False},
                                       "rubrics_dir": str(tmp_path)})
    pipe = ScoringPipeline(config, engine=UnsureNo(p_no))
    await pipe.start()
    try:
        result = await pipe.score(ScoreRequest(query="q", response="r", rubric="policy"))
    finally:
        await pipe.close()
    check = result.checks["rel"]
    assert check.passed is passed and result.l1.passed is passed
    assert check.confidence == pytest.approx(p_no)
    assert result.low_confidence is (p_no < 0.7)
    if passed:
        assert check.reason.startswith("passed: the grader's 'no' was unsure (0.60 < 0.7)") and check.score == 1.0
