"""Agent loops that record the policy's top-k log-probs (trainer_plugin/topk_agent_loop.py), and Shop-R1's
rationale reward computed from them by the ``hrm`` reward manager and scored by the real HRM pipeline.

The loops are verl's real ToolAgentLoop / SingleTurnAgentLoop (instantiated from verl's agent-loop registry
as AgentLoopWorker does; Qwen2.5's tokenizer and chat template; the recipe's tools), talking to the rollout
server through verl's real LLMServerClient / FullyAsyncLLMServerClient. Only the server actor is scripted
(topk_server.py), shaped like verl's vLLM server.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from omegaconf import OmegaConf
from tool_rollout import (
    CATALOG,
    SYSTEM,
    RecordingScorer,
    agent_config,
    call,
    qwen_tokenizer_dir,
    reward_batch,
)
from topk_server import FakeBalancer, FakeRolloutServer

from trainer_plugin.reward_manager import DEFAULT_SCORE_KEYS, EXTRA_KEYS, HRMRewardManager, close_shared
from trainer_plugin.self_certainty import TOPK_ERROR_KEY, TOPK_KEY, rationale_span, self_certainty
from trainer_plugin.topk_agent_loop import DEFAULT_TOPK, response_rows, scoring_params, topk_setting

pytestmark = [pytest.mark.verl, pytest.mark.timeout(600)]

K = 5
QUERY = "Find me a cheap e-reader."
RATIONALE = "The user wants a cheap e-reader, so I open the Kobo Clara BW listing."
ANSWER = json.dumps({"rationale": RATIONALE, "action": {"type": "click", "name": "Kobo Clara BW"}})
REFERENCE = {"type": "click", "name": "Kobo Clara BW"}


@pytest.fixture(scope="module")
def qwen_dir() -> Path:
    return qwen_tokenizer_dir()


@pytest.fixture(scope="module")
def qwen(qwen_dir: Path) -> Any:
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(qwen_dir)


@pytest.fixture
async def pipeline(tmp_path: Path):
    from judge_server.config import HRMConfig
    from judge_server.engines.fake import FakeEngine
    from judge_server.pipeline import ScoringPipeline

    config = HRMConfig(engine={"kind": "fake", "fake": {"default": "pass"}},
                       cache={"enabled": False, "directory": str(tmp_path / "cache")})
    pipe = ScoringPipeline(config, engine=FakeEngine(config.engine))
    await pipe.start()
    yield pipe
    await pipe.close()
    await close_shared()


def config_with(qwen_dir: Path, **hrm: Any) -> Any:
    cfg = OmegaConf.create(OmegaConf.to_container(agent_config(qwen_dir, format="hermes")))
    return OmegaConf.merge(cfg, {"actor_rollout_ref": {"rollout": {"name": "vllm"}},
                                 "reward": {"hrm": {"address": "127.0.0.1:1", **hrm}}})


async def rollout(qwen: Any, config: Any, agent: str, server: FakeRolloutServer,
                  client_cls: Any = None) -> tuple[Any, list[dict]]:
    """One rollout through the agent loop registered as ``agent``, as AgentLoopWorker._run_agent_loop builds it."""
    import hydra
    from verl.experimental.agent_loop.agent_loop import DictConfigWrap, ToolListWrap, _agent_loop_registry
    from verl.tools.tool_registry import initialize_tools_from_config
    from verl.utils.dataset.rl_dataset import RLHFDataset
    from verl.workers.rollout.llm_server import LLMServerClient

    import trainer_plugin.verl_plugin  # noqa: F401  what `import verl` does through the entry point

    os.environ.setdefault("HRM_RECIPE_CATALOG", str(CATALOG))
    tools = initialize_tools_from_config(config.actor_rollout_ref.rollout.multi_turn.tool_config_path)
    client = (client_cls or LLMServerClient)(config, load_balancer_handle=FakeBalancer(server))
    loop = hydra.utils.instantiate(config=_agent_loop_registry[agent], trainer_config=DictConfigWrap(config),
                                   server_manager=client, tokenizer=qwen, processor=None, hf_model_type="qwen2",
                                   dataset_cls=RLHFDataset, data_config=DictConfigWrap(config.data),
                                   tools=ToolListWrap(tools))
    raw_prompt = [{"role": "system", "content": SYSTEM}, {"role": "user", "content": QUERY}]
    out = await loop.run({"temperature": 1.0, "top_p": 1.0, "logprobs": False}, raw_prompt=list(raw_prompt),
                         extra_info={"query": QUERY})
    return out, raw_prompt


def assert_rows_are_what_the_policy_sampled_from(out: Any, server: FakeRolloutServer) -> None:
    rows = out.extra_fields[TOPK_KEY]
    p = len(out.prompt_ids)
    assert len(rows) == len(out.response_ids) == len(out.response_mask)
    for i, m in enumerate(out.response_mask):
        assert rows[i] == (server.seen[p + i - 1] if m else []), i
    assert sum(1 for r in rows if r) == len(server.seen)  # every generated token, and only those


def expected_certainty(qwen: Any, out: Any, server: FakeRolloutServer, start_of_answer: int) -> float:
    """s(r) from the distributions the policy generated the final answer's rationale from."""
    answer = out.response_ids[start_of_answer:]
    start, end = rationale_span(answer, lambda ids: qwen.decode(ids, skip_special_tokens=True))
    assert qwen.decode(answer[start:end]).startswith(RATIONALE[:20])
    p = len(out.prompt_ids) + start_of_answer
    return self_certainty([server.seen[p + i - 1] for i in range(start, end)], len(qwen))


