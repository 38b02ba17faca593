"""verl reward manager ``hrm``: scores each finished trajectory with the remote HRM judge over gRPC.

verl's reward loop calls :meth:`HRMRewardManager.run_single` once per trajectory, as soon as the agent
loop finishes it (``reward.reward_model.enable=False``), so judging overlaps the rest of the rollout.
Each of the ``reward.num_workers`` reward-loop worker processes holds ONE gRPC channel (a process-wide
:class:`hrm_client.AsyncJudgeClient`) and at most ``reward.hrm.max_concurrent`` requests in flight.

Judge failures are never a silent 0. The sample gets ``reward_score = failure_reward`` (default -1.0,
outside HRM's range [0, 1 + alpha + beta]) and ``judge_failed = True`` in its extra info; the DCPO
sampler drops such trajectories before any log-prob compute and the ``dcpo`` estimator masks that value.
The extra-info keys are the same for every sample (verl builds its arrays from the first sample's keys):
``r_out, r_proc, g_l1, g_l2`` (-1.0 when unknown: failed, skipped or not part of the pack),
``reasoning_len`` (policy tokens in the think spans of all its turns), ``num_tool_calls``, ``num_turns``,
``judge_failed``, ``judge_abstained`` (masked like a failure, kept apart), ``cached``, ``latency_s``,
``judge_error`` (error type and message, or "").

Tool-agent rollouts (verl's ToolAgentLoop) are judged from the policy's own turns: see rollout.py.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from verl import DataProto
from verl.experimental.reward_loop.reward_manager import register
from verl.experimental.reward_loop.reward_manager.base import RewardManagerBase

from hrm_wire.errors import DeadlineExceeded, HRMError, InvalidRequest
from hrm_wire.models import RubricInfo, ScoreRequest, ScoreResult
from trainer_plugin.config import HRMRewardConfig, from_verl_config
from trainer_plugin.reasoning import CLOSE, OPEN, count_tokens, split_think
from trainer_plugin.request import _plain, build_request, rollout_group
from trainer_plugin.rollout import segments
from trainer_plugin.rollout_reader import RolloutReader, tool_format
from trainer_plugin.self_certainty import (
    RATIONALE_SELF_CERTAINTY,
    TOPK_ERROR_KEY,
    TOPK_KEY,
    rationale_span,
    self_certainty,
)

logger = logging.getLogger(__name__)
logger.setLevel(os.getenv("VERL_LOGGING_LEVEL", "WARN"))

UNKNOWN = -1.0
#: the pack's headline numbers logged by default (``HRMRewardConfig.score_keys``; HRM's composition)
DEFAULT_SCORE_KEYS = ("r_out", "r_proc", "g_l1", "g_l2")
#: extra-info keys every sample carries after the score keys
EXTRA_KEYS = ("reasoning_len", "num_tool_calls", "num_turns", "judge_failed", "judge_abstained", "cached",
              "latency_s", "judge_error")


class Scorer(Protocol):
    """What the manager needs from a judge client (``hrm_client.AsyncJudgeClient`` fits)."""

    async def score(self, request: ScoreRequest, *, timeout: float | None = ...) -> ScoreResult: ...

    async def rubrics(self, *, timeout: float | None = ...) -> list[RubricInfo]: ...

    async def close(self) -> None: ...


ScorerFactory = Callable[[HRMRewardConfig], Scorer]


def grpc_scorer(cfg: HRMRewardConfig) -> Scorer:
    """The real client: gRPC, retry with exponential backoff and jitter on UNAVAILABLE / RESOURCE_EXHAUSTED."""
    from hrm_client import AsyncJudgeClient, RetryPolicy

    address = cfg.address if "://" in cfg.address else f"grpc://{cfg.address}"
    policy = RetryPolicy(max_attempts=cfg.max_attempts, initial_backoff_s=cfg.backoff_initial_s,
                         max_backoff_s=cfg.backoff_max_s)
    return AsyncJudgeClient(address, transport="grpc", timeout=cfg.timeout_s, retry=policy,
                            token=cfg.resolved_token(), concurrency=cfg.max_concurrent)


@dataclass
class _Shared:
    """Per-process, per-event-loop state: one channel and one concurrency limit for every manager."""

    scorer: Scorer
    semaphore: asyncio.Semaphore
    #: the service's packs by id, read once (which request context each pack needs)
    packs: dict[str, RubricInfo] | None = None

    async def context_keys(self, rubric: str, timeout_s: float) -> list[str]:
        """The request-context keys the pack's rules read (``RubricInfo.context_keys``); HRMError when the
        service cannot say, so a sample is never scored without a part of its reward."""
        if self.packs is None:
            self.packs = {info.id: info for info in await self.scorer.rubrics(timeout=timeout_s)}
        info = self.packs.get(rubric)
        return list(info.context_keys) if info is not None else []


_SHARED: dict[tuple[int, int, str], _Shared] = {}
_SHARED_LOCK = threading.Lock()


def _shared(cfg: HRMRewardConfig, factory: ScorerFactory) -> _Shared:
    loop = asyncio.get_running_loop()
    key = (os.getpid(), id(loop), cfg.model_dump_json() + repr(factory))
    with _SHARED_LOCK:
        state = _SHARED.get(key)
        if state is None:
            state = _SHARED[key] = _Shared(scorer=factory(cfg), semaphore=asyncio.Semaphore(cfg.max_concurrent))
        return state


async def close_shared() -> None:
    """Close this process's clients (tests and clean shutdowns)."""
    with _SHARED_LOCK:
        states = list(_SHARED.values())
        _SHARED.clear()
    for s in states:
        await s.scorer.close()


