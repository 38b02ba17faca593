"""Slot affinity benchmark (issue 14): a trajectory's questions pinned to one llama.cpp slot vs llama.cpp's choice.

One process loads the same embedded model once per arm (affinity on/off x prompt layout), each arm a pipeline
with ``n_parallel`` slots, verdict cache off (every question reaches the engine), ``judge.concurrency``
questions in flight and ``--in-flight`` judgments at once (>= 2x slots, so trajectories interleave). Items go
in batches of ``--in-flight``; every batch is judged by every arm, the arm order rotating per batch, so load
drift on the shared machine hits all arms alike. An arm never sees an item twice (llama.cpp's host-RAM prompt
cache would serve the repeat).

Per arm: cached share of prompt tokens, prompt tokens processed per judgment (prompt minus cache hits),
judgments per minute (judgments / the arm's own wall time), and per layout the items whose L1 verdict differs
between affinity on and off.

    .venv/bin/python research/bench/bench_slot_affinity.py research/devset/dev.jsonl --flaw none --items 12
    .venv/bin/python research/bench/bench_slot_affinity.py research/devset/dev.jsonl --model qwen2.5-coder-1.5b --items 4 \
        --layouts shared_first --l1-only --out research/bench/results/slot_affinity/1.5b
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from pathlib import Path
from typing import Any

from bench_layout import load_items, usage  # type: ignore[import-not-found]  # research/bench/ is on sys.path when run

from hrm_tools.calibrate.run import DevItem, build_pipeline, prediction

ROOT = Path(__file__).resolve().parents[2]
LAYOUTS = ("shared_first", "question_first")


def _config(model: str, layout: str, affinity: bool, slots: int, concurrency: int, threads: int) -> Any:
    from judge_server.config import HRMConfig

    return HRMConfig(engine={"kind": "embedded", "model": model, "n_parallel": slots, "slot_affinity": affinity,
                             "n_ctx": 4096 * slots, "threads": threads, "batch_threads": threads},
                     cache={"enabled": False}, judge={"concurrency": concurrency, "prompt_layout": layout})


def arm_name(layout: str, affinity: bool) -> str:
    return f"{layout}/{'on' if affinity else 'off'}"


async def run(args: argparse.Namespace, items: list[DevItem]) -> dict[str, Any]:
    arms = [(layout, aff) for layout in args.layouts for aff in (True, False)]
    pipes: dict[str, Any] = {}
    pack = None
    for layout, aff in arms:
        config = _config(args.model, layout, aff, args.slots, args.concurrency, args.threads)
        pipes[arm_name(layout, aff)], pack = build_pipeline(config, args.pack, l1=args.l1_only)
    assert pack is not None
    records: dict[str, list[dict[str, Any]]] = {k: [] for k in pipes}
    wall = dict.fromkeys(pipes, 0.0)
    for p in pipes.values():
        await p.start()
    names = list(pipes)
    try:
        batches = [items[i:i + args.in_flight] for i in range(0, len(items), args.in_flight)]
        for b, batch in enumerate(batches):
            order = names[b % len(names):] + names[:b % len(names)]
            for name in order:
                requests = [it.request.model_copy(update={"rubric": pack.id}) for it in batch]
                t0 = time.perf_counter()
                results = await pipes[name].score_many(requests, concurrency=args.in_flight)
                dt = time.perf_counter() - t0
                wall[name] += dt
                for item, result in zip(batch, results, strict=True):
                    ok = not isinstance(result, Exception)
                    rec = prediction(item, result if ok else None, dt / len(batch),
                                     error=None if ok else str(result))
                    records[name].append(rec)
                    if args.out is not None:
                        args.out.mkdir(parents=True, exist_ok=True)
                        with (args.out / f"{name.replace('/', '_')}.jsonl").open("a") as fh:
                            fh.write(json.dumps(rec) + "\n")
                prompt = sum(r.get("prompt_tokens", 0) for r in records[name][-len(batch):])
                cached = sum(r.get("cached_prompt_tokens", 0) for r in records[name][-len(batch):])
                print(f"[batch {b + 1}/{len(batches)}] {name:22} {dt:6.1f} s, {prompt} prompt / {cached} cached "
                      f"({cached / prompt if prompt else 0:.3f})", flush=True)
    finally:
        for p in pipes.values():
            await p.close()
    return {name: summarise(records[name], wall[name]) for name in names}


def summarise(records: list[dict[str, Any]], wall_s: float) -> dict[str, Any]:
    return {**usage(records, wall_s), "errors": sum(bool(r.get("error")) for r in records),
            "l1_pass": {r["id"]: r.get("l1_pass") for r in records}}


def report(out: dict[str, Any], layouts: list[str]) -> str:
    keys = ["judgments_per_min", "llm_calls", "prompt_tokens_per_judgment", "processed_tokens_per_judgment",
            "cached_share", "judge_failed", "errors"]
    lines = []
    for layout in layouts:
        on, off = out[arm_name(layout, True)], out[arm_name(layout, False)]
        lines.append(f"{layout:32}{'affinity on':>14}{'off':>12}{'on/off':>10}")
        for key in keys:
            a, b = on[key], off[key]
            ratio = f"{a / b:10.3f}" if b else f"{'n/a':>10}"
            lines.append(f"  {key:30}{a:>14.3f}{b:>12.3f}{ratio}")
        differ = sorted(i for i in on["l1_pass"] if on["l1_pass"][i] != off["l1_pass"].get(i))
        lines.append(f"  items whose L1 verdict differs on vs off: {differ or 'none'}")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data", type=Path, nargs="?", default=ROOT / "research/devset" / "dev.jsonl")
    ap.add_argument("--model", default="smollm2-135m")
    ap.add_argument("--pack", default="smartshop")
    ap.add_argument("--layouts", nargs="+", default=list(LAYOUTS), choices=LAYOUTS)
    ap.add_argument("--flaw", help="Only dev items with this flaw label (e.g. 'none': good items ask the most).")
    ap.add_argument("--items", type=int, default=0, help="Use only the first N items (0 = all).")
    ap.add_argument("--l1-only", action="store_true", help="Only the pack's L1 checks.")
    ap.add_argument("--slots", type=int, default=2, help="llama.cpp slots (n_parallel) per arm.")
    ap.add_argument("--in-flight", type=int, default=4, help="Judgments in flight per arm (>= 2x slots).")
    ap.add_argument("--concurrency", type=int, default=4, help="judge.concurrency: questions in flight per arm.")
    ap.add_argument("--threads", type=int, default=1, help="llama.cpp threads per arm.")
    ap.add_argument("--out", type=Path, help="Append per-item records here and write report.json.")
    args = ap.parse_args()
    items = load_items(args.data)
    if args.flaw:
        items = [it for it in items if it.flaw == args.flaw]
    items = items[: args.items] if args.items else items
    out = asyncio.run(run(args, items))
    print(f"model {args.model}, {args.data.name}: {len(items)} items{' (flaw ' + args.flaw + ')' if args.flaw else ''}, "
          f"pack {args.pack}{' (L1 only)' if args.l1_only else ''}, verdict cache off, {args.slots} slots, "
          f"{args.in_flight} judgments / {args.concurrency} questions in flight, arms rotated per batch")
    print(report(out, args.layouts))
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        meta = {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()}
        (args.out / "report.json").write_text(json.dumps({"args": meta, **out}, indent=2))


if __name__ == "__main__":
    main()
