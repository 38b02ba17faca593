"""Faults for the SQLite and PostgreSQL store tests: a commit whose acknowledgement is lost, and a
database server that goes silent."""

from __future__ import annotations

import contextlib
import socket
import threading
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


class SilentProxy:
    """A TCP forwarder in front of a real database server that can go silent, as a host behind a network
    partition or a hung server does: ``silence()`` cuts the open connections, and from then on accepts
    new ones and never says a word (no refusal either). ``speak()`` forwards again."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.silent = False
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()
        threading.Thread(target=self._accept, name="silent-proxy", daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return  # closed
            with self._lock:
                self._open.append(client)
                if self.silent:
                    continue  # held open, never answered
            upstream = socket.create_connection(self.target)
            with self._lock:
                self._open.append(upstream)
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        for s in (src, dst):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)

    def silence(self) -> None:
        with self._lock:
            self.silent = True
            cut, self._open = self._open, []
        for s in cut:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
                s.close()

    def speak(self) -> None:
        with self._lock:
            self.silent = False

    def close(self) -> None:
        self.silence()
        self._listener.close()