@dataclass(frozen=True)
class Shape:
    """What the policy did, independent of the judge: the paper's process signals (Fig. 6b, section 4.3)."""

    reasoning_len: int = 0
    """Think tokens over every policy turn (DCPO's tie-breaker L(tau))."""
    num_tool_calls: int = 0
    num_turns: int = 1
    """Policy (assistant) turns."""


def extra_info(result: ScoreResult | None, *, shape: Shape, latency_s: float, error: str = "",
               score_keys: Sequence[str] = DEFAULT_SCORE_KEYS) -> dict[str, Any]:
    """The extra-info dict of one sample (same keys whatever happened)."""
    abstained = result is not None and result.abstained and not result.judge_failed
    failed = result is None or result.judge_failed or (result.reward is None and not abstained)
    if result is not None and result.judge_failed and not error:
        f = result.failure
        error = f"judge_failed: {f.stage}: {f.cause}" if f else "judge_failed"
    if abstained and not error:
        a = result.abstention
        error = f"abstained: {a.stage}: {a.cause}" if a else "abstained"
    scores = result.scores if result is not None else {}
    return {
        **{key: float(scores[key]) if key in scores else UNKNOWN for key in score_keys},
        "reasoning_len": int(shape.reasoning_len),
        "num_tool_calls": int(shape.num_tool_calls),
        "num_turns": int(shape.num_turns),
        "judge_failed": bool(failed),
        "judge_abstained": bool(abstained),
        "cached": bool(result.cached) if result is not None else False,
        "latency_s": float(latency_s),
        "judge_error": error,
    }


