"""verl agent loops that record the policy's top-k log-probs of every token it generated.

Shop-R1's rationale reward needs the policy's next-token distribution over the rationale tokens
(trainer_plugin/self_certainty.py), and verl 0.9.1 does not hand it to the reward side: its rollout servers
turn any truthy ``logprobs`` sampling parameter into ``logprobs=0`` (vLLM server: ``sampling_params["logprobs"]
= 0 if sampling_params.pop("logprobs", False) else None``; SGLang: ``return_logprob`` without
``top_logprobs_num``), so ``TokenOutput.log_probs`` holds only the sampled token's log-prob, one float per
token. What the servers *do* return is top-k **prompt** log-probs: ``sampling_params["prompt_logprobs"] = k``
comes back as ``TokenOutput.extra_fields["prompt_logprobs"]`` (vLLM ``extract_prompt_logprobs``, SGLang
``_extract_prompt_logprobs_sglang``, the same shape): one row per sequence position ``j``, the top-k
log-probs (best first) of the distribution at ``j`` that predicts token ``j + 1``, and a dummy last row.
verl's own distillation teacher reads log-probs this way (teacher_manager: ``max_tokens=1``,
``temperature=1.0``, ``prompt_logprobs=k``).

So after the stock loop finishes, these loops send the finished sequence (prompt + response) back to the
same rollout server once as a scoring request and keep, for each response token ``i`` the policy generated
(``response_mask`` 1), the row of position ``len(prompt) + i - 1``; tokens the loop appended (tool outputs,
mask 0) get ``[]``. Costs and limits: one extra prefill of the whole sequence per rollout (vLLM does not read
its prefix cache for a request with prompt log-probs); the log-probs are the model's raw distribution
(temperature 1, no top-p/top-k truncation), which is what self-certainty measures; with verl's fully-async
trainers a weight update between generation and scoring makes them the newer policy's.

The rows go to ``AgentLoopOutput.extra_fields["topk_logprobs"]``, which reaches the ``hrm`` reward manager
as ``tool_extra_fields["topk_logprobs"]`` (streaming reward: AgentLoopWorker._compute_score) or as the
``topk_logprobs`` column of the batch (batch reward: AgentLoopWorker._postprocess spreads extra fields into
``non_tensor_batch``). When the scoring request fails, the rollout is kept and
``extra_fields["topk_logprobs_error"]`` says why; the reward manager then marks a ``shop_r1`` sample failed
instead of scoring it without its rationale component.

Enable with ``actor_rollout_ref.rollout.agent.default_agent_loop=tool_agent_topk`` (or
``single_turn_agent_topk``; dataset rows choose with their ``agent_name`` column) and
``+reward.hrm.topk_logprobs=20`` (k; also tells the reward manager the rows must be there).
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Sequence
from typing import Any
from uuid import uuid4

from omegaconf import OmegaConf
from verl.experimental.agent_loop.agent_loop import AgentLoopOutput, register
from verl.experimental.agent_loop.single_turn_agent_loop import SingleTurnAgentLoop
from verl.experimental.agent_loop.tool_agent_loop import ToolAgentLoop
from verl.workers.rollout.llm_server import LLMServerClient

from trainer_plugin.config import from_verl_config
from trainer_plugin.self_certainty import TOPK_ERROR_KEY, TOPK_KEY

logger = logging.getLogger(__name__)
logger.setLevel(os.getenv("VERL_LOGGING_LEVEL", "WARN"))

__all__ = ["TOPK_ERROR_KEY", "TOPK_KEY", "SingleTurnTopKAgentLoop", "ToolTopKAgentLoop"]
DEFAULT_TOPK = 20
_ABORT_RETRIES = 3


def scoring_params(k: int, backend: str) -> dict[str, Any]:
    """Sampling parameters of the scoring request (those of verl's distillation teacher)."""
    params: dict[str, Any] = {"max_tokens": 1, "temperature": 1.0, "prompt_logprobs": int(k)}
    if backend == "vllm":
        params["detokenize"] = False  # a vLLM SamplingParams field; SGLang's has none
    return params


def response_rows(prompt_logprobs: Sequence[Sequence[float | None]], prompt_len: int,
                  response_mask: Sequence[int]) -> list[list[float]]:
    """Top-k log-probs of each response token's distribution; ``[]`` where the policy did not generate it.

    ``prompt_logprobs`` covers the whole scored sequence (prompt + response): row ``j`` predicts token ``j + 1``.
    """
    need = prompt_len + len(response_mask) - 1
    if prompt_len < 1 or len(prompt_logprobs) < need:
        raise ValueError(f"{len(prompt_logprobs)} rows of prompt log-probs for a sequence of "
                         f"{prompt_len} + {len(response_mask)} tokens")
    out: list[list[float]] = []
    for i, m in enumerate(response_mask):
        row = prompt_logprobs[prompt_len + i - 1] if m else ()
        out.append([float(x) for x in row if x is not None])
    return out


def topk_setting(config: Any, explicit: int | None) -> int:
    """k: the loop's own argument (agent-loop YAML), else ``reward.hrm.topk_logprobs``, else 20."""
    if explicit is not None:
        k = int(explicit)
    else:
        k = from_verl_config(config).topk_logprobs or DEFAULT_TOPK
    if k < 1:
        raise ValueError(f"topk_logprobs must be >= 1, got {k}")
    return k


class TopKRecorder:
    """Mixin over a verl agent loop: after ``run``, score the sequence once and record the top-k rows."""

    server_manager: Any
    config: Any
    topk: int

    async def _score_sequence(self, ids: list[int]) -> Any:
        backend = str(OmegaConf.select(self.config, "actor_rollout_ref.rollout.name", default="vllm"))
        client = self.server_manager
        # verl's FullyAsyncLLMServerClient rebuilds the server's output and keeps only a few extra fields
        # (the prompt log-probs are lost); the base client's generate returns the server's output as it is.
        generate = (LLMServerClient.generate.__get__(client) if isinstance(client, LLMServerClient)
                    else client.generate)
        for _ in range(_ABORT_RETRIES + 1):
            out = await generate(request_id=uuid4().hex, prompt_ids=ids, sampling_params=scoring_params(self.topk, backend))
            if out.stop_reason not in ("aborted", "abort"):  # aborted: a weight sync paused the server
                return out
            await asyncio.sleep(1.0)
        raise RuntimeError("the scoring request was aborted on every attempt")

    async def record_topk(self, output: AgentLoopOutput) -> AgentLoopOutput:
        try:
            scored = await self._score_sequence(list(output.prompt_ids) + list(output.response_ids))
            rows = scored.extra_fields.get("prompt_logprobs")
            if rows is None:
                raise RuntimeError("the rollout server returned no prompt_logprobs")
            output.extra_fields[TOPK_KEY] = response_rows(rows, len(output.prompt_ids), output.response_mask)
        except Exception as exc:  # noqa: BLE001 - the rollout stays usable; the reward side decides
            logger.warning("top-k log-probs not recorded: %s: %s", type(exc).__name__, exc)
            output.extra_fields[TOPK_ERROR_KEY] = f"{type(exc).__name__}: {exc}"
        return output


@register("single_turn_agent_topk")
class SingleTurnTopKAgentLoop(TopKRecorder, SingleTurnAgentLoop):
    """verl's single-turn loop plus the policy's top-k log-probs in ``extra_fields["topk_logprobs"]``."""

    def __init__(self, *args: Any, topk_logprobs: int | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.topk = topk_setting(self.config, topk_logprobs)

    async def run(self, sampling_params: dict[str, Any], **kwargs: Any) -> AgentLoopOutput:
        return await self.record_topk(await super().run(sampling_params, **kwargs))


@register("tool_agent_topk")
class ToolTopKAgentLoop(TopKRecorder, ToolAgentLoop):
    """verl's tool agent loop plus the policy's top-k log-probs of every turn (tool tokens get ``[]``)."""

    def __init__(self, *args: Any, topk_logprobs: int | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.topk = topk_setting(self.config, topk_logprobs)

    async def run(self, sampling_params: dict[str, Any], **kwargs: Any) -> AgentLoopOutput:
        return await self.record_topk(await super().run(sampling_params, **kwargs))
