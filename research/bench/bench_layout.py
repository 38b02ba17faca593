"""Prompt layout benchmark: question-first (the default) vs shared-first vs pack-first, same grader, same items.

One pipeline per layout on the embedded engine, the model loaded once per arm in one process, verdict
cache and calibration off (every question reaches the engine and is answered), one llama.cpp slot and one
question in flight each. Each item is scored by every arm, the arm order rotating per item so load drift
on the shared machine hits all alike. Layouts (``judge.prompt_layout``, judge_server/grading/prompts.py):

* ``question_first``: the question's text, then only its own inputs (the baseline);
* ``shared_first``: the pack's material (query, catalog, this rollout's material), then the question;
* ``pack_first``: every question's guidance in the system message, the material, then a short ask.

Prints prompt tokens per judgment, tokens actually processed (prompt minus prefix-cache hits), the cached
share and judgments per minute per arm and their ratio to the baseline, and where the engine's time went
(llama.cpp's own prefill and decode timings). From the baseline's split it derives the **layout ceiling**:
its judgment time over its decode and non-engine time, i.e. the judgments/min ratio a layout would reach if
it left no prompt token to compute and the answers unchanged. No layout can beat it. Items with ``labels``
(the dev set) also get L1 agreement (accuracy, Cohen's kappa) per arm. Per-item records are appended to
``OUT/<layout>.jsonl`` as they come.

    .venv/bin/python research/bench/bench_layout.py examples/smartshop.jsonl --model smollm2-135m
    .venv/bin/python research/bench/bench_layout.py research/devset/dev.jsonl --l1-only --items 20 --layouts pack_first
    .venv/bin/python research/bench/bench_layout.py research/devset/dev.jsonl --flaw none --model qwen2.5-coder-1.5b
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from pathlib import Path
from typing import Any

from hrm_tools.calibrate.run import DevItem, build_pipeline, compute_metrics, load_devset, prediction
from judge_server.config import HRMConfig
from judge_server.engines.base import Generation, summed_usage

ROOT = Path(__file__).resolve().parents[2]
LAYOUTS = ("question_first", "shared_first", "pack_first")
BASELINE = "question_first"


def _config(model: str, layout: str) -> HRMConfig:
    # calibration off: every question is answered (a forced verdict), so the layouts ask the same questions
    # instead of stopping wherever a less confident answer abstains
    judge: dict[str, Any] = {"concurrency": 1, "calibration_file": "off", "prompt_layout": layout}
    return HRMConfig(engine={"kind": "embedded", "model": model, "n_parallel": 1},
                     cache={"enabled": False}, judge=judge)


def load_items(path: Path) -> list[DevItem]:
    """Dev items (with labels) or plain requests (labels empty)."""
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    if all(isinstance(d.get("labels"), dict) for d in lines):
        return load_devset(path)
    from hrm_wire.models import ScoreRequest
    return [DevItem(ScoreRequest.model_validate(d), {}, "none", None, "") for d in lines]


def record_generations(engine: Any) -> list[Generation]:
    """Every Generation the engine returns from now on, in order (the judge looks ``generate`` up per call)."""
    seen: list[Generation] = []
    inner = engine.generate

    async def generate(request: Any) -> Generation:
        gen = await inner(request)
        seen.append(gen)
        return gen

    engine.generate = generate
    return seen


def engine_split(gens: list[Generation]) -> dict[str, float | None]:
    """Engine seconds by phase and answer tokens of one judgment's generations (None if a phase went unreported)."""
    summed = summed_usage(gens)
    return {"prefill_s": summed["prefill_s"], "decode_s": summed["decode_s"],
            "completion_tokens": summed["completion_tokens"]}


async def warm_up(engine: Any) -> None:
    """One short generation before timing: the first one pages the mmapped weights in from disk (on the 1.5B it
    made the first timed judgment 3-10x slower), and only the arm that happens to go first would pay it."""
    from judge_server.engines.base import ChatMessage, GenerationRequest

    await engine.generate(GenerationRequest(messages=(ChatMessage(role="user", content="Say yes."),), max_tokens=4))


