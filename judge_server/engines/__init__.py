"""Grader engines behind one interface (`GraderEngine`), created by kind or injected by class."""

from __future__ import annotations

from hrm_wire.errors import ConfigError
from judge_server.engines.base import (
    ChatMessage,
    EngineSettings,
    Generation,
    GenerationRequest,
    GraderEngine,
    TokenLogprob,
)
from judge_server.registry import Registry, UnknownName

#: engine kinds; named as "module:Class" so a CPU install never imports vLLM and a client never imports
#: xllamacpp. Any other "module:Class" name is a plugin engine.
ENGINES: Registry[type[GraderEngine]] = Registry("engine", {
    "embedded": "judge_server.engines.embedded:EmbeddedEngine",
    "vllm": "judge_server.engines.vllm:VLLMEngine",
    "openai": "judge_server.engines.openai:OpenAIEngine",
    "fake": "judge_server.engines.fake:FakeEngine",
    "batch": "judge_server.engines.batch:BatchEngine",
    "cascade": "judge_server.engines.cascade:CascadeEngine",
    "self_consistency": "judge_server.engines.self_consistency:SelfConsistencyEngine",
}, import_paths=True, check=lambda cls: isinstance(cls, type) and issubclass(cls, GraderEngine))


def engine_class(kind: str) -> type[GraderEngine]:
    try:
        return ENGINES.get(kind)
    except UnknownName:
        raise ConfigError(f"unknown engine kind {kind!r}; known: {ENGINES.names()} or 'module:Class'",
                          field="engine.kind") from None
    except (ImportError, AttributeError) as exc:
        raise ConfigError(f"cannot load engine {kind!r}: {exc}", field="engine.kind") from None
    except TypeError:
        raise ConfigError(f"{kind} is not a GraderEngine", field="engine.kind") from None


def make_engine(config: EngineSettings, *, slot_affinity: bool = False) -> GraderEngine:
    """The engine for ``config``; ``slot_affinity`` (experimental) applies to an embedded engine only."""
    cls = engine_class(config.kind)
    if slot_affinity:
        from judge_server.engines.embedded import EmbeddedEngine

        if issubclass(cls, EmbeddedEngine):
            return cls(config, slot_affinity=True)  # type: ignore[arg-type]
    return cls(config)


def engine_tiers(engine: GraderEngine) -> list[GraderEngine]:
    """The graders a judge asks in turn: a cascade's tiers, or the engine itself."""
    tiers = getattr(engine, "tiers", None)
    return list(tiers) if tiers else [engine]


__all__ = ["ENGINES", "ChatMessage", "Generation", "GenerationRequest", "GraderEngine", "TokenLogprob", "engine_class",
           "engine_tiers", "make_engine"]
