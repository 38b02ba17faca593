"""A rollout server behind verl's real LLMServerClient, with a scripted policy and a known next-token distribution.

It stands where verl's vLLM server actor stands (``server.generate.remote(...)``, reached through a load
balancer's ``acquire_server``), so the client code between the agent loop and the server is verl's own.
Generation answers with the next scripted turn; a request with ``prompt_logprobs=k`` answers as verl's
vLLM/SGLang servers do (``extract_prompt_logprobs``): ``extra_fields["prompt_logprobs"]`` with one row per
position ``j`` (top-k log-probs, best first, of the distribution predicting token ``j + 1``) and a dummy
last row. The policy's distribution at a position depends only on the position and the token there, so
``seen`` (what the policy "sampled from" while generating) can be compared with what a scoring pass returns.
"""

from __future__ import annotations

import math
import random
from typing import Any


def distribution(pos: int, token: int, k: int) -> list[float]:
    """Top-k log-probs (best first) of the fake policy's next-token distribution after ``token`` at ``pos``."""
    rng = random.Random(pos * 1_000_003 + token)
    weights = sorted((rng.random() ** 3 for _ in range(k)), reverse=True)
    mass = rng.uniform(0.6, 0.99)  # what the top k hold; the rest is the tail
    return [math.log(mass * w / sum(weights)) for w in weights]


class _Remote:
    def __init__(self, fn: Any) -> None:
        self.remote = fn


class FakeRolloutServer:
    """The server actor: ``generate.remote(request_id, prompt_ids, sampling_params, ...)`` -> TokenOutput."""

    def __init__(self, tokenizer: Any, turns: list[str], k: int, *, fail_scoring: bool = False) -> None:
        self.tokenizer = tokenizer
        self.turns = list(turns)
        self.k = k
        self.fail_scoring = fail_scoring
        self.seen: dict[int, list[float]] = {}
        self.generation_params: list[dict[str, Any]] = []
        self.scoring_params: list[dict[str, Any]] = []
        self.generate = _Remote(self._generate)

    async def _generate(self, *, request_id: str, prompt_ids: list[int], sampling_params: dict[str, Any],
                        **_: Any) -> Any:
        from verl.workers.rollout.replica import TokenOutput

        prompt = list(prompt_ids)
        if sampling_params.get("prompt_logprobs") is not None:
            self.scoring_params.append(dict(sampling_params))
            if self.fail_scoring:  # what vLLM raises when the sequence fills the context
                raise ValueError("Prompt length leaves no room to generate within the model's maximum context length")
            k = sampling_params["prompt_logprobs"]
            rows = [distribution(j, prompt[j], k) for j in range(len(prompt) - 1)] + [[0.0] * max(k, 1)]
            return TokenOutput(token_ids=[0], stop_reason="completed",
                               extra_fields={"prompt_logprobs": rows, "prompt_ids": [[0] * k] * len(rows)})
        self.generation_params.append(dict(sampling_params))
        ids = self.tokenizer.encode(self.turns.pop(0) + "<|im_end|>", add_special_tokens=False)
        full = prompt + ids
        for i in range(len(ids)):
            pos = len(prompt) + i - 1  # the position whose distribution produced token i
            self.seen[pos] = distribution(pos, full[pos], self.k)
        return TokenOutput(token_ids=ids, stop_reason="completed", extra_fields={})


class FakeBalancer:
    """verl's GlobalRequestLoadBalancer actor interface, with one server."""

    def __init__(self, server: FakeRolloutServer) -> None:
        self.server = server
        self.require_acquire_fields = _Remote(self._no_fields)
        self.require_release_fields = _Remote(self._no_fields)
        self.acquire_server = _Remote(self._acquire)
        self.release_server = _Remote(lambda **_: None)

    async def _no_fields(self) -> list[str]:
        return []

    async def _acquire(self, request_id: str, **_: Any) -> tuple[str, FakeRolloutServer]:
        return "server-0", self.server
