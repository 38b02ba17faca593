"""What RL trainers hand a reward, turned into HRM requests, and HRM's answers turned into what they take back.

Every trainer surface (the HTTP routes for OpenRLHF, slime and NeMo Gym in ``judge_server/serve/trainers``; the
TRL, verl, AReaL and slime functions in ``hrm_client/trainers``) goes through these two functions, so a rollout
means the same request on every framework and an abstention the same outcome:

* ``build_request(prompt, completion, label)``: the prompt as messages or chat-templated text (ChatML: Qwen,
  SmolLM2, Hermes tool calls; Llama 3 headers), the completion as text (end-of-turn tokens stripped; a multi-turn
  completion in the same template is split into its turns and tool results) or as messages, and the label the
  trainer passes through from the dataset row: an object of request fields (``query``, ``trajectory``,
  ``catalog``, ``rubric``, ``rubric_items``, ``reference``, ``context``, ``category``, ``options``), a list (the
  row's rubric items), or text (a reference answer). The label's structured fields win over what the text gives.
* ``outcome(result | error)``: the reward, whether the sample must be masked (judge failed, abstained, an error:
  never a silent 0), the cause, and the same numeric extras on every outcome.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field
from typing import Any, Literal

from hrm_wire.chat import TooDeep, loads_bounded
from hrm_wire.errors import HRMError
from hrm_wire.models import ScoreResult

Template = Literal["auto", "chatml", "llama3", "none"]
#: request fields a label object may carry (the rest of the request comes from the prompt and completion)
LABEL_FIELDS = ("id", "query", "category", "messages", "trajectory", "catalog", "reference", "context", "rubric",
                "rubric_items", "options")
#: end-of-turn / end-of-text tokens a decoded completion may end with (kept by frameworks that decode with
#: special tokens: OpenRLHF, AReaL)
END_TOKENS = ("<|im_end|>", "<|endoftext|>", "<|eot_id|>", "<|end_of_text|>", "</s>", "<|end|>", "<eos>")
_CHATML = re.compile(r"<\|im_start\|>(\w+)\n(.*?)(?:<\|im_end\|>|\Z)", re.S)
_LLAMA3 = re.compile(r"<\|start_header_id\|>(\w+)<\|end_header_id\|>\n\n(.*?)(?:<\|eot_id\|>|\Z)", re.S)
_TOOL_CALL = re.compile(r"<tool_call>\s*(.*?)\s*</tool_call>", re.S)
_TOOL_RESPONSE = re.compile(r"<tool_response>\s*(.*?)\s*</tool_response>", re.S)


class TrainerInputError(ValueError):
    """The trainer's prompt, completion or label cannot make a request (the surface reports it per sample)."""


def strip_end_tokens(text: str) -> str:
    text = text.rstrip()
    changed = True
    while changed:
        changed = False
        for tok in END_TOKENS:
            if text.endswith(tok):
                text, changed = text[: -len(tok)].rstrip(), True
    return text


def detect_template(text: str) -> Template:
    if "<|im_start|>" in text:
        return "chatml"
    if "<|start_header_id|>" in text:
        return "llama3"
    return "none"


def _chatml_turn(role: str, body: str, n: int) -> list[dict[str, Any]]:
    """One ChatML turn as OpenAI messages: Hermes/Qwen tool calls and tool responses become their own shapes."""
    if role == "assistant":
        calls = []
        for j, raw in enumerate(_TOOL_CALL.findall(body)):
            try:
                call = loads_bounded(raw)
            except TooDeep as exc:
                raise TrainerInputError(f"a tool call in the text: {exc}") from None
            except ValueError:
                call = {"name": "unparsed_tool_call", "arguments": {"_raw": raw}}
            if not isinstance(call, dict):
                call = {"name": "unparsed_tool_call", "arguments": {"_raw": raw}}
            calls.append({"id": f"call_{n}_{j}", "type": "function",
                          "function": {"name": str(call.get("name") or "unnamed"),
                                       "arguments": json.dumps(call.get("arguments", {}))}})
        text = _TOOL_CALL.sub("", body).strip()
        msg: dict[str, Any] = {"role": "assistant", "content": text}
        if calls:
            msg["tool_calls"] = calls
        return [msg]
    responses = _TOOL_RESPONSE.findall(body)
    if role in ("user", "tool") and responses:
        return [{"role": "tool", "content": r} for r in responses]
    if role == "ipython":  # Llama 3's tool output turn
        return [{"role": "tool", "content": body}]
    return [{"role": role if role in ("system", "user", "assistant", "tool") else "user", "content": body}]


