"""The HRM Serve application (the one builder, `build_app`) with a vLLM grader replica on the CPU build,
scored over HTTP. A private Ray instance for this module; run it under ``flock /tmp/hrm-ray.lock``."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from vllm_cpu_harness import engine_config, example

from hrm_wire.models import ScoreResult

# Ray, Serve and vLLM start in the module fixture: minutes on 2 busy cores (about 3 on an idle CI runner)
pytestmark = [pytest.mark.vllm_cpu, pytest.mark.timeout(1800)]

APP = "hrm-vllm-cpu"
#: ray.init tries: its raylet wait (30 s) is fixed, and a niced start on a busy 2-core host can miss it
ATTEMPTS = 4


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    import ray
    from ray import serve

    from judge_server.serve.app import GRADER_NAME, build_app
    from judge_server.serve.ray_start import start_local_ray

    cache: Path = tmp_path_factory.mktemp("vllm-serve-cache")
    start_local_ray(4, attempts=ATTEMPTS, object_store_memory=150 * 1024**2)
    try:
        http_port = free_port()
        serve.start(http_options={"host": "127.0.0.1", "port": http_port})
        config = {"app_name": APP, "hrm": {"engine": engine_config(), "cache": {"directory": str(cache)}},
                  "grpc": {"port": free_port(), "grace_s": 0.5},
                  "ingress": {"num_cpus": 0.1},
                  # a vLLM grader asks Ray for tensor_parallel_size GPUs by default; the CPU build needs none
                  "grader": {"num_cpus": 0.1, "num_gpus": 0}}
        serve.run(build_app(config), name=APP, route_prefix="/vllm", blocking=False)
        grader = serve.get_deployment_handle(GRADER_NAME, app_name=APP)
        assert grader.wait_ready.remote(900).result(), "the vLLM grader replica did not load"
        with httpx.Client(base_url=f"http://127.0.0.1:{http_port}/vllm", timeout=600) as client:
            yield client
        serve.delete(APP)
    finally:
        serve.shutdown()
        ray.shutdown()


def test_score_over_http_on_a_vllm_grader_replica(served: httpx.Client) -> None:
    ready = served.get("/readyz")
    assert ready.status_code == 200 and ready.json()["ready"] is True
    r = served.post("/v1/score", json={**example("good-earbuds"), "id": "vllm-1"})
    assert r.status_code == 200, r.text
    result = ScoreResult.model_validate(r.json())
    assert result.id == "vllm-1" and result.grader_model == "vllm:smollm2-135m"
    assert result.llm_calls > 0 and result.prompt_tokens > 0  # the replica's vLLM engine really ran
    assert (result.reward is not None) != result.judge_failed  # a reward or an explicit failure, never a silent 0
    # a deterministic rule failure never reaches the grader
    bad = served.post("/v1/score", json=example("flaw-unknown-id"))
    assert bad.status_code == 200 and bad.json()["llm_calls"] == 0 and bad.json()["reward"] == 0
