"""``engine:`` in the config: one engine configuration per kind, told apart by ``kind``.

Each engine defines its settings beside its code (``EmbeddedConfig`` in ``engines/embedded.py``, ``OpenAIConfig``,
``VLLMConfig``, ``FakeConfig``); the engines made of other engines (``cascade``, ``self_consistency``) are
defined here, with the union they nest. Any other ``kind`` of the form ``module:Class`` is a plugin engine
(``PluginConfig``: its settings under ``options``).

Configs written before the per-kind classes nest an engine's settings under its name
(``{kind: openai, openai: {base_url: ...}}``); such a block is lifted into the engine's own fields. Blocks and
fields of other kinds (``n_parallel`` with ``kind: openai``) never applied to the engine and are dropped with a
warning.
"""

from __future__ import annotations

import logging
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Discriminator, Field, Tag, TypeAdapter

from judge_server.engines.base import EngineSettings, ServingHints
from judge_server.engines.batch import BatchConfig
from judge_server.engines.embedded import EmbeddedConfig
from judge_server.engines.fake import FakeConfig
from judge_server.engines.openai import OpenAIConfig
from judge_server.engines.vllm import VLLMConfig

log = logging.getLogger(__name__)

_KINDS = {"embedded", "openai", "vllm", "fake", "batch", "cascade", "self_consistency"}
#: blocks of settings that older configs nested under the engine's name
_LEGACY_BLOCKS = ("openai", "vllm", "fake")
#: fields an older config could carry whatever the kind: each applied to some kinds only
_LEGACY_ONLY_FOR = {
    **dict.fromkeys(("model_dir", "n_ctx", "n_parallel", "threads", "batch_threads", "cache_prompt"), ("embedded",)),
    "model": ("embedded", "openai", "vllm", "fake", "batch", "plugin"),
    "samples": ("self_consistency",),
    "sample_temperature": ("self_consistency",),
}


def lift_legacy_engine(data: Any) -> Any:
    """An older ``engine:`` mapping in today's shape (see the module docstring); others pass unchanged."""
    if not isinstance(data, dict):
        return data
    kind = data.get("kind", "embedded")
    family = kind if kind in _KINDS else "plugin"
    out = {k: v for k, v in data.items() if k not in _LEGACY_BLOCKS}
    dropped = [k for k, kinds in _LEGACY_ONLY_FOR.items() if k in out and family not in kinds]
    for key in dropped:
        out.pop(key)
    if dropped:
        log.warning("engine kind %s ignores %s (settings of other engine kinds)", kind, ", ".join(dropped))
    block = data.get(kind)
    if isinstance(block, EngineSettings):
        block = block.model_dump(exclude_unset=True)
    if isinstance(block, dict):
        out.update(block)
    if isinstance(out.get("tiers"), list):
        out["tiers"] = [lift_legacy_engine(t) for t in out["tiers"]]
    return out


class CascadeConfig(EngineSettings):
    """``kind: cascade``: grader tiers asked weakest first (escalation on low confidence)."""

    kind: Literal["cascade"] = Field(default="cascade", description="Engine kind.")
    tiers: list[EngineConfig] = Field(
        default_factory=list,
        description="The grader tiers, weakest first, each a full engine config (any kind but cascade). A question "
                    "goes to the next tier when the verdict's confidence is below that tier's calibrated threshold "
                    "for the check (judge.calibration_file); the last tier's unsure answer abstains. Every tier must "
                    "start, or the engine is not ready.")

    def serving_hints(self) -> ServingHints:
        # questions in flight: what the most capable tier takes (the weak tier's are answered first, then leave)
        return ServingHints(in_flight=max((t.serving_hints().in_flight for t in self.tiers), default=4))


class SelfConsistencyConfig(EngineSettings):
    """``kind: self_consistency``: one engine sampled k times per yes/no question; agreement is the confidence."""

    kind: Literal["self_consistency"] = Field(default="self_consistency", description="Engine kind.")
    tiers: list[EngineConfig] = Field(default_factory=list,
                                      description="Exactly one engine config: the engine that is sampled.")
    samples: int = Field(default=5, ge=2, le=32, description="Answers sampled per yes/no question; the share that "
                                                            "agrees with the majority is the verdict's confidence.")
    sample_temperature: float = Field(default=0.7, gt=0, le=2, description="Sampling temperature of those answers.")

    def serving_hints(self) -> ServingHints:
        # each question is sampled ``samples`` times on the one engine: fewer questions fill it
        inner = max((t.serving_hints().in_flight for t in self.tiers), default=4)
        return ServingHints(in_flight=max(1, inner // self.samples))


class PluginConfig(EngineSettings):
    """``kind: module:Class``: a ``GraderEngine`` subclass of your own, given these settings."""

    kind: str = Field(pattern=r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$", description="'module:Class' of the engine.")
    model: str = Field(default="", description="Model name, as the engine reads it.")
    options: dict[str, Any] = Field(default_factory=dict, description="Engine-specific settings.")


def _kind_of(data: Any) -> str:
    kind = data.get("kind", "embedded") if isinstance(data, dict) else getattr(data, "kind", "embedded")
    return kind if kind in _KINDS else "plugin"


EngineConfig = Annotated[
    Annotated[EmbeddedConfig, Tag("embedded")] | Annotated[OpenAIConfig, Tag("openai")]
    | Annotated[VLLMConfig, Tag("vllm")] | Annotated[FakeConfig, Tag("fake")] | Annotated[BatchConfig, Tag("batch")]
    | Annotated[CascadeConfig, Tag("cascade")] | Annotated[SelfConsistencyConfig, Tag("self_consistency")]
    | Annotated[PluginConfig, Tag("plugin")],
    Discriminator(_kind_of),
    BeforeValidator(lift_legacy_engine),
]
"""Any engine's configuration (``engine:`` in a config file)."""

CascadeConfig.model_rebuild()
SelfConsistencyConfig.model_rebuild()

_ADAPTER: TypeAdapter[Any] = TypeAdapter(EngineConfig)


def engine_config(data: dict[str, Any] | None = None, /, **fields: Any) -> EngineSettings:
    """An engine config from a mapping or keyword fields (``engine_config(kind="fake", responses=[...])``)."""
    return _ADAPTER.validate_python(lift_legacy_engine({**(data or {}), **fields}))


def engine_free_loc(loc: tuple[int | str, ...] | list[int | str]) -> list[int | str]:
    """An error location without the union's tags: ``engine.embedded.kindd`` reads ``engine.kindd``."""
    out: list[int | str] = []
    for part in loc:
        after_engine = bool(out) and (out[-1] == "engine" or (isinstance(out[-1], int) and "tiers" in out[-2:-1]))
        if after_engine and isinstance(part, str) and (part in _KINDS or part == "plugin"):
            continue
        out.append(part)
    return out


__all__ = ["CascadeConfig", "EngineConfig", "PluginConfig", "SelfConsistencyConfig", "engine_config",
           "engine_free_loc", "lift_legacy_engine"]
