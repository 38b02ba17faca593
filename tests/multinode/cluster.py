"""A real multi-node Ray cluster on one host, as Ray's own Serve tests build one: a head and N worker nodes, each
its own `ray start` (own raylet, own ports, own process group), HRM deployed onto it with `serve deploy` through the
dashboard, the way production deploys. A worker node is killed by SIGKILL of every process it runs (raylet,
agents, replicas), found by an environment tag each node's processes inherit.

Also used by research/bench/bench_node_loss.py (the figures of the note).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import yaml

BIN = Path(sys.executable).parent
TAG = "HRM_MN_NODE"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def node_ip() -> str:
    import ray._private.services as services

    return services.get_node_ip_address()


class RayCluster:
    """Head (``head_node`` resource, ingress) and ``workers`` worker nodes (``grader_node`` resource)."""

    def __init__(self, root: Path, workers: int = 2, base_port: int = 17000) -> None:
        self.root = root
        self.workers = workers
        self.base = base_port
        self.gcs_port = base_port
        self.dashboard_port = base_port + 1
        # a short path: Ray's unix sockets live under it and the kernel caps their paths at 107 bytes
        self.temp = Path(tempfile.mkdtemp(prefix="hrm-mn-"))
        self.logs = root / "logs"
        self.ip = node_ip()
        self.env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0",
                    # one host, loopback only: Ray's token auth (on by default for `ray start --head`) would need
                    # the head's token copied to every node; a production cluster keeps it on
                    "RAY_AUTH_MODE": "disabled",
                    # detect a dead node in ~3 s instead of ~15 s (Ray's health check: 1 s x 3 failures)
                    "RAY_health_check_period_ms": "1000", "RAY_health_check_failure_threshold": "3"}

    # -- nodes ---------------------------------------------------------------------------------------------
    def _ports(self, n: int) -> list[str]:
        b = self.base + 100 * (n + 1)
        return ["--node-manager-port", str(b + 1), "--object-manager-port", str(b + 2),
                "--runtime-env-agent-port", str(b + 3), "--metrics-export-port", str(b + 4),
                "--dashboard-agent-listen-port", str(b + 5), "--dashboard-agent-grpc-port", str(b + 6),
                "--min-worker-port", str(b + 10), "--max-worker-port", str(b + 99)]

    def _start(self, name: str, args: list[str]) -> None:
        self.logs.mkdir(parents=True, exist_ok=True)
        with (self.logs / f"start_{name}.log").open("w") as log:
            subprocess.run([str(BIN / "ray"), "start", *args, "--temp-dir", str(self.temp), "--disable-usage-stats",
                            "--object-store-memory", "150000000", "--node-name", name],
                           env={**self.env, TAG: name}, stdout=log, stderr=subprocess.STDOUT, check=True,
                           start_new_session=True, timeout=180)

    def start(self) -> None:
        self._start("head", ["--head", "--port", str(self.gcs_port), "--include-dashboard=true",
                             "--dashboard-host", "127.0.0.1", "--dashboard-port", str(self.dashboard_port),
                             "--ray-client-server-port", str(self.base + 2), *self._ports(0),
                             "--num-cpus", "2", "--resources", json.dumps({"head_node": 1})])
        for n in range(1, self.workers + 1):
            self.start_worker(n)

    def start_worker(self, n: int) -> None:
        self._start(f"worker{n}", ["--address", f"{self.ip}:{self.gcs_port}", *self._ports(n), "--num-cpus", "1",
                                   "--resources", json.dumps({"grader_node": 1}), "--include-log-monitor=false"])

    def pids(self, name: str) -> list[int]:
        """Every process of node ``name``: those carrying its tag, and their descendants (``ray::`` workers rewrite
        their process title, which can hide the environment)."""
        roots = set()
        for proc in Path("/proc").iterdir():
            if not proc.name.isdigit():
                continue
            try:
                if f"{TAG}={name}".encode() in (proc / "environ").read_bytes().split(b"\0"):
                    roots.add(int(proc.name))
            except OSError:
                continue
        parent = {}
        for line in subprocess.run(["ps", "-eo", "pid=,ppid="], capture_output=True, text=True).stdout.splitlines():
            pid, ppid = map(int, line.split())
            parent[pid] = ppid
        keep, changed = set(roots), True
        while changed:
            changed = False
            for pid, ppid in parent.items():
                if pid not in keep and ppid in keep:
                    keep.add(pid)
                    changed = True
        return sorted(p for p in keep if p in parent)

    def kill_node(self, name: str) -> list[int]:
        pids = self.pids(name)
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        return pids

    def stop(self) -> list[int]:
        """Stop every node; returns the processes still alive afterwards (none expected)."""
        names = ["head", *(f"worker{n}" for n in range(1, self.workers + 1))]
        for name in names:
            for pid in self.pids(name):
                try:
                    os.kill(pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        time.sleep(3)
        for name in names:
            self.kill_node(name)
        time.sleep(1)
        return [p for name in names for p in self.pids(name)]

    # -- Serve -----------------------------------------------------------------------------------------------
    @property
    def dashboard(self) -> str:
        return f"http://127.0.0.1:{self.dashboard_port}"

    def deploy(self, config: dict[str, Any]) -> None:
        path = self.root / "serve_config.yaml"
        path.write_text(yaml.safe_dump(config))
        subprocess.run([str(BIN / "serve"), "deploy", str(path), "-a", self.dashboard], env=self.env, check=True,
                       capture_output=True, text=True, timeout=120)

    def applications(self) -> dict[str, Any]:
        return httpx.get(f"{self.dashboard}/api/serve/applications/", timeout=10).json()["applications"]

    def replicas(self, app: str, deployment: str) -> list[dict[str, Any]]:
        try:
            return self.applications()[app]["deployments"][deployment]["replicas"]
        except (KeyError, httpx.HTTPError, ValueError):
            return []

    def node_names(self) -> dict[str, str]:
        """node id -> node name (head, worker1, ...), alive nodes only."""
        nodes = httpx.get(f"{self.dashboard}/api/v0/nodes", params={"limit": 100}, timeout=10).json()
        return {n["node_id"]: n.get("node_name", "") for n in nodes["data"]["result"]["result"]
                if n.get("state") == "ALIVE"}


def hrm_serve_config(cluster: RayCluster, http_port: int, grpc_port: int, store_url: str,
                     graders: int = 2, grader_delay_s: float = 0.02) -> dict[str, Any]:
    """deploy/serve_config.yaml's shape for this cluster: ingress on the head, graders on worker nodes (a custom
    resource pins them; 0.5 each, so a surviving node can hold a dead node's replica too)."""
    return {
        "proxy_location": "HeadOnly",
        "http_options": {"host": "127.0.0.1", "port": http_port},
        "applications": [{
            "name": "hrm", "route_prefix": "/", "import_path": "judge_server.serve.app:build_app",
            "args": {
                "app_name": "hrm",
                "grpc": {"host": "127.0.0.1", "port": grpc_port},
                "hrm": {"engine": {"kind": "fake", "fake": {"delay_s": grader_delay_s}},
                        "cache": {"enabled": False}},
                "ingress": {"num_replicas": 1, "num_cpus": 0.1, "resources": {"head_node": 0.1}},
                "grader": {"num_replicas": graders, "num_cpus": 0.1, "resources": {"grader_node": 0.5}},
                "store": {"url": store_url},
            },
        }],
    }
