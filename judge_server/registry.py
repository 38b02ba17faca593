"""The one registry idiom of every extension point: rules, combine policies, compositions, screens, engines.

Each room keeps an explicit list of its built-ins (``Registry(kind, builtin)``); a plugin adds one with
``register`` (a decorator or a call). Nothing registers itself by being imported. A built-in may be given as
``"module:attr"``, imported on first use: engines name their classes that way so that a CPU install never
imports vLLM. Where ``import_paths`` is on (engines), any ``"module:attr"`` name resolves too.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Generic, TypeVar, overload

T = TypeVar("T")


class UnknownName(ValueError):
    """No entry of this kind is registered under the name (the message lists the registered ones)."""


class Registry(Generic[T]):
    """Named entries of one kind: the built-ins listed explicitly, plus those registered at run time."""

    def __init__(self, kind: str, builtin: Mapping[str, T | str], *, import_paths: bool = False,
                 check: Callable[[object], bool] | None = None) -> None:
        self.kind = kind
        self._builtin: dict[str, T | str] = dict(builtin)
        self._added: dict[str, T] = {}
        self._loaded: dict[str, T] = {}
        self._overrides: dict[str, T] = {}
        self._import_paths = import_paths
        self._check = check

    # -- registering ---------------------------------------------------------------------------------
    @overload
    def register(self, name: str) -> Callable[[T], T]: ...

    @overload
    def register(self, name: str, entry: T) -> T: ...

    def register(self, name: str, entry: T | None = None) -> T | Callable[[T], T]:
        """Add ``entry`` under ``name`` (or use as a decorator); a second entry under one name is an error."""

        def add(obj: T) -> T:
            if self._check is not None and not self._check(obj):
                raise TypeError(f"{obj!r} is not a valid {self.kind}")
            known = self._added.get(name)
            if name in self._builtin or (known is not None and known is not obj):
                raise ValueError(f"{self.kind} {name!r} registered twice")
            self._added[name] = obj
            return obj

        return add if entry is None else add(entry)

    def unregister(self, name: str) -> None:
        """Remove an entry added with ``register`` (tests, plugin reloads); built-ins stay."""
        self._added.pop(name, None)

    @contextmanager
    def replaced(self, name: str, entry: T) -> Iterator[None]:
        """Inside the block ``name`` resolves to ``entry`` (tests that swap one built-in)."""
        saved = self._overrides.get(name)
        self._overrides[name] = entry
        try:
            yield
        finally:
            if saved is None:
                self._overrides.pop(name, None)
            else:
                self._overrides[name] = saved

    # -- looking up ------------------------------------------------------------------------------------
    def get(self, name: str) -> T:
        """The entry named ``name``; UnknownName listing the registered ones otherwise."""
        if name in self._overrides:
            return self._overrides[name]
        if name in self._added:
            return self._added[name]
        if name in self._loaded:
            return self._loaded[name]
        target = self._builtin.get(name)
        if target is None and self._import_paths and ":" in name:
            target = name
        if target is None:
            raise UnknownName(f"unknown {self.kind} {name!r}; registered: {self.names()}")
        obj = _resolve(target) if isinstance(target, str) else target
        if self._check is not None and not self._check(obj):
            raise TypeError(f"{target!r} is not a valid {self.kind}")
        self._loaded[name] = obj
        return obj

    def names(self) -> list[str]:
        return sorted({*self._builtin, *self._added})

    def __contains__(self, name: object) -> bool:
        return name in self._builtin or name in self._added or name in self._overrides

    def __getitem__(self, name: str) -> T:
        return self.get(name)

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def __len__(self) -> int:
        return len(self.names())


def _resolve(path: str) -> object:
    module_name, _, attr = path.partition(":")
    return getattr(importlib.import_module(module_name), attr)
