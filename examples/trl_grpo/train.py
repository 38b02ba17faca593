"""GRPO with TRL on this CPU machine, the reward from an HRM service over HTTP (``hrm_client.trainers.trl``).

    HRM_URL=http://127.0.0.1:8000 python examples/trl_grpo/train.py --steps 50 --prompts-per-step 2 \
        --max-completion-length 40 --lr 4e-5 --out research/bench/results/trl_grpo

Per step it records the mean reward and its spread, the share of samples HRM gave no reward (masked), the time
spent generating and waiting for rewards, and that every sample got an answer; ``plot.py`` draws them.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

sys.path.insert(0, str(Path(__file__).resolve().parent))

from convert_policy import convert, default_out  # noqa: E402
from shop_task import make_rows  # noqa: E402

from hrm_client.trainers.trl import hrm_reward  # noqa: E402


class Recorder:
    """What each step's reward call saw: samples, rewards given, None (masked), seconds waited."""

    def __init__(self) -> None:
        self.calls: list[dict[str, float]] = []

    def wrap(self):  # noqa: ANN201 - a TRL reward function
        async def reward(prompts, completions, **kwargs):  # noqa: ANN001, ANN202
            t = time.perf_counter()
            values = await hrm_reward(prompts, completions, **kwargs)
            self.calls.append({"samples": len(values), "answered": sum(v is not None for v in values),
                               "masked": sum(v is None for v in values), "reward_s": time.perf_counter() - t})
            return values

        reward.__name__ = "hrm_reward"
        return reward


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--steps", type=int, default=50)
    ap.add_argument("--prompts-per-step", type=int, default=4)
    ap.add_argument("--num-generations", type=int, default=4)
    ap.add_argument("--max-completion-length", type=int, default=48)
    ap.add_argument("--lr", type=float, default=2e-5)
    ap.add_argument("--reward", choices=["items", "cards"], default="items", help="see shop_task.py")
    ap.add_argument("--lr-schedule", choices=["linear", "constant"], default="linear",
                    help="TRL's default, linear decay to 0 by the last step (constant at 4e-5 collapsed in a "
                         "24-step try: research/bench/results/trl_grpo_constant_lr)")
    ap.add_argument("--policy", type=Path, default=None, help="transformers folder (default: converted GGUF)")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()

    import torch
    from datasets import Dataset
    from transformers import AutoModelForCausalLM, AutoTokenizer, TrainerCallback
    from trl import GRPOConfig, GRPOTrainer

    policy = convert(args.policy or default_out())
    tok = AutoTokenizer.from_pretrained(policy, padding_side="left")
    model = AutoModelForCausalLM.from_pretrained(policy, dtype=torch.float32)
    rec = Recorder()
    gen_s: list[float] = []

    class Steps(TrainerCallback):
        def __init__(self) -> None:
            self.rows: list[dict[str, float]] = []
            self.t = time.perf_counter()

        def on_log(self, _args, state, _control, logs=None, **_kw):  # noqa: ANN001, ANN201
            if not logs or "reward" not in logs:
                return
            now = time.perf_counter()
            call = rec.calls[-1] if rec.calls else {}
            self.rows.append({"step": state.global_step, "reward": logs["reward"], "reward_std": logs.get("reward_std"),
                              "masked_share": call.get("masked", 0) / max(1, call.get("samples", 1)),
                              "samples": call.get("samples", 0), "answered": call.get("answered", 0),
                              "reward_s": call.get("reward_s", 0.0), "generate_s": gen_s[-1] if gen_s else 0.0,
                              "step_s": now - self.t})
            self.t = now
            print(json.dumps(self.rows[-1]), flush=True)

    n = args.prompts_per_step * args.num_generations
    cfg = GRPOConfig(output_dir=str(args.out / "trainer"), use_cpu=True, bf16=False, fp16=False,
                     gradient_checkpointing=False, per_device_train_batch_size=n, gradient_accumulation_steps=1,
                     num_generations=args.num_generations, max_completion_length=args.max_completion_length,
                     max_steps=args.steps, learning_rate=args.lr, lr_scheduler_type=args.lr_schedule, logging_steps=1, report_to="none",
                     save_strategy="no", dataloader_num_workers=0, seed=0, temperature=1.0, beta=0.0,
                     disable_tqdm=True)
    steps = Steps()
    trainer = GRPOTrainer(model=model, reward_funcs=[rec.wrap()], args=cfg, processing_class=tok,
                          train_dataset=Dataset.from_list(make_rows(max(64, args.steps * args.prompts_per_step), reward=args.reward)),
                          callbacks=[steps])
    generate = trainer._generate_single_turn

    def timed(*a, **kw):  # noqa: ANN002, ANN003, ANN202
        t = time.perf_counter()
        try:
            return generate(*a, **kw)
        finally:
            gen_s.append(time.perf_counter() - t)

    trainer._generate_single_turn = timed
    t0 = time.perf_counter()
    trainer.train()
    summary = {"args": {k: str(v) for k, v in vars(args).items()}, "train_s": time.perf_counter() - t0,
               "steps": steps.rows, "samples": sum(c["samples"] for c in rec.calls),
               "answered": sum(c["answered"] for c in rec.calls), "masked": sum(c["masked"] for c in rec.calls),
               "hrm_url": os.environ.get("HRM_URL", "http://127.0.0.1:8000")}
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "run.json").write_text(json.dumps(summary, indent=1))
    print(f"{len(steps.rows)} steps, {summary['samples']} samples, {summary['answered']} rewarded, "
          f"{summary['masked']} masked -> {args.out / 'run.json'}")
    return 0


if __name__ == "__main__":
    asyncio.set_event_loop_policy(None)
    sys.exit(main())
