"""The judgment store: a background writer for judgments plus queries and labels for review.

Scoring must never wait on, or fail because of, the database: ``submit`` only puts the objects
on a bounded in-memory queue (serialisation happens on the writer thread). When the queue is full
or the database is down, judgments are dropped, logged (rate-limited) and counted; the counters
feed /metrics. Reads and label writes (the review UI) go straight to the database and raise
``StoreError`` on an outage, since a person is waiting for that answer.
"""

from __future__ import annotations

import logging
import queue
import re
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import StaticPool

from hrm_wire.errors import InvalidRequest, NotFound, StoreError
from hrm_wire.models import ScoreRequest, ScoreResult
from judge_server.store.config import StoreConfig
from judge_server.store.migrations import migrate
from judge_server.store.records import (
    JudgmentPage,
    JudgmentQuery,
    JudgmentSummary,
    Label,
    LabelInput,
    LabelRow,
    StoredJudgment,
)
from judge_server.store.rows import judge_verdict, judgment_row, targets_of
from judge_server.store.schema import judgments as J
from judge_server.store.schema import labels as L

log = logging.getLogger(__name__)

_ANNOTATOR = re.compile(r"^[^\x00-\x1f\x7f]{1,128}$")
_COUNTERS = ("submitted", "written", "dropped", "errors", "purged")


def check_annotator(name: str | None) -> str:
    """Annotator names identify people in exports: non-empty, printable, at most 128 chars."""
    name = (name or "").strip()
    if not _ANNOTATOR.match(name):
        raise InvalidRequest("annotator must be 1-128 printable characters", field="annotator")
    return name


def _split(targets: str) -> list[str]:
    return [t for t in targets.split(",") if t]


def create_db_engine(url: str) -> sa.Engine:
    """Engine for ``url``; SQLite gets WAL, a busy timeout and enforced foreign keys."""
    try:
        parsed = make_url(url)
    except Exception as exc:  # sqlalchemy raises ArgumentError; keep the message
        raise StoreError(f"invalid store url {url!r}: {exc}") from None
    if parsed.get_backend_name() != "sqlite":
        try:
            return sa.create_engine(url, pool_pre_ping=True)
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
            cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=30000")
        cur.close()

    return engine


