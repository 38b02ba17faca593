"""Running the Serve application locally (``hrm serve``): start Ray, deploy, print where it listens, wait."""

from __future__ import annotations

import signal
import sys
import threading
import time
from typing import Any

from judge_server.serve.config import ServeConfig


def service_urls(config: ServeConfig, grpc_port: int | None) -> list[str]:
    """One line per address the service answers on (HTTP, gRPC, docs, metrics, health, review)."""
    prefix = config.http.route_prefix.rstrip("/")
    base = f"http://{config.http.host}:{config.http.port}{prefix}"
    lines = [f"HTTP  {base}  (POST /v1/score, /v1/score/batch; GET /v1/rubrics)"]
    if grpc_port:
        lines.append(f"gRPC  {config.grpc.host}:{grpc_port}  (hrm.v2.JudgeService, health, reflection)")
    lines += [f"docs  {base}/docs", f"metrics  {base}/metrics", f"health  {base}/healthz  {base}/readyz"]
    if config.review and config.store is not None:
        lines.append(f"review  {base}/review/")
    elif config.review:
        lines.append("review  off: `review: true` needs a `store` (see deploy/serve.yaml)")
    auth = "on" if config.auth.all_tokens() else "off (no tokens configured)"
    lines.append(f"auth  {auth}; store  {'on' if config.store is not None else 'off'}")
    return lines


def run_local(config: ServeConfig, *, ray_address: str = "local", num_cpus: int | None = None,
              ready_timeout: float = 900.0) -> int:
    """Deploy the application on Ray (a private local instance by default) and serve until SIGINT/SIGTERM."""
    import ray
    from ray import serve

    from judge_server.engines.model_assembly import load_notice
    from judge_server.serve.app import GRADER_NAME, INGRESS_NAME, build_app
    from judge_server.serve.ray_start import serve_env_defaults

    init: dict[str, Any] = {"address": ray_address, "include_dashboard": False}
    if num_cpus is not None and ray_address == "local":
        init["num_cpus"] = num_cpus
    serve_env_defaults()
    ray.init(**init)
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    try:
        serve.start(http_options={"host": config.http.host, "port": config.http.port})
        print(f"hrm serve: deploying '{config.app_name}'; grader replica: {load_notice(config.hrm.engine)}", flush=True)
        serve.run(build_app(config), name=config.app_name, route_prefix=config.http.route_prefix,
                  blocking=False)
        grpc_port = serve.get_deployment_handle(INGRESS_NAME, app_name=config.app_name).grpc_port.remote().result()
        for line in service_urls(config, grpc_port):
            print(line, flush=True)
        grader = serve.get_deployment_handle(GRADER_NAME, app_name=config.app_name)
        t0 = time.monotonic()
        while not stop.is_set():
            if grader.wait_ready.remote(5.0).result():
                print(f"ready: grader loaded in {time.monotonic() - t0:.1f} s", flush=True)
                break
            if time.monotonic() - t0 > ready_timeout:
                print("hrm serve: grader not ready in time; see the Ray logs", file=sys.stderr)
                return 1
        print("Ctrl-C to stop.", flush=True)
        while not stop.wait(1.0):
            pass
        return 0
    finally:
        serve.shutdown()
        ray.shutdown()
