"""A cascade under ``hrm serve``: the grader replica holds both tiers and the ingress judge escalates
question by question with each tier's calibrated threshold, as it does in process (issue 12). Before,
the ingress saw one grader and every question stopped at the first tier.

Real Serve app (HTTP proxy, ingress, grader replica); the tiers are fake engines so the test is fast:
the real-engine cascade is tests/real/test_cascade_real.py. The calibration lets the weak tier decide
nothing and the strong tier decide everything, so every LLM check must name the strong tier.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serve_harness import grpc_request, sample

from hrm_wire.models import ScoreResult
from judge_server.packs.registry import RubricRegistry
from judge_server.thresholds import question_hash
from judge_server.thresholds.calibration_file import CalibrationFile, CheckThreshold, TierThresholds

pytestmark = pytest.mark.serve

APP = "hrm-cascade"
WEAK, STRONG = "fake-weak", "fake-strong"


def calibration(path: Path) -> Path:
    pack = RubricRegistry().get("smartshop")
    checks = {c.id: c for c in pack.checks if c.llm is not None}

    def tier(threshold: float | None) -> TierThresholds:
        return TierThresholds(checks={cid: CheckThreshold(question_hash=question_hash(c.llm), n=40, threshold=threshold,
                                                          method="fixed_sequence_binomial")
                                      for cid, c in checks.items() if c.llm is not None})

    cal = CalibrationFile(pack="smartshop", target_agreement=0.9, delta=0.1, method="fixed_sequence_binomial",
                          tiers={WEAK: tier(None), STRONG: tier(0.0)})
    path.write_text(cal.model_dump_json(indent=1))
    return path


@pytest.fixture(scope="module")
def cascade_app(ray_serve: int, serve_deploy: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from ray import serve

    cal = calibration(tmp_path_factory.mktemp("cal") / "smartshop.cascade.json")
    config = {"hrm": {"engine": {"kind": "cascade", "tiers": [{"kind": "fake", "model": "weak"},
                                                              {"kind": "fake", "model": "strong"}]},
                      "cache": {"enabled": False},
                      "judge": {"calibration_file": str(cal), "calibration_mismatch": "error"}},
              "ingress": {"num_cpus": 0.1}, "grader": {"num_cpus": 0.1}}
    served = serve_deploy(ray_serve, APP, "/cascade", config)
    yield served
    served.channel.close()
    served.http.close()
    serve.delete(APP)


def test_every_llm_check_is_decided_by_the_strong_tier_over_http_and_grpc(cascade_app: Any) -> None:
    item = sample(0)
    r = cascade_app.http.post("/v1/score", json=item)
    assert r.status_code == 200, r.text
    over_http = ScoreResult.model_validate(r.json())
    reply = cascade_app.stub.Score(grpc_request(item, "g1"), timeout=120)
    assert reply.WhichOneof("outcome") == "result", reply
    over_grpc = ScoreResult.model_validate_json(reply.result.result_json)
    for result in (over_http, over_grpc):
        assert not result.judge_failed and not result.abstained
        tiers = {c.id: c.tier for c in result.checks.values() if c.tier is not None}
        assert tiers and set(tiers.values()) == {STRONG}, tiers
    metrics = cascade_app.http.get("/metrics").text
    escalated = [ln for ln in metrics.splitlines()
                 if ln.startswith("hrm_tier_outcomes_total") and f'tier="{WEAK}"' in ln and 'outcome="escalated"' in ln]
    decided = [ln for ln in metrics.splitlines()
               if ln.startswith("hrm_tier_outcomes_total") and f'tier="{STRONG}"' in ln and 'outcome="decided"' in ln]
    assert escalated and float(escalated[0].split()[-1]) > 0, escalated
    assert decided and float(decided[0].split()[-1]) > 0, decided
    stats = cascade_app.grader_stats()
    assert stats["finished"] >= 2 * sum(1 for c in over_http.checks.values() if c.tier is not None)
