"""A fault for the SQLite and PostgreSQL store tests: a commit whose acknowledgement is lost."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import sqlalchemy as sa

from judge_server.store import JudgmentStore


class LostCommitAck:
    """Stands in for a store's engine: its first ``begin()`` block commits for real on the real database,
    then raises as a connection lost before the server's answer to COMMIT would (a database crash at
    that moment): the caller cannot tell the rows were written. Everything else goes to the real engine."""

    def __init__(self, engine: sa.Engine) -> None:
        self.real = engine
        self.armed = True

    @contextmanager
    def begin(self) -> Iterator[sa.Connection]:
        with self.real.begin() as conn:
            yield conn
        if self.armed:
            self.armed = False
            raise sa.exc.OperationalError("COMMIT", {}, ConnectionError("server closed the connection unexpectedly"))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


def lose_next_commit_ack(store: JudgmentStore) -> LostCommitAck:
    """Make the started ``store``'s next write commit and then fail as if its acknowledgement was lost."""
    fake = LostCommitAck(store.engine)
    store._engine = fake  # type: ignore[assignment]  # the writer reads the engine on each attempt
    return fake
