"""``text_format``: the format rules of ``format_validator`` a request may set (no regular expressions)."""

from __future__ import annotations

from pydantic import Field

from judge_server.rules.base import RuleContext, RuleOutcome, rule
from judge_server.rules.other.format_validator import FormatParams, validate_format
from judge_server.rules.params import params_of, with_params


class TextFormatParams(FormatParams):
    """``format_validator``'s parameters without patterns: a request's regular expression could take unbounded
    time on a crafted response (pack files, which people review, may use them)."""

    forbidden_patterns: list[str] = Field(default_factory=list, max_length=0,
                                          description="Not available to request items (use a pack).")
    required_patterns: list[str] = Field(default_factory=list, max_length=0,
                                         description="Not available to request items (use a pack).")


@rule("text_format")
@with_params(TextFormatParams)
def text_format(ctx: RuleContext) -> RuleOutcome:
    """The response keeps the configured length, line, bullet, character and script rules."""
    problems = validate_format(ctx.request.response, params_of(ctx, TextFormatParams))
    if problems:
        return RuleOutcome(False, problems[0], problems)
    return RuleOutcome(True, "the response follows the required format")