async def run(model: str, items: list[DevItem], pack_id: str, l1: bool, out: Path | None,
              layouts: tuple[str, ...]) -> dict[str, Any]:
    pipes = {}
    for layout in layouts:
        pipes[layout], pack = build_pipeline(_config(model, layout), pack_id, l1=l1)
    records: dict[str, list[dict[str, Any]]] = {k: [] for k in layouts}
    wall = dict.fromkeys(layouts, 0.0)
    for p in pipes.values():
        await p.start()
        await warm_up(p.engine)
    generations = {layout: record_generations(pipes[layout].engine) for layout in layouts}
    try:
        for n, item in enumerate(items):
            order = layouts[n % len(layouts):] + layouts[: n % len(layouts)]
            for layout in order:
                request = item.request.model_copy(update={"rubric": pack.id})
                seen = len(generations[layout])
                t0 = time.perf_counter()
                result = await pipes[layout].score(request)
                dt = time.perf_counter() - t0
                wall[layout] += dt
                rec = prediction(item, result, dt) | engine_split(generations[layout][seen:])
                records[layout].append(rec)
                if out is not None:
                    out.mkdir(parents=True, exist_ok=True)
                    with (out / f"{layout}.jsonl").open("a") as fh:
                        fh.write(json.dumps(rec) + "\n")
                print(f"[{n + 1}/{len(items)}] {layout:15} {item.request.id}: L1 {rec.get('l1_pass')} "
                      f"(label {item.labels.get('l1_pass')}) {dt:6.1f} s, {rec['llm_calls']} calls, "
                      f"{rec['prompt_tokens']} prompt / {rec['cached_prompt_tokens']} cached, "
                      f"prefill {rec['prefill_s'] or 0:.1f} s, decode {rec['decode_s'] or 0:.1f} s "
                      f"({rec['completion_tokens']} tokens)", flush=True)
    finally:
        for p in pipes.values():
            await p.close()
    return {layout: summarise(records[layout], wall[layout]) for layout in layouts}


def usage(records: list[dict[str, Any]], wall_s: float) -> dict[str, Any]:
    """Throughput and prompt-cache figures of one arm's per-item records (shared with bench_slot_affinity)."""
    j = len(records)
    prompt = sum(r.get("prompt_tokens", 0) for r in records)
    cached = sum(r.get("cached_prompt_tokens", 0) for r in records)
    return {
        "judgments": j, "wall_s": round(wall_s, 2), "judgments_per_min": 60 * j / wall_s if wall_s else 0.0,
        "llm_calls": sum(r.get("llm_calls", 0) for r in records),
        "prompt_tokens_per_judgment": prompt / j if j else 0.0,
        "processed_tokens_per_judgment": (prompt - cached) / j if j else 0.0,
        "cached_share": cached / prompt if prompt else 0.0,
        "judge_failed": sum(bool(r.get("judge_failed")) for r in records),
        **time_split(records, wall_s),
    }


def time_split(records: list[dict[str, Any]], wall_s: float) -> dict[str, Any]:
    """Per-judgment engine seconds by phase, the rest of the wall time, and the decode tokens behind them."""
    j = len(records)
    if not j or any(r.get("prefill_s") is None or r.get("decode_s") is None for r in records):
        return {}
    prefill = sum(r["prefill_s"] for r in records)
    decode = sum(r["decode_s"] for r in records)
    return {"prefill_s_per_judgment": prefill / j, "decode_s_per_judgment": decode / j,
            "other_s_per_judgment": max(0.0, wall_s - prefill - decode) / j,
            "completion_tokens_per_judgment": sum(r.get("completion_tokens", 0) for r in records) / j,
            "prefill_share_of_wall": prefill / wall_s if wall_s else 0.0}


def layout_ceiling(arm: dict[str, Any]) -> float | None:
    """The most a layout can raise this arm's judgments/min with the answers unchanged: all prefill gone."""
    if "prefill_s_per_judgment" not in arm:
        return None
    rest = arm["decode_s_per_judgment"] + arm["other_s_per_judgment"]
    total = rest + arm["prefill_s_per_judgment"]
    return total / rest if rest else None


