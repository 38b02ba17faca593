"""ServeConfig: the one validated configuration of the Ray Serve application.

Loaded by :func:`load_serve_config`: a YAML file, then ``HRM_SERVE__A__B=...`` environment overrides
for the serve tree and ``HRM__A__B=...`` ones for the embedded core tree (``hrm``), then explicit
arguments (what a Serve config's ``args:`` holds) win.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SecretStr, field_validator, model_validator

from judge_server.config import (
    ENV_PREFIX,
    HRMConfig,
    LimitsConfig,
    deep_merge,
    env_overrides,
    read_yaml_mapping,
    validate_config,
)

SERVE_ENV_PREFIX = "HRM_SERVE__"


class _Cfg(BaseModel):
    model_config = ConfigDict(extra="forbid")


class HTTPConfig(_Cfg):
    host: str = Field(default="127.0.0.1",
                      description="Address Serve's HTTP proxy binds (`hrm serve` only; `serve run` YAML sets "
                                  "http_options itself). Use 0.0.0.0 in containers.")
    port: int = Field(default=8000, ge=0, le=65535, description="Port of Serve's HTTP proxy (`hrm serve`).")
    route_prefix: str = Field(default="/", description="Route prefix of the application on the HTTP proxy.")
    body_timeout_s: float = Field(default=30.0, gt=0, description="Seconds a request body may take to arrive; a "
                                                                  "stalled client then gets 408 and its connection "
                                                                  "is freed.")
    metrics_auth: bool = Field(default=False, description="Require the scoring bearer token on /metrics (off: "
                                                          "Prometheus scrapes without one; the figures hold no "
                                                          "request content).")


class GRPCConfig(_Cfg):
    enabled: bool = Field(default=True, description="Run the gRPC server inside each ingress replica.")
    host: str = Field(default="127.0.0.1", description="Address the gRPC server binds (0.0.0.0 in containers).")
    port: int = Field(default=50051, ge=0, le=65535,
                      description="gRPC port. Ingress replicas on one node share it (SO_REUSEPORT); the kernel "
                                  "spreads connections over them.")
    stream_window: int = Field(default=256, ge=1,
                               description="Requests of one StreamScore call judged at once; the server stops "
                                           "reading the stream (HTTP/2 flow control) until one finishes.")
    reflection: bool = Field(default=True, description="Serve gRPC server reflection.")
    grace_s: float | None = Field(
        default=None, ge=0,
        description="When the ingress replica stops, new RPCs are refused at once and in-flight ones may finish for "
                    "this long. None: the ingress's drain_s, so a gRPC judgment drains like an HTTP one (Serve "
                    "counts only the HTTP requests it routed itself).")


class AutoscalingConfig(_Cfg):
    min_replicas: int = Field(default=1, ge=0, description="Fewest replicas.")
    max_replicas: int = Field(default=4, ge=1, description="Most replicas.")
    target_ongoing_requests: float = Field(
        default=32, gt=0, description="Ongoing requests per replica Serve's autoscaler aims for.")
    upscale_delay_s: float = Field(default=10.0, ge=0, description="How long load must stay high before scaling up.")
    downscale_delay_s: float = Field(default=120.0, ge=0,
                                     description="How long load must stay low before scaling down.")


class DeploymentConfig(_Cfg):
    num_replicas: int = Field(default=1, ge=1, description="Fixed replica count (ignored when autoscaling is set).")
    autoscaling: AutoscalingConfig | None = Field(
        default=None, description="Autoscale on ongoing requests instead of a fixed count.")
    max_ongoing_requests: int | None = Field(
        default=None, ge=1, description="Requests one replica handles at once; None sizes it for the engine "
                                        "(batching engines need many concurrent generations to batch).")
    max_queued_requests: int = Field(
        default=1024, ge=-1, description="Requests Serve queues per caller when every replica is full "
                                         "(-1 unbounded); past it callers get back-pressure errors.")
    num_cpus: float = Field(default=1.0, ge=0, description="CPUs reserved per replica.")
    num_gpus: float | None = Field(default=None, ge=0,
                                   description="GPUs per replica; None derives it (vLLM grader: tensor parallel size).")
    resources: dict[str, float] = Field(default_factory=dict,
                                        description="Custom Ray resources per replica (pin ingress to gateway nodes).")
    drain_s: float = Field(
        default=300.0, ge=0,
        description="How long a replica being removed (scale-down, redeploy, shutdown) keeps answering the requests "
                    "it already holds before Serve kills it (Serve's graceful_shutdown_timeout_s). A replica that "
                    "has drained stops at once, so a long value costs nothing; a short one kills queued grader "
                    "questions (a 2-replica SmolLM2 run lost 2 of 12 judgments to a 30 s drain).")


class AuthConfig(_Cfg):
    """Bearer tokens. Scoring tokens and review (annotator) tokens are separate sets: a review token
    never scores, and once review tokens are set a scoring token never opens the review UI."""

    tokens: list[SecretStr] = Field(default_factory=list,
                                    description="Accepted bearer tokens for scoring; empty (and no env tokens) "
                                                "means auth is off.")
    tokens_env: str = Field(default="HRM_SERVE_TOKENS",
                            description="Environment variable with more tokens, comma-separated (read in the "
                                        "replica, so Kubernetes secrets can supply it).")
    review_tokens: list[SecretStr] = Field(
        default_factory=list,
        description="Tokens of the review UI (`review: true`), each `secret` or `name:secret` (the name is "
                    "then the annotator's, fixed by the token). Not accepted for scoring. When neither this "
                    "nor `review_tokens_env` gives any, the review UI falls back to the scoring tokens (and "
                    "is open only when those are empty too).")
    review_tokens_env: str = Field(default="HRM_REVIEW_TOKENS",
                                   description="Environment variable with more review tokens, comma-separated "
                                               "(read in the replica; the same variable as `hrm review`).")

    def all_tokens(self, environ: dict[str, str] | None = None) -> frozenset[str]:
        """The scoring tokens (config + ``tokens_env``)."""
        return frozenset(self.tokens_list(self.tokens, self.tokens_env, environ))

    def review_token_list(self, environ: dict[str, str] | None = None) -> list[str] | None:
        """The review UI's tokens: ``review_tokens`` + ``review_tokens_env``, else the scoring tokens,
        else None (review auth off, only possible when scoring auth is off too)."""
        review = self.tokens_list(self.review_tokens, self.review_tokens_env, environ)
        if review:
            return review
        return sorted(self.all_tokens(environ)) or None

    @staticmethod
    def tokens_list(configured: list[SecretStr], env_name: str, environ: dict[str, str] | None) -> list[str]:
        env = (environ if environ is not None else os.environ).get(env_name, "")
        out = [t.get_secret_value().strip() for t in configured] + [t.strip() for t in env.split(",")]
        return list(dict.fromkeys(t for t in out if t))


def _grader_defaults() -> DeploymentConfig:
    return DeploymentConfig(num_cpus=1.0)


def _ingress_defaults() -> DeploymentConfig:
    return DeploymentConfig(num_cpus=0.5, max_ongoing_requests=1024)


class TrainerSurfaceConfig(_Cfg):
    deadline_s: float = Field(gt=0, description="HRM's deadline for one call of this framework, kept under the "
                                                "framework's own timeout so a slow judgment is reported, not cut.")
    failure_reward: float = Field(default=0.0, description="The number sent where the framework needs one and the "
                                                           "judgment gave none (judge failed, abstained, error); the "
                                                           "sample is also flagged (and masked where it can be).")


class TrainerRoutesConfig(_Cfg):
    """HTTP routes in the shapes RL trainers call (docs/users/trainers.md)."""

    enabled: bool = Field(default=True, description="Mount /trainers/openrlhf, /trainers/slime and "
                                                    "/trainers/nemo_gym/{seed_session,verify}.")
    template: Literal["auto", "chatml", "llama3", "none"] = Field(
        default="auto", description="Chat template of prompts that arrive as text (auto: recognised from its "
                                    "markers; none: the prompt is the user's query).")
    rubric: str | None = Field(default=None, description="Pack for samples whose label names none (None: the "
                                                         "request default, smartshop).")
    score_keys: list[str] = Field(default_factory=list,
                                  description="Names of a result's `scores` sent back as extra logs/fields.")
    query_token: bool = Field(default=False, description="Also accept the bearer token as `?token=` (OpenRLHF, "
                                                         "slime and NeMo Gym send no headers). It lands in URLs: "
                                                         "prefer a private network.")
    openrlhf: TrainerSurfaceConfig = Field(default_factory=lambda: TrainerSurfaceConfig(deadline_s=170.0),
                                           description="OpenRLHF (times out after 180 s).")
    slime: TrainerSurfaceConfig = Field(default_factory=lambda: TrainerSurfaceConfig(deadline_s=110.0),
                                        description="slime (times out after 120 s).")
    nemo_gym: TrainerSurfaceConfig = Field(default_factory=lambda: TrainerSurfaceConfig(deadline_s=280.0),
                                           description="NeMo Gym (aiohttp's default 300 s).")


class ServeConfig(_Cfg):
    """The HRM service: core config plus transports, sizing, backpressure and auth."""

    app_name: str = Field(default="hrm", description="Serve application name.")
    hrm: HRMConfig = Field(default_factory=HRMConfig, description="Core pipeline configuration (engine, cache, ...).")
    http: HTTPConfig = Field(default_factory=HTTPConfig, description="HTTP transport.")
    grpc: GRPCConfig = Field(default_factory=GRPCConfig, description="gRPC transport.")
    ingress: DeploymentConfig = Field(default_factory=_ingress_defaults,
                                      description="Ingress deployment (FastAPI + gRPC servicer + pipeline).")
    grader: DeploymentConfig = Field(default_factory=_grader_defaults,
                                     description="Grader deployment(s) holding the engine.")
    max_queue: int = Field(default=512, ge=1,
                           description="Judgments admitted at once per ingress replica (running or waiting for "
                                       "the grader); past it HTTP 503 / RESOURCE_EXHAUSTED with a retry hint.")
    retry_after_s: float = Field(default=1.0, gt=0, description="Retry hint sent with an overload rejection.")
    default_timeout_s: float | None = Field(
        default=None, gt=0, description="Deadline applied when the caller sends none; None waits indefinitely.")
    max_timeout_s: float = Field(default=600.0, gt=0, description="Upper bound on any caller's deadline.")
    auth: AuthConfig = Field(default_factory=AuthConfig, description="Bearer-token auth for scoring routes.")
    store: Any | None = Field(default=None,
                              description="judge_server.store StoreConfig: persist every judgment (None: off).")
    review: bool = Field(default=False, description="Mount the review UI router under /review (needs `store`).")
    trainers: TrainerRoutesConfig = Field(default_factory=TrainerRoutesConfig,
                                          description="Reward routes in the shapes RL trainers call.")
    grader_lost_retries: int = Field(
        default=2, ge=0, le=10,
        description="Times the ingress re-sends a grader question whose replica died while answering it (a crash, a "
                    "lost node, a replica killed past drain_s). A question has no side effects, so Serve's router "
                    "sends it to a live replica; 0 fails the judgment at once with 503 / UNAVAILABLE.")

    grader_coalesce_max: int = Field(
        default=16, ge=0, le=256,
        description="Questions of one judgment that are ready at the same moment go to one grader replica in one "
                    "call, up to this many (each still answered, retried and failed on its own); 0 or 1 sends "
                    "one call per question. A grader replica's max_ongoing_requests counts calls, so it may hold "
                    "up to this many times as many questions.")

    @model_validator(mode="before")
    @classmethod
    def _core_keys_at_the_top(cls, data: Any) -> Any:
        """A core setting (``engine``, ``cache``, ...) at the top of a serve config: the file is probably an
        ``hrm score`` config given to ``hrm serve``; say where it goes instead of "extra inputs"."""
        if isinstance(data, dict):
            misplaced = sorted(k for k in data if k in HRMConfig.model_fields and k not in cls.model_fields)
            if misplaced:
                raise ValueError(f"{', '.join(misplaced)}: core settings go under `hrm:` in a service config "
                                 f"(hrm: {{{misplaced[0]}: ...}}); a file with them at the top is an "
                                 "`hrm score`/`eval` config")
        return data

    @model_validator(mode="before")
    @classmethod
    def _legacy_limit_keys(cls, data: Any) -> Any:
        """Size caps live in ``hrm.limits`` only; the keys they had here before are still read (moved there)."""
        if not isinstance(data, dict):
            return data
        data, moved = dict(data), {}
        for key in ("group_affinity", "affinity_imbalance"):  # moved to hrm.experimental
            if key in data:
                hrm = data.get("hrm") or {}
                hrm = hrm.model_dump() if isinstance(hrm, BaseModel) else dict(hrm)
                hrm["experimental"] = {key: data.pop(key), **(hrm.get("experimental") or {})}
                data["hrm"] = hrm
        if "max_batch_items" in data:
            moved["max_batch_items"] = data.pop("max_batch_items")
        for section, key in (("http", "max_body_bytes"), ("grpc", "max_message_bytes")):
            sub = data.get(section)
            if isinstance(sub, dict) and key in sub:
                sub = dict(sub)
                moved.setdefault("max_body_bytes", sub.pop(key))
                data[section] = sub
        if moved:
            hrm = data.get("hrm") or {}
            hrm = hrm.model_dump() if isinstance(hrm, BaseModel) else dict(hrm)
            limits = hrm.get("limits") or {}
            limits = limits.model_dump() if isinstance(limits, BaseModel) else dict(limits)
            hrm["limits"] = {**moved, **limits}  # an explicit hrm.limits value wins
            data["hrm"] = hrm
        return data

    @property
    def limits(self) -> LimitsConfig:
        """The one size/depth policy (``hrm.limits``), shared with the core and the store."""
        return self.hrm.limits

    @field_validator("store", mode="before")
    @classmethod
    def _store(cls, value: Any) -> Any:
        if value is None or value is False:
            return None
        # Imported lazily: the store is an optional part, and this module must import without it.
        from judge_server.store.config import StoreConfig

        return value if isinstance(value, StoreConfig) else StoreConfig.model_validate(value if value is not True else {})

    def grader_max_ongoing(self) -> int:
        """Concurrent generations one grader replica accepts, sized for the engine's batching."""
        if self.grader.max_ongoing_requests is not None:
            return self.grader.max_ongoing_requests
        return self.hrm.engine.serving_hints().max_ongoing

    def grader_affinity_imbalance(self) -> int:
        """How far a group's replica may lead the least-loaded one before the group spills (group affinity)."""
        imbalance = self.hrm.experimental.affinity_imbalance
        return imbalance if imbalance is not None else self.hrm.engine.serving_hints().affinity_imbalance

    def grader_num_gpus(self) -> float:
        if self.grader.num_gpus is not None:
            return self.grader.num_gpus
        return self.hrm.engine.serving_hints().num_gpus


