"""Versioned schema migrations, applied in order at start-up.

Each migration is frozen DDL written with alembic's operations API (portable across SQLite and
PostgreSQL, including SQLite's copy-and-move table alterations); the ``hrm_schema_version`` table
records which ones ran. A database newer than this code is refused rather than guessed at.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import sqlalchemy as sa
from alembic.migration import MigrationContext
from alembic.operations import Operations

from hrm_wire.errors import StoreError
from judge_server.store.schema import schema_versions

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    apply: Callable[[Operations], None]


def _v1_judgments(op: Operations) -> None:
    op.create_table(
        "judgments",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("uid", sa.String(32), nullable=False, unique=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("request_id", sa.String(256), nullable=True),
        sa.Column("rubric", sa.String(128), nullable=False),
        sa.Column("rubric_version", sa.String(128), nullable=False),
        sa.Column("grader_model", sa.String(256), nullable=False),
        sa.Column("category", sa.String(64), nullable=True),
        sa.Column("query", sa.Text, nullable=False),
        sa.Column("reward", sa.Float, nullable=True),
        sa.Column("r_out", sa.Float, nullable=True),
        sa.Column("r_proc", sa.Float, nullable=True),
        sa.Column("l1_passed", sa.Boolean, nullable=True),
        sa.Column("l2_score", sa.Float, nullable=True),
        sa.Column("process_score", sa.Float, nullable=True),
        sa.Column("judge_failed", sa.Boolean, nullable=False),
        sa.Column("low_confidence", sa.Boolean, nullable=False),
        sa.Column("min_confidence", sa.Float, nullable=True),
        sa.Column("request_json", sa.Text, nullable=False),
        sa.Column("result_json", sa.Text, nullable=False),
    )
    op.create_index("ix_judgments_created_at", "judgments", ["created_at"])
    op.create_index("ix_judgments_request_id", "judgments", ["request_id"])
    op.create_index("ix_judgments_rubric", "judgments", ["rubric"])
    op.create_index("ix_judgments_category", "judgments", ["category"])


def _v2_labels(op: Operations) -> None:
    op.create_table(
        "labels",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("judgment_uid", sa.String(32), sa.ForeignKey("judgments.uid", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("annotator", sa.String(128), nullable=False),
        sa.Column("target", sa.String(160), nullable=False),
        sa.Column("verdict", sa.Boolean, nullable=False),
        sa.Column("comment", sa.Text, nullable=False, server_default=""),
        sa.Column("judge_passed", sa.Boolean, nullable=True),
        sa.Column("judge_score", sa.Float, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.UniqueConstraint("judgment_uid", "annotator", "target", name="uq_label_per_annotator"),
    )
    op.create_index("ix_labels_judgment_uid", "labels", ["judgment_uid"])
    op.create_index("ix_labels_annotator", "labels", ["annotator"])


def _v3_targets(op: Operations) -> None:
    # Which L1 dimensions / L2 rubrics each judgment has, so calibration can tell a complete
    # human labelling (needed for the L1 gate and the L2 score) without parsing result JSON.
    with op.batch_alter_table("judgments") as batch:
        batch.add_column(sa.Column("l1_targets", sa.Text, nullable=False, server_default=""))
        batch.add_column(sa.Column("l2_targets", sa.Text, nullable=False, server_default=""))
    conn = op.get_bind()
    rows = conn.execute(sa.text("SELECT id, result_json FROM judgments")).fetchall()
    if rows:
        from judge_server.store.rows import targets_of_result_json
        for row_id, result_json in rows:
            l1, l2 = targets_of_result_json(result_json)
            conn.execute(sa.text("UPDATE judgments SET l1_targets = :a, l2_targets = :b WHERE id = :i"),
                         {"a": ",".join(l1), "b": ",".join(l2), "i": row_id})


def _v4_annotator_workflow(op: Operations) -> None:
    # Review queue: one item per trajectory (item_key), abstentions first, "unsure" labels (a NULL
    # verdict), skips, and a per-database secret for the review UI's CSRF tokens.
    import json
    import secrets

    # Plain ADD COLUMN, never batch mode here: SQLite's batch mode copies and DROPs the table, and
    # dropping judgments with foreign keys on cascades into labels (every human label lost).
    op.add_column("judgments", sa.Column("item_key", sa.String(64), nullable=False, server_default=""))
    op.add_column("judgments", sa.Column("abstained", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_index("ix_judgments_item_key", "judgments", ["item_key"])
    with op.batch_alter_table("labels") as batch:  # a copy of labels: dropping the child cascades nothing
        batch.alter_column("verdict", existing_type=sa.Boolean, nullable=True)
    op.create_table(
        "item_skips",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("item_key", sa.String(64), nullable=False),
        sa.Column("annotator", sa.String(128), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("item_key", "annotator", name="uq_skip_per_annotator"),
    )
    op.create_index("ix_item_skips_item_key", "item_skips", ["item_key"])
    op.create_table(
        "hrm_settings",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    conn = op.get_bind()
    conn.execute(sa.text("INSERT INTO hrm_settings (name, value) VALUES ('csrf_key', :v)"),
                 {"v": secrets.token_hex(32)})
    rows = conn.execute(sa.text("SELECT id, request_json, result_json FROM judgments")).fetchall()
    if rows:
        from judge_server.store.rows import item_key_of, load_json_text
        for row_id, request_json, result_json in rows:
            result = load_json_text(result_json)
            checks = json.dumps(result)  # any check with "abstained": true, at any level
            abstained = bool(result.get("abstained")) or '"abstained": true' in checks
            conn.execute(sa.text("UPDATE judgments SET item_key = :k, abstained = :a WHERE id = :i"),
                         {"k": item_key_of(load_json_text(request_json)), "a": abstained, "i": row_id})


def _v5_composition_scores(op: Operations) -> None:
    # Results carry their composition and its headline numbers (wire v2: ScoreResult.composition, .scores); the
    # HRM-only columns r_out, r_proc and process_score are read from `scores` from now on. They stay in the table,
    # unwritten: dropping a column of judgments on SQLite copies the table, and dropping the old copy cascades
    # into labels (see _v4).
    op.add_column("judgments", sa.Column("composition", sa.String(64), nullable=True))
    op.add_column("judgments", sa.Column("scores", sa.Text, nullable=False, server_default="{}"))
    conn = op.get_bind()
    rows = conn.execute(sa.text("SELECT id, result_json FROM judgments")).fetchall()
    if rows:
        import orjson

        from judge_server.compositions import COMPOSITIONS, get_composition
        from judge_server.store.rows import read_result
        for row_id, result_json in rows:
            result = read_result(result_json)  # a v1 result is read into its v2 shape
            scores = result.scores
            if not scores and result.composition in COMPOSITIONS:
                scores = get_composition(result.composition).headline(result)
            conn.execute(sa.text("UPDATE judgments SET composition = :c, scores = :s WHERE id = :i"),
                         {"c": result.composition, "s": orjson.dumps(scores).decode(), "i": row_id})


def _v6_not_applicable_labels(op: Operations) -> None:
    # "n/a": an annotator says a target does not apply to the item (a plain ADD COLUMN, see _v4 on batch mode)
    op.add_column("labels", sa.Column("not_applicable", sa.Boolean, nullable=False, server_default=sa.false()))


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "judgments table", _v1_judgments),
    Migration(2, "labels table", _v2_labels),
    Migration(3, "per-judgment label targets", _v3_targets),
    Migration(4, "annotator workflow: item keys, abstentions, unsure labels, skips, settings",
              _v4_annotator_workflow),
    Migration(5, "composition and headline scores of each judgment", _v5_composition_scores),
    Migration(6, "labels that say a target does not apply (n/a)", _v6_not_applicable_labels),
)

LATEST = MIGRATIONS[-1].version


def current_version(conn: sa.Connection) -> int:
    if not sa.inspect(conn).has_table(schema_versions.name):
        return 0
    return int(conn.execute(sa.select(sa.func.max(schema_versions.c.version))).scalar() or 0)


#: pg_advisory_xact_lock key of HRM's migrations ("HRMMIGR" in ASCII)
_PG_LOCK_KEY = 0x48524D4D494752


@contextmanager
def _exclusive(engine: sa.Engine) -> Iterator[sa.Connection]:
    """A transaction no other replica's migration runs beside, so two replicas starting on one database
    cannot both see version N and both apply N+1: PostgreSQL takes a transaction-scoped advisory lock,
    SQLite takes its write lock at BEGIN (IMMEDIATE) rather than at the first write. Whatever the caller
    reads inside (the version) is read after the lock is held."""
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_LOCK_KEY})
        elif conn.dialect.name == "sqlite":
            conn.exec_driver_sql("BEGIN IMMEDIATE")  # pysqlite itself only begins before DML
        yield conn


def migrate(engine: sa.Engine, target: int = LATEST) -> list[int]:
    """Apply every pending migration up to ``target``; returns the versions applied."""
    applied: list[int] = []
    with _exclusive(engine) as conn:
        schema_versions.create(conn, checkfirst=True)
    version = 0
    for m in MIGRATIONS:
        if m.version > target:
            break
        with _exclusive(engine) as conn:
            version = current_version(conn)
            newest_known = MIGRATIONS[-1].version
            if version > newest_known:
                raise StoreError(f"the store's schema is version {version}, newer than this HRM "
                                 f"understands ({newest_known}); upgrade HRM")
            if m.version <= version:
                continue
            log.info("store: applying migration %d (%s)", m.version, m.name)
            m.apply(Operations(MigrationContext.configure(conn)))
            conn.execute(sa.insert(schema_versions).values(version=m.version, name=m.name,
                                                           applied_at=time.time()))
            applied.append(m.version)
    return applied
