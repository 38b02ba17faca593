"""The serve tier: the real Ray Serve application on CPU, called over real gRPC and HTTP.

One Ray instance and one application (fake engine) per session; the SmolLM2 test adds a second
application to the same Serve instance.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import grpc
import httpx
import pytest
from serve_harness import HOLD, SLOW, TOKEN, free_port

APP = "hrm-test"


@dataclass
class ServeApp:
    http: httpx.Client
    base_url: str
    grpc_target: str
    channel: grpc.Channel
    stub: Any
    app_name: str

    def grader_stats(self) -> dict[str, int]:
        from ray import serve

        return serve.get_deployment_handle("grader", app_name=self.app_name).stats.remote().result()

    def queue_depth(self) -> int:
        return int(self.http.get("/readyz").json()["queue_depth"])


@pytest.fixture(scope="session")
def ray_serve(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    import ray
    from ray import serve

    from judge_server.serve.ray_start import start_local_ray

    start_local_ray(8, object_store_memory=150 * 1024**2)
    http_port = free_port()
    serve.start(http_options={"host": "127.0.0.1", "port": http_port})
    try:
        yield http_port
    finally:
        if ray.is_initialized():  # a later test folder may already have ended this session
            serve.shutdown()
            ray.shutdown()


def deploy(http_port: int, name: str, route_prefix: str, config: dict[str, Any]) -> ServeApp:
    from ray import serve

    from hrm_wire.proto import judge_pb2_grpc
    from judge_server.serve.app import GRADER_NAME, build_app

    gport = free_port()
    config = {**config, "app_name": name, "grpc": {"port": gport, "grace_s": 0.5}}
    serve.run(build_app(config), name=name, route_prefix=route_prefix, blocking=False)
    grader = serve.get_deployment_handle(GRADER_NAME, app_name=name)
    assert grader.wait_ready.remote(600).result(), "grader did not load"
    base = f"http://127.0.0.1:{http_port}{route_prefix.rstrip('/')}"
    channel = grpc.insecure_channel(f"127.0.0.1:{gport}")
    grpc.channel_ready_future(channel).result(timeout=60)
    return ServeApp(httpx.Client(base_url=base, timeout=120), base, f"127.0.0.1:{gport}", channel,
                    judge_pb2_grpc.JudgeServiceStub(channel), name)


@pytest.fixture(scope="session")
def serve_deploy():
    """`deploy` as a fixture: test modules cannot `import conftest` reliably, since other test folders
    have a conftest module of their own and the full suite imports them all."""
    return deploy


@pytest.fixture(scope="session")
def app(ray_serve: int, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeApp]:
    cache_dir = tmp_path_factory.mktemp("serve-cache")
    config = {
        "hrm": {"engine": {"kind": "fake", "fake": {"delay_markers": {SLOW: 0.4, HOLD: 60.0}}},
                "cache": {"directory": str(cache_dir)},
                "judge": {"concurrency": 64, "backoff_initial_s": 0.0, "backoff_max_s": 0.0}},
        "auth": {"tokens": [TOKEN]},
        "max_queue": 4,
        "retry_after_s": 2.0,
        "ingress": {"num_cpus": 0.1},
        "grader": {"num_cpus": 0.1},
    }
    served = deploy(ray_serve, APP, "/", config)
    yield served
    served.channel.close()
    served.http.close()
