"""The rule registry: every deterministic rule, listed explicitly (no registration by import side effect).

Rubric packs name rules by the name given with ``@rule("name")``. Adding a rule means writing it in its module
and adding it to ``RULE_FUNCTIONS`` below (from outside the package: ``RULES.register(name, fn)``).
"""

from __future__ import annotations

from collections.abc import Iterable

from judge_server.registry import Registry
from judge_server.rules.base import RuleFn, rule_name
from judge_server.rules.other.format_validator import format_validator
from judge_server.rules.other.shop_r1 import shop_r1_action
from judge_server.rules.other.tool_call import tool_call_match
from judge_server.rules.shopping.constraints import query_constraints
from judge_server.rules.shopping.facts import fact_check
from judge_server.rules.shopping.injection import grader_directed
from judge_server.rules.shopping.ui import card_completeness, card_format, card_ids_known, ui_trigger
from judge_server.rules.text.layout import text_format
from judge_server.rules.text.length import word_count
from judge_server.rules.text.mentions import mentions
from judge_server.rules.tools import tool_arguments, tool_arguments_match

RULE_FUNCTIONS: tuple[RuleFn, ...] = (
    # smartshop L1: product correctness, text relevance, description faithfulness
    card_format,
    card_ids_known,
    card_completeness,
    ui_trigger,
    query_constraints,
    grader_directed,
    fact_check,
    # process
    tool_arguments,
    tool_arguments_match,
    # packs beyond shopping
    shop_r1_action,
    tool_call_match,
    format_validator,
    # any domain: the code verifiers a request's rubric items may name
    word_count,
    mentions,
    text_format,
)
#: the rules a request's rubric items may name (``verifier: code:<name>``): bounded on any input, since a request,
#: not a reviewed pack file, sets their parameters
ITEM_VERIFIER_NAMES = ("word_count", "mentions", "text_format")


def build_registry(functions: Iterable[RuleFn]) -> Registry[RuleFn]:
    """Rules by name; two rules under one name is an error, not a silent override."""
    listed: dict[str, RuleFn] = {}
    for fn in functions:
        name = rule_name(fn)
        if name in listed and listed[name] is not fn:
            raise ValueError(f"rule {name!r} listed twice ({listed[name].__module__}, {fn.__module__})")
        listed[name] = fn
    return Registry("rule", listed)


RULES: Registry[RuleFn] = build_registry(RULE_FUNCTIONS)
ITEM_VERIFIERS: Registry[RuleFn] = Registry("item verifier", {name: RULES[name] for name in ITEM_VERIFIER_NAMES})
