"""Prompt-cache benchmark of the embedded engine: the same judgments with ``cache_prompt`` on and off.

Every prompt is a shared static rubric prefix followed by a different graded answer (the layout HRM uses). Two
engines (cache on, cache off) load the same GGUF and get the same requests, interleaved, so machine load hits
both alike. Prints prompt tokens processed per generation, seconds per generation, generations/s and ratios.

    python research/bench/bench_engine.py                      # SmolLM2-135M (smoke model)
    python research/bench/bench_engine.py --model qwen2.5-coder-1.5b --n 4
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time

from judge_server.engines.base import ChatMessage, Generation, GenerationRequest
from judge_server.engines.configs import engine_config
from judge_server.engines.embedded import EmbeddedEngine

RUBRIC = """You are grading one answer of a conversational shopping assistant against a single rubric question.

Rubric question: does the recommended product satisfy every hard constraint the user stated (budget, size,
compatibility, delivery date)? A constraint counts as satisfied only when the answer or the product card states
a value that meets it. Missing information fails the check. Prices on product cards win over prices in the text.

Examples:
- User budget $50; answer recommends a $45 blender with the price on its card -> pass.
- User needs a 27-inch monitor; answer recommends a 24-inch one -> fail.
- User needs delivery by Friday; answer does not mention delivery -> fail.
- User asks for a USB-C charger for a Pixel 8; card lists USB-C PD 30 W -> pass.

Think about each constraint in turn, then answer with the JSON verdict only: is_pass (boolean) and a reason of at
most one short sentence. Do not repeat the answer. Do not add fields.
"""

ANSWERS = [
    "User: blender under $50. Answer: The Acme X1 blender costs $45 and ships tomorrow.",
    "User: 27-inch monitor under $300. Answer: The ViewPro 24 is $199, a great deal.",
    "User: USB-C charger for a Pixel 8. Answer: The VoltMax PD charger, USB-C, 30 W, $19.",
    "User: running shoes size 44 by Friday. Answer: The Stride Lite in size 44, delivery Thursday, $89.",
    "User: kettle under $30. Answer: The SteelBoil kettle is $42 and very popular.",
    "User: laptop bag for a 16-inch laptop. Answer: The Urban Sleeve fits laptops up to 14 inches.",
    "User: coffee grinder under $60 delivered this week. Answer: The BurrOne grinder, $55, arrives Wednesday.",
    "User: HDMI 2.1 cable, 3 m. Answer: The LinkMax HDMI 2.1 cable, 3 m, $12.",
]

VERDICT = {"type": "object",
           "properties": {"is_pass": {"type": "boolean"}, "reason": {"type": "string", "maxLength": 100}},
           "required": ["is_pass", "reason"], "additionalProperties": False}


def request(i: int, max_tokens: int) -> GenerationRequest:
    answer = ANSWERS[i % len(ANSWERS)] + ("" if i < len(ANSWERS) else f" (variant {i})")
    return GenerationRequest(messages=(ChatMessage(role="system", content=RUBRIC),
                                       ChatMessage(role="user", content=f"Answer to grade:\n{answer}")),
                             json_schema=VERDICT, max_tokens=max_tokens)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", default="smollm2-135m", help="embedded model name or .gguf path")
    parser.add_argument("--n", type=int, default=8, help="generations per setting")
    parser.add_argument("--threads", type=int, default=0, help="threads per engine (0 = all cores)")
    parser.add_argument("--max-tokens", type=int, default=80)
    args = parser.parse_args()

    engines = {}
    for flag in (True, False):
        cfg = engine_config(kind="embedded", model=args.model, n_ctx=2048, n_parallel=1, threads=args.threads,
                           batch_threads=args.threads, cache_prompt=flag)
        engines[flag] = EmbeddedEngine(cfg)
        await engines[flag].start()
    print(f"model {engines[True].model_id}  threads {engines[True]._threads()}  n={args.n} per setting")

    results: dict[bool, list[tuple[float, Generation]]] = {True: [], False: []}
    for i in range(args.n):
        for flag in ((True, False) if i % 2 == 0 else (False, True)):  # alternate who goes first
            t0 = time.perf_counter()
            gen = await engines[flag].generate(request(i, args.max_tokens))
            results[flag].append((time.perf_counter() - t0, gen))
        on, off = results[True][-1], results[False][-1]
        print(f"  #{i}: on {on[0]:6.2f}s processed {on[1].prompt_tokens - on[1].cached_tokens:4d}/"
              f"{on[1].prompt_tokens}  |  off {off[0]:6.2f}s processed {off[1].prompt_tokens - off[1].cached_tokens:4d}"
              f"/{off[1].prompt_tokens}", flush=True)
    for eng in engines.values():
        await eng.close()

    def summary(flag: bool, skip_first: bool) -> tuple[float, float, float]:
        rows = results[flag][1:] if skip_first else results[flag]
        processed = statistics.mean(g.prompt_tokens - g.cached_tokens for _, g in rows)
        seconds = statistics.mean(t for t, _ in rows)
        return processed, seconds, len(rows) / sum(t for t, _ in rows)

    for label, skip in (("all generations", False), ("warm (first one excluded)", True)):
        p_on, s_on, g_on = summary(True, skip)
        p_off, s_off, g_off = summary(False, skip)
        print(f"\n{label}:")
        print(f"  {'':12s} {'prompt tok processed/gen':>26s} {'s/gen':>8s} {'gen/s':>8s}")
        print(f"  {'cache on':12s} {p_on:26.1f} {s_on:8.2f} {g_on:8.3f}")
        print(f"  {'cache off':12s} {p_off:26.1f} {s_off:8.2f} {g_off:8.3f}")
        print(f"  ratios: prompt tokens processed off/on = {p_off / max(p_on, 1e-9):.2f}x,"
              f" generations/s on/off = {g_on / g_off:.2f}x")


if __name__ == "__main__":
    asyncio.run(main())
