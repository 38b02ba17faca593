"""Shared by the SQLite and PostgreSQL store tests: two replicas migrating one database at once."""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable

import pytest
import sqlalchemy as sa

from judge_server.store import migrations


def race_migrations(monkeypatch: pytest.MonkeyPatch, engines: tuple[sa.Engine, sa.Engine]) -> list[object]:
    """Replica A starts migrating; while A is inside migration 1, replica B starts too. Returns what each
    ``migrate`` returned (or raised), A first."""
    inside, first = threading.Event(), migrations.MIGRATIONS[0]

    def slow_v1(op) -> None:
        first.apply(op)
        inside.set()
        time.sleep(0.5)  # B starts while A's transaction is open

    monkeypatch.setattr(migrations, "MIGRATIONS",
                        (dataclasses.replace(first, apply=slow_v1), *migrations.MIGRATIONS[1:]))
    outcomes: list[object] = [None, None]

    def run(i: int) -> Callable[[], None]:
        def go() -> None:
            try:
                outcomes[i] = migrations.migrate(engines[i])
            except Exception as exc:  # the race's loser: reported, not raised in the thread
                outcomes[i] = exc
        return go

    a = threading.Thread(target=run(0))
    a.start()
    assert inside.wait(30)
    b = threading.Thread(target=run(1))
    b.start()
    a.join(60)
    b.join(60)
    return outcomes


@pytest.fixture
def migration_race(monkeypatch: pytest.MonkeyPatch) -> Callable[[tuple[sa.Engine, sa.Engine]], list[object]]:
    return lambda engines: race_migrations(monkeypatch, engines)
