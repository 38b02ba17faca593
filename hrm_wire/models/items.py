"""Rubric items a request carries: HRM as a rubric reward server for any domain.

A request may bring its own rubric (``ScoreRequest.rubric_items``), one narrow question per item, as the rubric
reward methods write them for each prompt: Rubrics as Rewards (``{title, description, weight}``), RLCF checklists
(``{question, importance}``, or ``[question, importance]``), the verifiers library (``{name, text, weight,
choices}``) and HRM's own shape, which is a superset of the three::

    {"id": "cites_dose", "text": "Does the response give the adult dose?", "weight": 3, "veto": false,
     "choices": ["no", "yes"], "verifier": "llm", "applies_if": "the response names a medication"}

A negative weight marks a pitfall, phrased so that "yes" means the pitfall is present. A veto item that fails
(a positive item answered "no", a pitfall answered "yes") zeroes the reward, like HRM's L1 gate.
"""

from __future__ import annotations

import math
import re
from typing import Any

from pydantic import Field, field_validator, model_validator

from hrm_wire.models.common import _Strict

#: caps on what a request's items may be (typed errors name the item): the size policy of every path
MAX_ITEMS = 64
MAX_ITEM_CHARS = 2000
MAX_CHOICES = 10
_ID = re.compile(r"[^a-z0-9_]+")


class RubricItem(_Strict):
    """One criterion of a request's own rubric."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]{0,63}$",
                    description="Unique within the request (lower case, digits, underscores; from the title or "
                                "question when not given).")
    text: str = Field(min_length=1, max_length=MAX_ITEM_CHARS,
                      description="The criterion, best as a question the response can be judged on.")
    weight: float = Field(default=1.0, allow_inf_nan=False, ge=-1000, le=1000,
                          description="Importance; negative for a pitfall (\"yes\" means the pitfall is present).")
    veto: bool = Field(default=False, description="A failing veto item (a positive item answered no, a pitfall "
                                                  "answered yes) zeroes the reward.")
    choices: list[str] = Field(default_factory=lambda: ["no", "yes"], min_length=2, max_length=MAX_CHOICES,
                               description="Ordered answers, worst first; the item's score is the answer's position "
                                           "over the last one (no/yes: 0 or 1). Ordinal scales are allowed.")
    verifier: str = Field(default="llm", pattern=r"^(llm|code:[a-z][a-z0-9_]*)$",
                          description="llm: a grader question; code:<name>: a registered text rule (e.g. "
                                      "code:max_words) decides, with `params`.")
    params: dict[str, Any] = Field(default_factory=dict, description="Parameters of a code verifier.")
    applies_if: str | None = Field(default=None, max_length=MAX_ITEM_CHARS,
                                   description="A condition on the response; when it does not hold the item is "
                                               "not applicable and leaves the score.")

    @model_validator(mode="before")
    @classmethod
    def _other_shapes(cls, data: Any) -> Any:
        return normalize_item(data)

    @field_validator("choices")
    @classmethod
    def _distinct(cls, v: list[str]) -> list[str]:
        if len({c.strip().lower() for c in v}) != len(v) or any(not c.strip() for c in v):
            raise ValueError("choices must be distinct, non-empty answers, worst first")
        return v

    @model_validator(mode="after")
    def _verifier(self) -> RubricItem:
        if self.verifier == "llm" and self.params:
            raise ValueError("params are for a code verifier (verifier: code:<name>)")
        return self

    @property
    def pitfall(self) -> bool:
        return self.weight < 0


def slug(text: str) -> str:
    """An item id from free text: 'Mentions the dose?' -> 'mentions_the_dose'."""
    s = _ID.sub("_", text.lower()).strip("_")[:48].strip("_")
    return s if s and s[0].isalpha() else f"item_{s}"[:48]


def normalize_item(data: Any) -> Any:
    """RaR, RLCF and verifiers item shapes -> HRM's (other values pass unchanged, for pydantic to report)."""
    if isinstance(data, (list, tuple)) and len(data) == 2 and isinstance(data[0], str):  # RLCF (question, importance)
        data = {"question": data[0], "importance": data[1]}
    if not isinstance(data, dict):
        return data
    # Rows of Arrow-backed datasets (HF datasets, Parquet) give every item the union of all items' keys, the
    # absent ones as null, in `params` too: a null means "not given" there, never a value.
    data = {k: v for k, v in data.items() if v is not None}
    if isinstance(data.get("params"), dict):
        data["params"] = {k: v for k, v in data["params"].items() if v is not None}
    if "question" in data and "text" not in data:  # RLCF checklist item
        data["text"] = data.pop("question")
        if "importance" in data:
            data["weight"] = data.pop("importance")
    if "description" in data and "text" not in data:  # Rubrics as Rewards: title + description
        title = str(data.get("title") or "").strip()
        description = str(data.pop("description"))
        data["text"] = f"{title}: {description}" if title and title.lower() not in description.lower() else description
        if title and "id" not in data:
            data["id"] = slug(title)
        data.pop("title", None)
    if "name" in data and "id" not in data:  # verifiers' rubric items
        data["id"] = slug(str(data.pop("name")))
    if "id" not in data and isinstance(data.get("text"), str):
        data["id"] = slug(data["text"])
    return data


def check_items(items: list[RubricItem]) -> list[RubricItem]:
    """The whole list's rules (each item checks its own): ids unique, weights not all zero, a cap on the count."""
    if not items:
        raise ValueError("rubric_items is empty: give at least one item, or leave the field out")
    if len(items) > MAX_ITEMS:
        raise ValueError(f"{len(items)} rubric items; at most {MAX_ITEMS} per request")
    seen: dict[str, int] = {}
    for n, item in enumerate(items):
        if item.id in seen:
            raise ValueError(f"item {n} ({item.id!r}) repeats the id of item {seen[item.id]}: ids must be unique "
                             "(ids derived from the text collide when two texts start alike: give ids)")
        seen[item.id] = n
    if not any(item.weight > 0 for item in items) and not any(item.veto for item in items):
        raise ValueError("no item has a positive weight: the score Σ w·s / Σ w+ needs at least one")
    if not all(math.isfinite(item.weight) for item in items):  # pragma: no cover - allow_inf_nan refuses them
        raise ValueError("weights must be finite")
    return items
