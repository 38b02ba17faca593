"""Human labels, queue skips and the queue's progress.

Label writes go straight to the database in their own transaction, never through the judgment
writer's queue: ``put_labels`` returns (and the UI says "saved") only after the commit.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence

import sqlalchemy as sa

from hrm_wire.errors import InvalidRequest, NotFound
from judge_server.store.engine import check_annotator
from judge_server.store.queries import QueryMixin
from judge_server.store.records import JudgmentQuery, Label, LabelInput, LabelRow, QueueProgress
from judge_server.store.rows import judge_verdict, labelable, read_result
from judge_server.store.schema import item_skips as K
from judge_server.store.schema import judgments as J
from judge_server.store.schema import labels as L


def _split(targets: str) -> list[str]:
    return [t for t in targets.split(",") if t]


class LabelMixin(QueryMixin):
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
        """Create or replace this annotator's verdicts on targets of one judgment (one transaction,
        committed before this returns)."""
        annotator = check_annotator(annotator)
        now = time.time()
        with self._begin() as conn:
            row = self._row(conn, judgment_uid)
            result = read_result(row["result_json"])
            for lab in labels:
                known, passed, score = judge_verdict(result, lab.target)
                if not known:
                    raise InvalidRequest(f"judgment {judgment_uid} has no target {lab.target!r}; "
                                         f"labelable: {', '.join(labelable(result)) or 'none'}", field="target")
                key = sa.and_(L.c.judgment_uid == judgment_uid, L.c.annotator == annotator,
                              L.c.target == lab.target)
                values = {"verdict": lab.verdict, "not_applicable": lab.not_applicable, "comment": lab.comment,
                          "judge_passed": passed,
                          "judge_score": score, "updated_at": now}
                if conn.execute(sa.update(L).where(key).values(**values)).rowcount == 0:
                    conn.execute(sa.insert(L).values(judgment_uid=judgment_uid, annotator=annotator,
                                                     target=lab.target, created_at=now, **values))
            if labels:  # answering an item takes it off the annotator's skipped list
                conn.execute(sa.delete(K).where(K.c.item_key == row["item_key"], K.c.annotator == annotator))
            return self._labels(conn, sa.and_(L.c.judgment_uid == judgment_uid, L.c.annotator == annotator))

    def delete_label(self, judgment_uid: str, annotator: str, target: str) -> None:
        with self._begin() as conn:
            n = conn.execute(sa.delete(L).where(L.c.judgment_uid == judgment_uid, L.c.annotator == annotator,
                                                L.c.target == target)).rowcount
        if not n:
            raise NotFound(f"no label by {annotator!r} on {target!r} of judgment {judgment_uid}", field="target")

    def skip_item(self, judgment_uid: str, annotator: str) -> None:
        """Put the judgment's item aside for this annotator: the queue moves on and counts it skipped."""
        annotator = check_annotator(annotator)
        with self._begin() as conn:
            key = self._row(conn, judgment_uid)["item_key"]
            exists = conn.execute(sa.select(K.c.id).where(K.c.item_key == key, K.c.annotator == annotator)).first()
            if exists is None:
                conn.execute(sa.insert(K).values(item_key=key, annotator=annotator, created_at=time.time()))

    def queue_progress(self, annotator: str, rubric: str | None = None) -> QueueProgress:
        """Items in the queue, how many this annotator labelled or skipped, and the next one to do
        (in review order: abstentions, then low confidence, then least confident)."""
        annotator = check_annotator(annotator)
        base = JudgmentQuery(rubric=rubric, group=True, limit=1)
        total = self.list_judgments(base).total
        todo = self.list_judgments(base.model_copy(update={"todo_for": annotator}))
        with self._read() as conn:
            in_scope = sa.select(J.c.item_key).where(*([J.c.rubric == rubric] if rubric else []))
            labelled_keys = (sa.select(J.c.item_key).join(L, L.c.judgment_uid == J.c.uid)
                             .where(L.c.annotator == annotator))
            skipped = int(conn.execute(
                sa.select(sa.func.count()).select_from(K)
                .where(K.c.annotator == annotator, K.c.item_key.in_(in_scope),
                       K.c.item_key.not_in(labelled_keys))).scalar() or 0)
        return QueueProgress(annotator=annotator, rubric=rubric, total=total, skipped=skipped,
                             done=max(0, total - todo.total - skipped),
                             next_uid=todo.items[0].uid if todo.items else None)

    def label_rows(self, *, rubric: str | None = None, annotators: Iterable[str] | None = None) -> list[LabelRow]:
        """Every label with the judgment facts calibration needs."""
        cols = [L.c.judgment_uid, L.c.annotator, L.c.target, L.c.verdict, L.c.not_applicable, L.c.judge_passed,
                L.c.judge_score,
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
