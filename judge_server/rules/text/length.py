"""``word_count``: the response's length in words lies within bounds."""

from __future__ import annotations

from pydantic import Field, model_validator

from judge_server.rules.base import RuleContext, RuleOutcome, rule
from judge_server.rules.params import RuleParams, params_of, with_params


class WordCountParams(RuleParams):
    min: int | None = Field(default=None, ge=0, description="At least this many words.")
    max: int | None = Field(default=None, ge=0, description="At most this many words.")

    @model_validator(mode="after")
    def _bounds(self) -> WordCountParams:
        if self.min is None and self.max is None:
            raise ValueError("give min, max or both")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min ({self.min}) is above max ({self.max})")
        return self


def word_total(text: str) -> int:
    """Whitespace-separated words (what "at most 100 words" means to a reader)."""
    return len(text.split())


@rule("word_count")
@with_params(WordCountParams)
def word_count(ctx: RuleContext) -> RuleOutcome:
    """The response has between ``min`` and ``max`` words (whitespace-separated)."""
    p = params_of(ctx, WordCountParams)
    n = word_total(ctx.request.response)
    if p.min is not None and n < p.min:
        return RuleOutcome(False, f"{n} words, fewer than {p.min}", [f"words: {n}"])
    if p.max is not None and n > p.max:
        return RuleOutcome(False, f"{n} words, more than {p.max}", [f"words: {n}"])
    return RuleOutcome(True, f"{n} words, within bounds", [f"words: {n}"])
