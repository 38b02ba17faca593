"""The vLLM engine on a real CUDA GPU (skipped elsewhere). Model: $HRM_VLLM_TEST_MODEL (HF id or local path)."""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Iterator

import pytest

vllm = pytest.importorskip("vllm")
torch = pytest.importorskip("torch")

from hrm_wire.errors import EngineError  # noqa: E402
from judge_server.engines import make_engine  # noqa: E402
from judge_server.engines.base import ChatMessage, GenerationRequest  # noqa: E402
from judge_server.engines.vllm import VLLMConfig, VLLMEngine  # noqa: E402

pytestmark = [pytest.mark.gpu,
              pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")]

MODEL = os.environ.get("HRM_VLLM_TEST_MODEL", "Qwen/Qwen2.5-0.5B-Instruct")
VERDICT = {"type": "object", "properties": {"is_pass": {"type": "boolean"}, "reason": {"type": "string",
                                                                                        "maxLength": 80}},
           "required": ["is_pass", "reason"], "additionalProperties": False}
RUBRIC = "You grade a shopping assistant's answer for budget compliance. Reply with the JSON verdict only. " * 8


def question(answer: str, **kw) -> GenerationRequest:
    return GenerationRequest(messages=(ChatMessage(role="system", content=RUBRIC),
                                       ChatMessage(role="user", content=answer)),
                             json_schema=VERDICT, max_tokens=120, **kw)


@pytest.fixture(scope="module")
def engine() -> Iterator[VLLMEngine]:
    eng = make_engine(VLLMConfig(model=MODEL, gpu_memory_utilization=0.5, max_model_len=4096))
    assert isinstance(eng, VLLMEngine)
    loop = asyncio.new_event_loop()
    loop.run_until_complete(eng.start())
    eng._test_loop = loop  # type: ignore[attr-defined]  # AsyncLLM's output handler lives on this loop
    yield eng
    loop.run_until_complete(eng.close())
    loop.close()


def run(engine: VLLMEngine, coro):
    return engine._test_loop.run_until_complete(coro)  # type: ignore[attr-defined]


def test_schema_output_logprobs_and_prefix_cache(engine: VLLMEngine) -> None:
    first = run(engine, engine.generate(question("The $45 blender fits the $50 budget.", top_logprobs=3)))
    data = json.loads(first.text)
    assert isinstance(data["is_pass"], bool) and isinstance(data["reason"], str)
    assert first.logprobs is not None and len(first.logprobs) == first.completion_tokens
    assert all(len(t.top) == 3 and t.logprob <= 0 for t in first.logprobs)
    second = run(engine, engine.generate(question("The $95 kettle exceeds the $50 budget.")))
    json.loads(second.text)
    assert second.logprobs is None
    assert 0 < second.cached_tokens < second.prompt_tokens  # automatic prefix caching reused the rubric


def test_concurrent_and_cancelled_generations(engine: VLLMEngine) -> None:
    async def scenario() -> None:
        gens = await asyncio.gather(*(engine.generate(question(f"Item {i} costs ${i}.")) for i in range(8)))
        assert all(isinstance(json.loads(g.text)["is_pass"], bool) for g in gens)
        long = asyncio.create_task(engine.generate(GenerationRequest(
            messages=(ChatMessage(role="user", content="Write a very long story."),), max_tokens=3000)))
        await asyncio.sleep(0.5)
        long.cancel()
        with pytest.raises(asyncio.CancelledError):
            await long
        json.loads((await engine.generate(question("The $20 mug fits the $25 budget."))).text)

    run(engine, scenario())


def test_prompt_longer_than_context_is_engine_error(engine: VLLMEngine) -> None:
    with pytest.raises(EngineError):
        run(engine, engine.generate(GenerationRequest(messages=(ChatMessage(role="user", content="word " * 9000),))))
