"""HRMRewardManager.run_single with a scripted scorer (its real-service sibling: test_reward_loop_real.py)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from omegaconf import OmegaConf
from verl_helpers import example_sample, load_examples, make_batch

from hrm_wire.errors import ConfigError, HRMError, Overloaded
from hrm_wire.models import Failure, L1Result, L2Result, ScoreRequest, ScoreResult
from trainer_plugin.reward_manager import DEFAULT_SCORE_KEYS, EXTRA_KEYS, HRMRewardManager, close_shared

pytestmark = pytest.mark.verl


class ScriptedScorer:
    """Stands in for AsyncJudgeClient: answers from a script, records requests and concurrency."""

    instances: list[ScriptedScorer] = []

    def __init__(self, script: list[Any] | None = None, delay_s: float = 0.0) -> None:
        self.script = list(script or [])
        self.delay_s = delay_s
        self.requests: list[ScoreRequest] = []
        self.timeouts: list[float | None] = []
        self.in_flight = self.max_in_flight = 0
        ScriptedScorer.instances.append(self)

    async def rubrics(self, *, timeout: float | None = None) -> list:
        from tool_rollout import service_rubrics

        return service_rubrics()

    async def score(self, request: ScoreRequest, *, timeout: float | None = None) -> ScoreResult:
        self.requests.append(request)
        self.timeouts.append(timeout)
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            await asyncio.sleep(self.delay_s)
            item = self.script.pop(0) if self.script else "ok"
            if isinstance(item, BaseException):
                raise item
            if item == "hang":
                await asyncio.sleep(3600)
            if isinstance(item, ScoreResult):
                return item
            return ScoreResult(id=request.id, rubric=request.rubric, rubric_version="v", grader_model="fake",
                               reward=1.55, r_out=1.5, r_proc=1.0, l1=L1Result(passed=True), l2=L2Result(score=1.0))
        finally:
            self.in_flight -= 1

    async def close(self) -> None:
        pass


def _manager(tokenizer: Any, factory: Any, **hrm: Any) -> HRMRewardManager:
    cfg = OmegaConf.create({"reward": {"hrm": {"address": "127.0.0.1:1", **hrm}}})
    return HRMRewardManager(cfg, tokenizer, None, scorer_factory=factory)


@pytest.fixture(autouse=True)
async def _fresh_clients():
    ScriptedScorer.instances.clear()
    yield
    await close_shared()


def _one(tokenizer: Any, example_id: str = "good-earbuds", reasoning: str = "Need IP rating and fit under $100.",
         **info_over: Any) -> Any:
    text, info = example_sample(load_examples()[example_id], reasoning)
    info.update(info_over)
    return make_batch(tokenizer, [("u1", text, info)])


async def test_success_builds_the_request_and_returns_reward_with_all_keys(tokenizer) -> None:
    scorer = ScriptedScorer()
    m = _manager(tokenizer, lambda cfg: scorer, rubric="other", timeout_s=7)
    reasoning = "Need IP rating and fit under $100."
    out = await m.run_single(_one(tokenizer, reasoning=reasoning))
    assert out["reward_score"] == 1.55
    extra = out["reward_extra_info"]
    assert tuple(extra) == (*DEFAULT_SCORE_KEYS, *EXTRA_KEYS)
    assert extra["judge_failed"] is False and extra["judge_error"] == ""
    assert (extra["r_out"], extra["r_proc"], extra["g_l1"], extra["g_l2"]) == (1.5, 1.0, 1.0, 1.0)
    assert extra["reasoning_len"] == len(tokenizer.encode(reasoning, add_special_tokens=False)) > 3
    [req] = scorer.requests
    ex = load_examples()["good-earbuds"]
    assert req.query == ex["query"] and req.response == ex["response"].strip()
    assert req.rubric == "smartshop"  # the sample's own rubric wins over the configured default
    assert req.category is not None and req.category.value == "search_multi_constraint"
    assert req.trajectory[-1].kind == "reasoning" and req.trajectory[-1].text == reasoning
    assert len(req.trajectory) == len(ex["trajectory"]) + 1
    assert scorer.timeouts == [7.0]


@pytest.mark.parametrize("failure", [
    HRMError("connection refused", details={}),
    Overloaded("queue full", retry_after_s=1.0),
    ScoreResult(rubric="smartshop", rubric_version="v", grader_model="fake", judge_failed=True,
                failure=Failure(stage="l1", cause="parse failure after 3 attempts")),
])
async def test_failures_are_marked_with_the_failure_reward_never_zero(tokenizer, failure: Any) -> None:
    scorer = ScriptedScorer([failure])
    m = _manager(tokenizer, lambda cfg: scorer)
    out = await m.run_single(_one(tokenizer))
    assert out["reward_score"] == -1.0
    extra = out["reward_extra_info"]
    assert tuple(extra) == (*DEFAULT_SCORE_KEYS, *EXTRA_KEYS)
    assert extra["judge_failed"] is True and extra["judge_error"]
    assert (extra["r_out"], extra["r_proc"], extra["g_l1"], extra["g_l2"]) == (-1.0, -1.0, -1.0, -1.0)
    assert extra["reasoning_len"] > 0


async def test_configured_failure_reward_and_hang_hits_the_deadline(tokenizer) -> None:
    scorer = ScriptedScorer(["hang"])
    m = _manager(tokenizer, lambda cfg: scorer, timeout_s=0.2, failure_reward=-5.0)
    m.hrm = m.hrm.model_copy(update={"timeout_s": 0.2})
    # The client's own budget is the first line; the manager's guard (timeout + 5 s) catches a hung client.
    out = await asyncio.wait_for(m.run_single(_one(tokenizer)), 30)
    assert out["reward_score"] == -5.0
    assert out["reward_extra_info"]["judge_error"].startswith("deadline_exceeded")


async def test_unusable_row_is_marked_without_calling_hrm(tokenizer) -> None:
    scorer = ScriptedScorer()
    m = _manager(tokenizer, lambda cfg: scorer)
    out = await m.run_single(_one(tokenizer, trajectory=[{"kind": "teleport"}]))
    assert out["reward_score"] == -1.0
    assert out["reward_extra_info"]["judge_error"].startswith("invalid_request")
    assert scorer.requests == []


async def test_query_falls_back_to_the_last_user_turn(tokenizer) -> None:
    import numpy as np

    scorer = ScriptedScorer()
    m = _manager(tokenizer, lambda cfg: scorer)
    batch = _one(tokenizer, query="")
    batch.non_tensor_batch["raw_prompt"] = np.array(
        [[{"role": "system", "content": "be brief"}, {"role": "user", "content": "cheap rain earbuds?"}]], dtype=object)
    await m.run_single(batch)
    assert scorer.requests[0].query == "cheap rain earbuds?"


async def test_one_client_per_process_and_a_shared_concurrency_limit(tokenizer) -> None:
    made: list[ScriptedScorer] = []

    def factory(cfg: Any) -> ScriptedScorer:
        made.append(ScriptedScorer(delay_s=0.05))
        return made[-1]

    a = _manager(tokenizer, factory, max_concurrent=2)
    b = _manager(tokenizer, factory, max_concurrent=2)
    outs = await asyncio.gather(*[(a if i % 2 else b).run_single(_one(tokenizer)) for i in range(8)])
    assert len(made) == 1
    assert made[0].max_in_flight == 2
    assert [o["reward_score"] for o in outs] == [1.55] * 8


def test_config_from_hydra_section_and_environment(tokenizer, monkeypatch) -> None:
    from trainer_plugin.config import from_verl_config

    cfg = OmegaConf.create({"reward": {"hrm": {"address": "h:1", "max_concurrent": 3, "token_env": "MY_TOK"}}})
    monkeypatch.setenv("MY_TOK", "s3cret")
    monkeypatch.setenv("HRM_VERL__TIMEOUT_S", "12.5")
    c = from_verl_config(cfg)
    assert (c.address, c.max_concurrent, c.timeout_s, c.resolved_token()) == ("h:1", 3, 12.5, "s3cret")
    with pytest.raises(ConfigError):
        from_verl_config(OmegaConf.create({"reward": {"hrm": {"adress": "typo:1"}}}))
    assert from_verl_config(OmegaConf.create({"reward": {}})).address == "127.0.0.1:50051"


async def test_abstention_is_masked_like_a_failure_with_its_own_key(tokenizer) -> None:
    abstained = ScoreResult(rubric="smartshop", rubric_version="v", grader_model="fake", abstained=True,
                            abstention=Failure(stage="l1", check="ui_relevance", cause="every tier below threshold"))
    scorer = ScriptedScorer([abstained])
    out = await _manager(tokenizer, lambda cfg: scorer).run_single(_one(tokenizer))
    extra = out["reward_extra_info"]
    assert tuple(extra) == (*DEFAULT_SCORE_KEYS, *EXTRA_KEYS)
    assert out["reward_score"] == -1.0  # the masked value (sampler drop, estimator mask), never 0
    assert extra["judge_abstained"] is True and extra["judge_failed"] is False
    assert extra["judge_error"].startswith("abstained: l1")
    assert (extra["num_tool_calls"], extra["num_turns"]) == (0, 1)


async def test_verls_uid_is_the_rollout_group_and_a_bad_uid_never_fails_the_sample(tokenizer) -> None:
    from trainer_plugin.request import rollout_group

    scorer = ScriptedScorer()
    m = _manager(tokenizer, lambda cfg: scorer)
    text, info = example_sample(load_examples()["good-earbuds"], "Need IP rating.")
    uid = "6f1c2a9e-3b4d-4c5e-8f70-1a2b3c4d5e6f"
    batch = make_batch(tokenizer, [(uid, text, info), (uid, text + " ", info), ("x" * 300, text, info),
                                   ("a\nb", text, info)])
    outs = [await m.run_single(batch[i:i + 1]) for i in range(4)]
    groups = [r.options.group for r in scorer.requests]
    assert groups[0] == groups[1] == uid  # the K rollouts of one prompt share verl's uid
    assert groups[2] != groups[3] and all(g.startswith("uid-sha1-") and len(g) < 60 for g in groups[2:])
    assert not any(o["reward_extra_info"]["judge_failed"] for o in outs)
    assert rollout_group(None) is None and rollout_group("a\nb") == groups[3]