def parse_chat(text: str, template: Template = "auto") -> list[dict[str, Any]] | None:
    """Chat-templated text back into OpenAI messages; None when the text carries no template's markers."""
    kind = detect_template(text) if template == "auto" else template
    if kind == "none":
        return None
    pattern = _CHATML if kind == "chatml" else _LLAMA3
    turns = pattern.findall(text)
    if not turns:
        return None
    out: list[dict[str, Any]] = []
    for n, (role, body) in enumerate(turns):
        out.extend(_chatml_turn(role, strip_end_tokens(body), n))
    # tool messages answer the calls before them in order: give them the calls' ids
    pending = [c["id"] for m in out for c in m.get("tool_calls", [])]
    for m in out:
        if m["role"] == "tool" and pending:
            m["tool_call_id"] = pending.pop(0)
    return out


def _label_fields(label: Any) -> dict[str, Any]:
    if label is None or label == "":
        return {}
    if isinstance(label, str):
        text = label.strip()
        if text[:1] in "[{":
            try:
                label = loads_bounded(text)
            except TooDeep as exc:
                raise TrainerInputError(f"label: {exc}") from None
            except ValueError:
                return {"reference": label}
        else:
            return {"reference": label}
    if isinstance(label, list):
        return {"rubric_items": label}
    if isinstance(label, dict):
        known = {k: v for k, v in label.items() if k in LABEL_FIELDS}
        if known:
            extra = sorted(set(label) - set(LABEL_FIELDS))
            if extra:
                raise TrainerInputError(f"label field {extra[0]!r} is not a request field; a label object may "
                                        f"carry {list(LABEL_FIELDS)}")
            return known
        return {"reference": label}  # an object of the dataset's own (e.g. a reference tool call)
    return {"reference": label}


def _message_list(value: list[Any], what: str) -> list[dict[str, Any]]:
    """A conversation given as a list: every entry a message object (a copy, so HRM never edits the caller's)."""
    bad = next((n for n, m in enumerate(value) if not isinstance(m, dict)), None)
    if bad is not None:
        raise TrainerInputError(f"{what} entry {bad} is {type(value[bad]).__name__}, not a message object "
                                '{"role": ..., "content": ...}')
    return [dict(m) for m in value]


def _completion_messages(completion: Any, template: Template) -> list[dict[str, Any]]:
    if isinstance(completion, list):  # TRL conversational: [{"role": "assistant", "content": ...}, ...]
        return _message_list(completion, "completion")
    if not isinstance(completion, str):
        raise TrainerInputError(f"the completion must be text or a list of messages, not {type(completion).__name__}")
    text = completion
    kind = detect_template(text) if template == "auto" else template
    if kind != "none" and ("<|im_start|>" in text or "<|start_header_id|>" in text):
        # a multi-turn completion: the first turn is the assistant's (its header is in the prompt)
        head, _, rest = text.partition("<|im_start|>" if kind == "chatml" else "<|start_header_id|>")
        first = _chatml_turn("assistant", strip_end_tokens(head), 0)
        marker = "<|im_start|>" if kind == "chatml" else "<|start_header_id|>"
        return first + (parse_chat(marker + rest, kind) or [])
    return _chatml_turn("assistant", strip_end_tokens(text), 0)


