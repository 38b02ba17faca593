"""What the store's query methods take and return."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from hrm_wire.models import ScoreRequest, ScoreResult

Sort = Literal["review", "newest", "oldest", "reward_asc", "reward_desc"]
MAX_OFFSET = 1_000_000_000
TARGET_PATTERN = r"^(l1|l2|chk):[A-Za-z0-9_.\-]{1,150}$"


class _Rec(BaseModel):
    model_config = ConfigDict(extra="forbid")


class JudgmentQuery(_Rec):
    """Filters and paging of the review list."""

    rubric: str | None = Field(default=None, description="Rubric pack id.")
    category: str | None = Field(default=None, description="Query category.")
    l1: Literal["pass", "fail", "undecided"] | None = Field(default=None, description="L1 gate outcome.")
    judge_failed: bool | None = Field(default=None, description="Only failed (True) or only usable (False) judgments.")
    low_confidence: bool | None = Field(default=None, description="Only results flagged low-confidence (or not).")
    abstained: bool | None = Field(default=None, description="Only judgments where the judge abstained (or not).")
    labelled: bool | None = Field(default=None, description="Has human labels (by `annotator` if given) or not.")
    annotator: str | None = Field(default=None, description="Narrows `labelled` and `disagreement` to one annotator.")
    disagreement: bool | None = Field(default=None,
                                      description="Some human verdict differs from the judge's (or none does).")
    q: str | None = Field(default=None, max_length=200, description="Substring of the query or the request id.")
    sort: Sort = Field(default="review",
                       description="review = abstentions first, then low-confidence, judge failures, least "
                                   "confident, newest.")
    group: bool = Field(default=False,
                        description="One row per item (the same trajectory judged several times): its newest "
                                    "judgment that matches the filters; labels count for the whole item.")
    todo_for: str | None = Field(default=None, max_length=128,
                                 description="Only items this annotator has neither labelled nor skipped.")
    # bounded well inside a 64-bit SQL integer: an offset past every row is an empty page, not an error
    offset: int = Field(default=0, ge=0, le=MAX_OFFSET, description="Rows to skip.")
    limit: int = Field(default=25, ge=1, le=500, description="Rows per page.")


class JudgmentSummary(_Rec):
    """One row of the review list."""

    uid: str
    created_at: float
    request_id: str | None
    rubric: str
    category: str | None
    query: str
    reward: float | None
    l1_passed: bool | None
    l2_score: float | None
    judge_failed: bool
    low_confidence: bool
    min_confidence: float | None
    n_labels: int
    n_disagreements: int
    annotators: list[str]
    abstained: bool = False
    item_key: str = ""
    n_judgments: int = Field(default=1, description="Judgments of the same item (trajectory and rubric).")


class JudgmentPage(_Rec):
    total: int
    offset: int
    limit: int
    items: list[JudgmentSummary]


class LabelInput(_Rec):
    """An annotator's verdict on one target of one judgment."""

    target: str = Field(pattern=TARGET_PATTERN,
                        description="'l1:<dimension>', 'chk:<L1 sub-check>' or 'l2:<rubric metric>'.")
    verdict: bool | None = Field(description="True = pass, False = fail, None = unsure (left out of agreement).")
    not_applicable: bool = Field(
        default=False, description="The target does not apply to this item (e.g. a product check on an answer that "
                                   "recommends no product); the verdict must then be null. Left out of agreement, "
                                   "counted apart; an n/a L1 dimension cannot fail the human gate.")
    comment: str = Field(default="", max_length=4000, description="Optional free-text comment.")

    @model_validator(mode="after")
    def _na_has_no_verdict(self) -> LabelInput:
        if self.not_applicable and self.verdict is not None:
            raise ValueError("a label marked not applicable has no verdict: send verdict null with not_applicable")
        return self


class Label(_Rec):
    judgment_uid: str
    annotator: str
    target: str
    verdict: bool | None
    comment: str
    not_applicable: bool = False
    judge_passed: bool | None
    judge_score: float | None
    created_at: float
    updated_at: float


class StoredJudgment(_Rec):
    uid: str
    created_at: float
    request: ScoreRequest
    result: ScoreResult
    labels: list[Label]
    item_key: str = ""


class LabelRow(_Rec):
    """A label joined with the judgment-level facts calibration needs."""

    judgment_uid: str
    annotator: str
    target: str
    verdict: bool | None
    judge_passed: bool | None
    judge_score: float | None
    rubric: str
    not_applicable: bool = False
    l1_passed: bool | None
    l2_score: float | None
    l1_targets: list[str]
    l2_targets: list[str]


class QueueProgress(_Rec):
    """One annotator's way through the review queue (items, not judgments)."""

    annotator: str
    rubric: str | None
    total: int
    done: int
    skipped: int
    next_uid: str | None


class ImportReport(_Rec):
    imported: int = 0
    errors: list[dict[str, str | int | None]] = Field(default_factory=list)
