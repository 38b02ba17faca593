"""Node loss under load on a three-node Ray cluster (the multi-node tier's cluster, tests/multinode/cluster.py):
HRM deployed with `serve deploy`, graders pinned to the two worker nodes, bounded load (HTTP scores, HTTP batches,
gRPC scores, each retried by hrm_client's policy), one worker node SIGKILLed, later restarted.

Prints and writes (``--out``, default research/bench/results/node_loss/): answered / retried / lost requests,
seconds until both graders run again (on the survivor), readiness and gRPC health probed every 0.25 s across the
gap, the store's count of answered judgments, and a plot of judgments answered per second across the kill.

    python research/bench/bench_node_loss.py [--before 10] [--after 20]
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "multinode"))

from cluster import RayCluster, free_port, hrm_serve_config  # noqa: E402
from load import Load  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", type=float, default=10.0, help="seconds of load before the kill")
    ap.add_argument("--after", type=float, default=20.0, help="seconds of load after both graders are back")
    ap.add_argument("--out", type=Path, default=ROOT / "research/bench/results/node_loss")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="hrm-nodeloss-"))  # the cluster's logs and the store: not results
    cluster = RayCluster(work, base_port=17500)
    probes: list[dict] = []
    try:
        t_start = time.time()
        cluster.start()
        t_cluster = time.time() - t_start
        http_port, grpc_port = free_port(), free_port()
        db = work / "judgments.db"
        db.unlink(missing_ok=True)
        t0 = time.time()
        cluster.deploy(hrm_serve_config(cluster, http_port, grpc_port, f"sqlite:///{db}"))
        base = f"http://127.0.0.1:{http_port}"
        while True:
            try:
                if httpx.get(f"{base}/readyz", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.5)
        t_ready = time.time() - t0
        names = cluster.node_names()
        placement = sorted(names.get(r["node_id"], "?") for r in cluster.replicas("hrm", "grader"))
        stop = threading.Event()

        def probe() -> None:
            import grpc
            from grpc_health.v1 import health_pb2, health_pb2_grpc

            ch = grpc.insecure_channel(f"127.0.0.1:{grpc_port}")
            stub = health_pb2_grpc.HealthStub(ch)
            while not stop.is_set():
                row: dict = {"t": time.time()}
                try:
                    row["ready"] = httpx.get(f"{base}/readyz", timeout=2).status_code
                except httpx.HTTPError as exc:
                    row["ready"] = type(exc).__name__
                try:
                    row["health"] = stub.Check(health_pb2.HealthCheckRequest(), timeout=2).status
                except grpc.RpcError as exc:
                    row["health"] = exc.code().name
                probes.append(row)
                time.sleep(0.25)

        prober = threading.Thread(target=probe, daemon=True)
        prober.start()
        load = Load(base, f"127.0.0.1:{grpc_port}")
        t_load = time.time()
        load.start()
        time.sleep(args.before)
        t_kill = time.time()
        killed = cluster.kill_node("worker1")
        t_back = None
        while time.time() - t_kill < 180:
            nodes = cluster.node_names()
            running = [r for r in cluster.replicas("hrm", "grader") if r.get("state") == "RUNNING"]
            if len(running) == 2 and all(nodes.get(r["node_id"]) == "worker2" for r in running):
                t_back = time.time()
                break
            time.sleep(0.25)
        time.sleep(args.after)
        load.stop()
        stop.set()
        t_restart = time.time()
        cluster.start_worker(1)
        restart_s = time.time() - t_restart
        time.sleep(3)
        with sqlite3.connect(db) as conn:
            stored = {row[0] for row in conn.execute("SELECT request_id FROM judgments")}
        answered = load.answered_ids()
        retried = sum(1 for o in load.outcomes if o.ok and o.end - o.start > 1.0)
        gap = [p for p in probes if p["t"] >= t_kill and (t_back is None or p["t"] <= t_back)]
        result = {
            "cluster_start_s": round(t_cluster, 1), "deploy_to_ready_s": round(t_ready, 1),
            "graders_placed_on": placement, "killed_pids": len(killed),
            "graders_back_s": None if t_back is None else round(t_back - t_kill, 1),
            "requests": len(load.outcomes), "judgments_answered": len(answered),
            "requests_over_1s": retried, "lost": len(load.lost()), "lost_errors": [o.error for o in load.lost()][:10],
            "answered_not_in_store": len(answered - stored),
            "readyz_during_gap": sorted({str(p["ready"]) for p in gap}),
            "grpc_health_during_gap": sorted({str(p["health"]) for p in gap}),
            "worker_restart_s": round(restart_s, 1),
            "per_second": [(s, n) for s, n in load.per_second(t_load)],
            "kill_at_s": round(t_kill - t_load, 1),
            "back_at_s": None if t_back is None else round(t_back - t_load, 1),
        }
    finally:
        left = cluster.stop()
    result["ray_processes_left"] = len(left)
    (args.out / "node_loss.json").write_text(json.dumps(result, indent=1))
    plot(result, args.out / "node_loss.png")
    print(json.dumps({k: v for k, v in result.items() if k != "per_second"}, indent=1))
    return 0


def plot(result: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs = [s for s, _ in result["per_second"]]
    ys = [n for _, n in result["per_second"]]
    fig, ax = plt.subplots(figsize=(9, 3.6))
    ax.bar(xs, ys, width=0.9, color="tab:blue", label="judgments answered per second")
    ax.axvline(result["kill_at_s"], color="tab:red", label="worker node SIGKILLed")
    if result["back_at_s"] is not None:
        ax.axvline(result["back_at_s"], color="tab:green", linestyle="--", label="both graders running again")
    ax.set_xlabel("seconds since the load started")
    ax.set_ylabel("judgments / s")
    ax.set_title(f"HRM on 3 Ray nodes: {result['judgments_answered']} judgments answered, {result['lost']} lost")
    ax.legend(loc="lower left")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    sys.exit(main())
