"""The one configuration tree of HRM core, loadable from YAML with environment overrides.

Environment overrides use ``HRM__`` plus the field path joined by double underscores, e.g.
``HRM__ENGINE__KIND=fake`` or ``HRM__CACHE__SIZE_LIMIT_MB=512``; values are parsed as YAML scalars.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from hrm_wire.errors import ConfigError
from judge_server.engines.configs import EngineConfig, engine_free_loc
from judge_server.engines.embedded import EmbeddedConfig

ENV_PREFIX = "HRM__"


class _Cfg(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CacheConfig(_Cfg):
    enabled: bool = Field(default=True, description="Cache verdicts on disk.")
    directory: Path | None = Field(default=None, description="Cache directory (default $HRM_HOME/cache).")
    size_limit_mb: int = Field(default=1024, ge=1, description="Size cap; least recently stored entries are evicted.")


class JudgeConfig(_Cfg):
    max_attempts: int = Field(default=3, ge=1, le=10, description="Generations per check before judge_failed.")
    backoff_initial_s: float = Field(default=0.05, ge=0, description="First retry delay (exponential backoff).")
    backoff_max_s: float = Field(default=2.0, ge=0, description="Retry delay cap.")
    low_confidence: float = Field(default=0.7, ge=0, le=1,
                                  description="Verdicts below this confidence flag the result for review.")
    concurrency: int | None = Field(
        default=None, ge=1,
        description="LLM questions in flight across all judgments of one pipeline (one ingress replica in a service). "
                    "Unset: the engine's own figure, sized to what it answers at once: 2 per slot for llama.cpp "
                    "(at least 4), 256 for vLLM, the connection pool for an OpenAI-compatible server (64), 4 "
                    "otherwise; a cascade takes its largest tier's.")
    l1_short_circuit: bool = Field(
        default=True, description="Skip the remaining L1 questions once a deterministic check fails L1 (cost "
                                  "lever); turn off to get every dimension's verdict, e.g. for calibration.")
    screens: bool = Field(
        default=True,
        description="Let the packs' screens (judge_server.checks.screens) settle plainly-yes per-product answers in code "
                    "before the grader is asked; they need the 'embed' extra, checked at start. false asks the "
                    "grader about every product (the shipped 1.5B calibration was fitted with screens on).")
    calibration_file: str | None = Field(
        default="auto",
        description="Per-check confidence thresholds fitted by 'hrm calibrate --fit': 'auto' loads the shipped "
                    "judge_server/thresholds/builtin/*.json (and $HRM_HOME/calibrations) that match the pack questions and grader "
                    "model(s); 'off' (or null) uses none, so the first tier always decides and nothing abstains; "
                    "else a path to one file, which must match (see calibration_mismatch).")
    calibration_mismatch: Literal["error", "warn"] = Field(
        default="error",
        description="An explicit calibration_file for an unknown pack, for none of the engine's graders, or with "
                    "a check whose question changed since the fit: 'error' refuses to start (ConfigError), "
                    "'warn' logs it and uses only the parts that still apply.")
    last_tier_decides: bool = Field(
        default=False,
        description="Let the last tier's verdict stand even below its threshold (no abstention, every item "
                    "decided); off, the last tier's unsure answer abstains.")

    @field_validator("calibration_file", mode="before")
    @classmethod
    def _yaml_off(cls, value: object) -> object:
        # YAML 1.1 (and so HRM__JUDGE__CALIBRATION_FILE=off) reads a bare off/no as false
        return "off" if value is False else value


class LimitsConfig(_Cfg):
    """The one input size and depth policy (judge_server.limits enforces it on every path: unary, batch,
    stream, store, review import), so what is scored can also be stored and read back."""

    max_request_bytes: int = Field(default=256_000, ge=1024,
                                   description="Cap on one scoring request's JSON size (also each batch item).")
    max_response_chars: int = Field(default=20_000, ge=100, description="Cap on the response text.")
    max_query_chars: int = Field(default=8_000, ge=100,
                                 description="Cap on the query text (refused up front rather than overflowing "
                                             "the grader's context).")
    max_steps: int = Field(default=200, ge=1, description="Cap on trajectory steps.")
    max_depth: int = Field(default=32, ge=4, le=200,
                           description="Cap on JSON nesting depth of a request (objects and arrays); deeper "
                                       "input cannot be rendered, stored or read back safely.")
    max_batch_items: int = Field(default=4096, ge=1, description="Most items in one batch (gRPC ScoreBatch, "
                                                                 "POST /v1/score/batch).")
    max_body_bytes: int = Field(default=16 * 1024 * 1024, ge=1024,
                                description="Cap on one HTTP body or gRPC message (a whole batch).")


class ExperimentalConfig(_Cfg):
    """Features not turned on by default, because they have not yet shown a gain on the graders measured."""

    prompt_layout: Literal["question_first", "shared_first", "pack_first"] = Field(
        default="question_first",
        description="Layout of a question's prompt. question_first: the question's static text, then only its own "
                    "inputs. shared_first: the sample's material before the question, so the questions of a judgment "
                    "(and of a rollout group) share one cached prefix. pack_first: also every question's guidance in "
                    "one system text per pack, ending with a short ask (prompts several times longer: mind the "
                    "grader's context).")
    slot_affinity: bool = Field(
        default=False,
        description="Embedded engine with n_parallel > 1: pin the questions of one trajectory to one llama.cpp slot "
                    "(id_slot) so they reuse its warm prompt prefix; off, llama.cpp picks a slot per question.")
    group_affinity: bool = Field(
        default=False,
        description="hrm serve: route a rollout group's grader questions (options.group, or a hash of rubric, query "
                    "and catalog) to one grader replica, so its shared prefix is prefilled once; off, Serve's "
                    "default router spreads questions by load.")
    affinity_imbalance: int | None = Field(
        default=None, ge=1,
        description="group_affinity: queue-length lead over the least-loaded replica past which a group's preferred "
                    "replica is passed over. Default: the engine's own (an embedded grader's slots - 1, else 4).")


class HRMConfig(_Cfg):
    """Core configuration: engine, cache, judge behaviour, limits and where rubric packs live."""

    engine: EngineConfig = Field(default_factory=lambda: EmbeddedConfig(), description="Grader engine.")
    cache: CacheConfig = Field(default_factory=CacheConfig, description="Judgment cache.")
    judge: JudgeConfig = Field(default_factory=JudgeConfig, description="Verdict parsing and retry.")
    limits: LimitsConfig = Field(default_factory=LimitsConfig, description="Input size caps.")
    rubrics_dir: Path | None = Field(
        default=None, description="Extra folder of rubric pack YAML files; a relative path is taken from the directory "
                                  "the command runs in (resolved when the config is read, so service replicas get "
                                  "the absolute path).")
    experimental: ExperimentalConfig = Field(default_factory=ExperimentalConfig,
                                             description="Features not turned on by default.")

    @model_validator(mode="before")
    @classmethod
    def _moved_to_experimental(cls, data: Any) -> Any:
        """judge.prompt_layout and engine.slot_affinity live under experimental now; older configs still load."""
        if not isinstance(data, dict):
            return data
        data, moved = dict(data), {}
        for section, key in (("judge", "prompt_layout"), ("engine", "slot_affinity")):
            sub = data.get(section)
            if isinstance(sub, dict) and key in sub:
                sub = dict(sub)
                moved[key] = sub.pop(key)
                data[section] = sub
        if moved:
            exp = data.get("experimental") or {}
            data["experimental"] = {**moved, **(exp.model_dump() if isinstance(exp, BaseModel) else exp)}
        return data

    @field_validator("rubrics_dir")
    @classmethod
    def _resolve_rubrics_dir(cls, v: Path | None) -> Path | None:
        if v is None:
            return None
        v = v.expanduser().resolve()
        if not v.is_dir():
            raise ValueError(f"rubrics_dir {v} is not a folder")
        return v


def _set_path(tree: dict[str, Any], path: list[str], value: Any) -> None:
    node = tree
    for key in path[:-1]:
        node = node.setdefault(key, {})
        if not isinstance(node, dict):
            raise ConfigError(f"environment override reaches into a scalar at {key!r}")
    node[path[-1]] = value


def env_overrides(environ: dict[str, str] | None = None, prefix: str = ENV_PREFIX) -> dict[str, Any]:
    """Nested dict built from ``HRM__A__B=value`` variables."""
    out: dict[str, Any] = {}
    for key, raw in (environ if environ is not None else os.environ).items():
        if key.startswith(prefix) and len(key) > len(prefix):
            path = [p.lower() for p in key[len(prefix):].split("__")]
            _set_path(out, path, yaml.safe_load(raw) if raw != "" else "")
    return out


def deep_merge(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for k, v in extra.items():
        out[k] = deep_merge(out[k], v) if isinstance(v, dict) and isinstance(out.get(k), dict) else v
    return out


def read_yaml_mapping(path: str | Path | None) -> dict[str, Any]:
    """A config file's top-level mapping ({} without a path); unreadable or non-mapping files are ConfigError."""
    if path is None:
        return {}
    try:
        loaded = yaml.safe_load(Path(path).read_text()) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise ConfigError(f"cannot read config {path}: {exc}") from None
    if not isinstance(loaded, dict):
        raise ConfigError(f"config {path} must be a mapping")
    return loaded


def validate_config(model: type[BaseModel], data: dict[str, Any]) -> Any:
    """Validate merged config data; the first problem becomes a ConfigError naming the field."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in engine_free_loc(first["loc"]))
        raise ConfigError(f"invalid config: {field}: {first['msg']}", field=field) from None


def load_model(model: type[BaseModel], path: str | Path | None = None, *, overrides: dict[str, Any] | None = None,
               environ: dict[str, str] | None = None, env_prefix: str = ENV_PREFIX) -> Any:
    """Load any config model: YAML file, then environment, then explicit overrides (highest)."""
    data = deep_merge(read_yaml_mapping(path), env_overrides(environ, env_prefix))
    return validate_config(model, deep_merge(data, overrides or {}))


def load_config(path: str | Path | None = None, *, overrides: dict[str, Any] | None = None,
                environ: dict[str, str] | None = None) -> HRMConfig:
    return load_model(HRMConfig, path, overrides=overrides, environ=environ)
