"""The in-process scorer the batch commands hand to ``hrm_tools.batch.run_batch``.

``hrm score``, ``hrm eval`` without ``--url`` (and ``hrm calibrate``) judge in this process with the core
pipeline. The client side only sees an object with ``async score(request) -> ScoreResult`` and ``close()``,
so it never imports ``judge_server``; the CLI builds this object from the shared grader flags
(``hrm_tools.args``) and passes it in.

Starting says what is being loaded: the default embedded grader is assembled from its PyPI chunk packages
(~1.1 GB) on first use, which takes minutes; a silent wait there reads as a hang.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import time
from pathlib import Path
from typing import Any

from rich.console import Console

from hrm_tools.args import engine_overrides
from hrm_wire.models import ScoreRequest, ScoreResult
from judge_server.config import HRMConfig, load_config
from judge_server.engines.model_assembly import load_notice
from judge_server.pipeline import ScoringPipeline


class LocalScorer:
    """Scores with a ``ScoringPipeline`` in this process (started on first use or by ``start``)."""

    def __init__(self, pipeline: ScoringPipeline, *, timeout: float | None = None,
                 console: Console | None = None) -> None:
        self.pipeline = pipeline
        self.timeout = timeout
        self.console = console or Console(stderr=True)
        self._started = False
        self._lock = asyncio.Lock()

    @classmethod
    def from_config(cls, config: HRMConfig, **kw: Any) -> LocalScorer:
        return cls(ScoringPipeline(config), **kw)

    @classmethod
    def from_file(cls, config_path: str | Path | None, overrides: dict[str, Any] | None = None,
                  **kw: Any) -> LocalScorer:
        """From a YAML config, ``HRM__...`` environment and ``overrides`` (the CLI turns the shared grader
        flags into these with ``hrm_tools.args.engine_overrides``); a bad config raises ConfigError."""
        return cls.from_config(load_config(config_path, overrides=overrides or {}), **kw)

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> LocalScorer:
        """From the shared grader flags (``hrm_tools.args``) of a parsed command line, with its ``--timeout``."""
        return cls.from_file(getattr(args, "config", None), engine_overrides(args),
                             timeout=getattr(args, "timeout", None))

    @property
    def config(self) -> HRMConfig:
        return self.pipeline.config

    def parse(self, data: dict[str, Any], item_id: str | None = None) -> ScoreRequest:
        """A ScoreRequest from a JSON object, with the pipeline's size caps (typed InvalidRequest)."""
        return self.pipeline.parse_request(data, item_id=item_id)

    def describe(self) -> str:
        engine = self.config.engine
        return f"{engine.kind} {engine.model}" if engine.kind == "embedded" else engine.kind

    async def start(self) -> None:
        async with self._lock:
            if self._started:
                return
            t0 = time.monotonic()
            self._announce_model()
            await self.pipeline.start()
            gc.freeze()  # start-up objects live as long as the run: the cyclic GC need not rescan them per item
            self._started = True
            self.console.print(f"grader ready: {self.pipeline.engine.model_id} "
                               f"({time.monotonic() - t0:.1f} s)", highlight=False)
            for note in self.pipeline.capability_notices():
                self.console.print(f"[yellow]note:[/] {note}", highlight=False)

    def _announce_model(self) -> None:
        self.console.print(load_notice(self.config.engine), highlight=False)

    async def score(self, request: ScoreRequest) -> ScoreResult:
        if not self._started:
            await self.start()
        return await self.pipeline.score(request, deadline_s=self.timeout)

    async def close(self) -> None:
        await self.pipeline.close()
