"""The eval output format: one JSON line per (item, run), written as judgments complete.

A line holds either the run's ``result`` (a ``ScoreResult``; a judge failure is a result with
``judge_failed: true``) or its ``error`` (the service could not judge it: bad input, overload after
retries, deadline). ``hrm eval`` appends lines through the batch driver (``hrm_tools.batch``, whose resume rules every batch
command shares), so a run interrupted half-way resumes by skipping the (item, run) pairs that already
have a result; error lines are dropped and retried on resume.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

import orjson
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from hrm_wire.errors import HRMError, InvalidRequest, invalid_from_validation
from hrm_wire.models import ScoreResult


class RunRecord(BaseModel):
    """One scored run."""

    model_config = ConfigDict(extra="forbid")

    item_id: str = Field(description="Item id from the input.")
    run: int = Field(ge=0, description="0-based run index within the item.")
    category: str | None = Field(default=None, description="Item category (enum value), if any.")
    rubric: str = Field(description="Rubric pack id the run was scored with.")
    result: ScoreResult | None = Field(default=None, description="The judgment (may be a judge failure).")
    error: dict[str, Any] | None = Field(default=None, description="Why no judgment exists (error wire form).")

    @property
    def key(self) -> tuple[str, int]:
        return (self.item_id, self.run)

    @property
    def judge_failed(self) -> bool:
        return self.result is not None and self.result.judge_failed

    @classmethod
    def from_error(cls, item_id: str, run: int, category: str | None, rubric: str, error: HRMError) -> RunRecord:
        return cls(item_id=item_id, run=run, category=category, rubric=rubric, error=error.to_dict())

    def dumps(self) -> bytes:
        return orjson.dumps(self.model_dump(mode="json", exclude_none=True)) + b"\n"


def from_score_line(data: dict[str, Any]) -> RunRecord:
    """An ``hrm score`` output line (a ScoreResult, or ``{"id", "rubric", "error"}``) as a one-run record,
    so that ``hrm report`` reads both commands' output."""
    if "error" in data:
        return RunRecord(item_id=str(data.get("id")), run=0, rubric=str(data.get("rubric") or "unknown"),
                         error=data["error"])
    result = ScoreResult.model_validate(data)
    return RunRecord(item_id=str(result.id), run=0, rubric=result.rubric, result=result)


def parse_record(raw: bytes, *, line: int, path: str | Path = "") -> RunRecord:
    """One output line: an ``hrm eval`` record or an ``hrm score`` result line."""
    try:
        data = orjson.loads(raw)
        if isinstance(data, dict) and "item_id" not in data and "id" in data:
            return from_score_line(data)
        return RunRecord.model_validate(data)
    except orjson.JSONDecodeError as exc:
        raise InvalidRequest(f"{path}:{line}: not an output record of hrm eval or hrm score "
                             f"({str(exc).splitlines()[0]})") from None
    except ValidationError as exc:
        raise invalid_from_validation(
            exc, context=f"{path}:{line}: not an output record of hrm eval or hrm score") from None


def read_records(path: str | Path) -> list[RunRecord]:
    """Every record of an output file; a later line for the same (item, run) replaces an earlier one."""
    by_key: dict[tuple[str, int], RunRecord] = {}
    try:
        fh = open(path, "rb")
    except OSError as exc:
        raise InvalidRequest(f"cannot read {path}: {exc.strerror}") from None
    with fh:
        lines = fh.read().split(b"\n")
    for n, raw in enumerate(lines, start=1):
        if not raw.strip():
            continue
        try:
            rec = parse_record(raw, line=n, path=path)
        except InvalidRequest:
            # A torn last line is what an interrupted writer leaves behind; anything else is an error.
            if n == len(lines):
                continue
            raise
        by_key[rec.key] = rec
    return list(by_key.values())


class RecordWriter:
    """Appends records, flushing each line so that an interruption loses at most the line being written."""

    def __init__(self, path: str | Path, *, append: bool) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._fh = open(path, "ab" if append else "wb")

    def write(self, record: RunRecord) -> None:
        self._fh.write(record.dumps())
        self._fh.flush()

    def write_all(self, records: Iterable[RunRecord]) -> None:
        for r in records:
            self.write(r)

    def close(self) -> None:
        self._fh.close()

    def __enter__(self) -> RecordWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
