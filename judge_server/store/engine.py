"""Database engines for the store, and the one rule for annotator names."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import make_url
from sqlalchemy.pool import StaticPool

from hrm_wire.errors import InvalidRequest, StoreError

_ANNOTATOR = re.compile(r"^[^\x00-\x1f\x7f]{1,128}$")


def check_annotator(name: object) -> str:
    """Annotator names identify people in exports: non-empty, printable, at most 128 chars.

    Takes whatever a JSON body carried: ``{"annotator": 123}`` is a bad request, not a crash.
    """
    if name is not None and not isinstance(name, str):
        raise InvalidRequest(f"annotator must be a string, not {type(name).__name__}", field="annotator")
    name = (name or "").strip()
    if not _ANNOTATOR.match(name):
        raise InvalidRequest("annotator must be 1-128 printable characters", field="annotator")
    return name


def create_db_engine(url: str, *, connect_timeout_s: int = 5) -> sa.Engine:
    """Engine for ``url``; SQLite gets WAL, a busy timeout and enforced foreign keys; PostgreSQL a bounded
    connection attempt (``connect_timeout_s``, unless the URL sets ``connect_timeout``)."""
    try:
        parsed = make_url(url)
    except Exception as exc:  # sqlalchemy raises ArgumentError; keep the message
        raise StoreError(f"invalid store url {url!r}: {exc}") from None
    if parsed.get_backend_name() != "sqlite":
        connect_args: dict[str, Any] = {}
        if parsed.get_backend_name() == "postgresql" and "connect_timeout" not in parsed.query:
            # libpq waits forever by default for a host that accepts nothing or answers nothing
            connect_args["connect_timeout"] = connect_timeout_s
        try:
            return sa.create_engine(url, pool_pre_ping=True, connect_args=connect_args)
        except Exception as exc:  # a missing DB driver is an ImportError, not a SQLAlchemyError
            raise StoreError(f"cannot use store url {parsed!r}: {type(exc).__name__}: {exc}") from None
    db = parsed.database
    kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False, "timeout": 30}}
    if not db or db == ":memory:":
        kwargs["poolclass"] = StaticPool  # one shared connection, or each thread sees its own empty DB
    else:
        Path(db).expanduser().parent.mkdir(parents=True, exist_ok=True)
    engine = sa.create_engine(url, **kwargs)

    @sa.event.listens_for(engine, "connect")
    def _pragmas(dbapi_conn: Any, _record: Any) -> None:
        cur = dbapi_conn.cursor()
        if db and db != ":memory:":
            cur.execute("PRAGMA journal_mode=WAL")
            # FULL, not NORMAL: a human label is acknowledged only once it is on disk, so a commit
            # must survive a power cut too, not just a killed process. Judgments are written in
            # batches, so the extra fsync per transaction costs little.
            cur.execute("PRAGMA synchronous=FULL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.close()

    return engine