def batch_columns(batch: Any, out: Any) -> Any:
    """The batch-reward layout: no tool_extra_fields, the loop's extra fields as columns (verl's _postprocess)."""
    del batch.non_tensor_batch["tool_extra_fields"]
    for key in (TOPK_KEY, TOPK_ERROR_KEY):
        col = np.empty(1, dtype=object)
        col[:] = [out.extra_fields.get(key)]
        batch.non_tensor_batch[key] = col
    return batch


def test_response_rows_align_each_token_with_the_distribution_it_was_drawn_from() -> None:
    rows = [[-float(j)] for j in range(6)] + [[0.0]]  # 7-token sequence: row j predicts token j + 1
    assert response_rows(rows, 3, [1, 1, 0, 1]) == [[-2.0], [-3.0], [], [-5.0]]
    with pytest.raises(ValueError, match="rows"):
        response_rows(rows[:4], 3, [1, 1, 0, 1])
    assert scoring_params(20, "vllm") == {"max_tokens": 1, "temperature": 1.0, "prompt_logprobs": 20,
                                          "detokenize": False}
    assert "detokenize" not in scoring_params(20, "sglang")


async def test_tool_agent_topk_records_the_policys_top_k_of_every_turn(qwen, qwen_dir) -> None:
    turns = [call("product_search", query="e-reader", max_price=150), "<think>Cheapest first.</think>" + ANSWER]
    server = FakeRolloutServer(qwen, turns, K)
    out, _ = await rollout(qwen, config_with(qwen_dir, topk_logprobs=K), "tool_agent_topk", server)
    assert 0 < sum(out.response_mask) < len(out.response_mask)  # two policy turns around a tool output
    assert_rows_are_what_the_policy_sampled_from(out, server)
    assert all(len(r) == K for r in out.extra_fields[TOPK_KEY] if r)
    # one scoring request of the whole sequence, with the parameters of verl's distillation teacher
    assert server.scoring_params == [scoring_params(K, "vllm")]
    assert all("prompt_logprobs" not in p for p in server.generation_params)  # generation is untouched


async def test_fully_async_client_drops_prompt_logprobs_so_the_loop_reads_the_servers_output(qwen, qwen_dir) -> None:
    from verl.workers.rollout.llm_server import FullyAsyncLLMServerClient

    config = config_with(qwen_dir)
    server = FakeRolloutServer(qwen, [], K)
    dropped = await FullyAsyncLLMServerClient(config, load_balancer_handle=FakeBalancer(server)).generate(
        "r", prompt_ids=[1, 2, 3], sampling_params=scoring_params(K, "vllm"))
    assert "prompt_logprobs" not in dropped.extra_fields  # why the loop calls the base client's generate
    server = FakeRolloutServer(qwen, [ANSWER], DEFAULT_TOPK)
    out, _ = await rollout(qwen, config, "single_turn_agent_topk", server, FullyAsyncLLMServerClient)
    assert_rows_are_what_the_policy_sampled_from(out, server)
    assert server.scoring_params[0]["prompt_logprobs"] == DEFAULT_TOPK == topk_setting(config, None)


@pytest.mark.parametrize("path", ["streaming", "batch"])
async def test_shop_r1_rationale_reward_from_a_single_turn_rollout(qwen, qwen_dir, pipeline, path: str) -> None:
    config = config_with(qwen_dir, topk_logprobs=K)
    server = FakeRolloutServer(qwen, [ANSWER], K)
    out, raw_prompt = await rollout(qwen, config, "single_turn_agent_topk", server)
    assert_rows_are_what_the_policy_sampled_from(out, server)
    info = {"query": QUERY, "rubric": "shop_r1", "reference": REFERENCE}
    batch = reward_batch(out, raw_prompt, info, with_mask=path == "batch")
    if path == "batch":
        batch = batch_columns(batch, out)
    scorer = RecordingScorer(answer=pipeline.score)
    res = await HRMRewardManager(config, qwen, None, scorer_factory=lambda c: scorer).run_single(batch)
    [req] = scorer.requests
    s = expected_certainty(qwen, out, server, 0)
    assert 0 < s < np.log(len(qwen))
    assert req.context["rationale_self_certainty"] == pytest.approx(s)
    extra = res["reward_extra_info"]
    assert tuple(extra) == (*DEFAULT_SCORE_KEYS, *EXTRA_KEYS) and not extra["judge_failed"], extra["judge_error"]
    # format 0.5 + type 0.3 + name 0.2 + DARS 1000 x ROUGE-L 1.0 + the rationale component 0.005 x s
    assert res["reward_score"] == pytest.approx(0.5 + 0.3 + 0.2 + 1000.0 + 0.005 * s)


