"""Run a real HRM service in its own process, the way a trainer meets it: a separate service on a socket.

    python tests/verl/hrm_service.py --mode serve --port-file /tmp/p [--token T] [--delay-s 0.2]

``serve``: the HRM Ray Serve application (``judge_server.serve.app:build_app``) on a private local Ray
cluster: ingress replica (pipeline + gRPC server) -> grader replica (fake engine).
``grpc``: the same gRPC server, Frontend and pipeline without Ray (lighter; used by the benchmark).

The grader is the scripted fake engine (``pass`` verdicts, optional delay per generation): the service,
wire and pipeline are real, the grader LLM is not. Writes the bound gRPC port to ``--port-file`` once it
accepts requests and runs until its standard input closes (or SIGTERM / SIGINT in ``grpc`` mode: Ray
installs its own signal handlers, so close stdin to stop ``serve`` mode cleanly).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import socket
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def core_config(tmp: str, delay_s: float) -> dict[str, Any]:
    return {"engine": {"kind": "fake", "fake": {"default": "pass", "delay_s": delay_s}},
            "cache": {"enabled": False, "directory": f"{tmp}/cache"},
            "judge": {"backoff_initial_s": 0.0, "backoff_max_s": 0.0}}


async def run_grpc(args: argparse.Namespace, stop: asyncio.Event, tmp: str) -> None:
    from judge_server.config import HRMConfig
    from judge_server.pipeline import ScoringPipeline
    from judge_server.serve.config import GRPCConfig, ServeConfig
    from judge_server.serve.frontend import Frontend
    from judge_server.serve.grpc_server import GRPCServer

    core = HRMConfig.model_validate(core_config(tmp, args.delay_s))
    pipeline = ScoringPipeline(core)
    await pipeline.start()
    config = ServeConfig(hrm=core, max_queue=args.max_queue, grpc=GRPCConfig(port=0, reflection=False, grace_s=0.0),
                         auth={"tokens": [args.token] if args.token else []})
    server = GRPCServer(Frontend(config, pipeline), config.grpc)
    port = await server.start()
    Path(args.port_file).write_text(str(port))
    await stop.wait()
    await server.stop()
    await pipeline.close()


async def run_serve(args: argparse.Namespace, stop: asyncio.Event, tmp: str) -> None:
    import ray
    from ray import serve

    from judge_server.serve.app import INGRESS_NAME, build_app, wait_grader_ready
    from judge_server.serve.config import ServeConfig
    from judge_server.serve.ray_start import start_local_ray

    start_local_ray(2)
    config = ServeConfig.model_validate({
        "app_name": "hrm-verl-test", "hrm": core_config(tmp, args.delay_s), "max_queue": args.max_queue,
        "grpc": {"port": free_port(), "reflection": False, "grace_s": 0.0},
        "ingress": {"num_cpus": 0.1}, "grader": {"num_cpus": 0.1},
        "auth": {"tokens": [args.token] if args.token else []},
    })
    serve.start(http_options={"host": "127.0.0.1", "port": free_port()})
    serve.run(build_app(config), name=config.app_name, route_prefix="/hrm-verl-test")
    await wait_grader_ready(config.app_name, 120)
    handle = serve.get_deployment_handle(INGRESS_NAME, app_name=config.app_name)
    port = await handle.grpc_port.remote()
    Path(args.port_file).write_text(str(port))
    await stop.wait()
    with contextlib.suppress(Exception):
        serve.shutdown()
    ray.shutdown()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--mode", choices=["serve", "grpc"], default="serve")
    p.add_argument("--port-file", required=True)
    p.add_argument("--token", default="")
    p.add_argument("--delay-s", type=float, default=0.0, help="fake grader latency per generation")
    p.add_argument("--max-queue", type=int, default=512)
    args = p.parse_args(argv)

    async def amain() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stop.set)

        def watch_stdin() -> None:
            sys.stdin.read()  # returns at EOF: the parent closed our stdin or exited
            loop.call_soon_threadsafe(stop.set)

        threading.Thread(target=watch_stdin, daemon=True).start()
        with tempfile.TemporaryDirectory(prefix="hrm-verl-svc-") as tmp:
            await (run_serve if args.mode == "serve" else run_grpc)(args, stop, tmp)

    asyncio.run(amain())
    return 0


if __name__ == "__main__":
    sys.exit(main())
