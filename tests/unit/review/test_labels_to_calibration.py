"""Annotators' labels feed the judge, end to end on real parts (only the grader is a fake engine):

pipeline judgments (per-check confidences and tiers) -> judgment store -> labels through the review API ->
label export (JSONL and CSV) -> ``hrm calibrate --from-labels --fit`` -> the file loads in a pipeline, and a
verdict the grader was unsure of becomes an abstention while a sure one still decides.

The real-grader sibling of the fit is ``hrm calibrate --fit`` on the dev set (tests/real); the fake here
only makes the grader's confidence a known function of the item, so the fitted threshold is checkable.
"""

from __future__ import annotations

import csv
import io
import json
import math
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from hrm_tools.cli import main as hrm
from hrm_wire.models import ScoreRequest, ScoreResult
from judge_server.config import HRMConfig
from judge_server.engines.base import Generation, GenerationRequest, TokenLogprob
from judge_server.engines.fake import FakeEngine
from judge_server.packs.registry import RubricRegistry
from judge_server.pipeline import ScoringPipeline
from judge_server.review.app import build_review_app
from judge_server.review.verdict_facts import verdict_facts
from judge_server.store import JudgmentStore, StoreConfig
from judge_server.thresholds import question_hash, read_calibration

PACK = """
id: labelcal
description: one L1 question and one L2 metric (review labels -> thresholds test)
composition:
  kind: hrm
  l1_dimensions: [relevance]
checks:
  - id: on_topic
    stage: l1
    group: relevance
    llm: {inputs: [query, response], prompt: "Does the response answer the user's question? Answer yes or no."}
  - id: helpful
    stage: l2
    llm: {inputs: [query, response], prompt: "Does the response help the user decide? Answer yes or no."}
"""
TOKEN = "shared-secret"
#: the grader says "yes" to every item; sure (0.95-0.99) on the 40 good ones, unsure (0.55-0.66) on 6 bad ones
SURE = [round(0.95 + 0.04 * i / 39, 4) for i in range(40)]
UNSURE = [0.55, 0.57, 0.59, 0.61, 0.63, 0.66]


class ConfidenceMarkerEngine(FakeEngine):
    """Answers "yes" with the log-prob confidence written into the query as ``[c=0.97]``."""

    async def generate(self, request: GenerationRequest) -> Generation:
        self.requests.append(request)
        prompt = "\n".join(m.content for m in request.messages)
        c = float(re.search(r"\[c=([0-9.]+)\]", prompt).group(1))
        top = [("yes", math.log(c)), ("no", math.log(1 - c))]
        return Generation(text='{"verdict": "yes", "reason": "answers it"}',
                          logprobs=[TokenLogprob(token='{"verdict": "', logprob=0.0),
                                    TokenLogprob(token="yes", logprob=top[0][1], top=top)])


def _request(n: int, c: float) -> ScoreRequest:
    return ScoreRequest(id=f"item-{n}", rubric="labelcal", query=f"which tent for two? [c={c}]",
                        response="The TrailLite 2 sleeps two and packs small.")


async def _judge(config: HRMConfig, requests: list[ScoreRequest]) -> list[ScoreResult]:
    pipeline = ScoringPipeline(config, engine=ConfidenceMarkerEngine(config.engine))
    await pipeline.start()
    try:
        return [await pipeline.score(r) for r in requests]
    finally:
        await pipeline.close()


def _config(tmp_path: Path, calibration: str) -> HRMConfig:
    return HRMConfig.model_validate({"engine": {"kind": "fake"}, "cache": {"enabled": False},
                                     "judge": {"calibration_file": calibration, "backoff_initial_s": 0}})


@pytest.fixture
def packs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> RubricRegistry:
    # HRM_RUBRICS_DIR: how a user adds a pack that the pipeline, its judge, the review export and `hrm
    # calibrate` all see
    d = tmp_path / "packs"
    d.mkdir()
    (d / "labelcal.yaml").write_text(PACK)
    monkeypatch.setenv("HRM_RUBRICS_DIR", str(d))
    return RubricRegistry()


