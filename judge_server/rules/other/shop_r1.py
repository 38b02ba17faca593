"""Shop-R1 action reward (web-shopping next-action prediction), as a registered rule.

The candidate (``ScoreRequest.response``) is a JSON object ``{"rationale": "...", "action": {"type":
"click"|"type_and_submit"|"terminate", "name": "...", "text": "..."}}``; the reference
(``ScoreRequest.reference``) is the ground-truth action, either the action object itself or an object
with an ``action`` key, optionally as a JSON string.

Reward schedule (Shop-R1 paper, Table 1), every number a parameter:
- format 0.5 when the candidate is a valid object, else the whole reward is 0;
- action type 0.3 when the predicted type equals the reference's; sub-action rewards need a correct type;
- click: +0.2 if the predicted name is non-empty, + DARS x ROUGE-L(name);
- type_and_submit: +0.1 if name non-empty, +0.1 if text non-empty, + 0.1 x ROUGE-L(name) + DARS x ROUGE-L(text);
- terminate: nothing beyond the type.
A ROUGE-L value reward is earned only when the similarity *exceeds* ``threshold`` (paper: "only when that
similarity exceeds a preset threshold (e.g., 0.75)"; exactly 0.75 earns nothing).

Rationale reward (paper Eq. 3-4): ``rationale_weight x s(r)``, where ``s(r)`` is the self-certainty of the
policy over the rationale tokens (mean KL of its next-token distribution from uniform). Only the policy's
sampler knows that distribution, so the caller computes ``s(r)`` (the verl plugin does, from top-k
log-probs: trainer_plugin/self_certainty.py) and sends it as ``context["rationale_self_certainty"]``; the
component is 0 when it is absent or the candidate is not a valid object.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import orjson
from pydantic import Field

from hrm_wire.errors import InvalidRequest
from judge_server.rules.base import RuleContext, RuleOutcome, rule
from judge_server.rules.other.rouge import rouge_l
from judge_server.rules.params import RuleParams, params_of, with_params

ACTION_TYPES = ("click", "type_and_submit", "terminate")


class ShopR1Params(RuleParams):
    """Reward schedule of the ``shop_r1_action`` rule (defaults: the paper's values)."""

    format_reward: float = Field(default=0.5, ge=0, description="Reward for a valid JSON object.")
    type_reward: float = Field(default=0.3, ge=0, description="Reward for the correct action type.")
    click_name_reward: float = Field(default=0.2, ge=0, description="click: the name is non-empty.")
    type_name_reward: float = Field(default=0.1, ge=0, description="type_and_submit: the name is non-empty.")
    type_text_reward: float = Field(default=0.1, ge=0, description="type_and_submit: the text is non-empty.")
    name_value_weight: float = Field(default=0.1, ge=0,
                                     description="type_and_submit: weight of ROUGE-L(name) (not DARS-scaled).")
    dars: float = Field(default=1000.0, ge=0,
                        description="Difficulty-aware reward scaling of long-text values: click name, "
                                    "type_and_submit text.")
    threshold: float = Field(default=0.75, ge=0, le=1,
                             description="ROUGE-L above which (strictly) a value reward is earned.")
    rationale_weight: float = Field(default=0.005, ge=0,
                                    description="alpha of Eq. 4: weight of the rationale's self-certainty s(r), read "
                                                "from context['rationale_self_certainty'].")
    require_rationale: bool = Field(default=True, description="A valid object needs a non-empty rationale string.")


@dataclass(frozen=True)
class Action:
    type: str
    name: str = ""
    text: str = ""


@dataclass
class ShopR1Score:
    """The reward of one candidate, by component, with what decided each part."""

    valid: bool
    predicted: Action | None
    reference: Action
    components: dict[str, float] = field(default_factory=dict)
    exact: bool = False
    notes: list[str] = field(default_factory=list)

    @property
    def total(self) -> float:
        return sum(self.components.get(k, 0.0) for k in ("format", "type", "attribute", "value", "rationale"))


def _field(obj: dict[str, Any], key: str) -> str | None:
    """A string sub-field ('' when absent or null); None when it has the wrong type."""
    value = obj.get(key)
    if value is None:
        return ""
    return value.strip() if isinstance(value, str) else None


def _action(obj: Any) -> tuple[Action | None, str]:
    if not isinstance(obj, dict):
        return None, "action is not an object"
    kind = obj.get("type")
    if kind not in ACTION_TYPES:
        return None, f"action type {kind!r} is not one of {list(ACTION_TYPES)}"
    name, text = _field(obj, "name"), _field(obj, "text")
    if name is None or text is None:
        return None, "action name/text must be strings"
    return Action(kind, name, text), ""


def parse_candidate(text: str, require_rationale: bool = True) -> tuple[Action | None, str]:
    """The predicted action, or None with the reason the candidate is not a valid object.

    Strict on purpose (the format reward exists to teach the format): the whole response, surrounding
    whitespace aside, must be one JSON object; code fences or chatter make it invalid.
    """
    try:
        obj = orjson.loads(text.strip())
    except orjson.JSONDecodeError:
        return None, "response is not a JSON object"
    if not isinstance(obj, dict):
        return None, "response is JSON but not an object"
    rationale = obj.get("rationale")
    if not isinstance(rationale, str) or (require_rationale and not rationale.strip()):
        return None, "missing or empty 'rationale' string"
    if "action" not in obj:
        return None, "missing 'action'"
    return _action(obj["action"])


def parse_reference(value: Any) -> Action:
    """The ground-truth action; a malformed reference is the caller's error (InvalidRequest)."""
    if isinstance(value, str):
        try:
            value = orjson.loads(value)
        except orjson.JSONDecodeError:
            raise InvalidRequest("reference: not a JSON action object", field="reference") from None
    if isinstance(value, dict) and "action" in value:
        value = value["action"]
    if value is None:
        raise InvalidRequest("reference: the shop_r1 pack needs the ground-truth action", field="reference")
    action, why = _action(value)
    if action is None:
        raise InvalidRequest(f"reference: {why}", field="reference")
    return action


_WS = re.compile(r"\s+")


def _norm(s: str) -> str:
    return _WS.sub(" ", s.strip().casefold())


def exact_match(pred: Action, ref: Action) -> bool:
    """Every relevant sub-field equal (case and whitespace folded)."""
    if pred.type != ref.type:
        return False
    if pred.type == "click":
        return _norm(pred.name) == _norm(ref.name)
    if pred.type == "type_and_submit":
        return _norm(pred.name) == _norm(ref.name) and _norm(pred.text) == _norm(ref.text)
    return True


def score_action(candidate: str, reference: Action, p: ShopR1Params | None = None,
                 self_certainty: float | None = None) -> ShopR1Score:
    p = p or ShopR1Params()
    pred, why = parse_candidate(candidate, p.require_rationale)
    out = ShopR1Score(valid=pred is not None, predicted=pred, reference=reference,
                      components={"format": 0.0, "type": 0.0, "attribute": 0.0, "value": 0.0, "rationale": 0.0})
    if pred is None:
        out.notes.append(f"invalid format: {why}")
        return out
    c = out.components
    c["format"] = p.format_reward
    if self_certainty is not None:
        c["rationale"] = p.rationale_weight * self_certainty
        out.notes.append(f"rationale self-certainty {self_certainty:.4f}: +{p.rationale_weight:g} x {self_certainty:.4f}")
    if pred.type != reference.type:
        out.notes.append(f"type {pred.type} != reference {reference.type}")
        return out
    c["type"] = p.type_reward
    out.exact = exact_match(pred, reference)

    def value(label: str, pred_s: str, ref_s: str, weight: float) -> None:
        if not pred_s:
            return
        sim = rouge_l(ref_s, pred_s)
        if sim > p.threshold:
            c["value"] += weight * sim
            out.notes.append(f"{label} ROUGE-L {sim:.4f} > {p.threshold:g}: +{weight:g} x {sim:.4f}")
        else:
            out.notes.append(f"{label} ROUGE-L {sim:.4f} <= {p.threshold:g}: no value reward")

    if pred.type == "click":
        if pred.name:
            c["attribute"] += p.click_name_reward
        else:
            out.notes.append("click without a name")
        value("name", pred.name, reference.name, p.dars)
    elif pred.type == "type_and_submit":
        c["attribute"] += (p.type_name_reward if pred.name else 0.0) + (p.type_text_reward if pred.text else 0.0)
        if not pred.name or not pred.text:
            out.notes.append("type_and_submit with an empty " + ("name" if not pred.name else "text"))
        value("name", pred.name, reference.name, p.name_value_weight)
        value("text", pred.text, reference.text, p.dars)
    return out


def label_components(pred: Action | None, ref: Action) -> dict[str, float]:
    """0/1 indicators of the predicted and reference action types, which the macro-F1 metric reads back
    from a result's components (an invalid prediction has every ``predicted_*`` at 0)."""
    out = {f"predicted_{t}": float(pred is not None and pred.type == t) for t in ACTION_TYPES}
    out.update({f"reference_{t}": float(ref.type == t) for t in ACTION_TYPES})
    return out


def _self_certainty(context: dict[str, Any]) -> float | None:
    value = context.get("rationale_self_certainty")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value or value < 0:
        raise InvalidRequest("context.rationale_self_certainty must be a finite number >= 0 (mean KL from "
                             "uniform over the rationale tokens)", field="context.rationale_self_certainty")
    return float(value)


@rule("shop_r1_action")
@with_params(ShopR1Params)
def shop_r1_action(ctx: RuleContext) -> RuleOutcome:
    """Shop-R1 reward of the predicted next action; passes on an exact action match."""
    p = params_of(ctx, ShopR1Params)
    ref = parse_reference(ctx.request.reference)
    s = score_action(ctx.request.response, ref, p, _self_certainty(ctx.request.context))
    total = s.total
    what = "exact match" if s.exact else ("valid, not exact" if s.valid else "invalid")
    reason = f"reward {total:.4f} ({what}" + "".join(f"; {n}" for n in s.notes) + ")"
    components = dict(s.components)
    components.update(label_components(s.predicted, ref))
    return RuleOutcome(passed=s.exact, reason=reason, evidence=s.notes, score=total, components=components)
