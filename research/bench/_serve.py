"""What the service benchmarks share: a private local Ray cluster running the real Serve app on
loopback, and small helpers (log line, free port, percentile).

    from _serve import log, pct, running_app      # bench scripts run as `python research/bench/<script>.py`

    with running_app({"hrm": {...}, "max_queue": 256}, name="bench") as app:
        ...  # app.grpc_target, app.http_url, app.name

    with running_apps({"on": {...}, "off": {...}}) as apps:   # side by side, routes /on and /off
        ...

The cluster is started with ``address="local"`` (never an existing cluster) and ended on exit, so a
benchmark leaves nothing running behind it.
"""

from __future__ import annotations

import socket
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

#: Ray resources of the private cluster: logical CPUs (replicas ask 0.1 each) and a small object store
RAY_NUM_CPUS = 8
RAY_OBJECT_STORE_BYTES = 150 * 1024**2


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pct(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank); NaN for no values."""
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q / 100 * (len(values) - 1))))]


@dataclass(frozen=True)
class RunningApp:
    name: str
    grpc_target: str
    http_url: str


def _start_ray(attempts: int = 3) -> None:
    """A private local cluster. Ray gives its raylet a fixed 30 s to register; on a loaded machine with
    the benchmark niced that can run out, so the start is tried again (a fresh session each time)."""
    from judge_server.serve.ray_start import start_local_ray

    start_local_ray(RAY_NUM_CPUS, attempts=attempts, log=log, object_store_memory=RAY_OBJECT_STORE_BYTES)


def _deploy(config: dict[str, Any], name: str, route_prefix: str, http_port: int,
            ready_timeout_s: float) -> RunningApp:
    from ray import serve

    from judge_server.serve.app import GRADER_NAME, build_app

    grpc_port = free_port()
    config = {**config, "app_name": name,
              "grpc": {**config.get("grpc", {}), "host": "127.0.0.1", "port": grpc_port}}
    serve.run(build_app(config), name=name, route_prefix=route_prefix, blocking=False)
    grader = serve.get_deployment_handle(GRADER_NAME, app_name=name)
    if not grader.wait_ready.remote(ready_timeout_s).result():
        raise RuntimeError(f"the grader of {name!r} was not ready within {ready_timeout_s:.0f} s")
    return RunningApp(name, f"127.0.0.1:{grpc_port}", f"http://127.0.0.1:{http_port}{route_prefix.rstrip('/')}")


@contextmanager
def running_apps(configs: dict[str, dict[str, Any]], *, ready_timeout_s: float = 300.0) -> Iterator[dict[str, RunningApp]]:
    """Like ``running_app`` for several apps side by side in one cluster (one Serve instance), each on
    route ``/<name>`` and its own gRPC port: variants compared in interleaved rounds share the machine."""
    import ray
    from ray import serve

    _start_ray()
    try:
        http_port = free_port()
        serve.start(http_options={"host": "127.0.0.1", "port": http_port})
        yield {name: _deploy(config, name, f"/{name}", http_port, ready_timeout_s) for name, config in configs.items()}
    finally:
        try:
            serve.shutdown()
        finally:
            ray.shutdown()


@contextmanager
def running_app(config: dict[str, Any], *, name: str, ready_timeout_s: float = 300.0) -> Iterator[RunningApp]:
    """Start a private Ray cluster and Serve on free loopback ports, run ``build_app(config)`` as
    ``name`` (its gRPC server on a free port too), wait for the grader, and shut everything down on
    exit. ``config`` is a ServeConfig dict; its ``grpc`` host and port are set here."""
    import ray
    from ray import serve

    _start_ray()
    try:
        http_port = free_port()
        serve.start(http_options={"host": "127.0.0.1", "port": http_port})
        yield _deploy(config, name, "/", http_port, ready_timeout_s)
    finally:
        try:
            serve.shutdown()
        finally:
            ray.shutdown()
