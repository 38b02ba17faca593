"""The pipeline's own CPU per judgment, today's tree side by side with earlier commits, in one run.

With a grader that costs nothing (the fake engine, no delay), everything a judgment costs is HRM's own work: request
parsing, rules, prompt rendering, the verdict cache, parsing answers, the composition. Each tree (this checkout and
each ``--against`` commit, checked out in a temporary git worktree) is measured in a fresh process, the trees
interleaved over ``--rounds`` rounds on the same 300 judgments of ``examples/smartshop.jsonl``:

- ``miss``: judgments/s and CPU ms per judgment with the cache off (every grader question asked);
- ``hit``: CPU ms per judgment and p50 latency when every question is a cache hit (the second pass over the same
  items; the cost a judgment has with no grader work at all);
- grader questions per judgment (designs differ in how many they ask, so CPU per question is printed too).

The budget is the first ``--against`` commit (last round's release by default): a line starting with REGRESSION is
printed, and the exit status is 3, when today's CPU per judgment (miss or hit) is more than ``--budget`` (2.0) times
the reference's.

    python research/bench/bench_pipeline_cpu.py --rounds 3 --json research/bench/results/pipeline_cpu/pipeline_cpu.json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
#: the commit of last round's service benchmark (bench/results/service_smollm2.json)
LAST_ROUND = "fdb27bf"

# Runs inside each tree (its own judge_server on PYTHONPATH); the API it uses is the same in every release.
CHILD = r"""
import asyncio, json, sys, tempfile, time
from judge_server.config import HRMConfig
from judge_server.engines import fake
from judge_server.pipeline import ScoringPipeline

n, concurrency = int(sys.argv[1]), int(sys.argv[2])
rows = [json.loads(line) for line in open("examples/smartshop.jsonl") if line.strip()]
items = [dict(rows[i % len(rows)], id=f"p{i}") for i in range(n)]
calls = [0]
generate = fake.FakeEngine.generate

async def counted(self, request):
    calls[0] += 1
    # older trees' fakes keep every request they were asked (a heap the garbage collector walks, growing with the
    # run); dropping them here measures every tree's pipeline without its test double's memory
    self.requests.clear()
    # a real grader call waits for its answer at least once (network, engine queue); the fake at zero delay never
    # waits, which would let a tree that starts its checks in place skip the task a real call needs
    await asyncio.sleep(0)
    return await generate(self, request)

fake.FakeEngine.generate = counted

