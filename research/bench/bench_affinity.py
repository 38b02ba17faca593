"""Rollout-group affinity through the service: 16 rollouts x N prompts, 2 grader replicas, the group
affinity router (judge_server/serve/experimental/group_affinity.py) vs Serve's default power-of-two-choices router.

The grader is a *simulated* engine with a llama.cpp-like prompt cache (``PrefixCacheSim``): each replica
has ``SLOTS`` slots, a generation takes the free slot whose previous prompt shares the longest prefix
with it (as llama.cpp does), and costs ``PER_TOKEN_S`` per uncached prompt token plus ``DECODE_S``.
Verdicts are the fake engine's passing answers, so every item asks its full set of questions. Both
routers run in one Ray session, one after the other (``--rounds`` alternates them), on fresh apps.

``--layout`` picks the prompt layout (``judge.prompt_layout``): affinity can only pay where the material
the rollouts share comes first (``shared_first``); ``question_first`` (the default layout) is the control.
``--group uid`` gives every rollout of one prompt ``options.group`` (as the verl plugin sends its ``uid``);
``--group none`` leaves the key to the service (``options.group`` absent). A rollout differs from its
siblings only in the end of its response (a simplification: real rollouts differ from their first step).

    flock /tmp/hrm-ray.lock nice -n 15 .venv/bin/python research/bench/bench_affinity.py --prompts 4 --rounds 2 \
        --layout shared_first --json research/bench/results/affinity/shared_first.json

``--engine smollm2`` replaces the simulation with the real embedded engine: SmolLM2-135M (llama.cpp) in each of
the 2 grader replicas, ``HRM_SIM_SLOTS`` slots and one thread each, slot affinity on, so cached prompt tokens
are llama.cpp's own counts. Keep it small on 2 cores (``--prompts 2 --rollouts 8``: a few minutes per arm):

    flock /tmp/hrm-llm.lock nice .venv/bin/python research/bench/bench_affinity.py --engine smollm2 --prompts 2 \
        --rollouts 8 --concurrency 8 --llm-concurrency 4 --json research/bench/results/affinity/smollm2_shared_first.json

Prints judgments/s, the share of prompt tokens served from the prefix cache (simulated or llama.cpp's), and
the judgments not answered, per router, and the affinity/default ratios.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import time
from pathlib import Path
from typing import Any

from _serve import free_port, log  # bench scripts run as `python research/bench/<script>.py`

from judge_server.engines.base import Generation, GenerationRequest
from judge_server.engines.fake import FakeEngine

ROOT = Path(__file__).resolve().parents[2]
SLOTS = int(os.environ.get("HRM_SIM_SLOTS", "2"))
PER_TOKEN_S = float(os.environ.get("HRM_SIM_PER_TOKEN_S", "0.0001"))
DECODE_S = float(os.environ.get("HRM_SIM_DECODE_S", "0.02"))
CHARS_PER_TOKEN = 4


def smollm2_engine(slots: int = SLOTS) -> dict[str, Any]:
    """The real grader the benches can afford on 2 cores: SmolLM2-135M, one thread, ``slots`` llama.cpp slots."""
    return {"kind": "embedded", "model": "smollm2-135m", "threads": 1, "batch_threads": 1, "n_parallel": slots,
            "n_ctx": 8192 * slots, "slot_affinity": True}


def _common_prefix(a: str, b: str) -> int:
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


class PrefixCacheSim(FakeEngine):
    """FakeEngine whose latency and cached-token counts follow a per-replica slot prompt cache."""

    async def start(self) -> None:
        await super().start()
        self._slots = [""] * SLOTS
        self._free = set(range(SLOTS))
        self._cond = asyncio.Condition()

    async def generate(self, request: GenerationRequest) -> Generation:
        prompt = "\n".join(m.content for m in request.messages)
        async with self._cond:
            await self._cond.wait_for(lambda: bool(self._free))
            slot = max(self._free, key=lambda s: _common_prefix(self._slots[s], prompt))
            self._free.discard(slot)
        try:
            cached = _common_prefix(self._slots[slot], prompt) // CHARS_PER_TOKEN
            total = len(prompt) // CHARS_PER_TOKEN
            await asyncio.sleep(PER_TOKEN_S * (total - cached) + DECODE_S)
            self._slots[slot] = prompt
            out = await super().generate(request)  # the fake verdict (no delay configured)
        finally:
            async with self._cond:
                self._free.add(slot)
                self._cond.notify()
        return out.model_copy(update={"prompt_tokens": total, "cached_tokens": cached})


def rollouts(n_prompts: int, per_prompt: int, seed: int, group: str = "none") -> list[dict[str, Any]]:
    """``per_prompt`` rollouts of each of ``n_prompts`` good sample items: same query and tools, each
    rollout's final answer made distinct; shuffled as verl's concurrent requests arrive."""
    rows = [json.loads(line) for line in (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines()]
    good = [r for r in rows if r["id"].startswith("good-")][:n_prompts]

    def options(r: dict[str, Any]) -> dict[str, Any]:
        return {"use_cache": False, **({"group": f"uid-{seed}-{r['id']}"} if group == "uid" else {})}

    items = [dict(r, id=f"{r['id']}#{k}", response=r["response"] + f"\n\n(Variant {k}: happy shopping!)",
                  options=options(r))
             for r in good for k in range(per_prompt)]
    random.Random(seed).shuffle(items)
    return items


async def drive(base_url: str, items: list[dict[str, Any]], concurrency: int) -> dict[str, Any]:
    import httpx

    sem = asyncio.Semaphore(concurrency)
    totals = {"prompt": 0, "cached": 0, "calls": 0, "failed": 0, "unanswered": 0}

    async def one(client: httpx.AsyncClient, item: dict[str, Any]) -> None:
        async with sem:
            try:
                r = await client.post(f"{base_url}/v1/score", json=item, timeout=600)
                r.raise_for_status()
            except httpx.HTTPError as exc:  # counted, not fatal: a lost judgment is a result of the run
                totals["unanswered"] += 1
                log(f"  {item['id']}: {type(exc).__name__}: {exc}")
                return
            body = r.json()
            totals["prompt"] += body["prompt_tokens"]
            totals["cached"] += body["cached_prompt_tokens"]
            totals["calls"] += body["llm_calls"]
            totals["failed"] += bool(body.get("judge_failed"))

    async with httpx.AsyncClient() as client:
        t0 = time.perf_counter()
        await asyncio.gather(*(one(client, i) for i in items))
        wall = time.perf_counter() - t0
    return {"judgments": len(items), "wall_s": round(wall, 2), "judgments_per_s": len(items) / wall,
            "llm_calls": totals["calls"], "judge_failed": totals["failed"], "unanswered": totals["unanswered"],
            "cached_share": totals["cached"] / totals["prompt"] if totals["prompt"] else 0.0}


def run_arm(affinity: bool, items: list[dict[str, Any]], args: argparse.Namespace, http_port: int) -> dict[str, Any]:
    from ray import serve

    import judge_server.serve.app as app_module

    engine = smollm2_engine() if args.engine == "smollm2" else {"kind": "research.bench.bench_affinity:PrefixCacheSim"}
    hrm = {"engine": engine, "cache": {"enabled": False},
           "judge": {"concurrency": args.llm_concurrency, "prompt_layout": args.layout}}
    config = {"hrm": hrm, "grpc": {"enabled": False}, "ingress": {"num_cpus": 0.1},
              "grader": {"num_cpus": 0.1, "num_replicas": 2}, "max_queue": 100_000, "group_affinity": affinity,
              "affinity_imbalance": args.imbalance}
    name = f"affinity-{'on' if affinity else 'off'}"
    serve.run(app_module.build_app(config), name=name, route_prefix="/", blocking=False)
    assert serve.get_deployment_handle(app_module.GRADER_NAME, app_name=name).wait_ready.remote(600).result()
    try:
        return asyncio.run(drive(f"http://127.0.0.1:{http_port}", items, args.concurrency))
    finally:
        serve.delete(name)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--prompts", type=int, default=4, help="Distinct prompts (good sample items, at most 4).")
    ap.add_argument("--rollouts", type=int, default=16, help="Rollouts per prompt.")
    ap.add_argument("--concurrency", type=int, default=32, help="Judgments in flight (HTTP requests).")
    ap.add_argument("--llm-concurrency", type=int, default=8, help="Grader questions in flight per ingress.")
    ap.add_argument("--rounds", type=int, default=1, help="Alternations of the two routers.")
    ap.add_argument("--layout", choices=["shared_first", "question_first"], default="shared_first",
                    help="Prompt layout (judge.prompt_layout).")
    ap.add_argument("--group", choices=["none", "uid"], default="none",
                    help="uid: every rollout of a prompt sends options.group (as verl's uid); none: absent.")
    ap.add_argument("--engine", choices=["sim", "smollm2"], default="sim",
                    help="sim: the simulated slot cache; smollm2: the real embedded engine in each replica.")
    ap.add_argument("--imbalance", type=int, default=None,
                    help="affinity_imbalance: queue lead past which a group's replica is passed over (default: the "
                         "service's, slots - 1 for the embedded engine, else 4).")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    # Serve's replicas import this module by name (engine kind research.bench.bench_affinity:PrefixCacheSim)
    # (and it imports research/bench/_serve.py by its bare name, as the scripts do)
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), str(ROOT / "research/bench"),
                                                             os.environ.get("PYTHONPATH")]))
    import ray
    from ray import serve

    from judge_server.serve.ray_start import start_local_ray

    start_local_ray(8, object_store_memory=150 * 1024**2,
                    runtime_env={"env_vars": {k: v for k, v in os.environ.items()
                                              if k == "PYTHONPATH" or k.startswith("HRM_SIM_")}})
    http_port = free_port()
    serve.start(http_options={"host": "127.0.0.1", "port": http_port})
    arms: dict[str, list[dict[str, Any]]] = {"affinity": [], "default": []}
    try:
        for r in range(args.rounds):
            order = [True, False] if r % 2 else [False, True]
            for affinity in order:
                items = rollouts(args.prompts, args.rollouts, seed=r, group=args.group)
                key = "affinity" if affinity else "default"
                log(f"round {r + 1}: {key} router, {len(items)} judgments")
                arms[key].append(run_arm(affinity, items, args, http_port))
                log(f"  {arms[key][-1]}")
    finally:
        serve.shutdown()
        ray.shutdown()
    summary = {}
    for key, runs in arms.items():
        summary[key] = {"judgments_per_s": sum(x["judgments_per_s"] for x in runs) / len(runs),
                        "cached_share": sum(x["cached_share"] for x in runs) / len(runs),
                        "judge_failed": sum(x["judge_failed"] for x in runs),
                        "unanswered": sum(x["unanswered"] for x in runs), "runs": runs}
    a, d = summary["affinity"], summary["default"]
    grader = (f"SmolLM2-135M embedded ({SLOTS} slots, 1 thread per replica)" if args.engine == "smollm2" else
              f"simulated prefix cache ({SLOTS} slots/replica, {PER_TOKEN_S * 1e3:.2f} ms per uncached prompt token, "
              f"{DECODE_S * 1e3:.0f} ms decode)")
    print(f"{grader}, 2 grader replicas, {args.prompts} prompts x {args.rollouts} rollouts, "
          f"{args.rounds} round(s), layout {args.layout}, options.group {args.group}")
    print(f"{'':24}{'affinity':>12}{'default':>12}{'ratio':>10}")
    for k in ("judgments_per_s", "cached_share"):
        print(f"{k:24}{a[k]:>12.3f}{d[k]:>12.3f}{a[k] / d[k] if d[k] else float('nan'):>10.3f}")
    print(f"{'unanswered':24}{a['unanswered']:>12}{d['unanswered']:>12}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"engine": args.engine, "imbalance": args.imbalance, "slots": SLOTS,
                                         "per_token_s": PER_TOKEN_S,
                                         "decode_s": DECODE_S,
                                         "prompts": args.prompts, "rollouts": args.rollouts, "layout": args.layout,
                                         "group": args.group, **summary}, indent=2))


if __name__ == "__main__":
    main()
