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


def required_cpus(config: ServeConfig) -> float:
    """Logical CPUs the application's replicas ask Ray for (at their initial replica counts)."""
    total = 0.0
    for dep in (config.ingress, config.grader):
        replicas = dep.autoscaling.min_replicas if dep.autoscaling is not None else dep.num_replicas
        total += dep.num_cpus * max(1, replicas)
    return total


def run_local(config: ServeConfig, *, ray_address: str = "local", num_cpus: int | None = None,
              ready_timeout: float = 900.0) -> int:
    """Deploy the application on Ray (a private local instance by default) and serve until SIGINT/SIGTERM.

    Returns 0 after a stop, 1 when the grader is not ready within ``ready_timeout`` (counted from the deploy),
    2 when Ray cannot host the deployments (their CPUs are named). Every wait is bounded and checks for a stop,
    so Ctrl-C and SIGTERM end it at any point, and Serve and the private Ray instance are shut down on the way
    out (no Ray process is left behind).
    """
    import ray
    from ray import serve

    from judge_server.engines.model_assembly import load_notice
    from judge_server.serve.app import GRADER_NAME, INGRESS_NAME, build_app
    from judge_server.serve.ray_start import serve_env_defaults

    stop = threading.Event()
    init: dict[str, Any] = {"address": ray_address, "include_dashboard": False}
    if num_cpus is not None and ray_address == "local":
        init["num_cpus"] = num_cpus
    serve_env_defaults()
    ray.init(**init)
    # after ray.init, which installs its own SIGTERM handler for drivers (exit mid-call, then an abort while the
    # core worker tears down): ours only asks the loops below to stop, and the finally block shuts down in order
    previous = {sig: signal.signal(sig, lambda *_: stop.set()) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        have = float(ray.cluster_resources().get("CPU", 0.0))
        need = required_cpus(config)
        if need > have:
            print(f"hrm serve: the deployments need {need:g} CPUs (ingress {config.ingress.num_cpus:g} x "
                  f"{config.ingress.num_replicas}, grader {config.grader.num_cpus:g} x "
                  f"{config.grader.num_replicas}) and Ray has {have:g}: lower ingress.num_cpus / "
                  f"grader.num_cpus in the config, or pass --num-cpus (logical CPUs: llama.cpp's threads are "
                  f"set apart, by engine.threads)", file=sys.stderr)
            return 2
        t0 = time.monotonic()
        serve.start(http_options={"host": config.http.host, "port": config.http.port})
        print(f"hrm serve: deploying '{config.app_name}'; grader replica: {load_notice(config.hrm.engine)}", flush=True)
        serve.run(build_app(config), name=config.app_name, route_prefix=config.http.route_prefix,
                  blocking=False)
        ingress = serve.get_deployment_handle(INGRESS_NAME, app_name=config.app_name)
        grpc_port = _wait(lambda: ingress.grpc_port.remote().result(timeout_s=5.0), stop, t0, ready_timeout)
        if grpc_port is None:
            return 0 if stop.is_set() else _not_ready(ready_timeout)
        for line in service_urls(config, grpc_port):
            print(line, flush=True)
        grader = serve.get_deployment_handle(GRADER_NAME, app_name=config.app_name)
        ready = _wait(lambda: grader.wait_ready.remote(5.0).result(timeout_s=10.0) or None, stop, t0, ready_timeout)
        if ready is None:
            return 0 if stop.is_set() else _not_ready(ready_timeout)
        print(f"ready: grader loaded {time.monotonic() - t0:.1f} s after the deploy began", flush=True)
        for note in _capability_notices(config):
            print(f"note: {note}", flush=True)
        print("Ctrl-C to stop.", flush=True)
        while not stop.wait(1.0):
            pass
        return 0
    finally:
        print("hrm serve: stopping", file=sys.stderr, flush=True)
        try:
            serve.shutdown()
        finally:
            ray.shutdown()
            for sig, handler in previous.items():
                signal.signal(sig, handler)


def _wait(poll: Any, stop: threading.Event, t0: float, timeout_s: float) -> Any:
    """``poll()`` until it returns something not None, a stop is asked for, or ``timeout_s`` has passed since
    ``t0``; None in the last two cases. A poll that times out on its own (the replica is still starting) is
    simply tried again."""
    while not stop.is_set() and time.monotonic() - t0 < timeout_s:
        try:
            value = poll()
        except Exception as exc:  # noqa: BLE001 - Ray's timeout and "not yet deployed" errors: keep waiting
            if type(exc).__name__ not in ("GetTimeoutError", "TimeoutError", "RayServeException",
                                          "DeploymentUnavailableError"):
                raise
            stop.wait(0.5)
            continue
        if value is not None:
            return value
    return None


def _capability_notices(config: ServeConfig) -> list[str]:
    """What the configured grader cannot decide (its calibration), read here without starting an engine."""
    from judge_server.pipeline import ScoringPipeline

    try:
        return ScoringPipeline(config.hrm).capability_notices()
    except Exception as exc:  # noqa: BLE001 - a notice must never stop a started service
        return [f"could not read the grader's calibration for the start-up notice: {exc}"]


def _not_ready(timeout_s: float) -> int:
    print(f"hrm serve: the service was not ready within {timeout_s:g} s (--ready-timeout); see the Ray logs "
          "(/tmp/ray/session_latest/logs/serve/)", file=sys.stderr)
    return 1
