"""Helpers of the verl tier: samples shaped like verl's, the HRM examples, a real HRM service process."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "smartshop.jsonl"
SERVICE = Path(__file__).resolve().parent / "hrm_service.py"


def load_examples() -> dict[str, dict[str, Any]]:
    return {d["id"]: d for d in map(json.loads, EXAMPLES.read_text().splitlines())}


def make_batch(tokenizer: Any, samples: list[tuple[str, str, dict[str, Any]]], prompt_len: int = 16) -> Any:
    """A DataProto shaped like the agent loop's: left-padded prompts, right-padded responses, extra_info.

    ``samples``: (uid, response text, extra_info).
    """
    import numpy as np
    import torch
    from verl import DataProto

    pad = tokenizer.pad_token_id
    resp_ids = [tokenizer.encode(text, add_special_tokens=False) + [tokenizer.eos_token_id] for _, text, _ in samples]
    width = max(len(r) for r in resp_ids)
    prompts = torch.full((len(samples), prompt_len), pad, dtype=torch.long)
    responses = torch.full((len(samples), width), pad, dtype=torch.long)
    attention = torch.zeros((len(samples), prompt_len + width), dtype=torch.long)
    for i, ((_, _, info), r) in enumerate(zip(samples, resp_ids, strict=True)):
        q = tokenizer.encode(info.get("query", "hi"), add_special_tokens=False)[-prompt_len:]
        prompts[i, prompt_len - len(q):] = torch.tensor(q)
        responses[i, :len(r)] = torch.tensor(r)
        attention[i, prompt_len - len(q):prompt_len + len(r)] = 1
    input_ids = torch.cat([prompts, responses], dim=1)
    position_ids = (attention.cumsum(dim=1) - 1).clamp(min=0)
    return DataProto.from_dict(
        tensors={"prompts": prompts, "responses": responses, "attention_mask": attention, "input_ids": input_ids,
                 "position_ids": position_ids},
        non_tensors={"extra_info": np.array([info for _, _, info in samples], dtype=object),
                     "uid": np.array([u for u, _, _ in samples], dtype=object),
                     "data_source": np.array(["smartshop"] * len(samples), dtype=object)})


def example_sample(example: dict[str, Any], reasoning: str) -> tuple[str, dict[str, Any]]:
    """(response text with a think span, extra_info) for one HRM example."""
    info = {"query": example["query"], "category": example.get("category"), "id": example["id"],
            "trajectory": example.get("trajectory", []), "rubric": example.get("rubric", "smartshop")}
    return f"<think>{reasoning}</think>{example['response']}", info


class HRMService:
    """A real HRM service in a child process (see hrm_service.py)."""

    def __init__(self, tmp: Path, mode: str, **opts: Any) -> None:
        self.port_file = tmp / f"hrm-port-{mode}"
        self.log = (tmp / f"hrm-{mode}.log").open("w")
        cmd = [sys.executable, str(SERVICE), "--mode", mode, "--port-file", str(self.port_file)]
        for k, v in opts.items():
            cmd += [f"--{k.replace('_', '-')}", str(v)]
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=self.log, stderr=subprocess.STDOUT,
                                     cwd=str(ROOT))
        deadline = time.monotonic() + 240
        while not (self.port_file.exists() and self.port_file.read_text().strip()):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"HRM service did not start: {(tmp / f'hrm-{mode}.log').read_text()[-3000:]}")
            time.sleep(0.5)
        self.address = f"127.0.0.1:{self.port_file.read_text().strip()}"

    def stop(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()  # the service shuts down when its stdin closes
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.log.close()




def fresh_local_ray(num_cpus: int = 2) -> None:
    """Start a private local Ray, first ending one a previous test folder left running.

    The serve tests keep a session-scoped Ray (with Serve) alive; in a full-suite run it is still up
    when these tests start, and a second ray.init in one process is refused.
    """
    import ray

    if ray.is_initialized():
        from ray import serve

        try:
            serve.shutdown()
        finally:
            ray.shutdown()
    from judge_server.serve.ray_start import start_local_ray

    start_local_ray(num_cpus)
