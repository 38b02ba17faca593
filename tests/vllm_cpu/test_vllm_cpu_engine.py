"""The in-process vLLM engine on vLLM's CPU build with SmolLM2-135M: one engine shared by the module
(its start costs about a minute on 2 cores), every feature the pipeline relies on exercised for real."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from vllm_cpu_harness import MAX_MODEL_LEN, engine_config, example

from hrm_wire.errors import EngineError
from judge_server.config import HRMConfig
from judge_server.engines import make_engine
from judge_server.engines.base import ChatMessage, GenerationRequest
from judge_server.engines.configs import engine_config as parse_engine_config
from judge_server.engines.vllm import VLLMEngine
from judge_server.grading.parsing import binary_schema, parse_json_verdict, verdict_confidence
from judge_server.pipeline import ScoringPipeline

# the first test carries the module engine's start (and a first conversion of the model): minutes on 2 cores
pytestmark = [pytest.mark.vllm_cpu, pytest.mark.asyncio(loop_scope="module"), pytest.mark.timeout(1800)]

# A rubric long enough to fill several KV-cache blocks, so a second question sharing it hits the prefix cache.
RUBRIC = ("You grade a shopping assistant's answer for budget compliance: a product fits when its price is at "
          "or below the budget the user stated. Reply with the JSON verdict only. ") * 12


def question(answer: str, **kw: object) -> GenerationRequest:
    return GenerationRequest(messages=(ChatMessage(role="system", content=RUBRIC),
                                       ChatMessage(role="user", content=f"Answer to grade: {answer}\n"
                                                                        "Does it fit the budget?")),
                             json_schema=binary_schema(80), max_tokens=96, **kw)


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def engine() -> AsyncIterator[VLLMEngine]:
    # AsyncLLM's output handler lives on the loop that started it: the module's tests share that loop
    eng = make_engine(parse_engine_config(engine_config()))
    assert isinstance(eng, VLLMEngine)
    await eng.start()
    yield eng
    await eng.close()


async def test_schema_constrained_verdict_with_logprob_confidence(engine: VLLMEngine) -> None:
    gen = await engine.generate(question("The $45 blender fits the $50 budget.", top_logprobs=5))
    data = json.loads(gen.text)  # the schema held: plain JSON, no fences or chatter
    assert set(data) == {"verdict", "reason"} and data["verdict"] in ("yes", "no")
    assert len(data["reason"]) <= 80
    assert gen.finish_reason == "stop" and gen.prompt_tokens > 300
    assert gen.logprobs is not None and len(gen.logprobs) == gen.completion_tokens
    assert all(t.logprob <= 0 and 1 <= len(t.top) <= 5 for t in gen.logprobs)
    verdict = parse_json_verdict(gen.text, "binary", (0, 1))
    confidence = verdict_confidence(gen.logprobs, gen.text, verdict.passed)
    # greedy decoding picks the likelier of the two allowed answers, so the renormalised mass on the
    # chosen one is at least one half; a mapping that read the wrong position or token would break this
    answer_tokens = [t for t in gen.logprobs if t.token.strip().strip('"').lower() in ("y", "ye", "yes", "n", "no")]
    assert answer_tokens, "the verdict word is among the generated tokens"
    assert 0.5 <= confidence <= 1.0


async def test_prefix_cache_serves_a_repeated_rubric(engine: VLLMEngine) -> None:
    first = await engine.generate(question("The $95 kettle costs more than the $50 budget."))
    second = await engine.generate(question("The $20 mug fits the $25 budget."))
    assert second.logprobs is None  # none asked for
    # automatic prefix caching: the shared system rubric is prefilled once, the differing answer is not cached
    assert first.prompt_tokens > 300 and 0 < second.cached_tokens < second.prompt_tokens
    assert second.cached_tokens >= 0.5 * second.prompt_tokens
    # per-request engine stats: both phases took time (the CPU build computes every token)
    assert first.prefill_s and first.prefill_s > 0 and first.decode_s is not None and first.decode_s >= 0


async def test_cancelled_generation_leaves_the_engine(engine: VLLMEngine) -> None:
    assert engine.unfinished_requests() == 0
    long = asyncio.create_task(engine.generate(GenerationRequest(
        messages=(ChatMessage(role="user", content="Write a very long story about a lighthouse keeper."),),
        max_tokens=3000)))
    for _ in range(600):  # the request reaches the engine once the prompt is rendered
        if engine.unfinished_requests() == 1:
            break
        await asyncio.sleep(0.05)
    assert engine.unfinished_requests() == 1
    await asyncio.sleep(0.5)  # decoding is under way
    long.cancel()
    with pytest.raises(asyncio.CancelledError):
        await long
    for _ in range(200):
        if engine.unfinished_requests() == 0:
            break
        await asyncio.sleep(0.05)
    assert engine.unfinished_requests() == 0  # the slot is free, not decoding 3000 tokens for nobody
    after = await engine.generate(question("The $30 lamp fits the $40 budget."))
    assert json.loads(after.text)["verdict"] in ("yes", "no")


async def test_overlong_prompt_is_a_typed_engine_error(engine: VLLMEngine) -> None:
    too_long = GenerationRequest(messages=(ChatMessage(role="user", content="word " * (MAX_MODEL_LEN + 100)),),
                                 max_tokens=8)
    with pytest.raises(EngineError, match="maximum context length") as info:
        await engine.generate(too_long)
    assert info.value.http_status == 502  # the request's fault as the engine sees it, not "engine down" (503)
    assert engine.is_ready()  # and the engine still answers
    json.loads((await engine.generate(question("The $10 pen fits the $15 budget."))).text)


async def test_pipeline_judges_a_smartshop_example(engine: VLLMEngine, tmp_path: Path) -> None:
    config = HRMConfig(engine=engine_config(), cache={"directory": str(tmp_path / "cache")})
    pipeline = ScoringPipeline(config, engine=engine)
    try:
        await pipeline.start()  # the engine is already up: start is idempotent
        result = await pipeline.score(pipeline.parse_request(example("good-earbuds")))
        assert result.grader_model == "vllm:smollm2-135m"
        assert result.llm_calls >= 3 and result.prompt_tokens > 0  # the grader really ran
        # a reward, or an explicit judge failure naming its cause: never a silent 0
        if result.judge_failed:
            assert result.reward is None and result.failure is not None
        else:
            assert result.reward is not None and result.detail.l1 is not None
            assert all(0.0 <= c.confidence <= 1.0 for c in result.checks.values())
        again = await pipeline.score(pipeline.parse_request(example("good-earbuds")))
        if not result.judge_failed:
            assert again.cached and again.reward == result.reward and again.prompt_tokens == 0
    finally:
        pipeline.cache.close()  # not pipeline.close(): that would close the module's engine
