"""Settings of the HRM reward manager, read from verl's Hydra config section ``reward.hrm``.

The section is absent from verl's YAML, so every key is given with a leading ``+`` on the command line
(``+reward.hrm.address=10.0.0.5:50051``). Environment variables ``HRM_VERL__<FIELD>=...`` override it
(handy for the token: keep it out of the command line and use ``token_env`` instead).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from hrm_wire.errors import ConfigError, invalid_from_validation
from hrm_wire.models import RewardParams

ENV_PREFIX = "HRM_VERL__"


class HRMRewardConfig(BaseModel):
    """How the reward manager reaches HRM and what it does when HRM cannot answer."""

    model_config = ConfigDict(extra="forbid")

    address: str = Field(default="127.0.0.1:50051",
                         description="gRPC target of HRM: host:port, grpc://host:port or grpcs://host:port (TLS).")
    token: str | None = Field(default=None, description="Bearer token; prefer token_env to keep it off the command line.")
    token_env: str = Field(default="HRM_TOKEN", description="Environment variable read for the token when `token` is unset.")
    rubric: str = Field(default="smartshop", min_length=1,
                        description="Rubric pack id; a sample's extra_info['rubric'] overrides it.")
    items_rubric: str = Field(default="items", min_length=1,
                              description="Pack (composition rubric_items) for samples that carry their own rubric "
                                          "items (extra_info['rubric_items'], or extra_info['rubric'] as a list).")
    timeout_s: float = Field(default=300.0, gt=0,
                             description="Budget of one sample: every attempt, retry and backoff wait; past it the "
                                         "sample is judge_failed. Each attempt is sent with what remains of it.")
    max_attempts: int = Field(default=4, ge=1, le=20,
                              description="Attempts per sample on retryable failures (UNAVAILABLE, RESOURCE_EXHAUSTED).")
    backoff_initial_s: float = Field(default=0.5, ge=0, description="First retry delay (exponential, with jitter).")
    backoff_max_s: float = Field(default=10.0, ge=0, description="Retry delay cap.")
    max_concurrent: int = Field(default=64, ge=1,
                                description="Requests in flight per reward-loop worker process (verl runs "
                                            "reward.num_workers of them).")
    failure_reward: float = Field(
        default=-1.0,
        description="reward_score written for a judge failure. Out of HRM's range [0, 1 + alpha + beta] so it can "
                    "be told apart; the DCPO sampler drops such samples and the dcpo estimator masks this value. "
                    "Must equal algorithm.dcpo.failure_reward.")
    use_cache: bool = Field(default=True, description="Let HRM read and write its judgment cache.")
    process_judge: bool = Field(default=True, description="Run the process judge when the gate allows it.")
    expect_cards: bool | None = Field(default=None,
                                      description="Whether product cards are expected; None lets HRM decide.")
    reward_params: RewardParams | None = Field(default=None,
                                               description="Override the pack's alpha, beta, eta, k.")
    score_keys: list[str] = Field(
        default_factory=lambda: ["r_out", "r_proc", "g_l1", "g_l2"],  # HRM's composition
        description="Names of the pack's headline numbers (a result's `scores`) logged as extra info of every "
                    "sample, -1 where a result has none; `hrm rubrics` lists a pack's names (HRM: r_out, r_proc, "
                    "g_l1, g_l2, process). verl takes the first sample's keys for all, so the set is fixed here.")
    reasoning_step: bool = Field(default=True,
                                 description="Send the think span to HRM as a reasoning step of the trajectory.")
    vocab_size: int | None = Field(
        default=None, ge=2,
        description="Policy vocabulary size for the Shop-R1 self-certainty (KL from uniform); None: len(tokenizer).")
    topk_logprobs: int | None = Field(
        default=None, ge=1,
        description="k of the top-k log-probs the *_topk agent loops record (trainer_plugin/topk_agent_loop.py; they "
                    "use 20 when unset). When set, a shop_r1 sample whose rollout carries none is marked failed "
                    "instead of being scored without its rationale component.")
    tool_format: str | None = Field(
        default=None,
        description="verl tool parser used to read the policy's tool calls in multi-turn rollouts (hermes, gpt-oss, "
                    "qwen3_coder, ...); None reads actor_rollout_ref.rollout.multi_turn.format (default hermes).")

    def resolved_token(self) -> str | None:
        return self.token or os.environ.get(self.token_env) or None


def from_verl_config(config: Any) -> HRMRewardConfig:
    """Build the settings from verl's DictConfig (``reward.hrm``), then ``HRM_VERL__*`` environment."""
    section: Any = {}
    reward = config.get("reward") if hasattr(config, "get") else None
    if reward is not None and hasattr(reward, "get"):
        section = reward.get("hrm") or {}
    try:
        from omegaconf import DictConfig, OmegaConf

        if isinstance(section, DictConfig):
            section = OmegaConf.to_container(section, resolve=True)
    except ImportError:  # verl always brings omegaconf; plain mappings work without it
        pass
    if not isinstance(section, Mapping):
        raise TypeError(f"reward.hrm must be a mapping, got {type(section).__name__}")
    # Hydra section first, environment on top: operators can point a running recipe at another HRM.
    env = {k[len(ENV_PREFIX):].lower(): v for k, v in os.environ.items() if k.startswith(ENV_PREFIX)}
    data = dict(section)
    if env:
        import yaml

        data.update({k: yaml.safe_load(v) if v != "" else "" for k, v in env.items()})
    try:
        return HRMRewardConfig.model_validate(data)
    except ValidationError as exc:
        raise invalid_from_validation(exc, cls=ConfigError, context="invalid config", prefix="reward.hrm") from None
