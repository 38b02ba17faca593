"""The store's lifecycle, its background judgment writer, retention and database access.

Scoring must never fail because of the database: ``submit`` only puts the objects on a bounded
in-memory queue (serialisation happens on the writer thread) and returns a future that the writer
resolves once the judgment's transaction has committed (or it was dropped). The writer takes
whatever is queued as one transaction (group commit), so a caller that waits for that future
(``judge_server.store.ack``) pays about one commit interval, not one transaction per judgment.
When the queue is full, or the database stays down past the write retries, judgments are dropped,
logged (rate-limited) and counted; the counters feed /metrics. Reads and label writes (the review
UI) go straight to the database and raise ``StoreError`` on an outage, since a person is waiting
for that answer.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future, InvalidStateError
from contextlib import contextmanager
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.exc import DataError, IntegrityError, SQLAlchemyError

from hrm_wire.errors import StoreError
from hrm_wire.models import ScoreRequest, ScoreResult
from judge_server.store.ack import DROPPED, OFF, STATES, WRITTEN, StoreState
from judge_server.store.config import StoreConfig
from judge_server.store.engine import create_db_engine
from judge_server.store.migrations import migrate
from judge_server.store.rows import judgment_row
from judge_server.store.schema import judgments as J
from judge_server.store.schema import labels as L
from judge_server.store.schema import settings as S

log = logging.getLogger(__name__)

_COUNTERS = ("submitted", "written", "dropped", "errors", "purged")
#: errors caused by a row's content, not by the database: retrying the same rows fails the same way
_ROW_ERRORS = (DataError, IntegrityError, UnicodeError)


@dataclass(slots=True)
class _Entry:
    """One queued judgment and the future its submitter may wait on (resolved by the writer)."""

    created_at: float
    request: ScoreRequest
    result: ScoreResult
    done: Future[StoreState]


def _settled(state: StoreState) -> Future[StoreState]:
    fut: Future[StoreState] = Future()
    fut.set_result(state)
    return fut


def _resolve(entries: list[_Entry], state: StoreState) -> None:
    for entry in entries:
        try:
            entry.done.set_result(state)
        except InvalidStateError:  # already resolved (a writer failure after a partial write)
            pass


def _not_written(conn: sa.Connection, rows: list[dict[str, object]]) -> list[dict[str, object]]:
    """The rows whose uid is not in the judgments table yet."""
    present = set(conn.execute(sa.select(J.c.uid).where(J.c.uid.in_([r["uid"] for r in rows]))).scalars())
    return [r for r in rows if r["uid"] not in present]


def _short(exc: BaseException) -> str:
    """The driver's message without the statement and parameters SQLAlchemy appends (a whole batch)."""
    return f"{type(exc).__name__}: {getattr(exc, 'orig', None) or exc}"


