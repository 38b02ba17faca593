"""How much of each layout's prompts a prefix cache can serve, with no grader run (exact, instant, noise-free).

Every arm scores the same items through the real pipeline on the scripted fake engine (every answer a
pass, so every question a good answer gets is asked), records the rendered grader prompts in order, and
replays them against two prefix-cache models:

* ``trajectory``: only this judgment's earlier questions are cached (a fresh slot per judgment);
* ``host``: every earlier prompt is cached (llama.cpp keeps evicted slot prompts in host RAM,
  ``cache_ram_mib``, and restores the best match into any slot; vLLM's automatic prefix cache while it
  fits), so a question also reuses the same question about an earlier rollout of the same prompt.

A prompt's cached part is its longest common prefix with any cached prompt. Counts are characters of the
rendered chat text (about 4 per token). Also printed: the mean prompt length, which is the context every
generated token attends to; on CPU that length, not only the computed part, costs time
(``research/bench/bench_layout.py`` measures it on a real grader).

    .venv/bin/python research/bench/bench_prompt_reuse.py research/devset/dev.jsonl --flaw none
    .venv/bin/python research/bench/bench_prompt_reuse.py examples/smartshop.jsonl --json out.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path
from typing import Any

from bench_layout import LAYOUTS, load_items  # type: ignore[import-not-found]  # research/bench/ is on sys.path when run

from hrm_tools.calibrate.run import DevItem, build_pipeline
from judge_server.config import HRMConfig
from judge_server.engines.base import GenerationRequest
from judge_server.engines.fake import FakeEngine

ROOT = Path(__file__).resolve().parents[2]


def chat_text(request: GenerationRequest) -> str:
    return "".join(f"<|{m.role}|>{m.content}" for m in request.messages)


def common_prefix(a: str, b: str) -> int:
    """Length of the common prefix (binary search on slices: the comparisons run in C)."""
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


async def prompts_per_item(layout: str, items: list[DevItem], pack_id: str, l1: bool) -> list[list[str]]:
    config = HRMConfig(engine={"kind": "fake"}, cache={"enabled": False},
                       judge={"prompt_layout": layout, "calibration_file": "off"})
    engine = FakeEngine(config.engine)
    pipeline, pack = build_pipeline(config, pack_id, l1=l1, engine=engine)
    await pipeline.start()
    out = []
    try:
        for item in items:
            seen = len(engine.requests)
            await pipeline.score(item.request.model_copy(update={"rubric": pack.id}))
            out.append([chat_text(r) for r in engine.requests[seen:]])
    finally:
        await pipeline.close()
    return out


def replay(per_item: list[list[str]], scope: str) -> dict[str, float]:
    """Characters prompted and served from cache when the prompts arrive in order under one cache model."""
    cache: list[str] = []
    total = cached = 0
    for prompts in per_item:
        if scope == "trajectory":
            cache = []
        for p in prompts:
            total += len(p)
            cached += max((common_prefix(p, c) for c in cache), default=0)
            cache.append(p)
    n = len(per_item) or 1
    return {"chars_per_judgment": total / n, "computed_chars_per_judgment": (total - cached) / n,
            "cached_share": cached / total if total else 0.0}


def measure(items: list[DevItem], layouts: tuple[str, ...], pack_id: str, l1: bool) -> dict[str, Any]:
    arms: dict[str, Any] = {}
    for layout in layouts:
        per_item = asyncio.run(prompts_per_item(layout, items, pack_id, l1))
        calls = sum(len(p) for p in per_item)
        arms[layout] = {"questions_per_judgment": calls / max(1, len(per_item)),
                        "mean_prompt_chars": sum(len(p) for ps in per_item for p in ps) / max(1, calls),
                        **{scope: replay(per_item, scope) for scope in ("trajectory", "host")}}
    return arms


def report(arms: dict[str, Any]) -> str:
    base = arms.get("question_first")
    lines = [f"{'layout':16}{'questions':>10}{'prompt chars':>14}{'cached (trajectory)':>21}{'cached (host)':>15}"
             f"{'computed chars/judgment (host)':>32}"]
    for layout, a in arms.items():
        computed = a["host"]["computed_chars_per_judgment"]
        ratio = f" ({computed / base['host']['computed_chars_per_judgment']:.2f}x)" if base else ""
        lines.append(f"{layout:16}{a['questions_per_judgment']:>10.1f}{a['mean_prompt_chars']:>14.0f}"
                     f"{a['trajectory']['cached_share']:>21.3f}{a['host']['cached_share']:>15.3f}"
                     f"{computed:>24.0f}{ratio:>8}")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data", type=Path, nargs="?", default=ROOT / "research/devset" / "dev.jsonl")
    ap.add_argument("--pack", default="smartshop")
    ap.add_argument("--l1-only", action="store_true", help="Only the pack's L1 checks.")
    ap.add_argument("--flaw", help="Only dev items with this flaw label ('none': good items, the most questions).")
    ap.add_argument("--layouts", default=",".join(LAYOUTS), help="Comma-separated layouts.")
    ap.add_argument("--json", type=Path, help="Also write the figures here.")
    args = ap.parse_args()
    items = load_items(args.data)
    if args.flaw:
        items = [it for it in items if it.flaw == args.flaw]
    layouts = tuple(x.strip() for x in args.layouts.split(",") if x.strip())
    arms = measure(items, layouts, args.pack, args.l1_only)
    print(f"{args.data.name}: {len(items)} items{f' (flaw {args.flaw})' if args.flaw else ''}, pack {args.pack}"
          f"{' (L1 only)' if args.l1_only else ''}, prompts replayed in item order")
    print(report(arms))
    if args.json:
        args.json.write_text(json.dumps({"data": str(args.data), "flaw": args.flaw, "l1_only": args.l1_only,
                                         **arms}, indent=2))


if __name__ == "__main__":
    main()