@pytest.mark.parametrize("with_mask", [True, False], ids=["batch-mask", "overlap-derived-mask"])
async def test_shop_r1_rationale_in_the_final_turn_of_a_tool_rollout(qwen, qwen_dir, with_mask: bool) -> None:
    config = config_with(qwen_dir, topk_logprobs=K)
    server = FakeRolloutServer(qwen, [call("product_search", query="e-reader"), ANSWER], K)
    out, raw_prompt = await rollout(qwen, config, "tool_agent_topk", server)
    scorer = RecordingScorer()
    info = {"query": QUERY, "rubric": "shop_r1", "reference": REFERENCE}
    await HRMRewardManager(config, qwen, None, scorer_factory=lambda c: scorer).run_single(
        reward_batch(out, raw_prompt, info, with_mask=with_mask))
    [req] = scorer.requests
    last_turn = max(i for i, m in enumerate(out.response_mask) if not m) + 1
    assert req.context["rationale_self_certainty"] == pytest.approx(expected_certainty(qwen, out, server, last_turn))


async def test_without_top_k_a_shop_r1_sample_is_failed_not_scored_short(qwen, qwen_dir) -> None:
    config = config_with(qwen_dir, topk_logprobs=K)
    server = FakeRolloutServer(qwen, [ANSWER], K, fail_scoring=True)
    out, raw_prompt = await rollout(qwen, config, "single_turn_agent_topk", server)
    assert TOPK_KEY not in out.extra_fields and "no room" in out.extra_fields[TOPK_ERROR_KEY]
    assert out.response_ids  # the rollout itself is kept
    info = {"query": QUERY, "rubric": "shop_r1", "reference": REFERENCE}
    scorer = RecordingScorer()
    res = await HRMRewardManager(config, qwen, None, scorer_factory=lambda c: scorer).run_single(
        reward_batch(out, raw_prompt, info, with_mask=False))
    assert scorer.requests == [] and res["reward_score"] == -1.0
    assert res["reward_extra_info"]["judge_failed"] and "top-k" in res["reward_extra_info"]["judge_error"]
    # a stock loop (no rows at all) under a config that asks for them: failed too
    out.extra_fields.pop(TOPK_ERROR_KEY)
    res = await HRMRewardManager(config, qwen, None, scorer_factory=lambda c: scorer).run_single(
        reward_batch(out, raw_prompt, info, with_mask=False))
    assert res["reward_extra_info"]["judge_failed"] and "_topk" in res["reward_extra_info"]["judge_error"]
    # not asked for: scored without the component, as before
    plain = config_with(qwen_dir)
    res = await HRMRewardManager(plain, qwen, None, scorer_factory=lambda c: scorer).run_single(
        reward_batch(out, raw_prompt, info, with_mask=False))
    assert not res["reward_extra_info"]["judge_failed"] and "rationale_self_certainty" not in scorer.requests[0].context
    # other packs do not need them
    res = await HRMRewardManager(config, qwen, None, scorer_factory=lambda c: scorer).run_single(
        reward_batch(out, raw_prompt, {"query": QUERY}, with_mask=False))
    assert not res["reward_extra_info"]["judge_failed"]


def test_readme_enables_it_with_overrides_verls_hydra_config_accepts() -> None:
    """The verl page's top-k overrides compose against verl's config, and verl's rollout dataclass still loads."""
    import re
    import shlex

    from hydra import compose, initialize_config_dir
    from verl.trainer.config import __file__ as config_init
    from verl.utils.config import omega_conf_to_dataclass

    from trainer_plugin.config import from_verl_config

    readme = (Path(__file__).resolve().parents[2] / "docs" / "trainers" / "verl.md").read_text()
    block = re.search(r"```bash\n# top-k log-probs\n(.*?)```", readme, re.S).group(1)
    overrides = shlex.split(block.replace("\\\n", " "), comments=True)
    with initialize_config_dir(config_dir=str(Path(config_init).parent), version_base=None):
        cfg = compose(config_name="ppo_trainer", overrides=[f"actor_rollout_ref.model.path={qwen_tokenizer_dir()}",
                                                            "actor_rollout_ref.rollout.name=vllm", *overrides])
    assert cfg.actor_rollout_ref.rollout.agent.default_agent_loop == "tool_agent_topk"
    assert from_verl_config(cfg).topk_logprobs == topk_setting(cfg, None) == 20
    omega_conf_to_dataclass(cfg.actor_rollout_ref.rollout)  # what AgentLoopWorker does with it
