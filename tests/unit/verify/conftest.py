from __future__ import annotations

from typing import Any

import pytest

from hrm_wire.models import ScoreRequest
from judge_server.rules.base import RuleContext, RuleOutcome
from judge_server.rules.registry import RULES


def make_request(query: str, response: str, products: list[dict[str, Any]] | None = None,
                 calls: list[dict[str, Any]] | None = None, **extra: Any) -> ScoreRequest:
    steps: list[dict[str, Any]] = []
    for c in calls or []:
        steps.append({"kind": "tool_call", "name": c.get("name", "search_products"), "arguments": c["arguments"]})
    steps.append({"kind": "observation", "products": products or []})
    return ScoreRequest.model_validate({"query": query, "response": response, "trajectory": steps, **extra})


@pytest.fixture
def run_rule():
    def run(name: str, req: ScoreRequest, **params: Any) -> RuleOutcome:
        return RULES[name](RuleContext(req, params))

    run.req = make_request  # type: ignore[attr-defined]
    return run
