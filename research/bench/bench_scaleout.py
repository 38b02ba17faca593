"""Scale-out shown: under a queue several times one replica's capacity, the grader deployment autoscales
from 1 to 2 replicas and back, and no request is lost while replicas come and go.

The grader is the simulated slot-limited engine of bench_affinity (``PrefixCacheSim``: ``HRM_SIM_SLOTS``
slots per replica, real sleeps per question), so one replica has a fixed capacity and the autoscaler
sees a real queue; ``--engine smollm2`` uses the real embedded engine instead (SmolLM2-135M, one thread and
2 slots per replica: a replica loads its model before Serve reports it RUNNING). Phases, one Ray session:

1. light load (``--light-concurrency`` judgments in flight) for ``--light-s`` seconds: 1 replica;
2. heavy load (``--heavy-concurrency`` in flight, ``--heavy-n`` judgments): records when the second
   replica is RUNNING, and throughput before and after it;
3. tail (``--tail-concurrency`` judgments still in flight, 0 = idle): records when the deployment is back
   to 1 replica. With a tail, the replica Serve removes may hold questions when it goes: it drains them
   (``drain_s``), and a question whose replica died anyway is re-sent (``grader_lost_retries``).

``--baseline`` first sends the same heavy phase to the same app pinned at one grader replica (same items,
same engine, same box), so ``heavy_autoscaled_over_one_replica`` compares whole heavy phases side by side,
scale-up latency included; a real engine finishes no judgment before the second replica is up, so "before"
inside one run has nothing to measure.

Every judgment is checked: an HTTP 200 with a result for its own id, or it counts as lost. A result whose
grader failed (``judge_failed``) was answered, visibly, and is counted apart.

    flock /tmp/hrm-ray.lock .venv/bin/python research/bench/bench_scaleout.py --json research/bench/results/scaleout.json
    flock /tmp/hrm-llm.lock .venv/bin/python research/bench/bench_scaleout.py --engine smollm2 --light-s 60 \
        --heavy-concurrency 8 --heavy-n 24 --target-ongoing 2 --llm-concurrency 8 \
        --json research/bench/results/scaleout_smollm2.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
GRADER = "grader"


def log(msg: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def running_replicas(app: str) -> int:
    from ray import serve

    status = serve.status().applications.get(app)
    if status is None or GRADER not in status.deployments:
        return 0
    return int(status.deployments[GRADER].replica_states.get("RUNNING", 0))


def item_stream(prefix: str) -> Any:
    rows = [json.loads(line) for line in (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines()]
    good = [r for r in rows if r["id"].startswith("good-")]
    n = 0
    while True:
        r = good[n % len(good)]
        yield dict(r, id=f"{prefix}{n}", response=r["response"] + f"\n\n(Variant {n}.)", options={"use_cache": False})
        n += 1


class Driver:
    """Sends judgments at a fixed concurrency; records completion times and losses."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.done: list[float] = []
        self.lost: list[str] = []
        self.judge_failed: list[str] = []
        self.sent = 0

    async def run(self, client: Any, items: Any, concurrency: int, *, n: int | None = None,
                  until: float | None = None) -> None:
        async def worker() -> None:
            while (n is None or self.sent < n) and (until is None or time.monotonic() < until):
                item = next(items)
                self.sent += 1
                failed = False
                try:
                    r = await client.post(f"{self.base_url}/v1/score", json=item, timeout=600)
                    ok = r.status_code == 200 and r.json().get("id") == item["id"]
                    failed = ok and bool(r.json().get("judge_failed"))
                    if not ok:
                        log(f"  {item['id']}: HTTP {r.status_code} {r.text[:200]}")
                except Exception as exc:  # noqa: BLE001 - any transport failure is a lost judgment
                    ok = False
                    log(f"  {item['id']}: {exc!r}")
                if failed:
                    self.judge_failed.append(item["id"])
                if ok:
                    self.done.append(time.monotonic())
                else:
                    self.lost.append(item["id"])

        await asyncio.gather(*(worker() for _ in range(concurrency)))

    def rate(self, t0: float, t1: float) -> float:
        return sum(t0 <= t < t1 for t in self.done) / (t1 - t0) if t1 > t0 else 0.0


