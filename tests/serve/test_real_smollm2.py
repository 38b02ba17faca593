"""The real Serve application on the embedded llama.cpp engine with SmolLM2-135M (plumbing only: this
model passes nearly everything, so nothing here is a quality claim)."""

from __future__ import annotations

import pytest
from prometheus_client.parser import text_string_to_metric_families
from serve_harness import grpc_request, sample

from hrm_wire.models import ScoreResult

pytestmark = [pytest.mark.serve, pytest.mark.real]


@pytest.fixture(scope="module")
def real_app(ray_serve: int, serve_deploy, tmp_path_factory: pytest.TempPathFactory):
    config = {"hrm": {"engine": {"kind": "embedded", "model": "smollm2-135m", "n_parallel": 2, "threads": 2,
                                 "batch_threads": 2, "n_ctx": 8192},
                      "cache": {"directory": str(tmp_path_factory.mktemp("real-cache"))},
                      "judge": {"concurrency": 8}},
              "ingress": {"num_cpus": 0.1}, "grader": {"num_cpus": 0.1}}
    served = serve_deploy(ray_serve, "hrm-real", "/real", config)
    yield served
    from ray import serve

    served.channel.close()
    served.http.close()
    serve.delete("hrm-real")


def test_smollm2_over_grpc_and_http(real_app) -> None:
    resp = real_app.stub.Score(grpc_request(sample(0), "real-1"), timeout=600)
    result = ScoreResult.model_validate_json(resp.result.result_json)
    assert result.id == "real-1" and "smollm2" in result.grader_model.lower()
    assert result.llm_calls > 0 and result.prompt_tokens > 0  # the grader really ran
    # a reward, or an explicit judge failure, never a silent 0
    assert (result.reward is not None) != result.judge_failed
    assert resp.result.HasField("reward") == (result.reward is not None)

    r = real_app.http.post("/v1/score", json=sample(0, id="real-2"), timeout=600)
    assert r.status_code == 200
    again = ScoreResult.model_validate(r.json())
    assert again.cached and again.reward == result.reward  # same content: served from the judgment cache
    assert real_app.http.get("/readyz").json()["ready"] is True

    # where the grader's time went, from llama.cpp's own timings, carried back to the ingress with each answer
    samples = {(s.name, tuple(sorted(s.labels.items()))): s.value
               for family in text_string_to_metric_families(real_app.http.get("/metrics").text)
               for s in family.samples}
    assert samples[("hrm_grader_engine_seconds_total", (("phase", "prefill"),))] > 0
    assert samples[("hrm_grader_engine_seconds_total", (("phase", "decode"),))] > 0
    computed = samples[("hrm_grader_prompt_tokens_total", (("source", "computed"),))]
    cached = samples[("hrm_grader_prompt_tokens_total", (("source", "cache"),))]
    assert computed > 0 and computed + cached >= result.prompt_tokens
    assert samples[("hrm_grader_completion_tokens_total", ())] > 0