async def main():
    hrm = {"engine": {"kind": "fake", "fake": {"delay_s": 0.0}}, "cache": {"directory": tempfile.mkdtemp()},
           "judge": {"concurrency": concurrency}}
    pipeline = ScoringPipeline(HRMConfig.model_validate(hrm))
    await pipeline.start()
    sem = asyncio.Semaphore(concurrency)

    async def one(item, use_cache, lat=None):
        async with sem:
            t = time.perf_counter()
            r = await pipeline.score(pipeline.parse_request({**item, "options": {"use_cache": use_cache}}))
            if lat is not None:
                lat.append(time.perf_counter() - t)
            assert r.reward is not None or r.judge_failed or r.abstained

    await asyncio.gather(*(one(i, False) for i in items[:20]))  # warm-up
    calls[0] = 0
    c0, t0 = time.process_time(), time.perf_counter()
    await asyncio.gather(*(one(i, False) for i in items))
    miss = {"jps": n / (time.perf_counter() - t0), "cpu_ms": 1000 * (time.process_time() - c0) / n,
            "questions": calls[0] / n}
    await asyncio.gather(*(one(i, True) for i in items))  # fill the cache
    lat = []
    c0 = time.process_time()
    for i in items:  # one at a time: latency without queueing
        await one(i, True, lat)
    hit = {"cpu_ms": 1000 * (time.process_time() - c0) / n, "p50_ms": 1000 * sorted(lat)[len(lat) // 2]}
    await pipeline.close()
    print("RESULT " + json.dumps({"miss": miss, "hit": hit}))

asyncio.run(main())
"""


def measure(tree: Path, n: int, concurrency: int) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(tree), "HRM_HOME": tempfile.mkdtemp()}
    out = subprocess.run([sys.executable, "-c", CHILD, str(n), str(concurrency)], cwd=tree, env=env,
                         capture_output=True, text=True, timeout=900)
    line = next((x for x in out.stdout.splitlines() if x.startswith("RESULT ")), None)
    if out.returncode != 0 or line is None:
        raise SystemExit(f"measuring {tree} failed:\n{out.stderr[-3000:]}")
    return json.loads(line[len("RESULT "):])


def summary(runs: list[dict[str, Any]]) -> dict[str, float]:
    med = {f"{k}_{m}": statistics.median(r[k][m] for r in runs) for k in ("miss", "hit") for m in runs[0][k]}
    med["miss_cpu_ms_per_question"] = med["miss_cpu_ms"] / med["miss_questions"]
    return med


def plot(result: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = list(result["trees"])
    s = [result["trees"][t]["median"] for t in names]
    fig, ax = plt.subplots(figsize=(7, 3.6))
    x = range(len(names))
    ax.bar([i - 0.2 for i in x], [v["miss_cpu_ms"] for v in s], 0.4, label="cache off (every question asked)")
    ax.bar([i + 0.2 for i in x], [v["hit_cpu_ms"] for v in s], 0.4, label="every question a cache hit")
    ax.set_xticks(list(x), names)
    ax.set_ylabel("CPU ms per judgment")
    ax.set_title("HRM's own CPU per judgment, free grader (median of rounds)")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--against", nargs="*", default=[LAST_ROUND], help="commits to compare with (first = budget)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--concurrency", type=int, default=32)
    ap.add_argument("--budget", type=float, default=2.0, help="REGRESSION past this many times the reference")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        trees: dict[str, Path] = {}
        for ref in args.against:
            path = Path(tmp) / ref.replace("/", "_")
            subprocess.run(["git", "worktree", "add", "--detach", "-q", str(path), ref], cwd=ROOT, check=True)
            trees[ref] = path
        trees["this tree"] = ROOT
        runs: dict[str, list[dict[str, Any]]] = {t: [] for t in trees}
        try:
            for r in range(args.rounds):
                for name, path in trees.items():
                    runs[name].append(measure(path, args.n, args.concurrency))
                    m = runs[name][-1]
                    print(f"round {r + 1}/{args.rounds} {name}: {m['miss']['jps']:.0f} judgments/s, "
                          f"{m['miss']['cpu_ms']:.2f} CPU ms/judgment (cache off), {m['hit']['cpu_ms']:.2f} "
                          f"(cache hits), {m['miss']['questions']:.1f} questions/judgment", flush=True)
        finally:
            for path in trees.values():
                if path != ROOT:
                    subprocess.run(["git", "worktree", "remove", "--force", str(path)], cwd=ROOT, check=False)
    result: dict[str, Any] = {"n": args.n, "concurrency": args.concurrency, "rounds": args.rounds,
                              "budget": args.budget, "reference": args.against[0] if args.against else None,
                              "trees": {t: {"runs": v, "median": summary(v)} for t, v in runs.items()}}
    now = result["trees"]["this tree"]["median"]
    print(f"\n{'tree':<12} {'j/s':>7} {'CPU ms/j':>9} {'q/j':>5} {'CPU ms/q':>9} {'hit CPU ms/j':>13} {'hit p50 ms':>11}")
    for name, t in result["trees"].items():
        m = t["median"]
        print(f"{name:<12} {m['miss_jps']:7.0f} {m['miss_cpu_ms']:9.2f} {m['miss_questions']:5.1f} "
              f"{m['miss_cpu_ms_per_question']:9.3f} {m['hit_cpu_ms']:13.2f} {m['hit_p50_ms']:11.2f}")
    status = 0
    if args.against:
        ref = result["trees"][args.against[0]]["median"]
        ratios = {k: now[k] / ref[k] for k in ("miss_cpu_ms", "hit_cpu_ms", "miss_cpu_ms_per_question", "hit_p50_ms")}
        result["ratios_vs_reference"] = ratios
        print("this tree / " + args.against[0] + ": " + ", ".join(f"{k} {v:.2f}x" for k, v in ratios.items()))
        # rounds interleave the trees, so a round's ratio compares them at the same moment of a shared machine
        paired = {k: [mine[k.split("_", 1)[0]][k.split("_", 1)[1]] / theirs[k.split("_", 1)[0]][k.split("_", 1)[1]]
                      for mine, theirs in zip(runs["this tree"], runs[args.against[0]], strict=True)]
                  for k in ("miss_cpu_ms", "hit_cpu_ms", "hit_p50_ms")}
        result["paired_ratios_vs_reference"] = paired
        print("per round: " + "; ".join(f"{k} {' '.join(f'{r:.2f}' for r in v)} (median {statistics.median(v):.2f}x)"
                                         for k, v in paired.items()))
        over = [k for k in ("miss_cpu_ms", "hit_cpu_ms") if ratios[k] > args.budget]
        if over:
            print(f"REGRESSION: {', '.join(over)} more than {args.budget}x {args.against[0]}'s")
            status = 3
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=2) + "\n")
        plot(result, args.json.with_suffix(".png"))
    return status


if __name__ == "__main__":
    sys.exit(main())
