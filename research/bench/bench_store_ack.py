"""What the commit wait costs: scoring latency with ``store.ack_timeout_s`` on vs 0, side by side.

Four apps run in one Ray Serve instance on the fake engine (the service path and the store are real):
SQLite (WAL, synchronous=FULL) and PostgreSQL (a private throwaway cluster, fsync on), each with the
commit wait on (``ack_timeout_s`` default 2 s: the answer waits for its judgment's group commit) and
off (``0``: the answer goes out at once, ``pending``). Rounds are interleaved (every round runs each
app, in an order that alternates) so the shared machine's drift hits all four alike. Each round sends
``--n`` sequential HTTP requests (concurrency 1: a request's own commit wait) and ``--n`` more at
``--concurrency`` (group commit shares one transaction among the waiting answers); the answers'
``stored`` field is checked (``written`` with the wait, ``pending`` without).

    flock /tmp/hrm-ray.lock nice -n 15 python research/bench/bench_store_ack.py --rounds 6 --n 40 --concurrency 8

Prints p50/p99 per app and load, and the ratios on/off; writes research/bench/results/store_ack/store_ack.json.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
from _serve import log, pct, running_apps

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "research/bench" / "results" / "store_ack"
BACKENDS = ("sqlite", "postgres")
MODES = {"on": 2.0, "off": 0.0}  # ack_timeout_s; "on" is the StoreConfig default
EXPECTED = {"on": "written", "off": "pending"}


def items() -> list[dict[str, Any]]:
    return [json.loads(line) for line in (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines()]


def app_config(url: str, ack_timeout_s: float, cache_dir: str) -> dict[str, Any]:
    return {"hrm": {"engine": {"kind": "fake"}, "cache": {"enabled": False, "directory": cache_dir},
                    "judge": {"concurrency": 64}},
            "store": {"url": url, "ack_timeout_s": ack_timeout_s},
            "grpc": {"enabled": False},
            "max_queue": 256,
            "ingress": {"num_cpus": 0.1}, "grader": {"num_cpus": 0.1}}


def one(client: httpx.Client, item: dict[str, Any]) -> tuple[float, str | None]:
    t0 = time.perf_counter()
    r = client.post("/v1/score", json=item)
    dt = (time.perf_counter() - t0) * 1000
    r.raise_for_status()
    return dt, r.json().get("stored")


def run_round(client: httpx.Client, rows: list[dict[str, Any]], n: int, concurrency: int,
              tag: str) -> tuple[list[float], list[float], set[str | None]]:
    batch = [dict(rows[i % len(rows)], id=f"{tag}-s{i}") for i in range(n)]
    seq = [one(client, item) for item in batch]
    batch = [dict(rows[i % len(rows)], id=f"{tag}-c{i}") for i in range(n)]
    with ThreadPoolExecutor(concurrency) as pool:
        conc = list(pool.map(lambda item: one(client, item), batch))
    return [d for d, _ in seq], [d for d, _ in conc], {s for _, s in seq + conc}


def summary(ms: list[float]) -> dict[str, float]:
    return {"n": len(ms), "p50_ms": round(pct(ms, 50), 2), "p99_ms": round(pct(ms, 99), 2)}


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=6)
    p.add_argument("--n", type=int, default=40, help="requests per load per app per round")
    p.add_argument("--concurrency", type=int, default=8)
    p.add_argument("--warmup", type=int, default=10)
    p.add_argument("--out", type=Path, default=OUT / "store_ack.json")
    args = p.parse_args(argv)

    sys.path.insert(0, str(ROOT / "tests"))
    from pg_cluster import throwaway_cluster  # the tests' throwaway PostgreSQL cluster

    rows = items()
    with tempfile.TemporaryDirectory(prefix="hrm-bench-ack-") as tmp, throwaway_cluster(fsync=True) as pg:
        urls = {"sqlite": f"sqlite:///{tmp}/judgments.db", "postgres": pg.new_database("hrm_bench_ack")}
        configs = {f"{b}-{m}": app_config(urls[b], ack, f"{tmp}/cache-{b}-{m}")
                   for b in BACKENDS for m, ack in MODES.items()}
        log(f"starting {len(configs)} apps")
        with running_apps(configs) as apps:
            clients = {name: httpx.Client(base_url=app.http_url, timeout=60) for name, app in apps.items()}
            for name, c in clients.items():
                for i in range(args.warmup):
                    one(c, dict(rows[i % len(rows)], id=f"warm-{name}-{i}"))
            lat: dict[str, dict[str, list[float]]] = {name: {"seq": [], "conc": []} for name in apps}
            states: dict[str, set[str | None]] = {name: set() for name in apps}
            rounds: dict[str, dict[str, list[float]]] = {name: {"seq": [], "conc": []} for name in apps}
            order = list(apps)
            for r in range(args.rounds):
                for name in (order if r % 2 == 0 else order[::-1]):
                    seq, conc, seen = run_round(clients[name], rows, args.n, args.concurrency, f"r{r}-{name}")
                    lat[name]["seq"] += seq
                    lat[name]["conc"] += conc
                    rounds[name]["seq"].append(pct(seq, 50))
                    rounds[name]["conc"].append(pct(conc, 50))
                    states[name] |= seen
                log(f"round {r + 1}/{args.rounds} p50 seq: " + ", ".join(
                    f"{n} {rounds[n]['seq'][-1]:.1f}ms" for n in order))
            for c in clients.values():
                c.close()

    for name, seen in states.items():
        want = EXPECTED[name.rsplit("-", 1)[1]]
        assert seen == {want}, f"{name}: answers said {seen}, expected only {want!r}"
    result: dict[str, Any] = {
        "what": "HTTP /v1/score latency with the store's commit wait on (ack_timeout_s 2) vs off (0), fake "
                "engine, 4 apps in one Serve instance, interleaved rounds",
        "args": {k: v for k, v in vars(args).items() if k != "out"},
        "machine": {"cpus": _cpus(), "python": platform.python_version()},
        "apps": {name: {load: summary(ms) for load, ms in by.items()} for name, by in lat.items()},
        "ratios_on_off": {},
    }
    print(f"{'backend':<10}{'load':<8}{'p50 on':>9}{'p50 off':>9}{'ratio':>7}{'p99 on':>9}{'p99 off':>9}{'ratio':>7}"
          f"  per-round p50 ratio min..max")
    for b in BACKENDS:
        for load in ("seq", "conc"):
            on, off = lat[f"{b}-on"][load], lat[f"{b}-off"][load]
            r50, r99 = pct(on, 50) / pct(off, 50), pct(on, 99) / pct(off, 99)
            per_round = [a / b_ for a, b_ in zip(rounds[f"{b}-on"][load], rounds[f"{b}-off"][load], strict=True)]
            result["ratios_on_off"][f"{b}/{load}"] = {
                "p50": round(r50, 3), "p99": round(r99, 3),
                "p50_per_round": [round(x, 3) for x in per_round]}
            print(f"{b:<10}{load:<8}{pct(on, 50):9.1f}{pct(off, 50):9.1f}{r50:7.2f}"
                  f"{pct(on, 99):9.1f}{pct(off, 99):9.1f}{r99:7.2f}  {min(per_round):.2f}..{max(per_round):.2f}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    log(f"wrote {args.out}")
    return 0


def _cpus() -> int:
    import os

    return len(os.sched_getaffinity(0))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
