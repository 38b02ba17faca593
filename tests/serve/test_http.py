"""The real Serve application over real HTTP (Serve's proxy -> FastAPI ingress)."""

from __future__ import annotations

import pytest
from serve_harness import HEADERS, sample

from hrm_wire.models import ScoreResult

pytestmark = pytest.mark.serve


def test_score(app) -> None:
    r = app.http.post("/v1/score", json=sample(0, id="h-1"), headers=HEADERS)
    assert r.status_code == 200, r.text
    result = ScoreResult.model_validate(r.json())
    assert result.id == "h-1" and result.reward is not None and result.detail.l1 is not None


def test_batch(app) -> None:
    items = [sample(0, id="hb-0"), sample(1, id="hb-1", rubric="nope"), sample(2, id="hb-2")]
    r = app.http.post("/v1/score/batch", json={"items": items}, headers=HEADERS)
    assert r.status_code == 200
    out = r.json()["items"]
    assert [o["id"] for o in out] == ["hb-0", "hb-1", "hb-2"]
    assert "result" in out[0] and out[1]["error"]["type"] == "unknown_rubric" and "result" in out[2]


def test_rubrics(app) -> None:
    r = app.http.get("/v1/rubrics", headers=HEADERS)
    assert r.status_code == 200 and "smartshop" in {x["id"] for x in r.json()}


def test_health_ready_open(app) -> None:
    assert app.http.get("/healthz").json() == {"status": "ok"}
    r = app.http.get("/readyz")
    assert r.status_code == 200 and r.json()["ready"] is True


def test_metrics(app) -> None:
    app.http.post("/v1/score", json=sample(4, id="hm-1"), headers=HEADERS)
    app.http.post("/v1/score", json=sample(4, id="hm-2"), headers=HEADERS)  # same content: cache hit
    text = app.http.get("/metrics").text
    for name in ("hrm_judgments_total", "hrm_l1_gate_total", "hrm_l1_pass_rate", "hrm_l2_pass_rate",
                 "hrm_parse_failures", "hrm_retries_total", "hrm_cache_hits_total", "hrm_judge_failures",
                 "hrm_queue_depth", "hrm_stage_latency_seconds_bucket", "hrm_engine_generate_seconds_bucket",
                 'hrm_request_latency_seconds_bucket{le="0.005",method="score",transport="http"}'):
        assert name in text, name
    judged = [line for line in text.splitlines() if line.startswith('hrm_judgments_total{outcome="ok"')]
    assert judged and float(judged[0].split()[-1]) >= 2
    hits = [line for line in text.splitlines() if line.startswith("hrm_cache_hits_total")]
    assert float(hits[0].split()[-1]) > 0


def test_openapi_and_docs(app) -> None:
    spec = app.http.get("/openapi.json").json()
    assert {"/v1/score", "/v1/score/batch", "/v1/rubrics", "/healthz", "/readyz", "/metrics"} <= set(spec["paths"])
    body = spec["paths"]["/v1/score"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/ScoreRequest"}
    schemas = spec["components"]["schemas"]
    assert "trajectory" in schemas["ScoreRequest"]["properties"] and "reward" in schemas["ScoreResult"]["properties"]
    assert app.http.get("/docs").status_code == 200


def test_bad_json_names_field(app) -> None:
    payload = sample(0)
    payload["trajectory"] = "not a list"
    r = app.http.post("/v1/score", json=payload, headers=HEADERS)
    assert r.status_code == 422 and r.json()["error"]["field"] == "trajectory"
