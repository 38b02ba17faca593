import asyncio

from judge_server.config import CacheConfig
from judge_server.engines.base import ChatMessage, GenerationRequest
from judge_server.grading.cache import VerdictCache, cache_key


def req(text: str, **kw) -> GenerationRequest:
    return GenerationRequest(messages=(ChatMessage(role="user", content=text),), **kw)


def test_key_covers_model_pack_prompt_and_sampling():
    base = cache_key("m", "v1", req("a"))
    assert base == cache_key("m", "v1", req("a"))
    assert len({base, cache_key("m2", "v1", req("a")), cache_key("m", "v2", req("a")), cache_key("m", "v1", req("b")),
                cache_key("m", "v1", req("a", temperature=0.7)), cache_key("m", "v1", req("a", max_tokens=9))}) == 6


async def test_hit_miss_and_persistence(tmp_path):
    cfg = CacheConfig(directory=tmp_path, size_limit_mb=5)
    cache = VerdictCache(cfg)
    calls = 0

    async def compute():
        nonlocal calls
        calls += 1
        return {"v": 1}

    assert await cache.get_or_compute("k", compute) == ({"v": 1}, False)
    assert await cache.get_or_compute("k", compute) == ({"v": 1}, True)
    cache.close()
    reopened = VerdictCache(cfg)  # survives a restart
    assert await reopened.get_or_compute("k", compute) == ({"v": 1}, True)
    assert calls == 1 and reopened.hits == 1


async def test_single_flight_computes_once(tmp_path):
    cache = VerdictCache(CacheConfig(directory=tmp_path))
    calls = 0

    async def compute():
        nonlocal calls
        calls += 1
        await asyncio.sleep(0.05)
        return "v"

    results = await asyncio.gather(*(cache.get_or_compute("same", compute) for _ in range(10)))
    assert calls == 1
    assert [r[0] for r in results] == ["v"] * 10
    assert sum(hit for _, hit in results) == 9 and cache.coalesced == 9


async def test_failures_are_not_stored_and_propagate_to_waiters(tmp_path):
    cache = VerdictCache(CacheConfig(directory=tmp_path))

    async def boom():
        await asyncio.sleep(0.01)
        raise RuntimeError("engine down")

    results = await asyncio.gather(*(cache.get_or_compute("k", boom) for _ in range(3)), return_exceptions=True)
    assert all(isinstance(r, RuntimeError) for r in results)
    assert cache.get("k") is None


async def test_unstorable_values_are_not_cached(tmp_path):
    cache = VerdictCache(CacheConfig(directory=tmp_path))

    async def compute():
        return "bad"

    await cache.get_or_compute("k", compute, storable=lambda v: v != "bad")
    assert cache.get("k") is None


async def test_disabled_cache_still_single_flights(tmp_path):
    cache = VerdictCache(CacheConfig(enabled=False))

    async def compute():
        await asyncio.sleep(0.01)
        return 1

    await asyncio.gather(cache.get_or_compute("k", compute), cache.get_or_compute("k", compute))
    assert cache.coalesced == 1 and cache.get("k") is None


def test_latest_verdicts_are_served_from_memory_and_the_oldest_leave_it(tmp_path, monkeypatch):
    from judge_server.grading import cache as cache_module

    monkeypatch.setattr(cache_module, "MEMORY_ENTRIES", 3)
    cache = VerdictCache(CacheConfig(directory=tmp_path))
    for k in "abcd":
        cache.set(k, {"v": k})
    assert list(cache._memory) == ["b", "c", "d"]  # "a" left memory, not the disk
    reads = []
    real_get = cache._disk.get
    monkeypatch.setattr(cache._disk, "get", lambda key: reads.append(key) or real_get(key))
    assert cache.get("c") == {"v": "c"} and reads == []  # from memory, no disk read
    assert cache.get("a") == {"v": "a"} and reads == ["a"]  # from disk, and remembered again
    assert list(cache._memory) == ["d", "c", "a"]
    cache.close()
    assert VerdictCache(CacheConfig(enabled=False)).get("a") is None


async def test_a_fake_grader_set_to_fail_never_reads_the_passing_fakes_verdicts(tmp_path):
    """Same name, different behaviour: the walkthrough's `hrm compare` of a passing and a failing fake showed no
    difference because the second run read the first one's cached verdicts."""
    import json
    from pathlib import Path

    from judge_server.config import HRMConfig
    from judge_server.pipeline import ScoringPipeline

    item = json.loads((Path(__file__).parents[2] / "examples" / "smartshop.jsonl").read_text().splitlines()[0])
    rewards = []
    for default in ("pass", "fail", "pass"):
        cfg = HRMConfig.model_validate({"engine": {"kind": "fake", "fake": {"default": default}},
                                        "cache": {"directory": str(tmp_path)}})
        pipeline = ScoringPipeline(cfg)
        await pipeline.start()
        try:
            result = await pipeline.score(pipeline.parse_request(item))
        finally:
            await pipeline.close()
        rewards.append((result.reward, sum(c.cached for c in result.checks.values())))
    assert rewards[0][0] != rewards[1][0] and rewards[1][1] == 0  # the failing fake asked for itself
    assert rewards[2][0] == rewards[0][0] and rewards[2][1] > 0  # the passing fake's verdicts are still cached


def _dumped_key(model_id: str, scope: str, request: GenerationRequest) -> str:
    """The key as pydantic's dump of the request gives it (what ``cache_key`` reads from the fields directly)."""
    import hashlib

    import orjson

    payload = orjson.dumps({"model": model_id, "pack": scope, "req": request.model_dump(mode="json")},
                           option=orjson.OPT_SORT_KEYS)
    return hashlib.sha256(payload).hexdigest()


def test_key_equals_the_dumped_requests_key_on_every_rendered_question(tmp_path):
    """Every question the example sets make the pipeline ask (plain, joint and repair prompts with their schemas)
    keys exactly as the request's pydantic dump does, so stored verdicts stay valid."""
    import json
    from pathlib import Path

    from judge_server.config import HRMConfig
    from judge_server.pipeline import ScoringPipeline

    rows = [json.loads(line) for line in Path("examples/smartshop.jsonl").read_text().splitlines() if line.strip()]
    seen: list[GenerationRequest] = []

    async def run() -> None:
        p = ScoringPipeline(HRMConfig.model_validate({"engine": {"kind": "fake"}, "cache": {"directory": str(tmp_path)}}))
        await p.start()
        for row in rows:
            await p.score(p.parse_request(row))
            seen.extend(p.engine.requests)
            p.engine.requests.clear()
        await p.close()

    asyncio.run(run())
    assert len(seen) > 20 and any(r.json_schema for r in seen) and any(r.schema_name == "joint_verdict" for r in seen)
    extra = [req("ünï \u2028 \"q\"\n", json_schema={"type": "object", "properties": {"a": {"enum": [1, 2.5, None]}}},
                 temperature=0.3, seed=-4, top_logprobs=5, affinity_key="traj-1")]
    for r in [*seen, *extra]:
        assert cache_key("m", "question:x", r) == _dumped_key("m", "question:x", r)
    # the trajectory a question belongs to is not part of the key
    assert cache_key("m", "s", extra[0]) == cache_key("m", "s", extra[0].model_copy(update={"affinity_key": None}))
