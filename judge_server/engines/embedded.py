"""The embedded CPU grader: llama.cpp's server engine in-process through the prebuilt ``xllamacpp`` wheel.

Facts this module relies on (measured with xllamacpp 2026.10.11549):

- ``Server.handle_chat_completions(body, callback)`` takes an OpenAI-style body; with ``"stream": true`` the
  callback gets each chunk as a dict and **returning True cancels the llama.cpp task** (its slot is released).
  We always stream for that reason: a cancelled asyncio caller stops the generation at the next chunk.
  ``"return_progress": true`` adds a chunk after every prompt batch (``n_batch`` tokens), so even a long
  prompt prefill can be abandoned after at most one batch.
- ``response_format: {"type": "json_schema", ...}`` constrains decoding by grammar. The grammar lets the model
  wrap the JSON in a Markdown code fence, which llama.cpp's chat parser strips from ``content``.
- ``logprobs``/``top_logprobs`` work. When streaming, tokens the chat parser swallows (such as that fence) come
  without their logprobs, so ``Generation.logprobs`` covers the tokens of the returned text, not every
  sampled token.
- Cached prompt tokens are reported both as ``usage.prompt_tokens_details.cached_tokens`` and
  ``timings.cache_n``; ``usage.prompt_tokens`` counts the whole prompt (cached included).
- Request errors arrive as ``{"error": {...}}`` chunks (e.g. prompt longer than the context); an invalid JSON
  schema raises ``ValueError`` from the call itself.
- The handle call blocks without the GIL, so generations run on worker threads and fill the parallel slots.
- ``id_slot`` in the body pins the task to that slot; a task pinned to a busy slot waits for it (deferred), and
  the other slots do not take it. With ``slot_affinity`` the questions of one trajectory share a slot
  (``engines/affinity.py``). Independently, llama.cpp keeps prompts of reassigned slots in host RAM
  (``cache_ram_mib``, 8 GiB by default) and restores the best match into whichever slot a task lands on.
- The server also listens on an HTTP port bound to 127.0.0.1 (``listening_address``). Nothing here uses it; it
  is locked with a random API key (``http_api_key``) so other local processes cannot use the model, and it is a
  real OpenAI-compatible endpoint (the openai engine's real tests talk to it).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import os
import secrets
import threading
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from hrm_wire.errors import ConfigError, EngineError, EngineUnavailable
from judge_server.engines.base import (
    EngineSettings,
    Generation,
    GenerationRequest,
    GraderEngine,
    ServingHints,
)
from judge_server.engines.model_assembly import ResolvedModel, resolve_model
from judge_server.engines.openai import (
    error_from_payload,
    map_logprobs,
    phase_seconds,
    request_body,
    usage_counts,
)
from judge_server.engines.slot_affinity import SlotAffinity, current_trajectory

log = logging.getLogger(__name__)

#: Prompt tokens per decode batch: also the granularity at which a prefill can be cancelled
#: (~4 s of the 1.5B's prefill on two cores) at little cost in prefill speed.
PROMPT_BATCH = 256
#: llama.cpp log threshold: 2 keeps warnings and errors, drops the per-request info lines.
LLAMA_VERBOSITY = 2


class _Collector:
    """Accumulates streamed chunks into one Generation; tells llama.cpp to stop once cancelled."""

    def __init__(self, cancel: threading.Event) -> None:
        self.cancel = cancel
        self.parts: list[str] = []
        self.logprobs: list[dict[str, Any]] = []
        self.finish_reason: str | None = None
        self.usage: dict[str, Any] | None = None
        self.timings: dict[str, Any] | None = None
        self.error: Any = None

    def __call__(self, chunk: Any) -> bool:
        # An exception raised here would be swallowed by xllamacpp (and stop the stream): never raise.
        try:
            if self.cancel.is_set():
                return True
            if not isinstance(chunk, dict):
                self.error = {"message": f"unexpected chunk {chunk!r:.200}"}
                return True
            if "error" in chunk:
                self.error = chunk["error"]
                return True
            for choice in chunk.get("choices") or []:
                delta = choice.get("delta") or {}
                if delta.get("content"):
                    self.parts.append(delta["content"])
                lp = choice.get("logprobs")
                if lp and lp.get("content"):
                    self.logprobs.extend(lp["content"])
                if choice.get("finish_reason"):
                    self.finish_reason = choice["finish_reason"]
            if chunk.get("usage"):
                self.usage = chunk["usage"]
            if chunk.get("timings"):
                self.timings = chunk["timings"]
            return False
        except Exception as exc:  # noqa: BLE001 - reported by the caller instead
            self.error = {"message": f"bad chunk: {exc}"}
            return True


class EmbeddedConfig(EngineSettings):
    """``kind: embedded``: llama.cpp in this process, with a GGUF grader shipped in PyPI packages."""

    kind: Literal["embedded"] = Field(default="embedded", description="Engine kind.")
    model: str = Field(default="qwen2.5-coder-1.5b",
                       description="Grader model: 'qwen2.5-coder-1.5b' (default), 'smollm2-135m' (plumbing checks "
                                   "only) or a path to a GGUF file.")
    model_dir: Path | None = Field(default=None,
                                   description="Where the assembled GGUF is kept (default $HRM_HOME/models).")
    n_ctx: int = Field(default=8192, ge=512, description="Context window shared by all parallel slots.")
    n_parallel: int = Field(default=2, ge=1, description="Parallel decoding slots.")
    threads: int = Field(default=0, ge=0, description="Decode threads; 0 = number of CPU cores.")
    batch_threads: int = Field(default=0, ge=0, description="Prompt-processing threads; 0 = number of CPU cores.")
    cache_prompt: bool = Field(default=True, description="Reuse the cached prompt prefix (llama.cpp prompt cache).")

    def serving_hints(self) -> ServingHints:
        # slots busy plus a short queue behind them; a group spills once its replica cannot start a question
        return ServingHints(max_ongoing=max(8, 4 * self.n_parallel), affinity_imbalance=max(1, self.n_parallel - 1),
                            in_flight=max(4, 2 * self.n_parallel))


class EmbeddedEngine(GraderEngine):
    """llama.cpp in-process (xllamacpp) with a GGUF grader resolved by `model_assembly`."""

    supports_json_schema = True
    supports_logprobs = True
    config: EmbeddedConfig

    def __init__(self, config: EmbeddedConfig, *, slot_affinity: bool = False) -> None:
        """``slot_affinity`` (``experimental.slot_affinity``): pin a trajectory's questions to one slot."""
        super().__init__(config)
        self._server: Any = None
        self._model: ResolvedModel | None = None
        self._executor: concurrent.futures.ThreadPoolExecutor | None = None
        self._start_lock = asyncio.Lock()
        self._inflight: set[threading.Event] = set()
        self._affinity = SlotAffinity(config.n_parallel) if slot_affinity and config.n_parallel > 1 else None
        # one pinned task per slot inside llama.cpp: its own wait for a busy pinned slot (deferral) corrupted
        # generations and once spun forever in update_slots (research/bench/results/slot_affinity/README.md)
        self._slot_gates = [asyncio.Lock() for _ in range(config.n_parallel)] if self._affinity is not None else []
        #: bearer token of llama.cpp's own HTTP listener (see module docstring)
        self.http_api_key = secrets.token_urlsafe(24)

    # ------------------------------------------------------------------ lifecycle

    @property
    def model_id(self) -> str:
        if self._model is not None:
            return self._model.model_id
        from judge_server.engines.model_assembly import spec_for

        spec = spec_for(self.config.model)
        if spec is not None:
            return spec.model_id
        # A path's id carries a hash of the file: resolve (cheap once its sidecar exists).
        self._model = resolve_model(self.config.model, self.config.model_dir, progress=False)
        return self._model.model_id

    @property
    def model_path(self) -> str | None:
        return str(self._model.path) if self._model is not None else None

    @property
    def listening_address(self) -> str | None:
        """URL of llama.cpp's own HTTP server for this model (127.0.0.1, random port), once started."""
        return self._server.listening_address if self._server is not None else None

    def _threads(self) -> tuple[int, int]:
        # 0 = all cores this process may use (the affinity mask, which containers narrow; else cpu_count).
        # Set explicitly when replicas share a node: llama.cpp's threads spin at barriers, so an oversubscribed
        # CPU runs several times slower with 2 threads per model than with 1.
        try:
            cores = len(os.sched_getaffinity(0))
        except (AttributeError, OSError):
            cores = os.cpu_count() or 1
        return self.config.threads or cores, self.config.batch_threads or cores

    async def start(self) -> None:
        async with self._start_lock:
            if self._server is not None:
                return
            try:
                import xllamacpp
            except ImportError as exc:
                raise ConfigError(f"the embedded engine needs xllamacpp: pip install 'hrm-judge[cpu]' ({exc})",
                                  field="engine.kind") from None
            self._model = await asyncio.to_thread(resolve_model, self.config.model, self.config.model_dir)
            threads, batch_threads = self._threads()
            params = xllamacpp.CommonParams()
            params.model.path = str(self._model.path)
            params.n_ctx = self.config.n_ctx
            params.n_parallel = self.config.n_parallel
            params.n_batch = PROMPT_BATCH
            params.n_ubatch = PROMPT_BATCH
            params.cpuparams.n_threads = threads
            params.cpuparams_batch.n_threads = batch_threads
            params.cache_prompt = self.config.cache_prompt
            params.verbosity = LLAMA_VERBOSITY
            params.endpoint_metrics = True
            params.api_keys = [self.http_api_key]
            log.info("loading %s (%s): n_ctx=%d slots=%d threads=%d/%d", self._model.model_id, self._model.path,
                     self.config.n_ctx, self.config.n_parallel, threads, batch_threads)
            try:
                server = await asyncio.to_thread(xllamacpp.Server, params)
            except Exception as exc:  # noqa: BLE001 - llama.cpp reports load failures as RuntimeError
                raise EngineUnavailable(f"llama.cpp could not load {self._model.path}: {exc}") from None
            # Blocked calls wait for a free slot inside llama.cpp; the pool only needs to cover them.
            self._executor = concurrent.futures.ThreadPoolExecutor(
                max_workers=max(8, 4 * self.config.n_parallel), thread_name_prefix="hrm-llama")
            self._server = server

    def is_ready(self) -> bool:
        return self._server is not None

    async def close(self) -> None:
        server, self._server = self._server, None
        executor, self._executor = self._executor, None
        for cancel in list(self._inflight):  # stop running generations so the model can be freed
            cancel.set()
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)
        if server is not None:
            # The destructor joins llama.cpp's loop thread: drop the last reference off the event loop.
            holder = [server]
            del server
            await asyncio.to_thread(holder.clear)

    # ------------------------------------------------------------------ generation

    async def generate(self, request: GenerationRequest) -> Generation:
        server, executor = self._server, self._executor
        if server is None or executor is None:
            raise EngineUnavailable("embedded engine not started")
        body = request_body(request, cache_prompt=self.config.cache_prompt)
        affinity = self._affinity
        key = (request.affinity_key or current_trajectory()) if affinity is not None else None
        if affinity is not None and key is not None:
            body["id_slot"] = affinity.acquire(key)
        cancel = threading.Event()
        self._inflight.add(cancel)
        try:
            if "id_slot" in body:
                async with self._slot_gates[body["id_slot"]]:
                    return await asyncio.get_running_loop().run_in_executor(executor, _run_stream, server, body,
                                                                            cancel)
            return await asyncio.get_running_loop().run_in_executor(executor, _run_stream, server, body, cancel)
        except asyncio.CancelledError:
            # The worker sees the flag at the next chunk (token or prompt batch) and cancels the llama.cpp task.
            cancel.set()
            task = asyncio.current_task()
            caller_cancelled = task.cancelling() if task is not None and hasattr(task, "cancelling") else 1
            if not caller_cancelled and self._server is not server:
                raise EngineUnavailable("embedded engine closed") from None  # queued work dropped by close()
            raise
        except RuntimeError as exc:
            if self._server is None:
                raise EngineUnavailable("embedded engine closed") from None
            raise EngineError(f"embedded engine failed: {exc}") from None
        finally:
            self._inflight.discard(cancel)
            if affinity is not None and key is not None:
                affinity.release(key)


def _run_stream(server: Any, body: dict[str, Any], cancel: threading.Event) -> Generation:
    collector = _Collector(cancel)
    if cancel.is_set():
        raise EngineError("cancelled before start")
    try:
        server.handle_chat_completions(body, collector)
    except ValueError as exc:  # invalid schema / template: the request itself is unusable
        raise EngineError(f"llama.cpp rejected the request: {exc}") from None
    if collector.error is not None:
        raise error_from_payload(collector.error, where="llama.cpp")
    if cancel.is_set():
        raise EngineUnavailable("generation cancelled (engine closing or caller gone)")
    if collector.finish_reason is None:
        raise EngineError("llama.cpp stream ended without a finish reason")
    prompt, cached, completion = usage_counts(collector.usage, collector.timings)
    prefill_s, decode_s = phase_seconds(collector.timings)
    logprobs = map_logprobs(collector.logprobs) if "logprobs" in body else None
    return Generation(text="".join(collector.parts), finish_reason=collector.finish_reason, prompt_tokens=prompt,
                      cached_tokens=cached, completion_tokens=completion, logprobs=logprobs,
                      prefill_s=prefill_s, decode_s=decode_s)


__all__ = ["EmbeddedEngine"]
