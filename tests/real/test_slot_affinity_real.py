"""Slot affinity on real llama.cpp (xllamacpp) with SmolLM2-135M: two trajectories, each asking two questions at
once, interleaved; with ``slot_affinity`` the second question of each finds its trajectory's prefix cached.

Why affinity off loses it: the two questions of one trajectory arrive together, llama.cpp starts them on the
two idle slots at once, so the second one prefills the whole trajectory again (llama.cpp's host-RAM prompt
cache cannot help: the first question's prefix is still live in the other slot, not saved yet). Pinned, the
second question waits for its trajectory's slot and reuses the prefix the first one left there. The test
runs both and asserts the difference, so it fails if pinning stops working (or stops mattering).
"""

from __future__ import annotations

import asyncio

import pytest

from judge_server.engines import make_engine
from judge_server.engines.base import ChatMessage, Generation, GenerationRequest
from judge_server.engines.configs import engine_config
from judge_server.engines.embedded import EmbeddedEngine
from judge_server.engines.slot_affinity import trajectory_scope

pytestmark = pytest.mark.real

SYSTEM = "You grade a shopping assistant's trajectory. Reply only with the JSON verdict."
VERDICT = {"type": "object", "properties": {"is_pass": {"type": "boolean"}}, "required": ["is_pass"],
           "additionalProperties": False}


def trajectory(name: str, salt: str) -> str:
    # long and unique per run, so only this test's own questions can have cached it
    steps = " ".join(f"Step {i}: the assistant searched {name} item {i} ({salt}) and read its price." for i in range(25))
    return f"Trajectory {name} ({salt}):\n{steps}"


def question(name: str, salt: str, q: str, key: str | None = None) -> GenerationRequest:
    return GenerationRequest(messages=(ChatMessage(role="system", content=SYSTEM),
                                       ChatMessage(role="user", content=f"{trajectory(name, salt)}\nQuestion: {q}")),
                             json_schema=VERDICT, max_tokens=12, affinity_key=key)


async def interleaved(affinity: bool, salt: str, with_b: bool = True) -> dict[str, list[Generation]]:
    """A's two questions, then B's two, all in flight at once; B's key travels in the request (remote path).

    Without ``with_b`` only A's pair is sent, so both start at once on the two idle slots: with B's questions in
    flight too, B's first one may take the second slot before A's second, which then finds A's prefix cached.
    """
    engine = make_engine(engine_config(kind="embedded", model="smollm2-135m", n_ctx=4096, n_parallel=2, threads=1,
                                      batch_threads=1), slot_affinity=affinity)
    assert isinstance(engine, EmbeddedEngine)
    await engine.start()
    try:
        with trajectory_scope("A"):
            a = [asyncio.create_task(engine.generate(question("A", salt, q)))
                 for q in ("Did it search?", "Did it stay on budget?")]
        b = [asyncio.create_task(engine.generate(question("B", salt, q, key="B")))
             for q in ("Did it search?", "Did it stay on budget?") if with_b]
        return {"A": list(await asyncio.gather(*a)), "B": list(await asyncio.gather(*b))}
    finally:
        await engine.close()


async def test_second_question_of_each_trajectory_reuses_its_prefix_only_with_affinity() -> None:
    on = await interleaved(True, "run-on")
    off = await interleaved(False, "run-off", with_b=False)
    prefix = on["A"][0].prompt_tokens - 20  # the trajectory part: all but the question tail
    assert prefix > 300
    for name in ("A", "B"):
        # which of the two llama.cpp starts first is up to the worker threads: the later one is served cached
        first, second = sorted(on[name], key=lambda g: g.cached_tokens)
        assert first.cached_tokens < 50, (name, first)
        assert second.cached_tokens >= prefix, (name, second)
        assert second.cached_tokens < second.prompt_tokens
    # off: A's questions ran side by side on the two idle slots, so its second one found nothing of A cached
    # (the system prompt at most); A's first prefill is the same on both engines
    assert off["A"][0].prompt_tokens == on["A"][0].prompt_tokens
    assert max(g.cached_tokens for g in off["A"]) < 50, off["A"]
