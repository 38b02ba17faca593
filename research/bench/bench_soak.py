"""Soak: mixed traffic at ~80 % of measured capacity against the real Ray Serve app, with grader
replica kills every few minutes, for a configurable duration (default 30 min).

Reports, per time window, judgments finished, p50/p99 latency (per item, retries included) and errors;
at the end, errors by type (every attempt, and what was left after the retries), items lost (target 0),
answered items missing from the judgment store (a SQLite file; target 0), the answers by store state
from /metrics, readiness outages (GET /readyz polled twice a second), and the RSS of every replica at
start and end (sampled every 10 s; ``--plot`` draws RSS and latency over time with matplotlib).

    python research/bench/bench_soak.py                                   # 30 min, fake engine (0.2 s/generation)
    python research/bench/bench_soak.py --duration-s 300 --kill-every-s 90 --json out/soak.json --plot out/soak.png

Traffic mix per arrival: gRPC unary 40 %, HTTP unary 30 %, gRPC batch of 4 20 %, HTTP batch of 4 10 %;
20 % of items repeat an earlier one with the cache on, the rest are judged afresh. Arrivals are
open-loop (Poisson) at ``--load`` x the capacity measured by a closed-loop warm-up, with at most
``--max-in-flight`` arrivals outstanding (past it an arrival is counted as shed, not sent). Everything
stays on 127.0.0.1 and is bounded in time and count.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _serve import log, pct, running_app

ROOT = Path(__file__).resolve().parents[2]
APP = "hrm-soak"
RETRYABLE = {"overloaded", "engine_unavailable"}
MIX = (("grpc_unary", 0.4), ("http_unary", 0.3), ("grpc_batch", 0.2), ("http_batch", 0.1))
BATCH = 4


@dataclass
class Tally:
    """Everything the load loop observed, item by item."""

    latencies: list[tuple[float, float]] = field(default_factory=list)  # (finish time, seconds)
    attempt_errors: Counter[str] = field(default_factory=Counter)       # every failed attempt, by type
    final_errors: Counter[str] = field(default_factory=Counter)         # items that ended in an error
    submitted: int = 0
    answered: int = 0
    shed: int = 0
    kills: list[float] = field(default_factory=list)
    not_ready: list[tuple[float, float]] = field(default_factory=list)
    rss: dict[str, dict[str, float]] = field(default_factory=dict)
    rss_series: dict[str, list[tuple[float, float]]] = field(default_factory=dict)  # (monotonic t, MB)
    answered_ids: set[str] = field(default_factory=set)
    samples: dict[str, str] = field(default_factory=dict)                # one message per error type
    store: dict[str, Any] = field(default_factory=dict)                  # the store check at the end


class Traffic:
    """Sends items through the real clients (retries done here, so every failed attempt is counted)."""

    def __init__(self, grpc_target: str, http_url: str, tally: Tally, *, max_attempts: int, deadline_s: float) -> None:
        from hrm_client import AsyncJudgeClient, RetryPolicy

        self.tally = tally
        self.max_attempts = max_attempts
        self.deadline_s = deadline_s
        self.none = RetryPolicy.none()
        self.grpc = AsyncJudgeClient(grpc_target, transport="grpc", timeout=deadline_s, retry=self.none)
        self.http = AsyncJudgeClient(http_url, transport="http", timeout=deadline_s, retry=self.none)
        self.rows = [json.loads(line) for line in (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines()]
        self.serial = 0
        self.policy = RetryPolicy(max_attempts=max_attempts, initial_backoff_s=0.2, max_backoff_s=5.0)

    def item(self, rng: random.Random) -> dict[str, Any]:
        self.serial += 1
        row = dict(self.rows[rng.randrange(len(self.rows))], id=f"soak-{self.serial}")
        if rng.random() >= 0.2:  # 80 % judged afresh; 20 % may be cache hits
            row["options"] = {"use_cache": False}
        return row

    async def send(self, kind: str, items: list[dict[str, Any]]) -> None:
        t0 = time.monotonic()
        client = self.grpc if kind.startswith("grpc") else self.http
        pending = list(items)
        attempt = 0
        self.tally.submitted += len(items)
        while pending:
            attempt += 1
            try:
                if kind.endswith("unary"):
                    outcomes: list[Any] = [await client.score(pending[0], retry=self.none)]
                else:
                    outcomes = await client.score_batch(pending, retry=self.none)
            except Exception as exc:  # noqa: BLE001 - a whole-call failure: every pending item failed this attempt
                outcomes = [exc] * len(pending)
            again = []
            for row, out in zip(pending, outcomes, strict=True):
                if isinstance(out, Exception):
                    code = getattr(out, "code", type(out).__name__)
                    details = getattr(out, "details", None) or {}
                    wire = details.get("wire_grpc_code") or details.get("wire_http_status")
                    self.tally.attempt_errors[f"{code} ({wire})" if wire else code] += 1
                    self.tally.samples.setdefault(code, str(out)[:200])
                    if code in RETRYABLE and attempt < self.max_attempts:
                        again.append(row)
                    else:
                        self.tally.final_errors[code] += 1
                else:
                    self.tally.answered += 1
                    self.tally.answered_ids.add(row["id"])
                    self.tally.latencies.append((time.monotonic(), time.monotonic() - t0))
            pending = again
            if pending:
                await asyncio.sleep(self.policy.backoff(attempt))

    async def close(self) -> None:
        await self.grpc.close()
        await self.http.close()


async def capacity(traffic: Traffic, seconds: float, concurrency: int) -> float:
    """Items/s of a closed loop of the soak's own traffic mix (the warm-up)."""
    rng = random.Random(1)
    end = time.monotonic() + seconds
    done = 0

    async def worker() -> None:
        nonlocal done
        while time.monotonic() < end:
            kind = rng.choices([k for k, _ in MIX], weights=[w for _, w in MIX])[0]
            n = 1 if kind.endswith("unary") else BATCH
            await traffic.send(kind, [traffic.item(rng) for _ in range(n)])
            done += n

    t0 = time.monotonic()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return done / (time.monotonic() - t0)


