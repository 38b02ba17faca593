"""``mentions``: the response contains all, any or none of some phrases (case-insensitive, whole words)."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field

from judge_server.rules.base import RuleContext, RuleOutcome, rule
from judge_server.rules.params import RuleParams, params_of, with_params


class MentionsParams(RuleParams):
    phrases: list[str] = Field(min_length=1, max_length=50, description="Literal phrases (not patterns).")
    mode: Literal["all", "any", "none"] = Field(default="all", description="all / any of them must appear, or none.")
    case_sensitive: bool = Field(default=False, description="Match case exactly.")


def found(text: str, phrase: str, case_sensitive: bool) -> bool:
    """``phrase`` appears in ``text`` as whole words (so "ion" is not found in "lotion")."""
    words = r"\s+".join(re.escape(w) for w in phrase.split())
    if not words:
        return False
    flags = 0 if case_sensitive else re.IGNORECASE
    return re.search(rf"(?<!\w){words}(?!\w)", text, flags) is not None


@rule("mentions")
@with_params(MentionsParams)
def mentions(ctx: RuleContext) -> RuleOutcome:
    """Whether the response mentions the phrases as ``mode`` asks."""
    p = params_of(ctx, MentionsParams)
    hits = [ph for ph in p.phrases if found(ctx.request.response, ph, p.case_sensitive)]
    missing = [ph for ph in p.phrases if ph not in hits]
    evidence = [f"found: {h!r}" for h in hits] + [f"absent: {m!r}" for m in missing]
    if p.mode == "all":
        ok, why = not missing, f"missing {missing[0]!r}" if missing else "every phrase appears"
    elif p.mode == "any":
        ok, why = bool(hits), f"found {hits[0]!r}" if hits else "none of the phrases appears"
    else:
        ok, why = not hits, f"found {hits[0]!r}" if hits else "none of the phrases appears"
    return RuleOutcome(ok, why, evidence)
