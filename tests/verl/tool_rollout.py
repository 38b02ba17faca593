"""Drive verl's real ToolAgentLoop with a scripted policy: real chat template, tokenizer, tool parser and tools.

The policy is the only stand-in: its turns are fixed texts, tokenized by the real tokenizer and returned
by a server manager that records what the loop asked. Everything else (prompt rendering, tool-call
parsing, tool execution, the tool turn's tokens, ``response_mask``) is verl's own code.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import torch

ROOT = Path(__file__).resolve().parents[2]
CATALOG = ROOT / "trainer_plugin" / "recipe" / "catalog.jsonl"
TOOLS_YAML = ROOT / "trainer_plugin" / "recipe" / "tools.yaml"
SYSTEM = "You are a shopping assistant. Use tools; show products as <product>PD_id</product> cards."


def qwen_tokenizer_dir() -> Path:
    """Qwen2.5's tokenizer and chat template, from the metadata of the GGUF HRM ships (first chunk only).

    GGUF keeps its metadata (vocabulary, merges, chat template) before the tensors, and the first 50 MB
    chunk of the packaged model holds all of it: a sparse file of the model's size with that chunk in front
    is enough for transformers' GGUF reader, which never touches tensor data for a tokenizer. Cached under
    $HRM_HOME/test-cache (converting takes about a minute).
    """
    from judge_server.engines.model_assembly import QWEN_CODER_1_5B, locate_chunk
    from judge_server.home import default_home

    out = default_home() / "test-cache" / "qwen2.5-tokenizer"
    if (out / "tokenizer_config.json").exists():
        return out
    from transformers import AutoTokenizer

    work = out.with_name(f"{out.name}.tmp{os.getpid()}")  # concurrent first runs do not share a folder
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    gguf = work / QWEN_CODER_1_5B.filename
    shutil.copyfile(locate_chunk(QWEN_CODER_1_5B.chunks[0]), gguf)
    os.truncate(gguf, QWEN_CODER_1_5B.size)
    tok = AutoTokenizer.from_pretrained(work, gguf_file=gguf.name)
    tok.save_pretrained(work / "hf")
    if not (out / "tokenizer_config.json").exists():
        shutil.rmtree(out, ignore_errors=True)
        (work / "hf").rename(out)
    shutil.rmtree(work, ignore_errors=True)
    return out


def call(name: str, **arguments: Any) -> str:
    return f'<tool_call>\n{json.dumps({"name": name, "arguments": arguments})}\n</tool_call>'


class ScriptedPolicy:
    """verl's LLM server client, answering each generate() with the next scripted turn (+ <|im_end|>)."""

    def __init__(self, tokenizer: Any, turns: list[str]) -> None:
        self.tokenizer = tokenizer
        self.turns = list(turns)
        self.prompts: list[list[int]] = []

    async def generate(self, *, request_id: str, prompt_ids: list[int], sampling_params: dict, **_: Any) -> Any:
        from verl.workers.rollout.replica import TokenOutput

        self.prompts.append(list(prompt_ids))
        text = self.turns.pop(0) + "<|im_end|>"
        return TokenOutput(token_ids=self.tokenizer.encode(text, add_special_tokens=False), stop_reason="completed")


def agent_config(tokenizer_dir: Path, **multi_turn: Any) -> Any:
    from hydra import compose, initialize_config_dir
    from verl.trainer.config import __file__ as config_init

    overrides = [f"actor_rollout_ref.model.path={tokenizer_dir}", "data.max_prompt_length=2048",
                 "data.max_response_length=4096", "actor_rollout_ref.rollout.multi_turn.enable=True",
                 f"actor_rollout_ref.rollout.multi_turn.tool_config_path={TOOLS_YAML}",
                 "actor_rollout_ref.rollout.multi_turn.max_tool_response_length=4096",
                 *[f"actor_rollout_ref.rollout.multi_turn.{k}={v}" for k, v in multi_turn.items()]]
    with initialize_config_dir(config_dir=str(Path(config_init).parent), version_base=None):
        return compose(config_name="ppo_trainer", overrides=overrides)


async def run_tool_agent(tokenizer: Any, config: Any, query: str, turns: list[str]) -> tuple[Any, list[dict]]:
    """(AgentLoopOutput, raw_prompt) of one rollout of ``turns`` through verl's ToolAgentLoop."""
    from verl.experimental.agent_loop.agent_loop import DictConfigWrap, ToolListWrap
    from verl.experimental.agent_loop.tool_agent_loop import ToolAgentLoop
    from verl.tools.tool_registry import initialize_tools_from_config
    from verl.utils.dataset.rl_dataset import RLHFDataset

    os.environ.setdefault("HRM_RECIPE_CATALOG", str(CATALOG))
    tools = initialize_tools_from_config(config.actor_rollout_ref.rollout.multi_turn.tool_config_path)
    loop = ToolAgentLoop(trainer_config=DictConfigWrap(config), server_manager=ScriptedPolicy(tokenizer, turns),
                         tokenizer=tokenizer, processor=None, dataset_cls=RLHFDataset,
                         data_config=DictConfigWrap(config.data), hf_model_type="qwen2", tools=ToolListWrap(tools))
    raw_prompt = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": query}]
    out = await loop.run({"temperature": 1.0}, raw_prompt=list(raw_prompt), extra_info={"query": query})
    return out, raw_prompt