@register("hrm")
class HRMRewardManager(RewardManagerBase):
    """Remote HRM judge as a verl reward-loop manager (``reward.reward_manager.name=hrm``)."""

    #: tests swap in a scripted scorer here; production uses the gRPC client
    scorer_factory: ScorerFactory = staticmethod(grpc_scorer)  # type: ignore[assignment]

    def __init__(self, config: Any, tokenizer: Any, compute_score: Any = None, reward_router_address: Any = None,
                 reward_model_tokenizer: Any = None, *, hrm_config: HRMRewardConfig | None = None,
                 scorer_factory: ScorerFactory | None = None, **_: Any) -> None:
        super().__init__(config, tokenizer, compute_score)
        self.hrm = hrm_config or from_verl_config(config)
        if scorer_factory is not None:
            self.scorer_factory = scorer_factory
        # Special tokens other than the think tags are stripped from the decoded text: some tokenizers
        # mark <think> as special, so decoding with skip_special_tokens=True could lose the span.
        # Added tokens marked special count too: converted tokenizers (GGUF) often list only eos/pad there,
        # leaving ChatML's <|im_end|> in decoded turns.
        specials = set(getattr(tokenizer, "all_special_tokens", None) or [])
        added = getattr(tokenizer, "added_tokens_decoder", None) or {}
        specials.update(t.content for t in added.values() if getattr(t, "special", False))
        self._strip = sorted((t for t in specials if t and t not in (OPEN, CLOSE)), key=len, reverse=True)
        self._rollout = RolloutReader(tokenizer, tool_format(config, self.hrm), self._clean)

    # -- decoding -----------------------------------------------------------------------------------

    def _clean(self, text: str) -> str:
        for tok in self._strip:
            text = text.replace(tok, "")
        return text

    def _decode(self, ids: Any) -> str:
        return self._clean(self.tokenizer.decode(ids, skip_special_tokens=False))

    def _encode(self, text: str) -> list[int]:
        return self.tokenizer.encode(text, add_special_tokens=False)

    # -- the reward ---------------------------------------------------------------------------------

    async def _read(self, item: Any, info: dict[str, Any], raw_prompt: Any,
                    sample_id: str | None) -> tuple[ScoreRequest | None, Shape, HRMError | None]:
        """The request and the process signals of one sample (request None with the error when unusable)."""
        response_ids = item.batch["responses"]
        valid_len = int(item.batch["attention_mask"][-response_ids.shape[-1]:].sum())
        valid_ids = response_ids[:valid_len].tolist()
        mask = item.batch["response_mask"][:valid_len].tolist() if "response_mask" in item.batch.keys() else None
        loop = asyncio.get_running_loop()
        rollout = await self._rollout.read(valid_ids, mask)
        if not rollout.multi_turn:
            text = await loop.run_in_executor(None, self._decode, valid_ids)
            split = split_think(text)
            shape = Shape(reasoning_len=await loop.run_in_executor(None, count_tokens, split.reasoning, self._encode))
            build = functools.partial(build_request, info, split, self.hrm)
        else:
            lens = [await loop.run_in_executor(None, count_tokens, r, self._encode) for r in rollout.reasoning_texts()]
            shape = Shape(reasoning_len=sum(lens), num_tool_calls=rollout.num_tool_calls, num_turns=len(rollout.turns))
            prompt = _plain(raw_prompt) if raw_prompt is not None else []
            final = rollout.final_answer
            build = functools.partial(build_request, info, None, self.hrm,
                                      messages=rollout.messages(prompt if isinstance(prompt, list) else []),
                                      response=None if final is not None else "")
        try:
            request = build(raw_prompt=raw_prompt, sample_id=sample_id, group=rollout_group(sample_id))
            needs = await _shared(self.hrm, self.scorer_factory).context_keys(request.rubric, self.hrm.timeout_s)
            if RATIONALE_SELF_CERTAINTY in needs:
                answer = (0, valid_ids)
                if rollout.multi_turn:  # the rationale is in the final policy turn
                    policy = [(off, seg) for off, seg in self._offsets(valid_ids, mask) if off is not None]
                    answer = policy[-1] if policy and rollout.final_answer is not None else (0, [])
                request = await loop.run_in_executor(None, self._with_self_certainty, request, info,
                                                     len(valid_ids), answer)
        except HRMError as err:
            return None, shape, err
        return request, shape, None

    def _offsets(self, ids: list[int], mask: list[int] | None) -> list[tuple[int | None, list[int]]]:
        """(offset, ids) of each policy segment, (None, ids) for appended context."""
        out: list[tuple[int | None, list[int]]] = []
        pos = 0
        for m, seg in segments(ids, self._rollout.mask(ids) if mask is None else mask):
            out.append((pos if m else None, seg))
            pos += len(seg)
        return out

    def _with_self_certainty(self, request: ScoreRequest, info: dict[str, Any], n_ids: int,
                             answer: tuple[int, list[int]]) -> ScoreRequest:
        """Shop-R1's rationale signal from the rollout's top-k log-probs (one list per response token, recorded
        by trainer_plugin/topk_agent_loop.py); ``answer`` = (offset, ids) of the policy turn holding it."""
        topk = _plain(info.get(TOPK_KEY))
        problem = info.get(TOPK_ERROR_KEY)
        if topk is None and problem is None:
            if not self.hrm.topk_logprobs:
                return request  # not configured: the rationale component stays 0, as HRM documents
            problem = "the rollout carries none (is the agent loop *_topk? see trainer_plugin/topk_agent_loop.py)"
        elif topk is not None and len(topk) != n_ids:
            problem = f"{len(topk)} rows for {n_ids} response tokens"
        if problem is not None:
            # Scoring without the component would be a wrong reward, not a real one: the sample is failed.
            raise InvalidRequest(f"shop_r1 needs the policy's top-k log-probs: {problem}",
                                 field=f"tool_extra_fields.{TOPK_KEY}")
        offset, ids = answer
        start, end = rationale_span(ids, self._decode)
        rows = [r for r in topk[offset + start:offset + end] if r]
        vocab = self.hrm.vocab_size or len(self.tokenizer)
        s = self_certainty(rows, vocab)
        return request.model_copy(update={"context": {**request.context, RATIONALE_SELF_CERTAINTY: s}})

    async def run_single(self, data: DataProto) -> dict[str, Any]:
        item = data[-1:][0]  # multi-output agent loops: the last output holds the final answer
        nt = item.non_tensor_batch
        info: dict[str, Any] = dict(nt.get("extra_info") or {})
        tool_fields = nt.get("tool_extra_fields")
        if tool_fields:
            info.update(dict(tool_fields))
        for key in (TOPK_KEY, TOPK_ERROR_KEY):  # batch reward: the agent loop's extra fields are columns
            if info.get(key) is None and nt.get(key) is not None:
                info[key] = nt[key]
        request, shape, err = await self._read(item, info, nt.get("raw_prompt"),
                                               str(nt["uid"]) if "uid" in nt else None)
        if request is None:
            # A malformed dataset row: no judge can score it. Marked, logged, never a 0.
            logger.error("HRM request not built: %s", err)
            return self._failed(err, shape, 0.0)

        shared = _shared(self.hrm, self.scorer_factory)
        async with shared.semaphore:
            t0 = time.monotonic()  # latency excludes the wait for a concurrency slot
            try:
                # Guard above the client's own budget: a hung channel must not hang the reward loop.
                result = await asyncio.wait_for(shared.scorer.score(request, timeout=self.hrm.timeout_s),
                                                timeout=self.hrm.timeout_s + 5.0)
            except (TimeoutError, asyncio.TimeoutError):
                return self._failed(DeadlineExceeded(f"no answer within {self.hrm.timeout_s} s"), shape,
                                    time.monotonic() - t0)
            except HRMError as err:
                return self._failed(err, shape, time.monotonic() - t0)
            except Exception as err:  # noqa: BLE001 - any client bug must mark the sample, not kill the loop
                logger.exception("HRM call crashed")
                return self._failed(HRMError(f"{type(err).__name__}: {err}"), shape, time.monotonic() - t0)
        latency = time.monotonic() - t0
        extra = extra_info(result, shape=shape, latency_s=latency, score_keys=self.hrm.score_keys)
        if extra["judge_failed"] or extra["judge_abstained"]:
            # Abstentions are masked exactly like failures (same reward value, dropped by the DCPO sampler,
            # left out of the advantage statistics), but keep their own key: they are not outages.
            logger.warning("HRM gave no reward for %s: %s", request.id, extra["judge_error"])
            return {"reward_score": self.hrm.failure_reward, "reward_extra_info": extra}
        return {"reward_score": float(result.reward), "reward_extra_info": extra}

    def _failed(self, err: HRMError | None, shape: Shape, latency_s: float) -> dict[str, Any]:
        err = err or HRMError("unknown error")
        logger.warning("HRM judge unavailable for a sample (%s): %s", err.code, err)
        extra = extra_info(None, shape=shape, latency_s=latency_s, error=f"{err.code}: {err.message}",
                           score_keys=self.hrm.score_keys)
        return {"reward_score": self.hrm.failure_reward, "reward_extra_info": extra}
