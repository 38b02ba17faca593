"""Screens, registered by name: code that settles plain per-product "yes" answers before the grader is asked.

A pack names one on a per-product question (``llm.screen: {name: kind_similarity, params: {...}}``).
Adding a screen means writing its class (``judge_server.checks.screens.base.Screen``) and listing it in
``SCREENS`` below (or, from outside the package, ``SCREENS.register(name, cls)``).
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from judge_server.checks.screens.base import Screen, Settled
from judge_server.checks.screens.kind_similarity import KindSimilarity
from judge_server.registry import Registry

SCREENS: Registry[type[Screen]] = Registry("screen", {cls.name: cls for cls in (KindSimilarity,)})


@lru_cache(maxsize=64)
def _cached(name: str, params_json: str) -> Screen:
    return make_screen(name, json.loads(params_json))


def screen_for(name: str, params: dict[str, Any]) -> Screen:
    """The shared screen instance for a pack's screen spec (screens hold models: build each once)."""
    return _cached(name, json.dumps(params, sort_keys=True))


def make_screen(name: str, params: dict[str, Any]) -> Screen:
    return SCREENS.get(name)(params)


__all__ = ["SCREENS", "Screen", "Settled", "make_screen", "screen_for"]