def reward_batch(out: Any, raw_prompt: list[dict], extra_info: dict[str, Any], *, with_mask: bool) -> Any:
    """The DataProto the reward worker receives: ``with_mask=False`` is verl's overlap path
    (AgentLoopWorker._compute_score: no response_mask, unpadded), True the batch path (padded, masked)."""
    from verl import DataProto

    prompts = torch.tensor([out.prompt_ids])
    responses = torch.tensor([out.response_ids])
    tensors = {"prompts": prompts, "responses": responses, "input_ids": torch.cat([prompts, responses], 1),
               "attention_mask": torch.ones(1, prompts.shape[1] + responses.shape[1], dtype=torch.long)}
    if with_mask:
        pad = 7
        tensors["responses"] = torch.cat([responses, torch.zeros(1, pad, dtype=torch.long)], 1)
        tensors["input_ids"] = torch.cat([prompts, tensors["responses"]], 1)
        tensors["attention_mask"] = torch.cat([tensors["attention_mask"], torch.zeros(1, pad, dtype=torch.long)], 1)
        tensors["response_mask"] = torch.tensor([list(out.response_mask) + [0] * pad])
    non_tensors = {"raw_prompt": np.array([raw_prompt], dtype=object),
                   "extra_info": np.array([extra_info], dtype=object),
                   "tool_extra_fields": np.array([out.extra_fields], dtype=object),
                   "uid": np.array(["u0"], dtype=object)}
    return DataProto.from_dict(tensors=tensors, non_tensors=non_tensors)


class RecordingScorer:
    """Stands in for the gRPC client in the scripted tests: records requests, answers through ``answer``
    (an in-process HRM pipeline where a test wants real verdicts)."""

    def __init__(self, answer: Any = None) -> None:
        self.answer = answer
        self.requests: list[Any] = []

    async def score(self, request: Any, *, timeout: float | None = None) -> Any:
        from hrm_wire.models import L1Result, ScoreResult

        self.requests.append(request)
        if self.answer is not None:
            return await self.answer(request)
        return ScoreResult(id=request.id, rubric=request.rubric, rubric_version="v", grader_model="scripted",
                           reward=1.0, r_out=1.0, r_proc=0.0, l1=L1Result(passed=True))

    async def rubrics(self, *, timeout: float | None = None) -> Any:
        return service_rubrics()

    async def close(self) -> None:
        pass


def service_rubrics() -> Any:
    """What the service lists (the shipped packs), for scorers that stand in for its client."""
    from judge_server.packs.registry import RubricRegistry

    return RubricRegistry().infos()


def agent_batch(rollouts: list[tuple[Any, list[dict], dict[str, Any]]]) -> Any:
    """Several agent-loop outputs as the trainer's batch (verl's _postprocess layout): left-padded prompts,
    right-padded responses, response_mask; ``rollouts`` holds (output, raw_prompt, extra_info)."""
    from verl import DataProto

    p_len = max(len(o.prompt_ids) for o, _, _ in rollouts)
    r_len = max(len(o.response_ids) for o, _, _ in rollouts)
    n = len(rollouts)
    prompts = torch.zeros(n, p_len, dtype=torch.long)
    responses = torch.zeros(n, r_len, dtype=torch.long)
    mask = torch.zeros(n, r_len, dtype=torch.long)
    attention = torch.zeros(n, p_len + r_len, dtype=torch.long)
    for i, (o, _, _) in enumerate(rollouts):
        prompts[i, p_len - len(o.prompt_ids):] = torch.tensor(o.prompt_ids)
        responses[i, :len(o.response_ids)] = torch.tensor(o.response_ids)
        mask[i, :len(o.response_mask)] = torch.tensor(o.response_mask)
        attention[i, p_len - len(o.prompt_ids):p_len + len(o.response_ids)] = 1
    return DataProto.from_dict(
        tensors={"prompts": prompts, "responses": responses, "response_mask": mask, "attention_mask": attention,
                 "input_ids": torch.cat([prompts, responses], 1),
                 "position_ids": (attention.cumsum(1) - 1).clamp(min=0)},
        non_tensors={"raw_prompt": np.array([rp for _, rp, _ in rollouts] + [None], dtype=object)[:-1],
                     "extra_info": np.array([x for _, _, x in rollouts], dtype=object),
                     "uid": np.array([f"u{i}" for i in range(n)], dtype=object)})
