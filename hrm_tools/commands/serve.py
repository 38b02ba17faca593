"""``hrm serve``: run the HRM service (Ray Serve: HTTP + gRPC) locally."""

from __future__ import annotations

import argparse
import sys
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


def run(args: argparse.Namespace) -> int:
    from hrm_wire.errors import HRMError
    from judge_server.serve.config import load_serve_config

    try:
        config = load_serve_config(args.config, overrides=_overrides(args))
    except HRMError as exc:
        print(f"hrm serve: {exc}", file=sys.stderr)
        return 2
    from judge_server.serve.launch import run_local

    return run_local(config, ray_address=args.ray_address, num_cpus=args.num_cpus, ready_timeout=args.ready_timeout)
