"""The rubric's own words beside each label target: check titles, rule names and grader prompts.

Annotators should judge by the same criteria the grader was asked about; the pack (judge_server/packs/builtin/*.yaml)
is the one source, read here rather than copied into templates.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from functools import lru_cache

from hrm_wire.errors import HRMError
from judge_server.packs.cards import DEFAULT_SYNTAX, CardSyntax
from judge_server.packs.registry import RubricRegistry
from judge_server.packs.schema import RubricPack
from judge_server.store.rows import CHECK_PREFIX, L1_PREFIX, L2_PREFIX

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Guideline:
    title: str
    text: str
    rule: str | None = None


@lru_cache(maxsize=1)
def _registry() -> RubricRegistry | None:
    try:
        return RubricRegistry()
    except HRMError as exc:  # a broken extra pack must not take the review UI down
        log.warning("review: rubric packs unavailable for guidelines: %s", exc)
        return None


def _pack(rubric: str) -> RubricPack | None:
    reg = _registry()
    return reg.packs.get(rubric) if reg is not None else None


def card_syntax_for(rubric: str) -> CardSyntax:
    """How the pack's responses show products (the default syntax for a pack this server does not load)."""
    pack = _pack(rubric)
    return pack.cards.syntax() if pack is not None else DEFAULT_SYNTAX


def guidelines_for(rubric: str) -> dict[str, list[Guideline]]:
    """Label target -> the guideline(s) of the checks it covers (a dimension: all its sub-checks)."""
    pack = _pack(rubric)
    if pack is None:
        return {}
    out: dict[str, list[Guideline]] = {}
    for check in pack.checks:
        text = " ".join(check.llm.prompt.split()) if check.llm else ""
        g = Guideline(title=check.title or check.id.replace("_", " "), text=text, rule=check.rule)
        if check.stage == "l1" and check.group:
            out.setdefault(L1_PREFIX + check.group, []).append(g)
            out.setdefault(CHECK_PREFIX + check.id, []).append(g)
        elif check.stage == "l2":
            out.setdefault(L2_PREFIX + check.id, []).append(g)
    return out