class JudgmentStore:
    """Persists judgments (async, bounded, lossy under outage) and serves the review UI."""

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

    def __enter__(self) -> JudgmentStore:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

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
        delay = self.config.retry_backoff_s
        for attempt in range(self.config.write_retries + 1):
            try:
                with self._begin() as conn:
                    conn.execute(sa.insert(J), rows)
                with self._lock:
                    self._counts["written"] += len(rows)
                return
            except (SQLAlchemyError, StoreError) as exc:
                with self._lock:
                    self._counts["errors"] += 1
                log.warning("store: write of %d judgment(s) failed (attempt %d/%d): %s",
                            len(rows), attempt + 1, self.config.write_retries + 1, exc)
                if attempt < self.config.write_retries and not self._stop.is_set():
                    time.sleep(delay)
                    delay *= 2
        self._count_drop(len(rows), "database unavailable")

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

    # ------------------------------------------------------------------ queries

    def count(self) -> int:
        with self._read() as conn:
            return int(conn.execute(sa.select(sa.func.count()).select_from(J)).scalar() or 0)

    def facets(self) -> dict[str, list[str]]:
        """Distinct rubrics, categories and annotators, for filter menus."""
        with self._read() as conn:
            rubrics = conn.execute(sa.select(J.c.rubric).distinct().order_by(J.c.rubric)).scalars().all()
            cats = conn.execute(sa.select(J.c.category).where(J.c.category.is_not(None))
                                .distinct().order_by(J.c.category)).scalars().all()
            anns = conn.execute(sa.select(L.c.annotator).distinct().order_by(L.c.annotator)).scalars().all()
        return {"rubrics": list(rubrics), "categories": list(cats), "annotators": list(anns)}

    def _label_cond(self, q: JudgmentQuery, disagree: bool) -> sa.ColumnElement[bool]:
        cond = L.c.judgment_uid == J.c.uid
        if q.annotator:
            cond = sa.and_(cond, L.c.annotator == q.annotator)
        if disagree:
            cond = sa.and_(cond, L.c.judge_passed.is_not(None), L.c.verdict != L.c.judge_passed)
        return cond

    def list_judgments(self, q: JudgmentQuery | None = None) -> JudgmentPage:
        q = q or JudgmentQuery()
        where: list[sa.ColumnElement[bool]] = []
        if q.rubric:
            where.append(J.c.rubric == q.rubric)
        if q.category:
            where.append(J.c.category == q.category)
        if q.l1 == "pass":
            where.append(J.c.l1_passed.is_(True))
        elif q.l1 == "fail":
            where.append(J.c.l1_passed.is_(False))
        elif q.l1 == "undecided":
            where.append(J.c.l1_passed.is_(None))
        if q.judge_failed is not None:
            where.append(J.c.judge_failed.is_(q.judge_failed))
        if q.low_confidence is not None:
            where.append(J.c.low_confidence.is_(q.low_confidence))
        if q.labelled is not None:
            has = sa.exists().where(self._label_cond(q, disagree=False))
            where.append(has if q.labelled else ~has)
        if q.disagreement is not None:
            dis = sa.exists().where(self._label_cond(q, disagree=True))
            where.append(dis if q.disagreement else ~dis)
        if q.q:
            pattern = "%" + q.q.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
            where.append(sa.or_(J.c.query.ilike(pattern, escape="\\"), J.c.request_id.ilike(pattern, escape="\\")))
        order = {
            "review": [J.c.low_confidence.desc(), J.c.judge_failed.desc(),
                       sa.func.coalesce(J.c.min_confidence, 1.0).asc(), J.c.created_at.desc(), J.c.id.desc()],
            "newest": [J.c.created_at.desc(), J.c.id.desc()],
            "oldest": [J.c.created_at.asc(), J.c.id.asc()],
            "reward_asc": [J.c.reward.is_(None).desc(), J.c.reward.asc(), J.c.id.desc()],
            "reward_desc": [J.c.reward.is_(None).asc(), J.c.reward.desc(), J.c.id.desc()],
        }[q.sort]
        n_labels = (sa.select(sa.func.count()).select_from(L).where(L.c.judgment_uid == J.c.uid)
                    .scalar_subquery())
        n_dis = (sa.select(sa.func.count()).select_from(L)
                 .where(L.c.judgment_uid == J.c.uid, L.c.judge_passed.is_not(None), L.c.verdict != L.c.judge_passed)
                 .scalar_subquery())
        cols = [J.c.uid, J.c.created_at, J.c.request_id, J.c.rubric, J.c.category, J.c.query, J.c.reward,
                J.c.l1_passed, J.c.l2_score, J.c.judge_failed, J.c.low_confidence, J.c.min_confidence,
                n_labels.label("n_labels"), n_dis.label("n_disagreements")]
        with self._read() as conn:
            total = int(conn.execute(sa.select(sa.func.count()).select_from(J).where(*where)).scalar() or 0)
            rows = conn.execute(sa.select(*cols).where(*where).order_by(*order)
                                .offset(q.offset).limit(q.limit)).mappings().all()
            uids = [r["uid"] for r in rows]
            who: dict[str, set[str]] = {u: set() for u in uids}
            if uids:
                for uid, ann in conn.execute(sa.select(L.c.judgment_uid, L.c.annotator).distinct()
                                             .where(L.c.judgment_uid.in_(uids))):
                    who[uid].add(ann)
        items = [JudgmentSummary(**{**dict(r), "query": r["query"][:300],
                                    "annotators": sorted(who[r["uid"]])}) for r in rows]
        return JudgmentPage(total=total, offset=q.offset, limit=q.limit, items=items)

    def neighbours(self, uid: str, q: JudgmentQuery) -> tuple[str | None, str | None]:
        """Previous and next judgment around ``uid`` in the list order of ``q`` (first 2000 rows)."""
        page = self.list_judgments(q.model_copy(update={"offset": 0, "limit": 500}))
        uids = [i.uid for i in page.items]
        offset = 500
        while uid not in uids and offset < min(page.total, 2000):
            more = self.list_judgments(q.model_copy(update={"offset": offset, "limit": 500}))
            uids.extend(i.uid for i in more.items)
            offset += 500
        if uid not in uids:
            return None, uids[0] if uids else None
        i = uids.index(uid)
        return (uids[i - 1] if i > 0 else None), (uids[i + 1] if i + 1 < len(uids) else None)

    def _row(self, conn: sa.Connection, uid: str) -> sa.RowMapping:
        row = conn.execute(sa.select(J).where(J.c.uid == uid)).mappings().first()
        if row is None:
            raise NotFound(f"no judgment {uid!r} in the store", field="uid")
        return row

    def get_judgment(self, uid: str) -> StoredJudgment:
        with self._read() as conn:
            row = self._row(conn, uid)
            labels = self._labels(conn, sa.and_(L.c.judgment_uid == uid))
        return StoredJudgment(uid=row["uid"], created_at=row["created_at"],
                              request=ScoreRequest.model_validate_json(row["request_json"]),
                              result=ScoreResult.model_validate_json(row["result_json"]),
                              labels=labels)

    def find_by_request_id(self, request_id: str) -> list[str]:
        with self._read() as conn:
            return list(conn.execute(sa.select(J.c.uid).where(J.c.request_id == request_id)
                                     .order_by(J.c.created_at.desc())).scalars())

    def judgment_keys(self, uids: Iterable[str]) -> dict[str, tuple[str | None, str]]:
        """uid -> (request_id, rubric), for exports that must be joinable with the caller's data."""
        wanted = list(uids)
        out: dict[str, tuple[str | None, str]] = {}
        with self._read() as conn:
            for i in range(0, len(wanted), 500):
                for uid, rid, rubric in conn.execute(sa.select(J.c.uid, J.c.request_id, J.c.rubric)
                                                     .where(J.c.uid.in_(wanted[i:i + 500]))):
                    out[uid] = (rid, rubric)
        return out

    # ------------------------------------------------------------------ labels

    def _labels(self, conn: sa.Connection, cond: sa.ColumnElement[bool]) -> list[Label]:
        rows = conn.execute(sa.select(L).where(cond).order_by(L.c.judgment_uid, L.c.annotator, L.c.target))
        return [Label(**{k: v for k, v in r._mapping.items() if k != "id"}) for r in rows]

    def list_labels(self, *, judgment_uid: str | None = None, annotator: str | None = None,
                    rubric: str | None = None) -> list[Label]:
        cond: list[sa.ColumnElement[bool]] = [sa.true()]
        if judgment_uid:
            cond.append(L.c.judgment_uid == judgment_uid)
        if annotator:
            cond.append(L.c.annotator == annotator)
        if rubric:
            cond.append(L.c.judgment_uid.in_(sa.select(J.c.uid).where(J.c.rubric == rubric)))
        with self._read() as conn:
            return self._labels(conn, sa.and_(*cond))

    def put_labels(self, judgment_uid: str, annotator: str, labels: Sequence[LabelInput]) -> list[Label]:
        """Create or replace this annotator's verdicts on targets of one judgment."""
        annotator = check_annotator(annotator)
        now = time.time()
        with self._begin() as conn:
            result = ScoreResult.model_validate_json(self._row(conn, judgment_uid)["result_json"])
            for lab in labels:
                known, passed, score = judge_verdict(result, lab.target)
                if not known:
                    l1, l2 = targets_of(result)
                    allowed = [f"l1:{t}" for t in l1] + [f"l2:{t}" for t in l2]
                    raise InvalidRequest(f"judgment {judgment_uid} has no target {lab.target!r}; "
                                         f"labelable: {', '.join(allowed) or 'none'}", field="target")
                key = sa.and_(L.c.judgment_uid == judgment_uid, L.c.annotator == annotator,
                              L.c.target == lab.target)
                values = {"verdict": lab.verdict, "comment": lab.comment, "judge_passed": passed,
                          "judge_score": score, "updated_at": now}
                if conn.execute(sa.update(L).where(key).values(**values)).rowcount == 0:
                    conn.execute(sa.insert(L).values(judgment_uid=judgment_uid, annotator=annotator,
                                                     target=lab.target, created_at=now, **values))
            return self._labels(conn, sa.and_(L.c.judgment_uid == judgment_uid, L.c.annotator == annotator))

    def delete_label(self, judgment_uid: str, annotator: str, target: str) -> None:
        with self._begin() as conn:
            n = conn.execute(sa.delete(L).where(L.c.judgment_uid == judgment_uid, L.c.annotator == annotator,
                                                L.c.target == target)).rowcount
        if not n:
            raise NotFound(f"no label by {annotator!r} on {target!r} of judgment {judgment_uid}", field="target")

    def label_rows(self, *, rubric: str | None = None, annotators: Iterable[str] | None = None) -> list[LabelRow]:
        """Every label with the judgment facts calibration needs."""
        cols = [L.c.judgment_uid, L.c.annotator, L.c.target, L.c.verdict, L.c.judge_passed, L.c.judge_score,
                J.c.rubric, J.c.l1_passed, J.c.l2_score, J.c.l1_targets, J.c.l2_targets]
        stmt = sa.select(*cols).join(J, J.c.uid == L.c.judgment_uid)
        if rubric:
            stmt = stmt.where(J.c.rubric == rubric)
        names = [a for a in (annotators or []) if a]
        if names:
            stmt = stmt.where(L.c.annotator.in_(names))
        with self._read() as conn:
            rows = conn.execute(stmt.order_by(L.c.judgment_uid, L.c.annotator, L.c.target)).mappings().all()
        return [LabelRow(**{**dict(r), "l1_targets": _split(r["l1_targets"]),
                            "l2_targets": _split(r["l2_targets"])}) for r in rows]
