"""The judgment store: ``JudgmentStore`` puts together the background writer (``base``), the
review queries (``queries``) and labels (``labels``) over one database."""

from __future__ import annotations

from judge_server.store.engine import check_annotator, create_db_engine
from judge_server.store.labels import LabelMixin

__all__ = ["JudgmentStore", "check_annotator", "create_db_engine"]


class JudgmentStore(LabelMixin):
    """Persists judgments (async, bounded, lossy under outage) and serves the review UI."""

    def __enter__(self) -> JudgmentStore:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
