"""Judgment store: every judgment the service makes, plus human labels for calibration."""

from judge_server.store.config import StoreConfig
from judge_server.store.records import (
    ImportReport,
    JudgmentPage,
    JudgmentQuery,
    JudgmentSummary,
    Label,
    LabelInput,
    LabelRow,
    QueueProgress,
    StoredJudgment,
)
from judge_server.store.store import JudgmentStore

__all__ = ["ImportReport", "JudgmentPage", "JudgmentQuery", "JudgmentStore", "JudgmentSummary", "Label",
           "LabelInput", "LabelRow", "QueueProgress", "StoreConfig", "StoredJudgment"]