def kill_a_grader(rng: random.Random) -> str | None:
    import ray

    names = [a["name"] for a in ray.util.list_named_actors(all_namespaces=True) if f"{APP}#grader#" in a["name"]]
    if not names:
        return None
    name = rng.choice(names)
    ray.kill(ray.get_actor(name, namespace="serve"), no_restart=True)
    return name


def sample_rss(tally: Tally) -> None:
    """RSS of every Serve replica process of the app (Ray titles them ``ray::ServeReplica:<app>:<name>``)."""
    import psutil

    for proc in psutil.process_iter(["pid", "cmdline", "memory_info"]):
        cmd = " ".join(proc.info.get("cmdline") or [])
        if f"ServeReplica:{APP}:" not in cmd or proc.info.get("memory_info") is None:
            continue
        deployment = cmd.split(f"ServeReplica:{APP}:", 1)[1].split()[0].split(".")[0]
        key = f"{deployment}/pid {proc.info['pid']}"
        mb = proc.info["memory_info"].rss / 2**20
        entry = tally.rss.setdefault(key, {"start_mb": mb, "end_mb": mb})
        entry["end_mb"] = mb
        tally.rss_series.setdefault(key, []).append((time.monotonic(), mb))


async def watch(http_url: str, tally: Tally, stop: asyncio.Event) -> None:
    import httpx

    down_since: float | None = None
    async with httpx.AsyncClient(base_url=http_url, timeout=5) as http:
        while not stop.is_set():
            try:
                ready = (await http.get("/readyz")).status_code == 200
            except Exception:  # noqa: BLE001 - an unanswered probe is not ready
                ready = False
            now = time.monotonic()
            if not ready and down_since is None:
                down_since = now
            elif ready and down_since is not None:
                tally.not_ready.append((down_since, now))
                down_since = None
            await asyncio.sleep(0.5)
    if down_since is not None:
        tally.not_ready.append((down_since, time.monotonic()))


