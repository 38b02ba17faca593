"""Read one verl rollout into policy turns with verl's own tool parser (see :mod:`trainer_plugin.rollout`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from verl.experimental.agent_loop.tool_parser import ToolParser

from hrm_wire.errors import ConfigError
from trainer_plugin.config import HRMRewardConfig
from trainer_plugin.rollout import (
    Rollout,
    end_of_turn_ids,
    generation_prompt_ids,
    mask_from_template,
    rebuild,
)


def tool_format(config: Any, hrm: HRMRewardConfig) -> str:
    """``reward.hrm.tool_format``, else the rollout's ``actor_rollout_ref.rollout.multi_turn.format``, else hermes."""
    if hrm.tool_format:
        return hrm.tool_format
    try:
        fmt = config.actor_rollout_ref.rollout.multi_turn.format
    except (AttributeError, KeyError, TypeError):
        fmt = None
    return str(fmt or "hermes")


class RolloutReader:
    """Splits a rollout's response ids into policy turns and tool outputs, parses the policy's tool calls."""

    def __init__(self, tokenizer: Any, fmt: str, clean: Callable[[str], str]) -> None:
        try:
            self.parser = ToolParser.get_tool_parser(fmt, tokenizer)
        except ValueError as exc:
            raise ConfigError(f"tool format {fmt!r}: {exc}; known: {sorted(ToolParser._registry)}",
                              field="reward.hrm.tool_format") from None
        self.tokenizer = tokenizer
        self.clean = clean
        self.end_ids = end_of_turn_ids(tokenizer)
        # Without a chat template (plain completion policies) there are no turns to find: one segment.
        self.gen_prompt = generation_prompt_ids(tokenizer) if getattr(tokenizer, "chat_template", None) else []

    def _decode(self, ids: list[int]) -> str:
        return self.tokenizer.decode(ids, skip_special_tokens=False)

    def mask(self, ids: Sequence[int]) -> list[int]:
        if not self.gen_prompt:
            return [1] * len(ids)
        return mask_from_template(ids, self.end_ids, self.gen_prompt)

    async def read(self, ids: Sequence[int], mask: Sequence[int] | None) -> Rollout:
        """``mask``: the rollout's response_mask when the data carries it (batch path); else derived."""
        return await rebuild(ids, self.mask(ids) if mask is None else mask, self.parser, self._decode, self.clean)