def load_serve_config(path: str | Path | None = None, *, overrides: dict[str, Any] | None = None,
                      environ: dict[str, str] | None = None) -> ServeConfig:
    """File < environment < ``overrides``; errors become ConfigError naming the field."""
    data = deep_merge(read_yaml_mapping(path), env_overrides(environ, SERVE_ENV_PREFIX))
    core_env = env_overrides(environ, ENV_PREFIX)
    if core_env:
        data["hrm"] = deep_merge(data.get("hrm") or {}, core_env)
    return validate_config(ServeConfig, deep_merge(data, overrides or {}))


def config_from_args(args: dict[str, Any] | ServeConfig | None) -> ServeConfig:
    """Builder args (a Serve config's ``args:``): an optional ``config_file`` plus ServeConfig fields."""
    if isinstance(args, ServeConfig):
        return args
    args = dict(args or {})
    path = args.pop("config_file", None)
    return load_serve_config(path, overrides=args)


def dump_config(config: ServeConfig) -> dict[str, Any]:
    """JSON-safe dict that rebuilds the same config in a replica (secrets included, on purpose)."""
    data = config.model_dump(mode="json", exclude={"auth", "store"})
    a = config.auth
    data["auth"] = {"tokens": [t.get_secret_value() for t in a.tokens], "tokens_env": a.tokens_env,
                    "review_tokens": [t.get_secret_value() for t in a.review_tokens],
                    "review_tokens_env": a.review_tokens_env}
    data["store"] = config.store.model_dump(mode="json") if config.store is not None else None
    return data
