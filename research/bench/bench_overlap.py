"""Overlap benchmark: score rollouts as they finish (streaming) vs generate-all-then-judge, in one run.

Rollout side: N trajectories finish at staggered times drawn from a seeded long-tailed length
distribution (lognormal decode lengths, scaled so the slowest sample finishes at ``--t-gen`` seconds),
standing in for a recorded finish-time distribution of a policy's rollout: no policy model runs here.
Judge side: real. A real HRM service (plain gRPC server + pipeline in a child process; fake grader engine
with ``--judge-delay-s`` per generation) is called through the plugin's own reward manager
(``HRMRewardManager.run_single``, real gRPC client, ``--concurrency`` requests in flight, as
``reward.hrm.max_concurrent`` would limit one reward-loop worker).

Per repetition, in alternating order:
  * sequential: wait for every sample to finish, then judge them all: wall = T_gen + T_judge;
    T_judge (judging everything at once) is measured in this phase;
  * streaming: each sample is judged the moment it finishes (what verl's reward loop does with
    ``reward.reward_model.enable=False``): wall = time the last reward arrives.
Prints both wall times, the measured ratio sequential/streaming and the ideal
``(T_gen + T_judge) / max(T_gen, T_judge)`` next to it, per repetition and as medians.

    .venv/bin/python research/bench/bench_overlap.py --n 48 --t-gen 4 --reps 3

``--reconstruct`` instead times what the reward manager does before judging a tool-agent rollout: an
8-turn rollout made by verl's ToolAgentLoop (Qwen2.5 template, hermes, the recipe's tools, scripted policy
turns) is split by its mask, parsed with verl's tool parser and turned into the HRM request; printed next
to the same work on a single-turn rollout with the same final answer, medians of ``--reps`` x 20 runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "tests" / "verl" / "hrm_service.py"
EXAMPLES = ROOT / "examples" / "smartshop.jsonl"


def finish_times(n: int, t_gen: float, seed: int, sigma: float = 0.6) -> list[float]:
    """Staggered finish times, in sample order: lognormal decode lengths (long tail), the longest ending at t_gen.

    Which sample is slow is random (seeded), so the last finisher is not always the same kind of example.
    """
    rng = random.Random(seed)
    lengths = [rng.lognormvariate(0.0, sigma) for _ in range(n)]
    top = max(lengths)
    return [t_gen * x / top for x in lengths]


def build_tokenizer(out: Path) -> Any:
    """A small real HF fast tokenizer (byte-level BPE trained on the examples): no model hub here."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import AutoTokenizer, PreTrainedTokenizerFast

    texts = [json.dumps(json.loads(line)) for line in EXAMPLES.read_text().splitlines()]
    tok = Tokenizer(models.BPE(unk_token=None))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(texts, trainers.BpeTrainer(
        vocab_size=600, special_tokens=["<|endoftext|>", "<|pad|>", "<think>", "</think>"],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    PreTrainedTokenizerFast(tokenizer_object=tok, eos_token="<|endoftext|>", pad_token="<|pad|>",
                            additional_special_tokens=["<think>", "</think>"]).save_pretrained(out)
    return AutoTokenizer.from_pretrained(out)


def build_samples(tokenizer: Any, n: int) -> list[Any]:
    """One single-row DataProto per trajectory, shaped like the agent loop's, cycling through the examples."""
    import numpy as np
    import torch
    from verl import DataProto

    examples = [json.loads(line) for line in EXAMPLES.read_text().splitlines()]
    out = []
    for i in range(n):
        ex = examples[i % len(examples)]
        # A distinct reasoning text per sample keeps every judgment a cache miss on the server side.
        text = f"<think>sample {i}: weigh the user's constraints first.</think>{ex['response']}"
        ids = tokenizer.encode(text, add_special_tokens=False) + [tokenizer.eos_token_id]
        prompt = torch.tensor([tokenizer.encode(ex["query"], add_special_tokens=False)[-8:]])
        resp = torch.tensor([ids])
        info = {"query": ex["query"], "category": ex.get("category"), "trajectory": ex.get("trajectory", []),
                "rubric": ex.get("rubric", "smartshop"), "id": f"{ex['id']}-{i}"}
        out.append(DataProto.from_dict(
            tensors={"prompts": prompt, "responses": resp,
                     "attention_mask": torch.ones(1, prompt.shape[1] + resp.shape[1], dtype=torch.long)},
            non_tensors={"extra_info": np.array([info], dtype=object), "uid": np.array([f"u{i}"], dtype=object)}))
    return out


class Service:
    def __init__(self, tmp: Path, delay_s: float) -> None:
        self.port_file = tmp / "port"
        self.proc = subprocess.Popen(
            [sys.executable, str(SERVICE), "--mode", "grpc", "--port-file", str(self.port_file),
             "--delay-s", str(delay_s), "--max-queue", "4096"],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=str(ROOT))
        deadline = time.monotonic() + 120
        while not (self.port_file.exists() and self.port_file.read_text().strip()):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("HRM service did not start")
            time.sleep(0.2)
        self.address = f"127.0.0.1:{self.port_file.read_text().strip()}"

    def stop(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


async def _judge(manager: Any, sample: Any) -> dict[str, Any]:
    out = await manager.run_single(sample)
    if out["reward_extra_info"]["judge_failed"]:
        raise RuntimeError(f"judge failed during the benchmark: {out['reward_extra_info']['judge_error']}")
    return out


async def sequential(manager: Any, samples: list[Any], times: list[float]) -> tuple[float, float, float]:
    t0 = time.monotonic()
    await asyncio.sleep(max(times))  # the whole batch must finish generating first
    t_gen = time.monotonic() - t0
    t1 = time.monotonic()
    await asyncio.gather(*[_judge(manager, s) for s in samples])
    t_judge = time.monotonic() - t1
    return time.monotonic() - t0, t_gen, t_judge


async def streaming(manager: Any, samples: list[Any], times: list[float]) -> float:
    t0 = time.monotonic()

    async def finish_then_judge(sample: Any, at: float) -> None:
        await asyncio.sleep(max(0.0, at - (time.monotonic() - t0)))
        await _judge(manager, sample)

    await asyncio.gather(*[finish_then_judge(s, t) for s, t in zip(samples, times, strict=True)])
    return time.monotonic() - t0


async def run(args: argparse.Namespace, address: str, tokenizer: Any) -> list[dict[str, float]]:
    from omegaconf import OmegaConf

    from trainer_plugin.reward_manager import HRMRewardManager, close_shared

    cfg = OmegaConf.create({"reward": {"hrm": {"address": address, "max_concurrent": args.concurrency,
                                               "timeout_s": 120, "use_cache": False}}})
    manager = HRMRewardManager(cfg, tokenizer, None)
    samples = build_samples(tokenizer, args.n)
    await _judge(manager, samples[0])  # warm the channel and the service
    rows = []
    for rep in range(args.reps):
        times = finish_times(args.n, args.t_gen, seed=args.seed + rep)
        order = ["sequential", "streaming"] if rep % 2 == 0 else ["streaming", "sequential"]
        row: dict[str, float] = {}
        for mode in order:
            if mode == "sequential":
                row["seq_wall"], row["t_gen"], row["t_judge"] = await sequential(manager, samples, times)
            else:
                row["stream_wall"] = await streaming(manager, samples, times)
        row["ratio"] = row["seq_wall"] / row["stream_wall"]
        row["ideal"] = (row["t_gen"] + row["t_judge"]) / max(row["t_gen"], row["t_judge"])
        rows.append(row)
        print(f"rep {rep + 1}/{args.reps}: T_gen {row['t_gen']:.2f} s  T_judge {row['t_judge']:.2f} s  "
              f"sequential {row['seq_wall']:.2f} s  streaming {row['stream_wall']:.2f} s  "
              f"ratio {row['ratio']:.2f}  ideal {row['ideal']:.2f}", flush=True)
    await close_shared()
    return rows


def reconstruct(reps: int) -> None:
    """Median time of the reward manager's request build for an 8-turn vs a 1-turn rollout, side by side."""
    sys.path.insert(0, str(ROOT / "tests" / "verl"))
    from omegaconf import OmegaConf
    from tool_rollout import agent_config, call, qwen_tokenizer_dir, reward_batch, run_tool_agent
    from transformers import AutoTokenizer

    from trainer_plugin.reward_manager import HRMRewardManager

    qdir = qwen_tokenizer_dir()
    tok = AutoTokenizer.from_pretrained(qdir)
    config = agent_config(qdir, max_assistant_turns=8)
    queries = ["waterproof running earbuds", "heated throw", "espresso machine", "burr grinder", "laptop backpack",
               "e-reader", "running shoes"]
    answer = "<think>The cheaper IPX7 pair fits.</think>The Soundcore Sport X10: <product>PD_102</product>"
    turns = [f"<think>Look for {q}.</think>\n" + call("product_search", query=q, max_price=300) for q in queries]
    query = "Earbuds for rainy runs under $100?"
    multi, prompt = asyncio.run(run_tool_agent(tok, config, query, [*turns, answer]))
    single, _ = asyncio.run(run_tool_agent(tok, config, query, [answer]))
    cfg = OmegaConf.merge(OmegaConf.create(OmegaConf.to_container(config)), {"reward": {"hrm": {"address": "x:1"}}})
    manager = HRMRewardManager(cfg, tok, None)
    # The single-turn rollout's cards need records from the row (no tool ran): the catalog line of PD_102.
    catalog = [json.loads(line) for line in (ROOT / "trainer_plugin/recipe/catalog.jsonl").read_text().splitlines()]
    infos = {id(multi): {"query": query}, id(single): {"query": query, "products": catalog}}

    async def timed(out: Any) -> float:
        info = infos[id(out)]
        item = reward_batch(out, prompt, info, with_mask=False)[0]
        t0 = time.perf_counter()
        request, _, err = await manager._read(item, dict(info), prompt, "u0")
        assert request is not None, err
        return time.perf_counter() - t0

    async def both() -> tuple[list[float], list[float]]:
        m, s = [], []
        for _ in range(reps * 20):  # interleaved, so machine load hits both alike
            m.append(await timed(multi))
            s.append(await timed(single))
        return m, s

    m, s = asyncio.run(both())
    mm, ms = statistics.median(m), statistics.median(s)
    print(f"reconstruct: 8-turn rollout ({len(multi.response_ids)} response tokens, 7 tool calls) "
          f"{mm * 1e3:.1f} ms, 1-turn rollout ({len(single.response_ids)} tokens) {ms * 1e3:.1f} ms, "
          f"ratio {mm / ms:.1f} (median of {len(m)})")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--n", type=int, default=48, help="trajectories per step")
    p.add_argument("--t-gen", type=float, default=4.0, help="seconds until the slowest trajectory finishes")
    p.add_argument("--judge-delay-s", type=float, default=0.05, help="fake grader latency per LLM generation")
    p.add_argument("--concurrency", type=int, default=4, help="judge requests in flight (reward.hrm.max_concurrent)")
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", type=Path, help="also write the rows and medians here")
    p.add_argument("--reconstruct", action="store_true", help="time the rebuild of an 8-turn rollout instead")
    args = p.parse_args(argv)
    if args.reconstruct:
        reconstruct(args.reps)
        return 0

    with tempfile.TemporaryDirectory(prefix="bench-overlap-") as tmp:
        print("starting HRM service (plain gRPC, fake grader) ...", flush=True)
        svc = Service(Path(tmp), args.judge_delay_s)
        try:
            tokenizer = build_tokenizer(Path(tmp) / "tok")
            print(f"N={args.n} trajectories, slowest finishes at {args.t_gen} s, judge concurrency "
                  f"{args.concurrency}, fake grader {args.judge_delay_s} s/generation", flush=True)
            rows = asyncio.run(run(args, svc.address, tokenizer))
        finally:
            svc.stop()
    med = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
    print(f"median: T_gen {med['t_gen']:.2f} s  T_judge {med['t_judge']:.2f} s  sequential {med['seq_wall']:.2f} s  "
          f"streaming {med['stream_wall']:.2f} s  ratio sequential/streaming {med['ratio']:.2f}  "
          f"ideal (T_gen+T_judge)/max {med['ideal']:.2f}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"args": {k: str(v) for k, v in vars(args).items()}, "rows": rows,
                                         "median": med}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
