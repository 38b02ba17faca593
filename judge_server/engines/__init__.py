"""Grader engines behind one interface (`GraderEngine`), created by kind or injected by class."""

from __future__ import annotations

import importlib

from hrm_wire.errors import ConfigError
from judge_server.config import EngineConfig
from judge_server.engines.base import ChatMessage, Generation, GenerationRequest, GraderEngine, TokenLogprob

# Imported lazily so a CPU install never imports vLLM and a client never imports xllamacpp.
ENGINE_CLASSES: dict[str, str] = {
    "embedded": "judge_server.engines.embedded:EmbeddedEngine",
    "vllm": "judge_server.engines.vllm:VLLMEngine",
    "openai": "judge_server.engines.openai:OpenAIEngine",
    "fake": "judge_server.engines.fake:FakeEngine",
    "cascade": "judge_server.engines.cascade:CascadeEngine",
    "self_consistency": "judge_server.engines.self_consistency:SelfConsistencyEngine",
}


def engine_class(kind: str) -> type[GraderEngine]:
    target = ENGINE_CLASSES.get(kind, kind)
    if ":" not in target:
        raise ConfigError(f"unknown engine kind {kind!r}; known: {sorted(ENGINE_CLASSES)} or 'module:Class'",
                          field="engine.kind")
    module_name, _, cls_name = target.partition(":")
    try:
        cls = getattr(importlib.import_module(module_name), cls_name)
    except (ImportError, AttributeError) as exc:
        raise ConfigError(f"cannot load engine {kind!r} ({target}): {exc}", field="engine.kind") from None
    if not (isinstance(cls, type) and issubclass(cls, GraderEngine)):
        raise ConfigError(f"{target} is not a GraderEngine", field="engine.kind")
    return cls


def make_engine(config: EngineConfig) -> GraderEngine:
    return engine_class(config.kind)(config)


def engine_tiers(engine: GraderEngine) -> list[GraderEngine]:
    """The graders a judge asks in turn: a cascade's tiers, or the engine itself."""
    tiers = getattr(engine, "tiers", None)
    return list(tiers) if tiers else [engine]


__all__ = ["ChatMessage", "Generation", "GenerationRequest", "GraderEngine", "TokenLogprob", "engine_class",
           "engine_tiers", "make_engine"]
