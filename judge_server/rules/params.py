"""Typed rule parameters: a rule declares a pydantic model, the pack loader validates ``params`` with it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from pydantic import BaseModel, ConfigDict

from judge_server.rules.base import RuleContext, RuleFn

P = TypeVar("P", bound=BaseModel)


class RuleParams(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def with_params(model: type[BaseModel]) -> Callable[[RuleFn], RuleFn]:
    """Attach ``model`` to a rule; judge_server.packs.schema.load_pack_file validates each check's params with it."""

    def deco(fn: RuleFn) -> RuleFn:
        fn.params_model = model  # type: ignore[attr-defined]
        return fn

    return deco


def params_of(ctx: RuleContext, model: type[P]) -> P:
    # Already validated at pack load; validating again here is cheap and keeps direct callers honest.
    return model.model_validate(ctx.params)
