"""Build HRM's ScoreRequest from one verl sample: its extra info plus the decoded response.

The dataset row's ``extra_info`` (and, for tool agent loops, ``tool_extra_fields``) carries the HRM
context of the sample:

* ``query`` (str; falls back to the last user message of ``raw_prompt``),
* ``category`` (SmartShopBench category, either spelling),
* ``trajectory`` (list of HRM steps: reasoning / tool_call / observation dicts; or a JSON string),
* ``products`` (product records the cards may refer to, sent as the request's catalog),
* optional ``context``, ``reference``, ``rubric`` (per-sample pack override), ``id``;
* optional ``rubric_items``: the sample's own rubric (RaR, RLCF or HRM items; a ``rubric`` that is a list, as
  rubric datasets name the column, is read as the items), judged by ``items_rubric``.

Single-turn rollouts: the think span of the response becomes a reasoning step appended to the
trajectory; the text after it is the response HRM judges. Tool-agent rollouts: the policy's own
conversation is sent as ``messages`` instead of the row's trajectory (see rollout.py).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from hrm_wire.errors import InvalidRequest
from hrm_wire.models import ReasoningStep, ScoreOptions, ScoreRequest
from hrm_wire.models.request import GROUP_MAX_CHARS
from trainer_plugin.config import HRMRewardConfig
from trainer_plugin.reasoning import SplitResponse


def _plain(value: Any) -> Any:
    """numpy arrays / scalars and OmegaConf nodes (what verl stores in non_tensor_batch) to plain Python."""
    if hasattr(value, "tolist") and not isinstance(value, (str, bytes)):
        return value.tolist()
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _maybe_json(value: Any) -> Any:
    if isinstance(value, str) and value[:1] in "[{":
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def rollout_group(uid: Any) -> str | None:
    """``options.group`` from verl's ``uid`` (shared by the K rollouts of one prompt), so HRM can send a group's
    grader questions to one replica. A uid HRM would reject (too long, control characters) is hashed: the
    group only steers routing, it must never fail a sample."""
    if uid is None:
        return None
    text = str(_plain(uid))
    if not text or len(text) > GROUP_MAX_CHARS or _CONTROL.search(text):
        return "uid-sha1-" + hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()
    return text


def last_user_message(raw_prompt: Any) -> str | None:
    messages = _plain(raw_prompt)
    if isinstance(messages, Sequence) and not isinstance(messages, str):
        for m in reversed(list(messages)):
            if isinstance(m, Mapping) and m.get("role") == "user" and isinstance(m.get("content"), str):
                return m["content"]
    return None


def build_request(info: Mapping[str, Any], split: SplitResponse | None, cfg: HRMRewardConfig, *,
                  raw_prompt: Any = None, sample_id: str | None = None, group: str | None = None,
                  messages: list[dict[str, Any]] | None = None, response: str | None = None) -> ScoreRequest:
    """The ScoreRequest of one sample; raises InvalidRequest naming the field when the row is unusable.

    Single-turn: ``split`` is the decoded response; the trajectory comes from the row. Tool-agent rollouts:
    ``messages`` is the policy's own conversation (prompt, turns, tool outputs; see rollout.py) and the
    row's trajectory is not used; ``response`` is the final answer ("" when the rollout never gave one).
    """
    info = _plain(info)
    query = info.get("query") or last_user_message(raw_prompt)
    if not query:
        raise InvalidRequest("the sample has no query: set extra_info['query'] or give a user turn in raw_prompt",
                             field="extra_info.query")
    trajectory: list[Any] = []
    if messages is None:
        trajectory = list(_maybe_json(info.get("trajectory")) or [])
        if split is not None and cfg.reasoning_step and split.reasoning:
            trajectory.append(ReasoningStep(text=split.reasoning).model_dump())
    options = ScoreOptions(use_cache=cfg.use_cache, process_judge=cfg.process_judge,
                           expect_cards=cfg.expect_cards, reward=cfg.reward_params, group=group)
    data: dict[str, Any] = {
        "id": str(info.get("id") or sample_id or "") or None,
        "query": query,
        "category": info.get("category") or None,
        "trajectory": trajectory,
        "response": response if messages is not None else (split.answer if split is not None else ""),
        "catalog": _maybe_json(info.get("products")) or None,
        "context": _maybe_json(info.get("context")) or {},
        "reference": _maybe_json(info.get("reference")),
        "options": options.model_dump(),
    }
    rubric, items = _maybe_json(info.get("rubric")), _maybe_json(info.get("rubric_items"))
    if isinstance(rubric, list):  # a rubric dataset's column holds the items themselves
        rubric, items = None, items if items is not None else rubric
    if items is not None:
        data["rubric_items"] = items
    data["rubric"] = rubric or (cfg.items_rubric if items is not None else cfg.rubric)
    if messages is not None:
        data["messages"] = messages
        if response is None:
            del data["response"]
    try:
        return ScoreRequest.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err["loc"])
        raise InvalidRequest(f"sample cannot be sent to HRM: {loc}: {err['msg']}", field=f"extra_info.{loc}") from None
