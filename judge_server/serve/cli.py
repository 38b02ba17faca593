"""``hrm serve``: run the Serve application locally (embedded default grader unless configured)."""

from __future__ import annotations

import argparse
import signal
import sys
import threading
import time
from typing import Any

from hrm_tools.args import add_engine_args, engine_overrides


def add_parsers(subparsers: Any) -> None:
    p = subparsers.add_parser("serve", help="run the HRM service (Ray Serve: HTTP + gRPC) locally",
                              description="Start Ray locally, deploy the HRM application and print where it "
                                          "listens. Config: YAML of ServeConfig (see deploy/serve_config.yaml "
                                          "args); HRM_SERVE__* and HRM__* environment variables override it.")
    p.add_argument("--host", help="bind address for HTTP and gRPC (default from config: 127.0.0.1)")
    p.add_argument("--http-port", type=int, help="HTTP port (default 8000)")
    p.add_argument("--grpc-port", type=int, help="gRPC port (default 50051)")
    add_engine_args(p, config_help="ServeConfig YAML file (`hrm schema serve`; commented example: "
                                   "deploy/serve.yaml); HRM_SERVE__* and HRM__* environment variables "
                                   "override it, the flags below override both.")
    p.add_argument("--ray-address", default="local",
                   help="Ray cluster to deploy on ('local' starts a private one; 'auto' joins a running one)")
    p.add_argument("--num-cpus", type=int, help="logical CPUs of the local Ray instance")
    p.add_argument("--ready-timeout", type=float, default=900.0,
                   help="seconds to wait for the grader to load before giving up")
    p.set_defaults(func=run)


def _overrides(args: argparse.Namespace) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if args.host:
        out["http"] = {"host": args.host}
        out["grpc"] = {"host": args.host}
    if args.http_port is not None:
        out.setdefault("http", {})["port"] = args.http_port
    if args.grpc_port is not None:
        out.setdefault("grpc", {})["port"] = args.grpc_port
    if hrm := engine_overrides(args):
        out["hrm"] = hrm
    return out


def service_urls(config: Any, grpc_port: int | None) -> list[str]:
    """One line per address the service answers on (HTTP, gRPC, docs, metrics, health, review)."""
    prefix = config.http.route_prefix.rstrip("/")
    base = f"http://{config.http.host}:{config.http.port}{prefix}"
    lines = [f"HTTP  {base}  (POST /v1/score, /v1/score/batch; GET /v1/rubrics)"]
    if grpc_port:
        lines.append(f"gRPC  {config.grpc.host}:{grpc_port}  (hrm.v1.JudgeService, health, reflection)")
    lines += [f"docs  {base}/docs", f"metrics  {base}/metrics", f"health  {base}/healthz  {base}/readyz"]
    if config.review and config.store is not None:
        lines.append(f"review  {base}/review/")
    elif config.review:
        lines.append("review  off: `review: true` needs a `store` (see deploy/serve.yaml)")
    auth = "on" if config.auth.all_tokens() else "off (no tokens configured)"
    lines.append(f"auth  {auth}; store  {'on' if config.store is not None else 'off'}")
    return lines


def run(args: argparse.Namespace) -> int:
    from hrm_wire.errors import HRMError
    from judge_server.serve.config import load_serve_config

    try:
        config = load_serve_config(args.config, overrides=_overrides(args))
    except HRMError as exc:
        print(f"hrm serve: {exc}", file=sys.stderr)
        return 2

    import ray
    from ray import serve

    from hrm_tools.local_scorer import model_notice
    from judge_server.serve.app import GRADER_NAME, INGRESS_NAME, build_app
    from judge_server.serve.ray_start import serve_env_defaults

    init: dict[str, Any] = {"address": args.ray_address, "include_dashboard": False}
    if args.num_cpus is not None and args.ray_address == "local":
        init["num_cpus"] = args.num_cpus
    serve_env_defaults()
    ray.init(**init)
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    try:
        serve.start(http_options={"host": config.http.host, "port": config.http.port})
        print(f"hrm serve: deploying '{config.app_name}'; grader replica: {model_notice(config.hrm)}", flush=True)
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
            if time.monotonic() - t0 > args.ready_timeout:
                print("hrm serve: grader not ready in time; see the Ray logs", file=sys.stderr)
                return 1
        print("Ctrl-C to stop.", flush=True)
        while not stop.wait(1.0):
            pass
        return 0
    finally:
        serve.shutdown()
        ray.shutdown()
