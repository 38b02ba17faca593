"""A GraderEngine that forwards generations to the grader deployment, so the pipeline runs unchanged.

The ingress builds ``ScoringPipeline(config, engine=RemoteEngine(grader_handle))``: the same pipeline
code as in-process, with the engine living in its own (GPU) replicas behind Serve's router.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any

from hrm_wire.errors import EngineUnavailable, HRMError
from judge_server.config import EngineConfig
from judge_server.engines import Generation, GenerationRequest, GraderEngine
from judge_server.serve.faults import as_hrm_error


def _unwrap(exc: BaseException) -> BaseException:
    """Ray re-raises a replica's exception wrapped; the typed HRMError is its ``cause``."""
    cause = getattr(exc, "cause", None)
    return cause if isinstance(cause, HRMError) else exc


async def _awaitable(response: Any) -> Any:
    return await response


class RemoteEngine(GraderEngine):
    def __init__(self, handle: Any, config: EngineConfig, *,
                 on_generate: Callable[[float], None] | None = None) -> None:
        super().__init__(config)
        self.handle = handle
        self._model_id = "unknown"
        self._ready = False
        self._on_generate = on_generate

    @property
    def model_id(self) -> str:
        return self._model_id

    async def start(self) -> None:
        await self.refresh()

    async def refresh(self, timeout_s: float | None = None) -> bool:
        """Ask the grader whether its engine is loaded (routes to any grader replica).

        Bounded by ``timeout_s``: with its replica gone, a call waits for Serve to start another, and a
        readiness probe must answer "not ready" at once instead (issue 15: it said ready for ~10 s).
        """
        response = self.handle.info.remote()
        try:
            info = await asyncio.wait_for(_awaitable(response), timeout_s)
        except Exception:  # noqa: BLE001 - an unreachable or slow grader is simply not ready
            with contextlib.suppress(Exception):
                response.cancel()
            self._ready = False
            return False
        self._model_id = info["model_id"]
        # Instance attributes shadow the class defaults: the judge asks these to build requests.
        self.supports_json_schema = bool(info["supports_json_schema"])
        self.supports_logprobs = bool(info["supports_logprobs"])
        self._ready = bool(info["ready"])
        return self._ready

    def is_ready(self) -> bool:
        return self._ready

    async def generate(self, request: GenerationRequest) -> Generation:
        t0 = time.perf_counter()
        response = self.handle.generate.remote(request)
        try:
            out: Generation = await response
        except asyncio.CancelledError:
            response.cancel()  # deadline or client gone: stop the grader's work too
            raise
        except Exception as exc:  # noqa: BLE001 - typed below
            err = as_hrm_error(_unwrap(exc))
            if isinstance(err, EngineUnavailable):
                self._ready = False  # readiness follows what calls see, before the next probe
            raise err from None
        if self._on_generate is not None:
            self._on_generate(time.perf_counter() - t0)
        return out
