"""`hrm serve` as a user runs it: a subprocess that starts its own Ray, prints where it listens, serves."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import grpc
import httpx
import pytest
from serve_harness import free_port, sample

from hrm_wire.proto import judge_pb2, judge_pb2_grpc

pytestmark = pytest.mark.serve


def read_until_ready(proc: subprocess.Popen[str], lines: list[str], timeout_s: float = 240) -> None:
    """Collect ``hrm serve``'s output into ``lines`` until its ``ready:`` line (or the timeout)."""
    assert proc.stdout is not None
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        assert line or proc.poll() is None, "hrm serve exited:\n" + "".join(lines)
        lines.append(line)
        if line.startswith("ready:"):
            return


def test_hrm_serve_prints_addresses_and_serves(tmp_path: Path) -> None:
    cfg = tmp_path / "serve.yaml"
    cfg.write_text(f"hrm:\n  engine:\n    kind: fake\n  cache:\n    directory: {tmp_path / 'cache'}\n"
                   "ingress:\n  num_cpus: 0.1\ngrader:\n  num_cpus: 0.1\n"
                   f"store:\n  url: sqlite:///{tmp_path / 'judgments.db'}\nreview: true\n")
    http_port, grpc_port = free_port(), free_port()
    cmd = [sys.executable, "-m", "hrm_tools.cli", "serve", "--config", str(cfg), "--http-port", str(http_port),
           "--grpc-port", str(grpc_port), "--num-cpus", "4"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "RAY_DEDUP_LOGS": "0"})
    lines: list[str] = []
    try:
        read_until_ready(proc, lines)
        out = "".join(lines)
        assert re.search(rf"^HTTP  http://127\.0\.0\.1:{http_port}", out, re.M), out
        assert re.search(rf"^gRPC  127\.0\.0\.1:{grpc_port}", out, re.M), out
        base = f"http://127.0.0.1:{http_port}"
        for name, path in (("docs", "/docs"), ("metrics", "/metrics"), ("review", "/review/")):
            assert re.search(rf"^{name}  {re.escape(base + path)}$", out, re.M), out
            assert httpx.get(base + path, timeout=30).status_code == 200, path
        r = httpx.post(f"http://127.0.0.1:{http_port}/v1/score", json=sample(0, id="cli-1"), timeout=60)
        assert r.status_code == 200 and r.json()["id"] == "cli-1"
        # the link `hrm report --service-url` gives a failed run finds its judgment in the review UI
        link_deadline, found = time.monotonic() + 60, ""
        while time.monotonic() < link_deadline and "/item/" not in found:
            time.sleep(0.5)  # the store writes in the background
            found = httpx.get(f"{base}/review/?q=cli-1", timeout=30).text
        assert "/item/" in found, found[-2000:]
        with grpc.insecure_channel(f"127.0.0.1:{grpc_port}") as ch:
            resp = judge_pb2_grpc.JudgeServiceStub(ch).Score(
                judge_pb2.ScoreRequest(id="cli-2", request_json=json.dumps(sample(1))), timeout=60)
        assert resp.id == "cli-2" and resp.HasField("result")
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0


def _tagged(tag: str) -> list[int]:
    """Processes whose environment carries ``HRM_TEST_TAG=tag`` (Ray's daemons and workers inherit it)."""
    out = []
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                if f"HRM_TEST_TAG={tag}".encode() in (proc / "environ").read_bytes().split(b"\0"):
                    out.append(int(proc.name))
            except OSError:
                continue
    return out


def test_hrm_serve_refuses_at_once_when_the_deployments_do_not_fit(tmp_path: Path) -> None:
    cfg = tmp_path / "serve.yaml"
    cfg.write_text("hrm:\n  engine:\n    kind: fake\ningress:\n  num_cpus: 1.5\ngrader:\n  num_cpus: 1.5\n")
    t0 = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "hrm_tools.cli", "serve", "--config", str(cfg), "--num-cpus", "2"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0 and time.monotonic() - t0 < 60
    assert "need 3 CPUs" in proc.stdout + proc.stderr, proc.stdout + proc.stderr


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_hrm_serve_and_leaves_no_ray_process(tmp_path: Path, sig: signal.Signals) -> None:
    cfg = tmp_path / "serve.yaml"
    cfg.write_text("hrm:\n  engine:\n    kind: fake\n  cache:\n    enabled: false\n"
                   "ingress:\n  num_cpus: 0.1\ngrader:\n  num_cpus: 0.1\n")
    tag = f"{os.getpid()}-{sig.name}"
    proc = subprocess.Popen([sys.executable, "-m", "hrm_tools.cli", "serve", "--config", str(cfg), "--http-port",
                             str(free_port()), "--grpc-port", str(free_port()), "--num-cpus", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "HRM_TEST_TAG": tag})
    lines: list[str] = []
    try:
        read_until_ready(proc, lines)
        assert len(_tagged(tag)) > 2  # hrm serve, Ray's daemons, the replicas
        proc.send_signal(sig)
        proc.wait(timeout=90)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, "".join(lines)
    deadline = time.monotonic() + 30
    while _tagged(tag) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not _tagged(tag), f"Ray processes left behind: {_tagged(tag)}"