def build_request(prompt: Any, completion: Any, label: Any = None, *, template: Template = "auto",
                  rubric: str | None = None, request_id: str | None = None) -> dict[str, Any]:
    """A ScoreRequest (JSON object) for one rollout. TrainerInputError when the inputs cannot make one."""
    fields = _label_fields(label)
    if isinstance(prompt, list):
        messages = _message_list(prompt, "prompt")
    elif isinstance(prompt, str):
        messages = parse_chat(prompt, template) or [{"role": "user", "content": strip_end_tokens(prompt)}]
        if messages and messages[-1]["role"] == "assistant" and not messages[-1]["content"]:
            messages.pop()  # the generation prompt's open assistant header
    elif prompt is None:
        messages = []
    else:
        raise TrainerInputError(f"the prompt must be text or a list of messages, not {type(prompt).__name__}")
    turns = _completion_messages(completion, template)
    answer = next((m for m in reversed(turns) if m.get("role") == "assistant" and not m.get("tool_calls")), None)
    response = "" if answer is None else (answer.get("content") or "")
    data: dict[str, Any] = dict(fields)
    if "messages" not in fields and "trajectory" not in fields:
        convo = messages + turns
        if convo and convo[-1].get("role") == "assistant" and not convo[-1].get("tool_calls"):
            data["messages"] = convo
        else:  # the rollout ended without a final answer: judged as an empty answer, said in the request
            data["messages"] = convo
            data["response"] = response
        if not any(m.get("role") == "user" for m in convo) and "query" not in fields:
            raise TrainerInputError("no user turn in the prompt and no `query` in the label: HRM needs the user's "
                                    "request (send messages, chat-templated text, or a label with `query`)")
    else:
        data["response"] = response
    if rubric and "rubric" not in data and "rubric_items" not in data:
        data["rubric"] = rubric
    if request_id is not None and "id" not in data:
        data["id"] = request_id
    return data


@dataclass
class Outcome:
    """One sample's reward in a trainer's terms."""

    reward: float | None  # None: no reward (judge failed, abstained, or an error)
    masked: bool
    cause: str | None = None
    extras: dict[str, float] = field(default_factory=dict)

    def value(self, failure_reward: float) -> float:
        """The number for a trainer that takes only numbers: the reward, or ``failure_reward`` when masked."""
        return failure_reward if self.reward is None else self.reward


#: the extras every outcome carries, in this order (verl takes the key set from the first sample)
EXTRA_KEYS = ("hrm_masked", "hrm_judge_failed", "hrm_abstained", "hrm_error")


def outcome(answer: ScoreResult | HRMError | BaseException, score_keys: tuple[str, ...] = ()) -> Outcome:
    """A result or an error as a trainer sample's outcome; ``score_keys`` of the result's ``scores`` ride along
    (NaN where a result has none, so every outcome has the same keys)."""
    extras = {k: 0.0 for k in EXTRA_KEYS} | {k: math.nan for k in score_keys}
    if isinstance(answer, ScoreResult):
        for k in score_keys:
            if k in answer.scores:
                extras[k] = float(answer.scores[k])
        if answer.reward is not None:
            return Outcome(float(answer.reward), False, None, extras)
        extras["hrm_masked"] = 1.0
        if answer.judge_failed:
            extras["hrm_judge_failed"] = 1.0
            why = answer.failure.cause if answer.failure else "judge failed"
            return Outcome(None, True, f"judge failed: {why}", extras)
        if answer.awaiting_answers:
            return Outcome(None, True, "awaiting grader answers", extras)
        extras["hrm_abstained"] = 1.0
        return Outcome(None, True, f"abstained: {answer.abstention.cause if answer.abstention else ''}", extras)
    extras["hrm_masked"] = extras["hrm_error"] = 1.0
    code = answer.code if isinstance(answer, HRMError) else type(answer).__name__
    return Outcome(None, True, f"error {code}: {answer}", extras)
