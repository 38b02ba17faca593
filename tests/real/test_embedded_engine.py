"""The embedded engine on real llama.cpp (xllamacpp) with SmolLM2-135M, plus one run of the default 1.5B grader.

SmolLM2 is a plumbing model: these tests check mechanics (constrained JSON, logprobs, prompt cache, slots,
cancellation, errors), never judgment quality. One thread each: on an oversubscribed machine (shared CI, many
agents) llama.cpp's spinning thread barrier makes two threads several times slower than one.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Iterator

import pytest

from hrm_wire.errors import EngineError, EngineUnavailable
from judge_server.engines import make_engine
from judge_server.engines.base import ChatMessage, GenerationRequest
from judge_server.engines.configs import engine_config
from judge_server.engines.embedded import EmbeddedEngine

pytestmark = pytest.mark.real

VERDICT = {"type": "object",
           "properties": {"is_pass": {"type": "boolean"}, "reason": {"type": "string", "maxLength": 80}},
           "required": ["is_pass", "reason"], "additionalProperties": False}
RUBRIC = ("You are a strict grader of shopping-assistant answers. Decide whether the answer recommends a product "
          "that meets the user's stated budget. Reply only with the JSON verdict. ") * 6


def question(answer: str, **kw) -> GenerationRequest:
    return GenerationRequest(messages=(ChatMessage(role="system", content=RUBRIC),
                                       ChatMessage(role="user", content=f"Answer to grade:\n{answer}")),
                             json_schema=VERDICT, max_tokens=120, **kw)


def check_verdict(text: str) -> dict:
    data = json.loads(text)
    assert set(data) == {"is_pass", "reason"}
    assert isinstance(data["is_pass"], bool) and isinstance(data["reason"], str) and len(data["reason"]) <= 80
    return data


def metric(engine: EmbeddedEngine, name: str) -> float:
    found = re.search(rf"^llamacpp:{name} (\S+)$", engine._server.handle_metrics(), re.M)
    assert found, name
    return float(found.group(1))


def smollm2(**kw) -> EmbeddedEngine:
    cfg = engine_config(kind="embedded", model="smollm2-135m", n_ctx=4096, n_parallel=2, threads=1, batch_threads=1,
                       **kw)
    engine = make_engine(cfg)
    assert isinstance(engine, EmbeddedEngine)
    return engine


@pytest.fixture(scope="module")
def engine() -> Iterator[EmbeddedEngine]:
    eng = smollm2()
    asyncio.run(eng.start())
    yield eng
    asyncio.run(eng.close())


def test_loads_and_reports_identity(engine: EmbeddedEngine) -> None:
    assert engine.is_ready()
    assert engine.model_id == "smollm2-135m-instruct-q4_1"
    assert engine.model_path is not None and engine.model_path.endswith("SmolLM2-135M-Instruct.Q4_1.gguf")
    assert engine.listening_address is not None and engine.listening_address.startswith("http://127.0.0.1:")


async def test_schema_constrained_output_parses(engine: EmbeddedEngine) -> None:
    gen = await engine.generate(question("The Acme X1 blender costs $45, within your $50 budget."))
    check_verdict(gen.text)
    assert gen.finish_reason == "stop"
    assert gen.prompt_tokens > 100 and gen.completion_tokens > 0


async def test_logprobs_shape(engine: EmbeddedEngine) -> None:
    gen = await engine.generate(question("Buy the $900 espresso machine.", top_logprobs=3))
    check_verdict(gen.text)
    assert gen.logprobs, "llama.cpp returned no logprobs"
    for tok in gen.logprobs:
        assert tok.logprob <= 0.0
        assert len(tok.top) == 3 and all(lp <= 0.0 for _, lp in tok.top)
        assert [lp for _, lp in tok.top] == sorted((lp for _, lp in tok.top), reverse=True)
    # Streamed logprobs cover the returned text (a stripped code fence may add tokens in front).
    assert gen.text in "".join(t.token for t in gen.logprobs)
    assert len(gen.logprobs) <= gen.completion_tokens
    verdict_token = next(t for t in gen.logprobs if t.token.strip() in ("true", "false"))
    assert verdict_token.token.strip() == str(json.loads(gen.text)["is_pass"]).lower()
    no_lp = await engine.generate(question("Buy the $900 espresso machine."))
    assert no_lp.logprobs is None


async def test_repeated_prefix_is_served_from_the_prompt_cache(engine: EmbeddedEngine) -> None:
    first = await engine.generate(question("Answer one: the $30 kettle fits the $40 budget."))
    started = time.perf_counter()
    second = await engine.generate(question("Answer two: the $80 toaster is over the $40 budget."))
    wall_s = time.perf_counter() - started
    check_verdict(second.text)
    assert second.cached_tokens > 100  # the shared rubric prefix
    assert second.cached_tokens < second.prompt_tokens
    assert first.prompt_tokens > 100
    # llama.cpp's own phase timings, in seconds: both phases ran and together fit inside the call. Which call
    # prefilled faster is not asserted: earlier tests may have warmed the first one too, and the machine is shared.
    for gen in (first, second):
        assert gen.prefill_s is not None and gen.prefill_s > 0 and gen.decode_s is not None and gen.decode_s > 0
    assert second.prefill_s + second.decode_s <= wall_s


async def test_prompt_cache_off_reuses_nothing() -> None:
    eng = smollm2(cache_prompt=False)
    await eng.start()
    try:
        await eng.generate(question("Answer one: the $30 kettle fits the $40 budget."))
        second = await eng.generate(question("Answer two: the $80 toaster is over the $40 budget."))
        assert second.cached_tokens == 0 and second.prompt_tokens > 100
    finally:
        await eng.close()


async def test_concurrent_generations_use_parallel_slots(engine: EmbeddedEngine) -> None:
    answers = [f"Answer {i}: the ${10 * i} lamp fits the $100 budget." for i in range(4)]
    before = metric(engine, "n_decode_total")
    gens = await asyncio.gather(*(engine.generate(question(a)) for a in answers))
    for gen in gens:
        check_verdict(gen.text)
    decodes = metric(engine, "n_decode_total") - before
    # Batched slots decode several sequences per llama_decode call: fewer calls than tokens generated.
    assert decodes < sum(g.completion_tokens for g in gens)


async def test_cancelling_the_caller_stops_llama_cpp(engine: EmbeddedEngine) -> None:
    # The grammar needs at least 400 array items (>= 400 tokens): it cannot end early on its own.
    long_job = GenerationRequest(messages=(ChatMessage(role="user", content="List booleans."),),
                                 json_schema={"type": "array", "items": {"type": "boolean"}, "minItems": 400},
                                 max_tokens=1000)
    predicted_before = metric(engine, "tokens_predicted_total")
    task = asyncio.create_task(engine.generate(long_job))
    await asyncio.sleep(1.5)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    for _ in range(300):  # until llama.cpp has released the slot (bounded wait)
        if metric(engine, "requests_processing") == 0:
            break
        await asyncio.sleep(0.1)
    assert metric(engine, "requests_processing") == 0
    assert metric(engine, "tokens_predicted_total") - predicted_before < 400
    check_verdict((await engine.generate(question("The $20 mug fits the $25 budget."))).text)


async def test_request_errors_are_typed(engine: EmbeddedEngine) -> None:
    too_long = GenerationRequest(messages=(ChatMessage(role="user", content="word " * 6000),), max_tokens=5)
    with pytest.raises(EngineError, match="context"):
        await engine.generate(too_long)
    bad_schema = GenerationRequest(messages=(ChatMessage(role="user", content="x"),),
                                   json_schema={"type": "no-such-type"}, max_tokens=5)
    with pytest.raises(EngineError):
        await engine.generate(bad_schema)
    check_verdict((await engine.generate(question("The $20 mug fits the $25 budget."))).text)


async def test_unstarted_and_closed_engine_is_unavailable() -> None:
    eng = smollm2()
    with pytest.raises(EngineUnavailable, match="not started"):
        await eng.generate(question("x"))
    await eng.start()
    await eng.start()  # idempotent
    check_verdict((await eng.generate(question("The $20 mug fits the $25 budget."))).text)
    await eng.close()
    assert not eng.is_ready()
    with pytest.raises(EngineUnavailable):
        await eng.generate(question("x"))


async def test_default_grader_assembles_loads_and_answers() -> None:
    """The real default: Qwen2.5-Coder-1.5B assembled from its 22 chunk packages (slow: one short answer)."""
    eng = make_engine(engine_config(kind="embedded", n_ctx=1024, n_parallel=1, threads=1, batch_threads=1))
    assert eng.model_id == "qwen2.5-coder-1.5b-instruct-q4_k_m"
    await eng.start()
    try:
        gen = await eng.generate(GenerationRequest(
            messages=(ChatMessage(role="system", content="Grade the answer. Reply with the JSON verdict only."),
                      ChatMessage(role="user", content="Question: what is 2+2? Answer: 4")),
            json_schema=VERDICT, max_tokens=40))
        check_verdict(gen.text)
        assert gen.completion_tokens > 0
    finally:
        await eng.close()
