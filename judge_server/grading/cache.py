"""Verdict cache: diskcache on disk with the latest verdicts in memory, single-flight in process.

The key covers everything that determines a grader answer: the grader's model id, the question's hash (its
static text and settings: an edit elsewhere in the pack keeps this question's verdicts), the rendered messages,
the schema and the sampling parameters. Only successfully parsed verdicts are
stored, so a transient failure is never replayed.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import orjson

from judge_server.config import CacheConfig
from judge_server.engines.base import GenerationRequest
from judge_server.home import default_home

T = TypeVar("T")

#: verdicts kept in memory in front of the disk (a hit from disk is a SQLite read plus unpickling, a tenth of a
#: cache-hit judgment's CPU); a few thousand covers the questions of the judgments in flight and their reruns
MEMORY_ENTRIES = 4096


#: request fields left out of the key (the trajectory a question belongs to changes no answer)
_NOT_KEYED = frozenset(name for name, f in GenerationRequest.model_fields.items() if f.exclude)


def _request_fields(request: GenerationRequest) -> dict[str, Any]:
    """The request as ``model_dump(mode="json")`` gives it, read straight from its fields: its parts are plain
    JSON values and frozen messages, which orjson writes as they are (a third of a cache hit's key time went
    to pydantic's dump; tests compare the two on every request the labelled sets render)."""
    out = {k: v for k, v in request.__dict__.items() if k not in _NOT_KEYED}
    out["messages"] = [m.__dict__ for m in request.messages]
    return out


def cache_key(model_id: str, scope: str, request: GenerationRequest) -> str:
    """The verdict cache key; ``scope`` names the question (``question:<hash>``)."""
    payload = orjson.dumps({"model": model_id, "pack": scope, "req": _request_fields(request)},
                           option=orjson.OPT_SORT_KEYS)
    return hashlib.sha256(payload).hexdigest()


class VerdictCache:
    """Disk cache with single-flight: identical concurrent lookups compute once."""

    def __init__(self, config: CacheConfig) -> None:
        self.config = config
        self._disk: Any = None
        if config.enabled:
            import diskcache

            directory = Path(config.directory or default_home() / "cache")
            directory.mkdir(parents=True, exist_ok=True)
            self._disk = diskcache.Cache(str(directory), size_limit=config.size_limit_mb * 1024 * 1024,
                                         eviction_policy="least-recently-stored")
        self._inflight: dict[str, asyncio.Future[Any]] = {}
        # keys determine their verdicts, so a remembered one is never stale (callers copy before changing one)
        self._memory: OrderedDict[str, Any] = OrderedDict()
        self.hits = 0
        self.misses = 0
        self.coalesced = 0

    def get(self, key: str) -> Any | None:
        if self._disk is None:
            return None
        value = self._memory.get(key)
        if value is not None:
            self._memory.move_to_end(key)
            return value
        value = self._disk.get(key)
        if value is not None:
            self._remember(key, value)
        return value

    def set(self, key: str, value: Any) -> None:
        if self._disk is not None:
            self._disk.set(key, value)
            self._remember(key, value)

    def _remember(self, key: str, value: Any) -> None:
        self._memory[key] = value
        self._memory.move_to_end(key)
        if len(self._memory) > MEMORY_ENTRIES:
            self._memory.popitem(last=False)

    async def get_or_compute(self, key: str, compute: Callable[[], Awaitable[T]], *, use_cache: bool = True,
                             storable: Callable[[T], bool] = lambda _: True) -> tuple[T, bool]:
        """Return (value, from_cache). Concurrent callers with the same key share one computation."""
        if use_cache:
            hit = self.get(key)
            if hit is not None:
                self.hits += 1
                return hit, True
        pending = self._inflight.get(key)
        if pending is not None:
            self.coalesced += 1
            return await asyncio.shield(pending), True
        self.misses += 1
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._inflight[key] = fut
        try:
            value = await compute()
        except BaseException as exc:
            if not fut.done():
                fut.set_exception(exc)
                fut.exception()  # mark retrieved: waiters (if any) re-raise it themselves
            raise
        else:
            if use_cache and storable(value):
                self.set(key, value)
            fut.set_result(value)
            return value, False
        finally:
            self._inflight.pop(key, None)

    def close(self) -> None:
        self._memory.clear()
        if self._disk is not None:
            self._disk.close()
