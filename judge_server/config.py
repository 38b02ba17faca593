"""The one configuration tree of HRM core, loadable from YAML with environment overrides.

Environment overrides use ``HRM__`` plus the field path joined by double underscores, e.g.
``HRM__ENGINE__KIND=fake`` or ``HRM__CACHE__SIZE_LIMIT_MB=512``; values are parsed as YAML scalars.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from hrm_wire.errors import ConfigError

ENV_PREFIX = "HRM__"


class _Cfg(BaseModel):
    model_config = ConfigDict(extra="forbid")


def default_home() -> Path:
    """Where HRM keeps the assembled model and the judgment cache (``HRM_HOME`` or ~/.cache/hrm)."""
    return Path(os.environ.get("HRM_HOME") or Path.home() / ".cache" / "hrm")


class OpenAIConfig(_Cfg):
    base_url: str = Field(default="http://localhost:8000/v1", description="Base URL of an OpenAI-compatible API.")
    api_key_env: str = Field(default="OPENAI_API_KEY", description="Environment variable holding the API key.")
    model: str = Field(default="gpt-4o-mini", description="Model name sent in requests.")
    timeout_s: float = Field(default=120.0, gt=0, description="HTTP timeout per generation.")
    max_connections: int = Field(default=64, ge=1, description="Connection pool size.")


class VLLMConfig(_Cfg):
    model: str = Field(default="Qwen/Qwen2.5-7B-Instruct", description="HF model id or local path loaded by vLLM.")
    tensor_parallel_size: int = Field(default=1, ge=1, description="GPUs per grader replica.")
    gpu_memory_utilization: float = Field(default=0.85, gt=0, le=1, description="Fraction of GPU memory vLLM may take.")
    max_model_len: int = Field(default=8192, ge=512, description="Context length.")
    enable_prefix_caching: bool = Field(default=True, description="Automatic prefix caching (static rubric text first).")
    dtype: str = Field(default="auto", description="Weights dtype.")
    enforce_eager: bool = Field(
        default=False, description="Skip torch.compile / CUDA graphs: faster start, slower steps (CPU tests; the "
                                   "CPU build compiles for minutes on 2 cores).")


class FakeConfig(_Cfg):
    responses: list[str] = Field(default_factory=list,
                                 description="Scripted answers returned in order; afterwards `default` applies.")
    default: Literal["pass", "fail", "garbage"] = Field(
        default="pass", description="Answer once the script is used up: a valid passing/failing verdict or junk.")
    delay_s: float = Field(default=0.0, ge=0, description="Artificial latency per generation.")
    delay_markers: dict[str, float] = Field(
        default_factory=dict, description="Extra delay when the prompt contains the key (out-of-order tests).")


class EngineConfig(_Cfg):
    kind: str = Field(default="embedded",
                      description="Engine: embedded | vllm | openai | fake, or 'module:Class' of a GraderEngine.")
    model: str = Field(default="qwen2.5-coder-1.5b",
                       description="Embedded model: 'qwen2.5-coder-1.5b' (default grader), 'smollm2-135m' (smoke "
                                   "only) or a path to a GGUF file.")
    model_dir: Path | None = Field(default=None,
                                   description="Where the assembled GGUF is kept (default $HRM_HOME/models).")
    n_ctx: int = Field(default=8192, ge=512, description="Context window shared by all parallel slots (embedded).")
    n_parallel: int = Field(default=2, ge=1, description="Parallel decoding slots (embedded).")
    threads: int = Field(default=0, ge=0, description="Decode threads; 0 = number of CPU cores.")
    batch_threads: int = Field(default=0, ge=0, description="Prompt-processing threads; 0 = number of CPU cores.")
    cache_prompt: bool = Field(default=True, description="Reuse the cached prompt prefix (llama.cpp prompt cache).")
    slot_affinity: bool = Field(
        default=False,
        description="Embedded, n_parallel > 1: pin the questions of one trajectory to one llama.cpp slot (id_slot) so "
                    "they reuse its warm prompt prefix; otherwise llama.cpp picks a slot per question. Off by "
                    "default: with shared_first 1.05x cached share, with question_first 0.96x (SmolLM2, "
                    "research/bench/results/slot_affinity/).")
    temperature: float = Field(default=0.0, ge=0, description="Sampling temperature for verdicts.")
    seed: int = Field(default=0, description="Sampling seed.")
    max_tokens: int = Field(default=160, ge=1, description="Default cap on generated tokens per verdict.")
    openai: OpenAIConfig = Field(default_factory=OpenAIConfig, description="Settings of the openai engine.")
    vllm: VLLMConfig = Field(default_factory=VLLMConfig, description="Settings of the vllm engine.")
    fake: FakeConfig = Field(default_factory=FakeConfig, description="Settings of the fake engine (tests).")
    tiers: list[EngineConfig] = Field(
        default_factory=list,
        description="kind cascade: the grader tiers, weakest first, each a full engine config (any kind but "
                    "cascade). A question goes to the next tier when the verdict's confidence is below that "
                    "tier's calibrated threshold for the check (judge.calibration_file); the last tier's unsure "
                    "answer abstains. Every tier must start, or the engine is not ready. kind self_consistency: "
                    "exactly one tier, the engine it samples.")
    samples: int = Field(default=5, ge=2, le=32,
                         description="kind self_consistency: answers sampled per yes/no question; the share that "
                                     "agrees with the majority is the verdict's confidence.")
    sample_temperature: float = Field(default=0.7, gt=0, le=2,
                                      description="kind self_consistency: sampling temperature of those answers.")


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
    concurrency: int = Field(default=4, ge=1, description="LLM questions in flight across all judgments of one pipeline "
                                                        "(size it to the grader's batch: slots for llama.cpp, hundreds for vLLM).")
    l1_short_circuit: bool = Field(
        default=True, description="Skip the remaining L1 questions once a deterministic check fails L1 (cost "
                                  "lever); turn off to get every dimension's verdict, e.g. for calibration.")
    prompt_layout: Literal["shared_first", "question_first", "pack_first"] = Field(
        default="question_first",
        description="Question prompt layout: 'question_first' puts the question first with only its own inputs; "
                    "'shared_first' puts the sample's material before the question so a judgment's questions (and "
                    "a rollout group's) share one cached prefix; 'pack_first' also moves every question's "
                    "guidance into one system text per pack and ends with a short ask (about 90 % cached, prompts "
                    "about 4x longer: watch engine.n_ctx). Default question_first: on the embedded 1.5B on CPU "
                    "neither shared layout judges faster (llama.cpp's host prompt cache already reuses the "
                    "question text across rollouts, and long prompts slow every token), and shared_first made "
                    "good items' description_faithfulness answers worse; see research/bench/results/prefill_notes.md.")
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


class HRMConfig(_Cfg):
    """Core configuration: engine, cache, judge behaviour, limits and where rubric packs live."""

    engine: EngineConfig = Field(default_factory=EngineConfig, description="Grader engine.")
    cache: CacheConfig = Field(default_factory=CacheConfig, description="Judgment cache.")
    judge: JudgeConfig = Field(default_factory=JudgeConfig, description="Verdict parsing and retry.")
    limits: LimitsConfig = Field(default_factory=LimitsConfig, description="Input size caps.")
    rubrics_dir: Path | None = Field(default=None, description="Extra folder of rubric pack YAML files.")


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
        field = ".".join(str(p) for p in first["loc"])
        raise ConfigError(f"invalid config: {field}: {first['msg']}", field=field) from None


def load_model(model: type[BaseModel], path: str | Path | None = None, *, overrides: dict[str, Any] | None = None,
               environ: dict[str, str] | None = None, env_prefix: str = ENV_PREFIX) -> Any:
    """Load any config model: YAML file, then environment, then explicit overrides (highest)."""
    data = deep_merge(read_yaml_mapping(path), env_overrides(environ, env_prefix))
    return validate_config(model, deep_merge(data, overrides or {}))


def load_config(path: str | Path | None = None, *, overrides: dict[str, Any] | None = None,
                environ: dict[str, str] | None = None) -> HRMConfig:
    return load_model(HRMConfig, path, overrides=overrides, environ=environ)