def summarise(records: list[dict[str, Any]], wall_s: float) -> dict[str, Any]:
    out = usage(records, wall_s)
    if any(r["labels"] for r in records):
        metrics = compute_metrics(records)
        gate = metrics.get("l1_gate") or {}
        out["l1_accuracy"] = gate.get("accuracy")
        out["l1_kappa"] = gate.get("kappa")
    out["l1_pass"] = {r["id"]: r.get("l1_pass") for r in records}
    return out


def report(arms: dict[str, Any]) -> str:
    base = arms[BASELINE]
    others = [k for k in arms if k != BASELINE]
    keys = ["judgments_per_min", "llm_calls", "prompt_tokens_per_judgment", "processed_tokens_per_judgment",
            "cached_share", "judge_failed", "prefill_s_per_judgment", "decode_s_per_judgment",
            "other_s_per_judgment", "completion_tokens_per_judgment", "prefill_share_of_wall", "l1_accuracy",
            "l1_kappa"]
    keys = [k for k in keys if any(k in a for a in arms.values())]
    head = f"{'':32}{BASELINE:>16}" + "".join(f"{k:>16}{'/' + BASELINE[:5]:>10}" for k in others)
    lines = [head]

    def cell(v: Any) -> str:
        return f"{'n/a' if v is None else f'{v:.3f}':>16}"

    for key in keys:
        row = f"{key:32}{cell(base.get(key))}"
        for k in others:
            a, b = arms[k].get(key), base.get(key)
            ratio = f"{a / b:.3f}" if a is not None and b else ""
            row += f"{cell(a)}{ratio:>10}"
        lines.append(row)
    for k in others:
        differ = sorted(i for i in arms[k]["l1_pass"] if arms[k]["l1_pass"][i] != base["l1_pass"].get(i))
        lines.append(f"items whose L1 verdict differs, {k} vs {BASELINE}: {differ or 'none'}")
    ceiling = layout_ceiling(base)
    if ceiling is not None:
        lines.append(f"layout ceiling from {BASELINE}'s split: {ceiling:.2f}x judgments/min (no prompt token left "
                     "to compute, same answers); measured: " + ", ".join(
                         f"{k} {arms[k]['judgments_per_min'] / base['judgments_per_min']:.2f}x" for k in others))
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data", type=Path, nargs="?", default=ROOT / "examples" / "smartshop.jsonl")
    ap.add_argument("--model", default="smollm2-135m")
    ap.add_argument("--pack", default="smartshop")
    ap.add_argument("--l1-only", action="store_true", help="Only the pack's L1 checks (no L2/process questions).")
    ap.add_argument("--items", type=int, default=0, help="Use only the first N items (0 = all).")
    ap.add_argument("--flaw", help="Only dev items with this flaw label ('none': good items, which ask the grader "
                                   "the most questions).")
    ap.add_argument("--out", type=Path, help="Append per-item records here and write report.json.")
    ap.add_argument("--layouts", default=",".join(LAYOUTS),
                    help=f"Comma-separated arms; {BASELINE} is always included as the baseline.")
    args = ap.parse_args()
    items = load_items(args.data)
    if args.flaw:
        items = [it for it in items if it.flaw == args.flaw]
    items = items[: args.items] if args.items else items
    layouts = tuple(dict.fromkeys([BASELINE, *(x.strip() for x in args.layouts.split(",") if x.strip())]))
    arms = asyncio.run(run(args.model, items, args.pack, args.l1_only, args.out, layouts))
    print(f"model {args.model}, {args.data.name}: {len(items)} items{f' (flaw {args.flaw})' if args.flaw else ''}, "
          f"pack {args.pack}"
          f"{' (L1 only)' if args.l1_only else ''}, verdict cache off, 1 slot, layouts interleaved per item")
    print(report(arms))
    if args.out:
        (args.out / "report.json").write_text(json.dumps({"model": args.model, "data": str(args.data),
                                                          "l1_only": args.l1_only, "flaw": args.flaw,
                                                          "layout_ceiling": layout_ceiling(arms[BASELINE]),
                                                          **arms}, indent=2))


if __name__ == "__main__":
    main()
