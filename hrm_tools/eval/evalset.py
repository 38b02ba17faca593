"""The multi-run eval input format (one JSON object per line) and its reader.

An *item* is one benchmark query; its ``runs`` are R responses the policy produced for it (sampled R
times), each with its own trajectory. Everything except ``runs`` is shared by the runs::

    {"id": "q-001", "category": "Search-Fuzzy", "query": "...", "rubric": "smartshop",
     "catalog": [...], "reference": null, "context": {}, "options": {},
     "runs": [{"trajectory": [...], "response": "..."}, {"trajectory": [...], "response": "..."}]}

A single-run item may put ``trajectory`` and ``response`` at the top level instead of ``runs``.
See docs/users/eval.md for the full description.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from hrm_wire.errors import InvalidRequest, invalid_from_validation
from hrm_wire.models import Category, Product, RubricItem, ScoreOptions, ScoreRequest, Step
from hrm_wire.models.items import check_items
from hrm_wire.models.request import ITEMS_PACK

#: separates the item id from the run index in the request id sent to the service
RUN_SEP = "#"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EvalRun(_Strict):
    """One sampled response of the policy for an item."""

    trajectory: list[Step] = Field(default_factory=list, description="Reasoning, tool-call and observation steps.")
    response: str = Field(description="The final response, with <product>PD_..</product> cards.")


class EvalItem(_Strict):
    """One benchmark item carrying R runs."""

    id: str = Field(min_length=1, max_length=200, description="Unique item id.")
    query: str = Field(min_length=1, description="The user's query.")
    category: Category | str | None = Field(
        default=None, max_length=64,
        description="Category for per-category reports: any label; the SmartShopBench ones (paper spelling accepted) "
                    "also drive smartshop's card rules.")
    rubric: str = Field(default="smartshop", min_length=1,
                        description="Rubric pack id (`items` when `rubric_items` are given; a list here is read as "
                                    "the items).")
    rubric_items: list[RubricItem] | None = Field(default=None, description="The item's own rubric (see ScoreRequest).")
    catalog: list[Product] | None = Field(default=None, description="Extra product records shared by the runs.")
    reference: Any | None = Field(default=None, description="Reference answer (packs that judge against one).")
    context: dict[str, Any] = Field(default_factory=dict, description="Pack-specific context.")
    options: ScoreOptions = Field(default_factory=ScoreOptions, description="Per-request options.")
    runs: list[EvalRun] = Field(min_length=1, description="The R sampled responses, each with its trajectory.")

    @model_validator(mode="after")
    def _items(self) -> EvalItem:
        if self.rubric_items is not None:
            check_items(self.rubric_items)
        return self

    @model_validator(mode="before")
    @classmethod
    def _single_run(cls, data: Any) -> Any:
        # Shorthand: a one-run item may carry trajectory/response at the top level.
        if isinstance(data, dict) and "runs" not in data and "response" in data:
            data = dict(data)
            run = {"response": data.pop("response")}
            if "trajectory" in data:
                run["trajectory"] = data.pop("trajectory")
            data["runs"] = [run]
        if isinstance(data, dict) and isinstance(data.get("category"), str):
            try:
                data = {**data, "category": Category.parse(data["category"])}
            except ValueError:
                pass  # a label of the team's own taxonomy
        if isinstance(data, dict) and isinstance(data.get("rubric"), list) and data.get("rubric_items") is None:
            data = {**data, "rubric_items": data["rubric"], "rubric": ITEMS_PACK}
        if isinstance(data, dict) and data.get("rubric_items") is not None and data.get("rubric") is None:
            data = {**data, "rubric": ITEMS_PACK}
        if isinstance(data, dict) and data.get("id") is not None and not isinstance(data["id"], str):
            data = {**data, "id": str(data["id"])}
        return data

    def request(self, run: int) -> ScoreRequest:
        """The ScoreRequest for one run; its id is ``<item id>#<run>``."""
        r = self.runs[run]
        return ScoreRequest(id=request_id(self.id, run), query=self.query, category=self.category,
                            trajectory=r.trajectory, response=r.response, catalog=self.catalog,
                            reference=self.reference, context=self.context, rubric=self.rubric,
                            rubric_items=self.rubric_items, options=self.options)


def request_id(item_id: str, run: int) -> str:
    return f"{item_id}{RUN_SEP}{run}"


def split_request_id(rid: str) -> tuple[str, int]:
    item, _, run = rid.rpartition(RUN_SEP)
    return item, int(run)


@dataclass(frozen=True)
class BadLine:
    """An input line that could not be turned into an item; the rest of the file carries on."""

    line: int
    item_id: str | None
    error: InvalidRequest


def parse_item(raw: bytes | str, *, line: int, runs: int | None = None) -> EvalItem:
    """Parse one input line; raises InvalidRequest naming the line and field."""
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise InvalidRequest(f"line {line}: not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise InvalidRequest(f"line {line}: expected a JSON object, got {type(data).__name__}")
    item_id = data.get("id")
    try:
        item = EvalItem.model_validate(data)
    except ValidationError as exc:
        raise invalid_from_validation(exc, context=f"line {line}",
                                      item_id=str(item_id) if item_id is not None else None) from None
    if runs is not None:
        if len(item.runs) < runs:
            raise InvalidRequest(f"line {line}: item has {len(item.runs)} runs, --runs asks for {runs}",
                                 field="runs", item_id=item.id)
        item.runs = item.runs[:runs]
    return item


def read_items(path: str | Path, *, runs: int | None = None) -> Iterator[EvalItem | BadLine]:
    """Items of an input file in order, with a BadLine for every line that fails (blank lines skipped)."""
    seen: set[str] = set()
    with open(path, "rb") as fh:
        for n, raw in enumerate(fh, start=1):
            if not raw.strip():
                continue
            try:
                item = parse_item(raw, line=n, runs=runs)
            except InvalidRequest as exc:
                yield BadLine(n, exc.item_id, exc)
                continue
            if item.id in seen:
                yield BadLine(n, item.id, InvalidRequest(f"line {n}: duplicate item id {item.id!r}",
                                                         field="id", item_id=item.id))
                continue
            seen.add(item.id)
            yield item
