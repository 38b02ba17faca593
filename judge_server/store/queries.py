"""The review list's queries: filters, item grouping, ordering by judge uncertainty, paging."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa

from hrm_wire.errors import NotFound
from judge_server.store.base import StoreBase
from judge_server.store.records import JudgmentPage, JudgmentQuery, JudgmentSummary, Label, StoredJudgment
from judge_server.store.rows import read_request, read_result
from judge_server.store.schema import item_skips as K
from judge_server.store.schema import judgments as J
from judge_server.store.schema import labels as L


def _labels_of(t: Any, item_level: bool) -> list[sa.ColumnElement[bool]]:
    """Conditions for labels that belong to row ``t``: on that judgment, or on any judgment of its
    item. Flat (a join in the same SELECT), so ``t`` correlates to the enclosing query."""
    if not item_level:
        return [L.c.judgment_uid == t.c.uid]
    other = J.alias()  # never J itself: J.item_key == J.item_key would match every row
    return [L.c.judgment_uid == other.c.uid, other.c.item_key == t.c.item_key]


def _disagrees() -> sa.ColumnElement[bool]:
    return sa.and_(L.c.judge_passed.is_not(None), L.c.verdict.is_not(None), L.c.verdict != L.c.judge_passed)


def _conditions(t: Any, q: JudgmentQuery) -> list[sa.ColumnElement[bool]]:
    where: list[sa.ColumnElement[bool]] = []
    if q.rubric:
        where.append(t.c.rubric == q.rubric)
    if q.category:
        where.append(t.c.category == q.category)
    if q.l1 == "pass":
        where.append(t.c.l1_passed.is_(True))
    elif q.l1 == "fail":
        where.append(t.c.l1_passed.is_(False))
    elif q.l1 == "undecided":
        where.append(t.c.l1_passed.is_(None))
    for name in ("judge_failed", "low_confidence", "abstained"):
        value = getattr(q, name)
        if value is not None:
            where.append(t.c[name].is_(value))
    by_me = [L.c.annotator == q.annotator] if q.annotator else []
    if q.labelled is not None:
        has = sa.exists().where(*_labels_of(t, q.group), *by_me)
        where.append(has if q.labelled else ~has)
    if q.disagreement is not None:
        dis = sa.exists().where(*_labels_of(t, q.group), _disagrees(), *by_me)
        where.append(dis if q.disagreement else ~dis)
    if q.todo_for:
        where.append(~sa.exists().where(*_labels_of(t, True), L.c.annotator == q.todo_for))
        where.append(~sa.exists().where(K.c.item_key == t.c.item_key, K.c.annotator == q.todo_for))
    if q.q:
        pattern = "%" + q.q.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        where.append(sa.or_(t.c.query.ilike(pattern, escape="\\"), t.c.request_id.ilike(pattern, escape="\\")))
    return where


def _order(q: JudgmentQuery) -> list[Any]:
    return {
        # the judge's uncertainty first: abstentions, then low confidence, failures, least confident
        "review": [J.c.abstained.desc(), J.c.low_confidence.desc(), J.c.judge_failed.desc(),
                   sa.func.coalesce(J.c.min_confidence, 1.0).asc(), J.c.created_at.desc(), J.c.id.desc()],
        "newest": [J.c.created_at.desc(), J.c.id.desc()],
        "oldest": [J.c.created_at.asc(), J.c.id.asc()],
        "reward_asc": [J.c.reward.is_(None).desc(), J.c.reward.asc(), J.c.id.desc()],
        "reward_desc": [J.c.reward.is_(None).asc(), J.c.reward.desc(), J.c.id.desc()],
    }[q.sort]


class QueryMixin(StoreBase):
    """Reads for the review UI."""

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

    def _where(self, q: JudgmentQuery) -> list[sa.ColumnElement[bool]]:
        where = _conditions(J, q)
        if q.group:
            # the newest judgment of each item among those that match
            inner = J.alias("j_item")
            newest = sa.select(sa.func.max(inner.c.id)).where(*_conditions(inner, q)).group_by(inner.c.item_key)
            where.append(J.c.id.in_(newest))
        return where

    def list_judgments(self, q: JudgmentQuery | None = None) -> JudgmentPage:
        q = q or JudgmentQuery()
        where = self._where(q)
        mine = _labels_of(J, q.group)
        n_labels = sa.select(sa.func.count()).select_from(L).where(*mine).scalar_subquery()
        n_dis = sa.select(sa.func.count()).select_from(L).where(*mine, _disagrees()).scalar_subquery()
        same = J.alias("j_same")
        n_judgments = (sa.select(sa.func.count()).select_from(same).where(same.c.item_key == J.c.item_key)
                       .scalar_subquery())
        cols = [J.c.uid, J.c.created_at, J.c.request_id, J.c.rubric, J.c.category, J.c.query, J.c.reward,
                J.c.l1_passed, J.c.l2_score, J.c.judge_failed, J.c.low_confidence, J.c.min_confidence,
                J.c.abstained, J.c.item_key, n_labels.label("n_labels"), n_dis.label("n_disagreements"),
                n_judgments.label("n_judgments")]
        with self._read() as conn:
            total = int(conn.execute(sa.select(sa.func.count()).select_from(J).where(*where)).scalar() or 0)
            rows = conn.execute(sa.select(*cols).where(*where).order_by(*_order(q))
                                .offset(q.offset).limit(q.limit)).mappings().all()
            who: dict[str, set[str]] = {r["uid"]: set() for r in rows}
            if rows:
                keys = {r["item_key"]: r["uid"] for r in rows}
                stmt = (sa.select(J.c.item_key, L.c.annotator).distinct().join(J, J.c.uid == L.c.judgment_uid)
                        .where(J.c.item_key.in_(keys)) if q.group else
                        sa.select(L.c.judgment_uid, L.c.annotator).distinct().where(L.c.judgment_uid.in_(who)))
                for key, ann in conn.execute(stmt):
                    who[keys[key] if q.group else key].add(ann)
        items = [JudgmentSummary(**{**dict(r), "query": r["query"][:300], "annotators": sorted(who[r["uid"]])})
                 for r in rows]
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

    def _labels(self, conn: sa.Connection, cond: sa.ColumnElement[bool]) -> list[Label]:
        rows = conn.execute(sa.select(L).where(cond).order_by(L.c.judgment_uid, L.c.annotator, L.c.target))
        return [Label(**{k: v for k, v in r._mapping.items() if k != "id"}) for r in rows]

    def get_judgment(self, uid: str) -> StoredJudgment:
        with self._read() as conn:
            row = self._row(conn, uid)
            labels = self._labels(conn, sa.and_(L.c.judgment_uid == uid))
        return StoredJudgment(uid=row["uid"], created_at=row["created_at"], item_key=row["item_key"],
                              request=read_request(row["request_json"]), result=read_result(row["result_json"]),
                              labels=labels)

    def item_judgments(self, item_key: str) -> list[JudgmentSummary]:
        """Every judgment of one item (up to 500), newest first."""
        if not item_key:
            return []
        cols = [J.c.uid, J.c.created_at, J.c.request_id, J.c.rubric, J.c.category, J.c.query, J.c.reward,
                J.c.l1_passed, J.c.l2_score, J.c.judge_failed, J.c.low_confidence, J.c.min_confidence,
                J.c.abstained, J.c.item_key]
        with self._read() as conn:
            rows = conn.execute(sa.select(*cols).where(J.c.item_key == item_key)
                                .order_by(J.c.created_at.desc(), J.c.id.desc()).limit(500)).mappings().all()
        return [JudgmentSummary(**{**dict(r), "query": r["query"][:300], "annotators": [], "n_labels": 0,
                                   "n_disagreements": 0, "n_judgments": len(rows)}) for r in rows]

    def item_labels(self, item_key: str) -> list[Label]:
        """Labels on any judgment of the item."""
        with self._read() as conn:
            return self._labels(conn, L.c.judgment_uid.in_(sa.select(J.c.uid).where(J.c.item_key == item_key)))

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