async def check_store(http_url: str, db: Path | None, tally: Tally) -> None:
    """Answered items missing from the store (read from the SQLite file), and the service's own
    counts of answers by store state and of the writer (from /metrics)."""
    import httpx
    from prometheus_client.parser import text_string_to_metric_families

    async with httpx.AsyncClient(base_url=http_url, timeout=30) as http:
        text = (await http.get("/metrics")).text
    answers, writer = {}, {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "hrm_answers_total":
                answers[sample.labels["stored"]] = int(sample.value)
            elif sample.name.startswith("hrm_store_"):
                writer[sample.name] = int(sample.value)
    tally.store = {"answers_by_store_state": answers, "writer": writer}
    if db is not None:
        with sqlite3.connect(db) as conn:
            stored = {row[0] for row in conn.execute("SELECT request_id FROM judgments")}
        missing = tally.answered_ids - stored
        tally.store.update(answered_ids=len(tally.answered_ids), answered_not_stored=len(missing),
                           missing_sample=sorted(missing)[:10])


async def soak(args: argparse.Namespace, grpc_target: str, http_url: str,
               db: Path | None) -> tuple[Tally, float, float, float]:
    tally = Tally()
    traffic = Traffic(grpc_target, http_url, tally, max_attempts=args.max_attempts, deadline_s=args.deadline_s)
    log(f"warm-up: closed loop for {args.warmup_s:.0f} s at concurrency {args.warmup_concurrency}")
    cap = await capacity(traffic, args.warmup_s, args.warmup_concurrency)
    rate = args.rate if args.rate else args.load * cap
    log(f"capacity {cap:.2f} judgments/s; soak at {rate:.2f}/s for {args.duration_s:.0f} s")
    tally.latencies.clear()
    tally.attempt_errors.clear()
    tally.final_errors.clear()
    tally.answered_ids.clear()
    tally.submitted = tally.answered = 0

    rng = random.Random(args.seed)
    stop = asyncio.Event()
    watcher = asyncio.ensure_future(watch(http_url, tally, stop))
    sample_rss(tally)
    t_start = time.monotonic()
    next_kill = t_start + args.kill_every_s
    next_rss = t_start
    tasks: set[asyncio.Task[Any]] = set()
    items_per_arrival = sum(w * (1 if k.endswith("unary") else BATCH) for k, w in MIX)
    while time.monotonic() - t_start < args.duration_s:
        now = time.monotonic()
        if args.kill_every_s > 0 and now >= next_kill:
            name = await asyncio.to_thread(kill_a_grader, rng)
            tally.kills.append(now - t_start)
            log(f"t={now - t_start:.0f}s killed {name}")
            next_kill += args.kill_every_s
        if now >= next_rss:
            await asyncio.to_thread(sample_rss, tally)
            next_rss += 10
        kind = rng.choices([k for k, _ in MIX], weights=[w for _, w in MIX])[0]
        if len(tasks) >= args.max_in_flight:
            tally.shed += 1
        else:
            n = 1 if kind.endswith("unary") else BATCH
            task = asyncio.ensure_future(traffic.send(kind, [traffic.item(rng) for _ in range(n)]))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        await asyncio.sleep(rng.expovariate(rate / items_per_arrival))
    log(f"arrivals stopped; waiting for {len(tasks)} in flight")
    if tasks:
        await asyncio.wait(tasks, timeout=args.deadline_s * args.max_attempts + 30)
    sample_rss(tally)
    stop.set()
    await watcher
    await traffic.close()
    try:
        await check_store(http_url, db, tally)
    except Exception as exc:  # noqa: BLE001 - the soak's own figures are still reported
        log(f"store check failed: {type(exc).__name__}: {exc}")
        tally.store = {"check_failed": f"{type(exc).__name__}: {exc}"}
    return tally, cap, rate, t_start


def report(args: argparse.Namespace, tally: Tally, cap: float, rate: float, t_start: float) -> dict[str, Any]:
    windows: dict[int, list[float]] = defaultdict(list)
    for finished, seconds in tally.latencies:
        windows[int((finished - t_start) // args.window_s)].append(seconds)
    rows = []
    for w in sorted(windows):
        lat = windows[w]
        rows.append({"t_s": w * args.window_s, "done": len(lat), "per_s": len(lat) / args.window_s,
                     "p50_ms": pct(lat, 50) * 1000, "p99_ms": pct(lat, 99) * 1000})
    all_lat = [s for _, s in tally.latencies]
    lost = tally.submitted - tally.answered
    out = {
        "duration_s": args.duration_s, "window_s": args.window_s, "capacity_per_s": cap, "target_per_s": rate,
        "load": rate / cap,
        "grader_replicas": args.grader_replicas, "kills_at_s": [round(k, 1) for k in tally.kills],
        "submitted": tally.submitted, "answered": tally.answered, "items_lost": lost, "shed_arrivals": tally.shed,
        "p50_ms": pct(all_lat, 50) * 1000, "p99_ms": pct(all_lat, 99) * 1000,
        "errors_by_type_all_attempts": dict(tally.attempt_errors), "errors_by_type_final": dict(tally.final_errors),
        "error_samples": tally.samples,
        "not_ready_s": [[round(a - t_start, 1), round(b - a, 1)] for a, b in tally.not_ready],
        "rss_mb": {k: {kk: round(vv, 1) for kk, vv in v.items()} for k, v in sorted(tally.rss.items())},
        "rss_series_mb": {k: [[round(t - t_start, 1), round(mb, 1)] for t, mb in v]
                          for k, v in sorted(tally.rss_series.items())},
        "store": tally.store,
        "windows": rows,
    }
    print(f"{'t (s)':>6} {'done':>6} {'/s':>7} {'p50 ms':>9} {'p99 ms':>9}")
    for r in rows:
        print(f"{r['t_s']:>6.0f} {r['done']:>6} {r['per_s']:>7.2f} {r['p50_ms']:>9.1f} {r['p99_ms']:>9.1f}")
    print(f"capacity {cap:.2f}/s, offered {rate:.2f}/s ({rate / cap:.0%} of it); submitted {tally.submitted}, answered "
          f"{tally.answered}, lost {lost}, shed arrivals {tally.shed}; p50/p99 {out['p50_ms']:.0f}/"
          f"{out['p99_ms']:.0f} ms")
    print(f"kills at {out['kills_at_s']} s; not ready (start s, length s): {out['not_ready_s']}")
    print(f"errors, every attempt: {out['errors_by_type_all_attempts']}; left after retries: "
          f"{out['errors_by_type_final']}")
    for code, message in tally.samples.items():
        print(f"  e.g. {code}: {message}")
    for name, v in out["rss_mb"].items():
        print(f"RSS {name}: {v['start_mb']:.0f} -> {v['end_mb']:.0f} MB")
    if tally.store:
        print(f"store: {tally.store}")
    return out


def plot(path: Path, out: dict[str, Any]) -> None:
    """RSS of every replica and p50/p99 latency per window over time; grader kills as vertical lines."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        log("matplotlib is not installed: no plot")
        return
    fig, (rss_ax, lat_ax) = plt.subplots(2, 1, figsize=(10, 7), sharex=True)
    for name, series in out["rss_series_mb"].items():
        if series:
            rss_ax.plot([t / 60 for t, _ in series], [mb for _, mb in series], label=name)
    rss_ax.set_ylabel("RSS (MB)")
    rss_ax.legend(fontsize=7, loc="upper left")
    windows = out["windows"]
    minutes = [(w["t_s"] + out["window_s"] / 2) / 60 for w in windows]  # each window at its middle
    lat_ax.plot(minutes, [w["p50_ms"] for w in windows], label="p50")
    lat_ax.plot(minutes, [w["p99_ms"] for w in windows], label="p99")
    lat_ax.set_yscale("log")
    lat_ax.set_ylabel("latency per item (ms)")
    lat_ax.set_xlabel("minutes")
    lat_ax.legend(loc="upper left")
    for ax in (rss_ax, lat_ax):
        for k in out["kills_at_s"]:
            ax.axvline(k / 60, color="grey", alpha=0.4, linewidth=0.8)
    fig.suptitle(f"soak: {out['submitted']} items, {out['items_lost']} lost; grader kills in grey")
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    log(f"plot written to {path}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--duration-s", type=float, default=1800.0, help="soak length (default 30 min)")
    ap.add_argument("--kill-every-s", type=float, default=180.0, help="kill a grader replica this often (0: never)")
    ap.add_argument("--load", type=float, default=0.8, help="fraction of the measured capacity to offer")
    ap.add_argument("--rate", type=float, help="offer this many items/s instead (the capacity is still measured)")
    ap.add_argument("--warmup-s", type=float, default=30.0, help="closed-loop capacity measurement")
    ap.add_argument("--warmup-concurrency", type=int, default=32)
    ap.add_argument("--window-s", type=float, default=30.0, help="reporting window")
    ap.add_argument("--fake-delay", type=float, default=0.2, help="seconds per generation (fake engine)")
    ap.add_argument("--grader-replicas", type=int, default=1)
    ap.add_argument("--max-in-flight", type=int, default=256, help="outstanding arrivals before shedding")
    ap.add_argument("--max-attempts", type=int, default=12, help="attempts per item on retryable errors")
    ap.add_argument("--deadline-s", type=float, default=60.0, help="per-attempt deadline")
    ap.add_argument("--max-queue", type=int, default=256, help="the ingress's admission bound (max_queue)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--no-store", action="store_true", help="run without the judgment store (SQLite by default)")
    ap.add_argument("--ack-timeout-s", type=float, default=2.0,
                    help="store.ack_timeout_s: longest wait for a judgment's commit before answering")
    ap.add_argument("--json", type=Path, help="also write the results here")
    ap.add_argument("--plot", type=Path, help="draw RSS per replica and latency over time here (matplotlib)")
    args = ap.parse_args()

    import tempfile

    tmp = Path(tempfile.mkdtemp(prefix="hrm-soak-"))
    db = None if args.no_store else tmp / "judgments.db"
    config = {"hrm": {"engine": {"kind": "fake", "fake": {"delay_s": args.fake_delay}},
                      "cache": {"directory": str(tmp / "cache")}, "judge": {"concurrency": 64}},
              "max_queue": args.max_queue, "ingress": {"num_cpus": 0.1},
              "grader": {"num_cpus": 0.1, "num_replicas": args.grader_replicas},
              "store": None if db is None else {"url": f"sqlite:///{db}", "ack_timeout_s": args.ack_timeout_s}}
    with running_app(config, name=APP) as app:
        tally, cap, rate, t_start = asyncio.run(soak(args, app.grpc_target, app.http_url, db))
    out = report(args, tally, cap, rate, t_start)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=2))
    if args.plot:
        try:
            plot(args.plot, out)
        except Exception as exc:  # noqa: BLE001 - the figures are printed and saved already
            log(f"plot failed: {type(exc).__name__}: {exc}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
