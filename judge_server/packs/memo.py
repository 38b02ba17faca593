"""Values computed once per pack object (a question, a pack), for the judgment's hot path.

A pack and its questions are built once, when the pack loads, and never changed in place, so what is derived from
one (its hash, its static prompt text) holds for as long as the object lives. The memo is keyed on the object's
identity and keeps the object itself, so a freed object's id, reused by another, never finds the old value.
Per-request packs (``rubric_items``) make new objects per request: the memo is bounded and starts again when full.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any, Concatenate, ParamSpec, TypeVar

O = TypeVar("O")  # noqa: E741 - the object a value is derived from
P = ParamSpec("P")
R = TypeVar("R")

#: entries per memo before it starts again (a few hundred questions are loaded at most; per-request packs churn)
MAX_ENTRIES = 4096


def per_object(fn: Callable[Concatenate[O, P], R]) -> Callable[Concatenate[O, P], R]:
    """Memoise ``fn(obj, *args)`` per ``obj`` (by identity) and ``args`` (which must be hashable)."""
    memo: dict[tuple[Hashable, ...], tuple[Any, R]] = {}

    @functools.wraps(fn)
    def wrapper(obj: O, /, *args: P.args, **kwargs: P.kwargs) -> R:
        key = (id(obj), *args, *kwargs.items()) if args or kwargs else (id(obj),)
        known = memo.get(key)
        if known is not None and known[0] is obj:
            return known[1]
        if len(memo) >= MAX_ENTRIES:
            memo.clear()
        value = fn(obj, *args, **kwargs)
        memo[key] = (obj, value)
        return value

    return wrapper
