"""The store's lifecycle, its background judgment writer, retention and database access.

Scoring must never wait on, or fail because of, the database: ``submit`` only puts the objects
on a bounded in-memory queue (serialisation happens on the writer thread). When the queue is full
or the database is down, judgments are dropped, logged (rate-limited) and counted; the counters
feed /metrics. Reads and label writes (the review UI) go straight to the database and raise
``StoreError`` on an outage, since a person is waiting for that answer.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import sqlalchemy as sa
from sqlalchemy.exc import DataError, IntegrityError, SQLAlchemyError

from hrm_wire.errors import StoreError
from hrm_wire.models import ScoreRequest, ScoreResult
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


def _short(exc: BaseException) -> str:
    """The driver's message without the statement and parameters SQLAlchemy appends (a whole batch)."""
    return f"{type(exc).__name__}: {getattr(exc, 'orig', None) or exc}"


class StoreBase:
    """Persists judgments (async, bounded, lossy under outage); the query mixins build on it."""

    def __init__(self, config: StoreConfig | None = None) -> None:
        self.config = config or StoreConfig()
        self._engine: sa.Engine | None = None
        self._queue: queue.Queue[tuple[float, ScoreRequest, ScoreResult]] = queue.Queue(self.config.queue_size)
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)
        self._pending = 0
        self._counts = dict.fromkeys(_COUNTERS, 0)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._last_purge = 0.0
        self._last_warn = 0.0
        self._closed = False

    # ------------------------------------------------------------------ lifecycle

    @property
    def started(self) -> bool:
        return self._engine is not None

    def start(self) -> None:
        """Open the database, apply migrations, start the writer. Raises ``StoreError``."""
        if not self.config.enabled or self._engine is not None:
            return
        engine = create_db_engine(self.config.url)
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

    def submit(self, request: ScoreRequest, result: ScoreResult) -> None:
        """Queue one judgment for writing. Never blocks, never raises."""
        try:
            if not self.config.enabled:
                return
            if self._closed:
                self._count_drop(1, "the store is closed")
                return
            with self._lock:
                self._pending += 1
                self._counts["submitted"] += 1
            try:
                self._queue.put_nowait((time.time(), request, result))
            except queue.Full:
                self._done(1)
                self._count_drop(1, f"the write queue is full ({self.config.queue_size})")
        except Exception:  # a bug here must still not fail the scoring request
            log.exception("store: submit failed")
            with self._lock:
                self._counts["errors"] += 1

    def counters(self) -> dict[str, int]:
        """submitted, written, dropped, errors, purged (monotonic) and queue_depth (gauge)."""
        with self._lock:
            out = dict(self._counts)
        out["queue_depth"] = self._queue.qsize()
        return out

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
                self._done(len(batch))
            self._purge_if_due()

    def _write_batch(self, batch: list[tuple[float, ScoreRequest, ScoreResult]]) -> None:
        rows = []
        for created_at, request, result in batch:
            try:
                rows.append(judgment_row(request, result, created_at))
            except Exception as exc:
                log.warning("store: cannot serialise judgment %r: %s", result.id, exc)
                with self._lock:
                    self._counts["errors"] += 1
                self._count_drop(1, "serialisation failure")
        if not rows:
            return
        try:
            if not self._insert(rows):
                self._count_drop(len(rows), "database unavailable")
            return
        except _ROW_ERRORS as exc:
            log.warning("store: the database refused a batch of %d judgment(s) (%s); writing them one by one",
                        len(rows), _short(exc))
        for row in rows:  # one bad row must not take the rest of its batch with it
            try:
                if not self._insert([row]):
                    self._count_drop(1, "database unavailable")
            except _ROW_ERRORS as exc:
                log.warning("store: the database refused judgment %r: %s", row.get("request_id"), _short(exc))
                self._count_drop(1, "row refused by the database")

    def _insert(self, rows: list[dict[str, object]]) -> bool:
        """Insert ``rows`` in one transaction, retrying an unavailable database; False when it stays down.

        Raises one of ``_ROW_ERRORS`` at once when the database refuses the rows themselves.
        """
        delay = self.config.retry_backoff_s
        for attempt in range(self.config.write_retries + 1):
            try:
                with self.engine.begin() as conn:
                    conn.execute(sa.insert(J), rows)
                with self._lock:
                    self._counts["written"] += len(rows)
                return True
            except _ROW_ERRORS:
                with self._lock:
                    self._counts["errors"] += 1
                raise
            except (SQLAlchemyError, StoreError) as exc:
                with self._lock:
                    self._counts["errors"] += 1
                log.warning("store: write of %d judgment(s) failed (attempt %d/%d): %s",
                            len(rows), attempt + 1, self.config.write_retries + 1, exc)
                if attempt < self.config.write_retries and not self._stop.is_set():
                    time.sleep(delay)
                    delay *= 2
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
