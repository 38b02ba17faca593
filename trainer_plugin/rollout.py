"""Rebuild the policy's own agentic trajectory from a verl rollout's tokens.

In verl's ``ToolAgentLoop`` the response ids interleave the policy's turns (``response_mask`` 1) with
what the loop appended (mask 0: tool outputs wrapped in the chat template's tool turn, the next
generation prompt, boundary tokens). This module splits the ids on the mask, parses each policy turn's
tool calls with verl's own tool parser for ``multi_turn.format`` (hermes, gpt-oss, qwen3_coder, ...),
decodes the tool outputs, and returns OpenAI chat messages that :mod:`hrm_wire.chat` turns into HRM's
trajectory: the policy's reasoning, its calls, what its tools returned, and its final answer (the last
policy turn without tool calls).

Where the mask is missing (verl's overlap path sends the reward worker prompts and responses without it),
:func:`mask_from_template` derives it from the chat template: a policy turn ends at an end-of-turn token
and the appended context ends with the template's generation prompt. ``tests/verl`` checks that this
equals ToolAgentLoop's own mask on Qwen2.5's template.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from trainer_plugin.reasoning import split_think

_TOOL_RESPONSE = re.compile(r"<tool_response>\n?(.*?)\n?</tool_response>", re.S)
_END_OF_TURN = ("<|im_end|>", "<|eot_id|>", "<|end|>", "<|return|>", "<|call|>", "<end_of_turn>")


@dataclass
class PolicyTurn:
    content: str
    """Text of the turn without tool-call markup and special tokens (think spans kept)."""
    calls: list[dict[str, Any]] = field(default_factory=list)
    """OpenAI tool calls: ``{"id", "type": "function", "function": {"name", "arguments": "<JSON>"}}``."""
    outputs: list[str] = field(default_factory=list)
    """Tool outputs the loop appended after this turn, in call order."""


@dataclass
class Rollout:
    turns: list[PolicyTurn]

    @property
    def multi_turn(self) -> bool:
        return len(self.turns) > 1 or any(t.calls for t in self.turns)

    @property
    def final_answer(self) -> str | None:
        """The last policy turn without tool calls; None when the rollout stopped inside a tool exchange."""
        last = self.turns[-1] if self.turns else None
        return None if last is None or last.calls else last.content

    @property
    def num_tool_calls(self) -> int:
        return sum(len(t.calls) for t in self.turns)

    def reasoning_texts(self) -> list[str]:
        """Think spans of every policy turn (the paper's L(tau) counts all of them)."""
        return [r for r in (split_think(t.content).reasoning for t in self.turns) if r]

    def messages(self, prompt: Sequence[dict[str, Any]] = ()) -> list[dict[str, Any]]:
        """The conversation as OpenAI chat messages: the dataset prompt, then the policy's turns and tool
        outputs. A rollout that stopped inside a tool exchange has no final assistant message."""
        out = [dict(m) for m in prompt]
        for t in self.turns:
            msg: dict[str, Any] = {"role": "assistant", "content": t.content}
            if t.calls:
                msg["tool_calls"] = t.calls
            out.append(msg)
            for call, text in zip(t.calls, t.outputs, strict=False):
                out.append({"role": "tool", "tool_call_id": call["id"], "name": call["function"]["name"],
                            "content": text})
        return out


def segments(ids: Sequence[int], mask: Sequence[int]) -> list[tuple[int, list[int]]]:
    """Runs of equal mask value: ``[(1, policy ids), (0, context ids), ...]``."""
    out: list[tuple[int, list[int]]] = []
    for tok, m in zip(ids, mask, strict=False):
        m = 1 if m else 0
        if out and out[-1][0] == m:
            out[-1][1].append(int(tok))
        else:
            out.append((m, [int(tok)]))
    return out


def end_of_turn_ids(tokenizer: Any) -> set[int]:
    ids = {tokenizer.eos_token_id} if tokenizer.eos_token_id is not None else set()
    unk = getattr(tokenizer, "unk_token_id", None)
    for tok in _END_OF_TURN:
        tid = tokenizer.convert_tokens_to_ids(tok)
        if isinstance(tid, int) and tid != unk and tid >= 0:
            ids.add(tid)
    return ids


def generation_prompt_ids(tokenizer: Any, **template_kwargs: Any) -> list[int]:
    """The tokens the chat template puts before an assistant turn (``<|im_start|>assistant\\n`` for ChatML)."""
    msgs = [{"role": "user", "content": "x"}]
    bare = tokenizer.apply_chat_template(msgs, tokenize=False, add_generation_prompt=False, **template_kwargs)
    full = tokenizer.apply_chat_template(msgs, tokenize=False, add_generation_prompt=True, **template_kwargs)
    if not full.startswith(bare):
        return []
    return list(tokenizer.encode(full[len(bare):], add_special_tokens=False))


def mask_from_template(ids: Sequence[int], end_ids: set[int], gen_prompt: Sequence[int]) -> list[int]:
    """``response_mask`` of a tool-agent rollout derived from the template: policy tokens run up to and
    including an end-of-turn token; what follows is context up to and including the next generation prompt."""
    mask: list[int] = []
    policy = True
    n = len(gen_prompt)
    i = 0
    while i < len(ids):
        if policy:
            mask.append(1)
            if ids[i] in end_ids and i + 1 < len(ids):
                policy = False
            i += 1
            continue
        if n and list(ids[i:i + n]) == list(gen_prompt):
            mask.extend([0] * n)
            i += n
            policy = True
            continue
        mask.append(0)
        i += 1
    return mask


def tool_outputs(text: str, n_calls: int) -> list[str]:
    """The tool outputs inside one appended context segment (decoded, special tokens removed)."""
    found = [m.strip() for m in _TOOL_RESPONSE.findall(text)]
    if found:
        return found
    return [text.strip()] if n_calls else []


def _call(fc: Any, turn: int, j: int) -> dict[str, Any]:
    args = fc.arguments
    if not isinstance(args, str):
        args = json.dumps(args, ensure_ascii=False)
    cid = getattr(fc, "tool_call_id", None) or f"call_{turn}_{j}"
    return {"id": cid, "type": "function", "function": {"name": fc.name, "arguments": args}}


async def rebuild(ids: Sequence[int], mask: Sequence[int], parser: Any, decode: Callable[[list[int]], str],
                  clean: Callable[[str], str]) -> Rollout:
    """The rollout's policy turns with their parsed tool calls and the tool outputs that followed.

    ``parser``: verl ToolParser for the configured format; ``decode``: ids -> text with special tokens
    (the parsers need them); ``clean``: removes special tokens other than the think tags from a text.
    """
    turns: list[PolicyTurn] = []
    for m, seg in segments(ids, mask):
        if m:
            content, calls = await parser.extract_tool_calls(seg, None)
            turns.append(PolicyTurn(content=clean(content).strip(),
                                    calls=[_call(fc, len(turns), j) for j, fc in enumerate(calls)]))
        elif turns:
            turns[-1].outputs.extend(tool_outputs(clean(decode(seg)), len(turns[-1].calls)))
    return Rollout(turns=turns)
