"""Pipeline throughput on the embedded engine, with llama.cpp prompt-prefix reuse on vs off.

Scores the sample set twice with the same model in one process run (verdict cache off, so every
question reaches the engine): once with `cache_prompt` on, once off. Prints judgments per second and
prompt tokens actually processed per judgment (prompt tokens minus those served from the prefix
cache), and the on/off ratios. The machine is shared and noisy: read the ratios, not the absolutes.

    .venv/bin/python bench/bench_pipeline.py                      # SmolLM2 (fast, plumbing model)
    .venv/bin/python bench/bench_pipeline.py --model qwen2.5-coder-1.5b --items 6
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from pathlib import Path

from judge_server.config import HRMConfig
from judge_server.pipeline import ScoringPipeline

ROOT = Path(__file__).resolve().parent.parent


async def run(model: str, cache_prompt: bool, items: list[dict], rounds: int) -> dict[str, float]:
    cfg = HRMConfig(engine={"kind": "embedded", "model": model, "cache_prompt": cache_prompt, "n_parallel": 1},
                    cache={"enabled": False}, judge={"concurrency": 1})
    pipeline = ScoringPipeline(cfg)
    await pipeline.start()
    judgments = calls = prompt = cached = 0
    t0 = time.perf_counter()
    try:
        for _ in range(rounds):
            for data in items:
                r = await pipeline.score(pipeline.parse_request(data))
                judgments += 1
                calls += r.llm_calls
                prompt += r.prompt_tokens
                cached += r.cached_prompt_tokens
    finally:
        await pipeline.close()
    wall = time.perf_counter() - t0
    return {"judgments": judgments, "wall_s": wall, "judgments_per_s": judgments / wall, "llm_calls": calls,
            "prompt_tokens_per_judgment": prompt / judgments,
            "processed_tokens_per_judgment": (prompt - cached) / judgments,
            "cached_share": cached / prompt if prompt else 0.0}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", default="smollm2-135m")
    ap.add_argument("--items", type=int, default=0, help="Use only the first N sample items (0 = all).")
    ap.add_argument("--rounds", type=int, default=1, help="Passes over the items per setting.")
    ap.add_argument("--json", type=Path, help="Also write the numbers here.")
    args = ap.parse_args()
    items = [json.loads(line) for line in (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines()]
    items = items[: args.items] if args.items else items
    on = asyncio.run(run(args.model, True, items, args.rounds))
    off = asyncio.run(run(args.model, False, items, args.rounds))
    print(f"model {args.model}, {len(items)} items x {args.rounds} round(s), verdict cache off, 1 slot")
    print(f"{'':32}{'prefix reuse on':>18}{'off':>12}{'on/off':>10}")
    for key in ("judgments_per_s", "prompt_tokens_per_judgment", "processed_tokens_per_judgment", "cached_share",
                "llm_calls"):
        ratio = on[key] / off[key] if off[key] else float("nan")
        print(f"{key:32}{on[key]:>18.3f}{off[key]:>12.3f}{ratio:>10.3f}")
    if args.json:
        args.json.write_text(json.dumps({"model": args.model, "on": on, "off": off}, indent=2))


if __name__ == "__main__":
    main()
