"""Plot a GRPO run of train.py: reward (mean and spread) per step, masked share, and seconds generating vs waiting
for rewards.  ``python examples/trl_grpo/plot.py research/bench/results/trl_grpo/run.json``"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main(path: Path) -> Path:
    run = json.loads(path.read_text())
    rows = run["steps"]
    x = [r["step"] for r in rows]
    mean = [r["reward"] for r in rows]
    std = [r["reward_std"] or 0.0 for r in rows]
    fig, axes = plt.subplots(3, 1, figsize=(8, 9), sharex=True)
    axes[0].plot(x, mean, label="mean reward")
    axes[0].fill_between(x, [m - s for m, s in zip(mean, std, strict=True)], [m + s for m, s in zip(mean, std, strict=True)], alpha=0.25,
                         label="± std within the step")
    k = 10  # a trailing mean: one step holds few samples, so its mean is noisy
    trail = [sum(mean[max(0, i - k + 1):i + 1]) / len(mean[max(0, i - k + 1):i + 1]) for i in range(len(mean))]
    axes[0].plot(x, trail, color="black", label=f"mean of the last {k} steps")
    axes[0].set_ylabel("reward (HRM)")
    axes[0].legend(loc="lower right")
    axes[1].plot(x, [100 * r["masked_share"] for r in rows], color="tab:red")
    axes[1].set_ylabel("masked samples (%)")
    axes[1].set_ylim(-5, 105)
    axes[2].plot(x, [r["generate_s"] for r in rows], label="generating")
    axes[2].plot(x, [r["reward_s"] for r in rows], label="waiting for HRM rewards")
    axes[2].set_ylabel("seconds per step")
    axes[2].set_xlabel("GRPO step")
    axes[2].legend()
    fig.suptitle(f"TRL GRPO, SmolLM2-135M policy, rewards from HRM ({run['samples']} samples, "
                 f"{run['answered']} rewarded, {run['masked']} masked)")
    fig.tight_layout()
    out = path.with_suffix(".png")
    fig.savefig(out, dpi=110)
    return out


if __name__ == "__main__":
    print(main(Path(sys.argv[1])))
