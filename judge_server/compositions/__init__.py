"""Compositions by name: how a pack's check verdicts become a reward (``composition.kind`` in a pack).

The shipped ones are listed explicitly in ``COMPOSITIONS``. Adding a composition is one module with a
``Composition`` subclass plus one line there, or, from outside the package, the ``register_composition``
decorator.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from judge_server.compositions.base import Composition, Judgment
from judge_server.compositions.hrm import HRMComposition
from judge_server.compositions.items import RubricItemsComposition
from judge_server.compositions.weighted import WeightedComposition
from judge_server.registry import Registry

C = TypeVar("C", bound=type[Composition])

COMPOSITIONS: Registry[type[Composition]] = Registry(
    "composition", {"hrm": HRMComposition, "weighted": WeightedComposition,
                    "rubric_items": RubricItemsComposition},
    check=lambda cls: isinstance(cls, type) and issubclass(cls, Composition))
_instances: dict[str, Composition] = {}


def register_composition(name: str) -> Callable[[C], C]:
    """Register a ``Composition`` subclass under ``name`` (class decorator); packs then use ``kind: name``."""

    def deco(cls: C) -> C:
        COMPOSITIONS.register(name, cls)
        cls.name = name
        _instances.pop(name, None)
        return cls

    return deco


def unregister_composition(name: str) -> None:
    """Remove a composition registered with ``register_composition`` (tests, plugin reloads)."""
    COMPOSITIONS.unregister(name)
    _instances.pop(name, None)


def composition_names() -> list[str]:
    return COMPOSITIONS.names()


def get_composition(name: str) -> Composition:
    """The composition registered as ``name`` (one shared instance); UnknownName (a ValueError) otherwise."""
    if name not in _instances:
        _instances[name] = COMPOSITIONS.get(name)()
    return _instances[name]


__all__ = ["COMPOSITIONS", "Composition", "Judgment", "composition_names", "get_composition",
           "register_composition", "unregister_composition"]