class StoreBase:
    """Persists judgments (async, bounded, lossy under outage); the query mixins build on it."""

    def __init__(self, config: StoreConfig | None = None) -> None:
        self.config = config or StoreConfig()
        self._engine: sa.Engine | None = None
        self._queue: queue.Queue[_Entry] = queue.Queue(self.config.queue_size)
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)
        self._pending = 0
        self._counts = dict.fromkeys(_COUNTERS, 0)
        self._answers: dict[StoreState, int] = dict.fromkeys(STATES, 0)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._last_purge = 0.0
        self._last_warn = 0.0
        self._closed = False
        #: monotonic time of the first failed write of the current outage; None while writes succeed
        self._down_since: float | None = None

    # ------------------------------------------------------------------ lifecycle

    @property
    def started(self) -> bool:
        return self._engine is not None

    def start(self) -> None:
        """Open the database, apply migrations, start the writer. Raises ``StoreError``."""
        if not self.config.enabled or self._engine is not None:
            return
        engine = create_db_engine(self.config.url, connect_timeout_s=self.config.connect_timeout_s)
        try:
            applied = migrate(engine)
        except StoreError:
            engine.dispose()
            raise
        except SQLAlchemyError as exc:
            engine.dispose()
            raise StoreError(f"cannot open the judgment store: {exc}") from None
        if applied:
            log.info("store: schema migrated to version %d", applied[-1])
        self._engine = engine
        self._purge_if_due(force=True)
        self._thread = threading.Thread(target=self._writer, name="hrm-store-writer", daemon=True)
        self._thread.start()

    def flush(self, timeout: float | None = 30.0) -> bool:
        """Wait until every submitted judgment is written or dropped; False on timeout."""
        if self._thread is None:
            return self._pending == 0
        with self._idle:
            return self._idle.wait_for(lambda: self._pending == 0, timeout)

    def close(self, timeout: float | None = 30.0) -> None:
        """Write what is queued, stop the writer and release the database."""
        if self._closed:
            return
        self._closed = True
        if self._thread is not None:
            self.flush(timeout)
            self._stop.set()
            self._thread.join(timeout)
            self._thread = None
        if self._engine is not None:
            self._engine.dispose()
            self._engine = None

    # ------------------------------------------------------------------ writing judgments

    def submit(self, request: ScoreRequest, result: ScoreResult) -> Future[StoreState]:
        """Queue one judgment for writing. Never blocks, never raises.

        The returned future resolves to ``written`` once the judgment's transaction has committed, or
        ``dropped`` (``off`` at once when the store is disabled). Callers that only fire and forget
        ignore it; the service awaits it, bounded (``judge_server.store.ack.acknowledge``).
        """
        try:
            if not self.config.enabled:
                return _settled(OFF)
            if self._closed:
                self._count_drop(1, "the store is closed")
                return _settled(DROPPED)
            entry = _Entry(time.time(), request, result, Future())
            with self._lock:
                self._pending += 1
                self._counts["submitted"] += 1
            try:
                self._queue.put_nowait(entry)
            except queue.Full:
                self._done(1)
                self._count_drop(1, f"the write queue is full ({self.config.queue_size})")
                return _settled(DROPPED)
            return entry.done
        except Exception:  # a bug here must still not fail the scoring request
            log.exception("store: submit failed")
            with self._lock:
                self._counts["errors"] += 1
            return _settled(DROPPED)

    @property
    def available(self) -> bool:
        """False from the first failed write of an outage until a write succeeds again: callers then
        answer without waiting for a commit that cannot come soon."""
        return self._down_since is None

    def counters(self) -> dict[str, int]:
        """submitted, written, dropped, errors, purged (monotonic) and queue_depth (gauge)."""
        with self._lock:
            out = dict(self._counts)
        out["queue_depth"] = self._queue.qsize()
        return out

    def count_answer(self, state: StoreState) -> None:
        """Count one answer by what the store held when it went out (``judge_server.store.ack``)."""
        with self._lock:
            self._answers[state] += 1

    def answer_counters(self) -> dict[StoreState, int]:
        """Answers by store state (written, pending, queued, dropped, off), monotonic."""
        with self._lock:
            return dict(self._answers)

    def _count_drop(self, n: int, why: str) -> None:
        with self._lock:
            self._counts["dropped"] += n
            now = time.monotonic()
            warn = now - self._last_warn > 10.0
            if warn:
                self._last_warn = now
        if warn:  # one line per 10 s, the counter carries the totals
            log.warning("store: dropped %d judgment(s): %s", n, why)

    def _done(self, n: int) -> None:
        with self._idle:
            self._pending -= n
            if self._pending <= 0:
                self._idle.notify_all()

    def _writer(self) -> None:
        while True:
            try:
                first = self._queue.get(timeout=0.5)
            except queue.Empty:
                if self._stop.is_set():
                    return
                self._purge_if_due()
                continue
            batch = [first]
            while len(batch) < self.config.batch_size:
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            try:
                self._write_batch(batch)
            except Exception:  # never let the writer thread die
                log.exception("store: writer failed")
                with self._lock:
                    self._counts["errors"] += 1
                self._count_drop(len(batch), "writer failure")
            finally:
                _resolve(batch, DROPPED)  # a no-op for the entries the write already settled
                self._done(len(batch))
            self._purge_if_due()

    def _write_batch(self, batch: list[_Entry]) -> None:
        rows, entries = [], []
        for entry in batch:
            try:
                rows.append(judgment_row(entry.request, entry.result, entry.created_at))
                entries.append(entry)
            except Exception as exc:
                log.warning("store: cannot serialise judgment %r: %s", entry.result.id, exc)
                with self._lock:
                    self._counts["errors"] += 1
                self._count_drop(1, "serialisation failure")
                _resolve([entry], DROPPED)
        if not rows:
            return
        try:
            self._settle(entries, self._insert(rows), "database unavailable")
            return
        except _ROW_ERRORS as exc:
            log.warning("store: the database refused a batch of %d judgment(s) (%s); writing them one by one",
                        len(rows), _short(exc))
        for row, entry in zip(rows, entries, strict=True):  # one bad row must not take its batch with it
            try:
                self._settle([entry], self._insert([row]), "database unavailable")
            except _ROW_ERRORS as exc:
                log.warning("store: the database refused judgment %r: %s", row.get("request_id"), _short(exc))
                self._settle([entry], False, "row refused by the database")

    def _settle(self, entries: list[_Entry], written: bool, why: str) -> None:
        if not written:
            self._count_drop(len(entries), why)
        _resolve(entries, WRITTEN if written else DROPPED)

    def _insert(self, rows: list[dict[str, object]]) -> bool:
        """Insert ``rows`` in one transaction, retrying an unavailable database; False when it stays down.

        Raises one of ``_ROW_ERRORS`` at once when the database refuses the rows themselves.
        """
        delay = self.config.retry_backoff_s
        # After a failed attempt its commit may still have gone through (the connection was lost before
        # the server's answer to COMMIT): a retry then writes only the rows not in the database yet, by
        # their uids, rather than failing on them as duplicates and counting written rows as dropped.
        uncertain = False
        for attempt in range(self.config.write_retries + 1):
            try:
                with self.engine.begin() as conn:
                    todo = _not_written(conn, rows) if uncertain else rows
                    if todo:
                        conn.execute(sa.insert(J), todo)
                with self._lock:
                    self._counts["written"] += len(rows)
                if self._down_since is not None:
                    log.info("store: the database is back after %.1f s", time.monotonic() - self._down_since)
                    self._down_since = None
                return True
            except _ROW_ERRORS:
                with self._lock:
                    self._counts["errors"] += 1
                raise
            except (SQLAlchemyError, StoreError) as exc:
                uncertain = True
                with self._lock:
                    self._counts["errors"] += 1
                if self._down_since is None:
                    self._down_since = time.monotonic()
                log.warning("store: write of %d judgment(s) failed (attempt %d/%d): %s",
                            len(rows), attempt + 1, self.config.write_retries + 1, _short(exc))
                if attempt < self.config.write_retries and not self._stop.is_set():
                    time.sleep(delay)
                    delay = min(delay * 2, self.config.retry_backoff_max_s)
        return False

    # ------------------------------------------------------------------ retention

    def _purge_if_due(self, force: bool = False) -> None:
        if self.config.retention_days is None:
            return
        now = time.time()
        if not force and now - self._last_purge < self.config.purge_interval_s:
            return
        self._last_purge = now
        try:
            self.purge(now - self.config.retention_days * 86400.0)
        except StoreError as exc:
            log.warning("store: retention purge failed: %s", exc)

    def purge(self, older_than: float) -> int:
        """Delete judgments created before ``older_than`` (epoch seconds); returns how many."""
        old = sa.select(J.c.uid).where(J.c.created_at < older_than)
        if self.config.keep_labelled:
            old = old.where(~sa.exists().where(L.c.judgment_uid == J.c.uid))
        with self._begin() as conn:
            conn.execute(sa.delete(L).where(L.c.judgment_uid.in_(old)))
            n = conn.execute(sa.delete(J).where(J.c.uid.in_(old.scalar_subquery()))).rowcount or 0
        if n:
            log.info("store: retention deleted %d judgment(s)", n)
            with self._lock:
                self._counts["purged"] += n
        return n

    # ------------------------------------------------------------------ db access

    @property
    def engine(self) -> sa.Engine:
        if self._engine is None:
            raise StoreError("the judgment store is not started")
        return self._engine

    @contextmanager
    def _begin(self) -> Iterator[sa.Connection]:
        try:
            with self.engine.begin() as conn:
                yield conn
        except SQLAlchemyError as exc:
            raise StoreError(f"judgment store unavailable: {type(exc).__name__}: {exc}") from None

    @contextmanager
    def _read(self) -> Iterator[sa.Connection]:
        try:
            with self.engine.connect() as conn:
                yield conn
        except SQLAlchemyError as exc:
            raise StoreError(f"judgment store unavailable: {type(exc).__name__}: {exc}") from None

    def setting(self, name: str) -> str:
        """A value the migrations created once per database (e.g. the review UI's CSRF key), so every
        replica sharing the database agrees on it."""
        with self._read() as conn:
            value = conn.execute(sa.select(S.c.value).where(S.c.name == name)).scalar()
        if value is None:
            raise StoreError(f"the store has no setting {name!r}; was it migrated?")
        return str(value)
