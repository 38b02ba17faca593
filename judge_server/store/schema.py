"""Table definitions the store queries with (SQLAlchemy Core).

These describe the *current* schema; ``migrations.py`` builds it step by step with frozen DDL, so
an old database is upgraded in place rather than recreated. Keep the two in step: a change here
needs a new migration there (``tests/unit/store`` checks that they agree).
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

#: One row per judgment: filterable columns pulled out of the result, plus the full JSON.
judgments = sa.Table(
    "judgments", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("uid", sa.String(32), nullable=False, unique=True),
    sa.Column("created_at", sa.Float, nullable=False, index=True),
    sa.Column("request_id", sa.String(256), nullable=True, index=True),
    sa.Column("rubric", sa.String(128), nullable=False, index=True),
    sa.Column("rubric_version", sa.String(128), nullable=False),
    sa.Column("grader_model", sa.String(256), nullable=False),
    sa.Column("category", sa.String(64), nullable=True, index=True),
    sa.Column("query", sa.Text, nullable=False),
    sa.Column("reward", sa.Float, nullable=True),
    sa.Column("composition", sa.String(64), nullable=True),
    # the composition's headline numbers (ScoreResult.scores) as a JSON object
    sa.Column("scores", sa.Text, nullable=False, server_default="{}"),
    # the gate and the score the review list filters and sorts on (HRM: G_L1, G_L2)
    sa.Column("l1_passed", sa.Boolean, nullable=True),
    sa.Column("l2_score", sa.Float, nullable=True),
    # unwritten since migration 5 (their values are in `scores`), kept: see migrations._v5_composition_scores
    sa.Column("r_out", sa.Float, nullable=True),
    sa.Column("r_proc", sa.Float, nullable=True),
    sa.Column("process_score", sa.Float, nullable=True),
    sa.Column("judge_failed", sa.Boolean, nullable=False),
    sa.Column("low_confidence", sa.Boolean, nullable=False),
    sa.Column("min_confidence", sa.Float, nullable=True),
    sa.Column("l1_targets", sa.Text, nullable=False, server_default=""),
    sa.Column("l2_targets", sa.Text, nullable=False, server_default=""),
    # the same trajectory judged twice shares an item key: the review UI shows it as one item
    sa.Column("item_key", sa.String(64), nullable=False, server_default="", index=True),
    sa.Column("abstained", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("request_json", sa.Text, nullable=False),
    sa.Column("result_json", sa.Text, nullable=False),
)

#: One row per (judgment, annotator, target): the human verdict next to the judge's.
labels = sa.Table(
    "labels", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("judgment_uid", sa.String(32), sa.ForeignKey("judgments.uid", ondelete="CASCADE"),
              nullable=False, index=True),
    sa.Column("annotator", sa.String(128), nullable=False, index=True),
    sa.Column("target", sa.String(160), nullable=False),
    sa.Column("verdict", sa.Boolean, nullable=True),  # NULL: the annotator is unsure, or the target does not apply
    # the target does not apply to this item (product checks on an advice answer); its verdict is NULL
    sa.Column("not_applicable", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("comment", sa.Text, nullable=False, server_default=""),
    sa.Column("judge_passed", sa.Boolean, nullable=True),
    sa.Column("judge_score", sa.Float, nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.UniqueConstraint("judgment_uid", "annotator", "target", name="uq_label_per_annotator"),
)

#: Items an annotator skipped in the review queue (one row per item key and annotator).
item_skips = sa.Table(
    "item_skips", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("item_key", sa.String(64), nullable=False, index=True),
    sa.Column("annotator", sa.String(128), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.UniqueConstraint("item_key", "annotator", name="uq_skip_per_annotator"),
)

#: Values created once per database and shared by every replica (the review UI's CSRF key).
settings = sa.Table(
    "hrm_settings", metadata,
    sa.Column("name", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)

#: Applied migrations, one row each.
schema_versions = sa.Table(
    "hrm_schema_version", metadata,
    sa.Column("version", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("name", sa.String(128), nullable=False),
    sa.Column("applied_at", sa.Float, nullable=False),
)