async def test_review_labels_fit_thresholds_that_turn_an_unsure_verdict_into_an_abstention(tmp_path, packs):
    pack = packs.get("labelcal")
    requests = [_request(n, c) for n, c in enumerate(SURE + UNSURE)]
    uncalibrated = await _judge(_config(tmp_path, "off"), requests)
    assert all(r.detail.l1.passed and r.reward is not None and not r.abstained for r in uncalibrated)

    store = JudgmentStore(StoreConfig(url=f"sqlite:///{tmp_path / 'j.db'}"))
    store.start()
    try:
        for req, res in zip(requests, uncalibrated, strict=True):
            store.submit(req, res)
        assert store.flush(10)
        uid = {rid: store.find_by_request_id(rid)[0] for rid in (r.id for r in requests)}
        api = TestClient(build_review_app(store, [TOKEN], own_store=False))

        def label(annotator: str, request_id: str, verdict: bool | None) -> None:
            r = api.put(f"/review/api/judgments/{uid[request_id]}/labels",
                        headers={"Authorization": f"Bearer {TOKEN}", "X-HRM-Annotator": annotator},
                        json={"labels": [{"target": "l1:relevance", "verdict": verdict}]})
            assert r.status_code == 200, r.text

        for n, req in enumerate(requests):  # alice: the sure ones are right, the unsure ones wrong
            label("alice", req.id, n < len(SURE))
        for req in requests[:5]:  # bob agrees on five: still one observation each
            label("bob", req.id, True)
        label("carol", requests[-1].id, None)  # unsure: left out
        # n/a (the check does not apply to the item): left out too, written "n/a" in the export
        na = {"target": "l1:relevance", "verdict": None, "not_applicable": True}
        who = {"Authorization": f"Bearer {TOKEN}", "X-HRM-Annotator": "dave"}
        assert api.put(f"/review/api/judgments/{uid['item-1']}/labels", headers=who,
                       json={"labels": [na]}).status_code == 200
        refused = api.put(f"/review/api/judgments/{uid['item-1']}/labels", headers=who,
                          json={"labels": [{**na, "verdict": True}]})
        assert refused.status_code == 422 and "no verdict" in refused.json()["error"]["message"]
        # an import file says n/a the same way
        imported = api.post("/review/api/labels/import", headers=who,
                            content=f"judgment_uid,target,verdict\n{uid['item-2']},l1:relevance,n/a\n")
        assert imported.status_code == 200 and imported.json()["imported"] == 1, imported.text

        auth = {"Authorization": f"Bearer {TOKEN}"}
        jsonl = api.get("/review/api/labels", params={"format": "jsonl"}, headers=auth)
        csv_text = api.get("/review/api/labels", params={"format": "csv"}, headers=auth).text
    finally:
        store.close()
    rows = [json.loads(line) for line in jsonl.text.splitlines()]
    assert len(rows) == len(requests) + 5 + 1 + 2
    assert [r["verdict"] for r in rows if r["annotator"] == "dave"] == ["n/a", "n/a"]
    first = next(r for r in rows if r["request_id"] == "item-0" and r["annotator"] == "alice")
    assert first["check"] == "on_topic" and first["judge_source"] == "llm" and first["judge_tier"] == "fake-grader"
    assert first["question_hash"] == question_hash(pack.checks[0].llm)
    assert first["rubric_version"] == pack.version and first["judge_confidence"] == pytest.approx(SURE[0], abs=1e-4)
    assert first["judge_abstained"] is False and first["judge_passed"] == "pass" and first["verdict"] == "pass"
    header = next(csv.reader(io.StringIO(csv_text)))
    assert {"check", "judge_confidence", "judge_tier", "question_hash", "rubric_version"} <= set(header)

    fitted = {}
    for fmt, body in (("jsonl", jsonl.text), ("csv", csv_text)):
        export, out = tmp_path / f"labels.{fmt}", tmp_path / f"cal-{fmt}.json"
        export.write_text(body)
        assert hrm(["calibrate", "--from-labels", str(export), "--rubric", "labelcal", "--fit", str(out),
                    "--out", str(tmp_path / f"curve-{fmt}")]) == 0
        fitted[fmt] = read_calibration(out)
    th = fitted["jsonl"].tiers["fake-grader"].checks["on_topic"]
    # 46 observations (bob's five are alice's items; carol's is unsure, dave's n/a), every one a "yes": fixed-sequence
    # testing on the "pass" side (at delta/2) certifies the 40 sure verdicts (all right) and stops where the
    # unsure wrong ones come in; no "no" was ever given, so that side never decides
    assert th.n == len(requests) and th.by_verdict is not None
    yes, no = th.by_verdict["pass"], th.by_verdict["fail"]
    assert yes.n == len(requests) and yes.method == "fixed_sequence_binomial"
    assert yes.threshold == pytest.approx(min(SURE), abs=1e-4) and yes.agreement == 1.0
    assert no.n == 0 and no.threshold is None
    assert fitted["csv"].tiers == fitted["jsonl"].tiers  # the CSV export carries the same facts

    sure, unsure = requests[0], requests[-2]
    after = await _judge(_config(tmp_path, str(tmp_path / "cal-jsonl.json")), [sure, unsure])
    assert after[0].detail.l1.passed is True and after[0].reward is not None and not after[0].abstained
    assert after[1].abstained and after[1].reward is None and after[1].detail.l1.passed is None
    check = after[1].checks["on_topic"]
    assert check.abstained and check.passed is None and check.tier == "fake-grader"
    assert after[1].abstention is not None and after[1].abstention.check == "on_topic"
    # the unsure answer is kept, so a label on this abstention (queued first in review) feeds the next refit
    assert check.grader_passed is True and check.grader_confidence == pytest.approx(UNSURE[-2], abs=1e-4)
    facts = verdict_facts(after[1], "l1:relevance", pack)
    assert (facts["judge_abstained"], facts["judge_answer"]) == (True, "pass")
    assert facts["judge_confidence"] == pytest.approx(UNSURE[-2], abs=1e-4)


def test_an_export_without_judge_confidence_is_refused_with_a_typed_error(tmp_path, packs, capsys):
    old = tmp_path / "old.jsonl"
    old.write_text(json.dumps({"judgment_uid": "u1", "rubric": "labelcal", "target": "l1:relevance",
                               "verdict": "pass", "judge_passed": "pass"}) + "\n")
    assert hrm(["calibrate", "--from-labels", str(old), "--rubric", "labelcal", "--fit",
                str(tmp_path / "c.json")]) == 2
    assert "no judge_confidence column" in capsys.readouterr().err
    assert not (tmp_path / "c.json").exists()
