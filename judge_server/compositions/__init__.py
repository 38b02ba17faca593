"""Compositions by name: how a pack's check verdicts become a reward (``composition.kind`` in a pack).

The shipped ones are listed explicitly in ``BUILTIN`` as ``module:Class`` and imported on first use
(no import side effects, no cycle with ``judge_server.packs.schema``, which validates kinds against this
registry). Adding a composition is one module with a ``Composition`` subclass plus one line here, or,
from outside the package, the ``register_composition`` decorator.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TypeVar

from judge_server.compositions.base import Composition, Judgment

BUILTIN: dict[str, str] = {
    "hrm": "judge_server.compositions.hrm:HRMComposition",
    "weighted": "judge_server.compositions.weighted:WeightedComposition",
}

C = TypeVar("C", bound=type[Composition])
_registered: dict[str, type[Composition]] = {}
_instances: dict[str, Composition] = {}


def register_composition(name: str) -> Callable[[C], C]:
    """Register a ``Composition`` subclass under ``name`` (class decorator); packs then use ``kind: name``."""

    def deco(cls: C) -> C:
        if not (isinstance(cls, type) and issubclass(cls, Composition)):
            raise TypeError(f"{cls!r} is not a Composition subclass")
        if name in BUILTIN or (name in _registered and _registered[name] is not cls):
            raise ValueError(f"composition {name!r} registered twice")
        cls.name = name
        _registered[name] = cls
        _instances.pop(name, None)
        return cls

    return deco


def unregister_composition(name: str) -> None:
    """Remove a composition registered with ``register_composition`` (tests, plugin reloads)."""
    _registered.pop(name, None)
    _instances.pop(name, None)


def composition_names() -> list[str]:
    return sorted({*BUILTIN, *_registered})


def get_composition(name: str) -> Composition:
    """The composition registered as ``name``; ValueError naming the registered ones otherwise."""
    if name in _instances:
        return _instances[name]
    if name in _registered:
        cls = _registered[name]
    elif name in BUILTIN:
        module_name, _, cls_name = BUILTIN[name].partition(":")
        cls = getattr(importlib.import_module(module_name), cls_name)
    else:
        raise ValueError(f"unknown composition {name!r}; registered: {composition_names()}")
    _instances[name] = cls()
    return _instances[name]


__all__ = ["BUILTIN", "Composition", "Judgment", "composition_names", "get_composition", "register_composition",
           "unregister_composition"]
