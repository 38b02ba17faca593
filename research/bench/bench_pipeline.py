"""Pipeline throughput on the embedded engine, with llama.cpp prompt-prefix reuse on vs off.

Scores the sample set with the same model loaded twice in one process (verdict cache off, so every
question reaches the engine): `cache_prompt` on and off, interleaved item by item. Prints judgments per second and
prompt tokens actually processed per judgment (prompt tokens minus those served from the prefix
cache), and the on/off ratios. The machine is shared and noisy: read the ratios, not the absolutes.

    .venv/bin/python research/bench/bench_pipeline.py                      # SmolLM2 (fast, plumbing model)
    .venv/bin/python research/bench/bench_pipeline.py --model qwen2.5-coder-1.5b --items 6
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from pathlib import Path

from judge_server.config import HRMConfig
from judge_server.pipeline import ScoringPipeline

ROOT = Path(__file__).resolve().parents[2]


def _pipeline(model: str, cache_prompt: bool) -> ScoringPipeline:
    cfg = HRMConfig(engine={"kind": "embedded", "model": model, "cache_prompt": cache_prompt, "n_parallel": 1},
                    cache={"enabled": False}, judge={"concurrency": 1})
    return ScoringPipeline(cfg)


async def run(model: str, items: list[dict], rounds: int) -> dict[str, dict[str, float]]:
    """Both settings loaded side by side; each item is scored by both, alternating which goes first,
    so load drift on a shared machine hits both settings alike."""
    pipes = {"on": _pipeline(model, True), "off": _pipeline(model, False)}
    stats = {k: {"judgments": 0, "wall_s": 0.0, "llm_calls": 0, "prompt": 0, "cached": 0} for k in pipes}
    for p in pipes.values():
        await p.start()
    try:
        n = 0
        for _ in range(rounds):
            for data in items:
                order = ["on", "off"] if n % 2 == 0 else ["off", "on"]
                n += 1
                for key in order:
                    p, st = pipes[key], stats[key]
                    t0 = time.perf_counter()
                    r = await p.score(p.parse_request(data))
                    st["wall_s"] += time.perf_counter() - t0
                    st["judgments"] += 1
                    st["llm_calls"] += r.llm_calls
                    st["prompt"] += r.prompt_tokens
                    st["cached"] += r.cached_prompt_tokens
    finally:
        for p in pipes.values():
            await p.close()
    out = {}
    for key, st in stats.items():
        j = st["judgments"]
        out[key] = {"judgments": j, "wall_s": st["wall_s"], "judgments_per_s": j / st["wall_s"],
                    "llm_calls": st["llm_calls"], "prompt_tokens_per_judgment": st["prompt"] / j,
                    "processed_tokens_per_judgment": (st["prompt"] - st["cached"]) / j,
                    "cached_share": st["cached"] / st["prompt"] if st["prompt"] else 0.0}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", default="smollm2-135m")
    ap.add_argument("--items", type=int, default=0, help="Use only the first N sample items (0 = all).")
    ap.add_argument("--rounds", type=int, default=1, help="Passes over the items per setting.")
    ap.add_argument("--json", type=Path, help="Also write the numbers here.")
    args = ap.parse_args()
    items = [json.loads(line) for line in (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines()]
    items = items[: args.items] if args.items else items
    both = asyncio.run(run(args.model, items, args.rounds))
    on, off = both["on"], both["off"]
    print(f"model {args.model}, {len(items)} items x {args.rounds} round(s), verdict cache off, 1 slot, "
          "settings interleaved per item")
    print(f"{'':32}{'prefix reuse on':>18}{'off':>12}{'on/off':>10}")
    for key in ("judgments_per_s", "prompt_tokens_per_judgment", "processed_tokens_per_judgment", "cached_share",
                "llm_calls"):
        ratio = on[key] / off[key] if off[key] else float("nan")
        print(f"{key:32}{on[key]:>18.3f}{off[key]:>12.3f}{ratio:>10.3f}")
    if args.json:
        args.json.write_text(json.dumps({"model": args.model, "on": on, "off": off}, indent=2))


if __name__ == "__main__":
    main()
