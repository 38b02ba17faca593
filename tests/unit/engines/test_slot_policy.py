"""The trajectory -> slot policy (engines/affinity.py) as pure logic, and its wiring into the embedded engine's
request body against a scripted stand-in for xllamacpp.Server (the real engine: tests/real/test_slot_affinity_real.py)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading

import pytest
from test_embedded_stream import STREAM, ScriptedServer  # same folder (pytest prepend import mode)

from judge_server.engines.base import ChatMessage, GenerationRequest
from judge_server.engines.embedded import EmbeddedConfig, EmbeddedEngine
from judge_server.engines.slot_affinity import SlotAffinity, current_trajectory, trajectory_scope
from judge_server.grading.cache import cache_key


def test_new_keys_spread_over_the_least_loaded_slots() -> None:
    policy = SlotAffinity(2)
    assert [policy.acquire(k) for k in "abcd"] == [0, 1, 0, 1]
    assert policy.loads == [2, 2]
    policy.release("a")
    policy.release("c")
    assert policy.acquire("e") == 0  # slot 0 is now idle, slot 1 still runs b and d


def test_ties_go_to_the_slot_that_took_a_new_key_longest_ago() -> None:
    policy = SlotAffinity(3)
    # every slot idle each time: new keys rotate instead of piling onto slot 0
    slots = []
    for key in "xyz":
        slots.append(policy.acquire(key))
        policy.release(key)
    assert sorted(slots) == [0, 1, 2]


def test_a_key_in_flight_keeps_its_slot_whatever_the_load() -> None:
    policy = SlotAffinity(2)
    assert policy.acquire("a") == 0
    for _ in range(5):
        assert policy.acquire("a") == 0  # parallel questions of one trajectory queue behind its prefix
    assert policy.loads == [6, 0]


def test_an_idle_key_stays_within_the_imbalance_and_moves_beyond_it() -> None:
    policy = SlotAffinity(2, imbalance=2)
    assert policy.acquire("a") == 0
    policy.release("a")
    assert policy.acquire("b") == 1
    assert policy.acquire("c") == 0
    assert policy.acquire("c") == 0  # slot 0: 2 in flight, slot 1: 1
    assert policy.acquire("a") == 0  # idle, but 2 - 1 <= 2: back to its warm slot
    policy.release("a")
    policy.release("b")
    policy.acquire("c")  # slot 0: 3 in flight, slot 1: 0
    assert policy.acquire("a") == 1  # idle and 3 - 0 > 2: moves like a new key
    assert policy.slot_of("a") == 1


def test_release_balances_acquire_and_refuses_strays() -> None:
    policy = SlotAffinity(2)
    slot = policy.acquire("a")
    policy.release("a")
    assert policy.loads == [0, 0] and policy.slot_of("a") == slot
    with pytest.raises(ValueError, match="without acquire"):
        policy.release("a")
    with pytest.raises(ValueError, match="without acquire"):
        policy.release("never")
    with pytest.raises(ValueError):
        SlotAffinity(0)


def test_memory_is_bounded_to_idle_keys_least_recently_used_first() -> None:
    policy = SlotAffinity(2, max_keys=3)
    policy.acquire("busy")  # stays in flight throughout
    for key in ["k1", "k2", "k3", "k4"]:
        policy.acquire(key)
        policy.release(key)
    assert len(policy) == 3
    assert policy.slot_of("busy") is not None  # in flight: never forgotten
    assert policy.slot_of("k1") is None and policy.slot_of("k2") is None
    assert policy.slot_of("k4") is not None
    policy.release("busy")


async def test_trajectory_scope_reaches_the_tasks_it_starts() -> None:
    assert current_trajectory() is None

    async def seen() -> str | None:
        await asyncio.sleep(0)
        return current_trajectory()

    with trajectory_scope("t1"):
        inner = await asyncio.gather(seen(), asyncio.create_task(seen()))
        with trajectory_scope("t2"):
            assert await seen() == "t2"
        assert current_trajectory() == "t1"
    assert inner == ["t1", "t1"] and current_trajectory() is None


def req(key: str | None = None) -> GenerationRequest:
    return GenerationRequest(messages=(ChatMessage(role="user", content="grade"),), affinity_key=key)


def test_the_affinity_key_stays_out_of_the_verdict_cache_key() -> None:
    assert cache_key("m", "p", req("trajectory-1")) == cache_key("m", "p", req()) == cache_key("m", "p", req("t2"))
    assert "affinity_key" not in req("x").model_dump()


def engine_on(server: ScriptedServer, slot_affinity: bool = False, **cfg: object) -> EmbeddedEngine:
    engine = EmbeddedEngine(EmbeddedConfig(model="smollm2-135m", **cfg), slot_affinity=slot_affinity)  # type: ignore[arg-type]
    engine._server = server
    engine._executor = concurrent.futures.ThreadPoolExecutor(max_workers=2)
    return engine


async def test_embedded_engine_pins_a_trajectory_with_id_slot() -> None:
    server = ScriptedServer(STREAM)
    engine = engine_on(server, n_parallel=2, slot_affinity=True)
    with trajectory_scope("A"):
        await engine.generate(req())
    with trajectory_scope("B"):
        await engine.generate(req())
    await engine.generate(req("A"))  # the key a remote engine shipped wins over an empty context
    with trajectory_scope("B"):
        await engine.generate(req("A"))  # ... and over the context's
    await engine.generate(req())  # no trajectory: llama.cpp chooses
    slots = [b.get("id_slot") for b in server.bodies]
    assert slots[0] is not None and slots[1] is not None and slots[0] != slots[1]
    assert slots[2] == slots[0] and slots[3] == slots[0] and slots[4] is None
    assert engine._affinity is not None and engine._affinity.loads == [0, 0]
    await engine.close()


async def test_embedded_engine_without_affinity_sends_no_slot() -> None:
    for cfg in ({"n_parallel": 2, "slot_affinity": False}, {"n_parallel": 1, "slot_affinity": True}):
        server = ScriptedServer(STREAM)
        engine = engine_on(server, **cfg)
        with trajectory_scope("A"):
            await engine.generate(req("A"))
        assert "id_slot" not in server.bodies[0], cfg
        await engine.close()


class CountingServer(ScriptedServer):
    """Records the most tasks llama.cpp would have held at once per pinned slot."""

    def __init__(self) -> None:
        super().__init__(STREAM, delay_s=0.01)
        self.inside: dict[int, int] = {}
        self.peak: dict[int, int] = {}
        self.lock = threading.Lock()

    def handle_chat_completions(self, body: dict, callback) -> None:
        slot = body["id_slot"]
        with self.lock:
            self.inside[slot] = self.inside.get(slot, 0) + 1
            self.peak[slot] = max(self.peak.get(slot, 0), self.inside[slot])
        try:
            super().handle_chat_completions(body, callback)
        finally:
            with self.lock:
                self.inside[slot] -= 1


async def test_a_pinned_slot_gets_one_task_at_a_time() -> None:
    # llama.cpp's own deferral of a task pinned to a busy slot is avoided: the engine waits instead
    server = CountingServer()
    engine = engine_on(server, n_parallel=2, slot_affinity=True)
    engine._executor = concurrent.futures.ThreadPoolExecutor(max_workers=8)
    await asyncio.gather(*(engine.generate(req(k)) for k in ["A", "A", "A", "B", "B", "B"]))
    assert len(server.bodies) == 6
    assert server.peak == {0: 1, 1: 1}
    await engine.close()