async def heavy_only(base_url: str, args: argparse.Namespace) -> dict[str, Any]:
    """The heavy phase alone (the one-replica baseline)."""
    import httpx

    drv = Driver(base_url)
    async with httpx.AsyncClient(limits=httpx.Limits(max_connections=256)) as client:
        log(f"baseline, one grader replica: {args.heavy_concurrency} in flight, {args.heavy_n} judgments")
        t0 = time.monotonic()
        await drv.run(client, item_stream("b"), args.heavy_concurrency, n=args.heavy_n)
        t1 = time.monotonic()
    return {"completed": len(drv.done), "lost": drv.lost, "judge_failed": drv.judge_failed,
            "seconds": round(t1 - t0, 1), "per_s": len(drv.done) / (t1 - t0)}


async def scenario(app: str, base_url: str, args: argparse.Namespace) -> dict[str, Any]:
    import httpx

    drv = Driver(base_url)
    items = item_stream("s")
    timeline: list[tuple[float, int]] = []
    stop = asyncio.Event()

    async def watch() -> None:
        while not stop.is_set():
            timeline.append((time.monotonic(), await asyncio.to_thread(running_replicas, app)))
            await asyncio.sleep(0.5)

    watcher = asyncio.create_task(watch())
    async with httpx.AsyncClient(limits=httpx.Limits(max_connections=256)) as client:
        t_light = time.monotonic()
        log(f"light load: {args.light_concurrency} in flight for {args.light_s} s")
        await drv.run(client, items, args.light_concurrency, until=t_light + args.light_s)
        t_heavy = time.monotonic()
        log(f"heavy load: {args.heavy_concurrency} in flight, {args.heavy_n} judgments")
        drv.sent = 0
        await drv.run(client, items, args.heavy_concurrency, n=args.heavy_n)
        t_idle = time.monotonic()
        heavy_done = sum(t_heavy <= t <= t_idle for t in drv.done)
        log(f"tail: {args.tail_concurrency} in flight, waiting for the scale-down")
        scaled_down = asyncio.Event()

        async def wait_down() -> None:
            while time.monotonic() < t_idle + args.idle_timeout_s:
                if timeline and timeline[-1][0] > t_idle and timeline[-1][1] == 1:
                    break
                await asyncio.sleep(1.0)
            scaled_down.set()

        async def tail() -> None:
            drv.sent = 0
            while not scaled_down.is_set():  # one judgment per worker at a time until the scale-down
                await drv.run(client, items, args.tail_concurrency, n=drv.sent + args.tail_concurrency)

        await asyncio.gather(wait_down(), *([tail()] if args.tail_concurrency else []))
        t_end = time.monotonic()
    stop.set()
    await watcher
    up = next((t for t, n in timeline if t >= t_heavy and n >= 2), None)
    down = next((t for t, n in timeline if up is not None and t > t_idle and n == 1), None)
    out: dict[str, Any] = {
        "completed": len(drv.done), "lost": drv.lost, "judge_failed": drv.judge_failed,
        "replicas_during_light": sorted({n for t, n in timeline if t_light <= t < t_heavy}),
        "max_replicas_seen": max((n for _, n in timeline), default=0),
        "time_to_scale_up_s": None if up is None else round(up - t_heavy, 1),
        "time_to_scale_down_s": None if down is None else round(down - t_idle, 1),
        "light_per_s": drv.rate(t_light, t_heavy),
        "tail_completed": sum(t_idle <= t <= t_end for t in drv.done),
        "heavy_seconds": round(t_idle - t_heavy, 1),
        "heavy_per_s": heavy_done / (t_idle - t_heavy),
    }
    if up is not None:
        # "after" starts when Serve reports the replica RUNNING: a real engine has loaded its model by then
        out["heavy_before_scale_up_per_s"] = drv.rate(t_heavy, up)
        out["heavy_after_scale_up_per_s"] = drv.rate(up, t_idle)
        out["after_over_before"] = (out["heavy_after_scale_up_per_s"] / out["heavy_before_scale_up_per_s"]
                                    if out["heavy_before_scale_up_per_s"] else None)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--light-concurrency", type=int, default=1)
    ap.add_argument("--light-s", type=float, default=15.0)
    ap.add_argument("--heavy-concurrency", type=int, default=24)
    ap.add_argument("--heavy-n", type=int, default=240)
    ap.add_argument("--target-ongoing", type=float, default=4.0, help="Autoscaler target per grader replica.")
    ap.add_argument("--llm-concurrency", type=int, default=16,
                    help="Grader questions in flight from the ingress (one judgment asks up to ~5 at once).")
    ap.add_argument("--upscale-delay-s", type=float, default=5.0)
    ap.add_argument("--downscale-delay-s", type=float, default=10.0)
    ap.add_argument("--idle-timeout-s", type=float, default=90.0)
    ap.add_argument("--tail-concurrency", type=int, default=0,
                    help="Judgments kept in flight while waiting for the scale-down (0: idle).")
    ap.add_argument("--baseline", action="store_true",
                    help="First run the heavy phase on one grader replica (same items) for a side-by-side ratio.")
    ap.add_argument("--engine", choices=["sim", "smollm2"], default="sim",
                    help="sim: the simulated slot-limited engine; smollm2: the real embedded engine per replica.")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    os.environ.setdefault("HRM_SIM_PER_TOKEN_S", "0.0001")
    os.environ.setdefault("HRM_SIM_DECODE_S", "0.05")
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    sys.path.insert(0, str(ROOT))  # `python research/bench/bench_scaleout.py` puts only research/bench/ on the path
    import ray
    from ray import serve

    from judge_server.serve.app import build_app
    from judge_server.serve.ray_start import start_local_ray
    from research.bench.bench_affinity import free_port, smollm2_engine

    env = {k: os.environ[k] for k in ("PYTHONPATH", "HRM_SIM_PER_TOKEN_S", "HRM_SIM_DECODE_S", "HRM_SIM_SLOTS")
           if k in os.environ}
    start_local_ray(8, object_store_memory=150 * 1024**2, runtime_env={"env_vars": env})
    http_port = free_port()
    serve.start(http_options={"host": "127.0.0.1", "port": http_port})
    engine = smollm2_engine(2) if args.engine == "smollm2" else {"kind": "research.bench.bench_affinity:PrefixCacheSim"}
    config = {"hrm": {"engine": engine, "cache": {"enabled": False},
                      "judge": {"concurrency": args.llm_concurrency}},
              "grpc": {"enabled": False}, "ingress": {"num_cpus": 0.1}, "max_queue": 100_000,
              "grader": {"num_cpus": 0.1, "max_ongoing_requests": 8,
                         "autoscaling": {"min_replicas": 1, "max_replicas": 2,
                                         "target_ongoing_requests": args.target_ongoing,
                                         "upscale_delay_s": args.upscale_delay_s,
                                         "downscale_delay_s": args.downscale_delay_s}}}
    app = "scaleout"
    base_url = f"http://127.0.0.1:{http_port}"
    baseline = None
    try:
        if args.baseline:
            one = json.loads(json.dumps(config))
            one["grader"]["autoscaling"] |= {"max_replicas": 1}
            serve.run(build_app(one), name=app, route_prefix="/", blocking=False)
            assert serve.get_deployment_handle(GRADER, app_name=app).wait_ready.remote(600).result()
            baseline = asyncio.run(heavy_only(base_url, args))
            serve.delete(app)
        serve.run(build_app(config), name=app, route_prefix="/", blocking=False)
        assert serve.get_deployment_handle(GRADER, app_name=app).wait_ready.remote(600).result()
        result = asyncio.run(scenario(app, base_url, args))
        if baseline is not None:
            result["baseline_one_replica"] = baseline
            result["heavy_autoscaled_over_one_replica"] = (result["heavy_per_s"] / baseline["per_s"]
                                                           if baseline["per_s"] else None)
    finally:
        serve.shutdown()
        ray.shutdown()
    print(json.dumps(result, indent=2))
    if args.json:
        args.json.write_text(json.dumps({"args": vars(args) | {"json": str(args.json)}, **result}, indent=2))


if __name__ == "__main__":
    main()
