"""Rubric packs: YAML data validated at load time, each with a content-derived version.

A pack is a list of *checks*. A check has a deterministic part (a registered rule, no LLM call), an
LLM part (one narrow question with a JSON or line-format answer), or both, and a policy that combines
them under a registered *combine policy* (``judge_server.checks.combine``). The pack's *composition*, a registered
name (``judge_server.compositions``: ``hrm``: L1 gate -> L2 -> process; ``weighted``: a weighted sum with
optional gates), turns check verdicts into a reward and validates the pack's layout of stages. See
judge_server/packs/builtin/README.md for the format.
"""

from __future__ import annotations

import hashlib
import re
from functools import cached_property
from typing import Annotated, Any, Literal, Protocol

import orjson
from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from hrm_wire.models import RewardParams
from judge_server.packs.cards import DEFAULT_SYNTAX, CardSyntax

#: per-sample material a question may include, rendered last and delimited as untrusted data
InputName = Literal["query", "response", "products", "product", "paragraph", "tool_calls", "observations",
                    "trajectory", "reference", "context", "candidate"]
#: one key of a dict-valued context or reference, rendered as its own block (e.g. context.tools)
SubInput = Annotated[str, Field(pattern=r"^(context|reference)\.[A-Za-z_][A-Za-z0-9_]*$")]
#: facts of a sample computed in code that a binary question's answer can be compared with (``agree_with``)
SampleFact = Literal["cards_shown"]
#: fields removed from the format, with what replaced them (a pack still carrying one gets a clear error)
REMOVED_QUESTION_FIELDS = {
    "min_fail_confidence": "it was removed: an unsure grader verdict no longer passes; the judge abstains instead "
                           "when the grader is below its calibrated confidence threshold for the check "
                           "(hrm calibrate --fit; see judge_server/packs/builtin/README.md, 'Three-valued verdicts'). Delete the key",
}

class PackNames(Protocol):
    """What validating a pack needs to know of the registries (combine policies, compositions, screens).

    ``judge_server.packs.loader`` passes one as pydantic's validation context, so this module imports no
    registry (the registries' modules import these types); a pack validated without one is checked for its
    own shape only.
    """

    def combine_needs(self, name: str) -> tuple[bool, bool]:
        """(needs a rule, needs an LLM question) of a registered combine policy; ValueError if unknown."""
        ...

    def check_composition(self, kind: str) -> None:
        """ValueError naming the registered compositions if ``kind`` is not one."""
        ...

    def check_layout(self, pack: RubricPack) -> None:
        """ValueError if the pack's checks do not fit its composition (stages, groups)."""
        ...

    def check_screen(self, name: str, params: dict[str, Any]) -> None:
        """ValueError if no screen is registered as ``name`` or its parameters are bad."""
        ...


def _names(info: ValidationInfo) -> PackNames | None:
    context = info.context
    return context if context is not None else None


class _Pack(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ScreenSpec(_Pack):
    """Code that settles plain "yes" answers of a per-product question before the grader is asked."""

    name: str = Field(description="Registered screen (judge_server.checks.screens), e.g. kind_similarity.")
    params: dict[str, Any] = Field(default_factory=dict, description="Parameters passed to the screen.")

    @model_validator(mode="after")
    def _known(self, info: ValidationInfo) -> ScreenSpec:
        if (names := _names(info)) is not None:
            names.check_screen(self.name, self.params)  # unknown names and bad parameters fail at load
        return self


class LLMQuestion(_Pack):
    """One narrow question to the grader."""

    prompt: str = Field(min_length=10, description="The question and its criteria (static text).")
    answer: Literal["binary", "scale", "line"] = Field(
        default="binary", description="binary: JSON yes/no; scale: JSON integer score; line: 'Reason:'/'Score:' lines.")
    scale: tuple[int, int] = Field(default=(0, 1), description="Inclusive score range for scale/line answers.")
    pass_threshold: float = Field(default=0.5, ge=0, le=1,
                                  description="Normalised score at or above which a scaled answer passes.")
    pass_examples: list[str] = Field(default_factory=list, description="Short examples that pass.")
    fail_examples: list[str] = Field(default_factory=list, description="Short examples that fail.")
    inputs: list[InputName | SubInput] = Field(
        default_factory=lambda: ["query", "response"],
        description="Per-sample blocks appended after the static text, in order; 'context.<key>' or "
                    "'reference.<key>' renders one key of a dict-valued context or reference.")
    per_product: bool = Field(default=False,
                              description="Ask once per recommended product (inputs may use product/paragraph).")
    max_tokens: int = Field(default=96, ge=1, le=2048, description="Generation cap.")
    reason_chars: int = Field(default=160, ge=0, le=1000, description="Cap on the reason's length.")
    line_order: Literal["reason_first", "score_first"] = Field(
        default="reason_first",
        description="Line answers: which line comes first. score_first keeps the score within reach of "
                    "max_tokens when a small grader writes long reasons.")
    screen: ScreenSpec | None = Field(
        default=None,
        description="Per-product binary questions: a registered screen answers the products whose answer is "
                    "plainly 'yes' in code (never 'no'); only the others are asked.")
    joint: bool = Field(
        default=False,
        description="Per-product binary questions: ask once for all the products the screen leaves, one verdict "
                    "per product in one JSON object (fewer calls; measure agreement first: research/bench/bench_joint.py).")
    agree_with: SampleFact | None = Field(
        default=None,
        description="Binary answers: the check passes when the grader's yes/no equals this fact of the sample, "
                    "computed in code (cards_shown: the response shows at least one product card). The grader "
                    "classifies (e.g. 'does the query call for products?'), code checks the response.")

    @model_validator(mode="before")
    @classmethod
    def _removed(cls, data: Any) -> Any:
        if isinstance(data, dict):
            for key, why in REMOVED_QUESTION_FIELDS.items():
                if key in data:
                    raise ValueError(f"{key}: {why}")
        return data

    @model_validator(mode="after")
    def _check(self) -> LLMQuestion:
        lo, hi = self.scale
        if self.answer != "binary" and lo >= hi:
            raise ValueError(f"scale must be (low, high) with low < high, got {self.scale}")
        if ("product" in self.inputs or "paragraph" in self.inputs) and not self.per_product:
            raise ValueError("inputs 'product'/'paragraph' need per_product: true")
        if self.agree_with is not None and self.answer != "binary":
            raise ValueError("agree_with needs a binary answer")
        if self.screen is not None and not (self.per_product and self.answer == "binary"
                                            and self.agree_with is None):
            raise ValueError("screen needs a per_product binary question without agree_with")
        if self.joint and not (self.per_product and self.answer == "binary" and self.agree_with is None):
            raise ValueError("joint needs a per_product binary question without agree_with")
        return self


class CheckSpec(_Pack):
    """One check of a pack."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$", description="Unique id within the pack.")
    title: str = Field(default="", description="Human-readable name.")
    stage: str = Field(description="Stage: l1, l2, process (hrm packs) or any name (weighted packs).")
    group: str | None = Field(default=None, description="Dimension it rolls up into (L1 dimensions).")
    rule: str | None = Field(default=None, description="Registered deterministic rule (judge_server.rules.base).")
    params: dict[str, Any] = Field(default_factory=dict, description="Parameters passed to the rule.")
    llm: LLMQuestion | None = Field(default=None, description="LLM question, if any.")
    combine: str | None = Field(
        default=None,
        description="Registered combine policy (judge_server.checks.combine): rule_veto (a sure rule failure decides, "
                    "else the LLM), rule_if_applicable (a sure rule verdict decides, else the LLM), both (both must "
                    "pass), rule_only, llm_only. Default: the only part present, or rule_veto.")
    weight: float = Field(default=1.0, ge=0, description="Weight in a weighted composition.")

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> CheckSpec:
        if self.rule is None and self.llm is None:
            raise ValueError(f"check {self.id!r} needs a rule, an llm question, or both")
        if self.combine is None:
            self.combine = "rule_only" if self.llm is None else "llm_only" if self.rule is None else "rule_veto"
        if (names := _names(info)) is None:
            return self
        needs_rule, needs_llm = names.combine_needs(self.combine)
        if needs_rule and needs_llm and (self.rule is None or self.llm is None):
            raise ValueError(f"check {self.id!r}: combine {self.combine!r} needs both a rule and an llm question")
        if needs_rule and self.rule is None:
            raise ValueError(f"check {self.id!r}: {self.combine} without a rule")
        if needs_llm and self.llm is None:
            raise ValueError(f"check {self.id!r}: {self.combine} without an llm question")
        return self

    @field_validator("combine")
    @classmethod
    def _known_policy(cls, v: str | None, info: ValidationInfo) -> str | None:
        if v is not None and (names := _names(info)) is not None:
            names.combine_needs(v)
        return v


class Composition(_Pack):
    """How check verdicts become a reward."""

    kind: str = Field(description="Registered composition (judge_server.compositions): hrm: gated L1/L2/process; "
                                  "weighted: sum of weights * scores; rubric_items: a request's own rubric items.")
    reward: RewardParams = Field(default_factory=RewardParams, description="HRM parameters (kind hrm).")
    l1_dimensions: list[str] = Field(default_factory=lambda: ["product_correctness", "text_relevance",
                                                              "description_faithfulness"],
                                     description="L1 dimensions (kind hrm); each check's group names one.")
    gates: list[str] = Field(default_factory=list,
                             description="Checks that must pass or the reward is 0 (kind weighted).")
    max_abstained_share: float = Field(
        default=0.25, ge=0, le=1,
        description="Kind rubric_items: the result abstains when undecided items hold more than this share of the "
                    "applicable items' total |weight| (an undecided veto item always abstains it).")

    @field_validator("kind")
    @classmethod
    def _registered(cls, v: str, info: ValidationInfo) -> str:
        if (names := _names(info)) is not None:
            names.check_composition(v)
        return v


class Cards(_Pack):
    """How the pack's responses show products: ``<tag>ID</tag>``, or a bundle ``<tag>ID1,ID2</tag>``."""

    tag: str = Field(default="product", pattern=r"^[A-Za-z][A-Za-z0-9_-]*$", description="The card's element name.")
    id_pattern: str = Field(
        default=DEFAULT_SYNTAX.id_pattern,
        description="Regular expression an id must fully match when no product record of the request carries it "
                    "(an id a record carries is always valid: a catalog's own ids need no setting). A specific "
                    "pattern (smartshop: PD_...) also finds ids written outside a card.")
    separator: str = Field(default=",", min_length=1, max_length=3, description="Between the ids of a bundle card.")

    @field_validator("id_pattern")
    @classmethod
    def _compiles(cls, v: str) -> str:
        try:
            re.compile(v)
        except re.error as exc:
            raise ValueError(f"not a regular expression: {exc}") from None
        return v

    def syntax(self) -> CardSyntax:
        return CardSyntax(tag=self.tag, id_pattern=self.id_pattern, separator=self.separator)


class RubricPack(_Pack):
    """A rubric pack file."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$", description="Pack id used in requests.")
    description: str = Field(description="What the pack judges.")
    system: str = Field(default="", description="System prompt shared by every question of the pack.")
    composition: Composition = Field(description="How verdicts become a reward.")
    checks: list[CheckSpec] = Field(min_length=1, description="The checks, in evaluation order.")
    cards: Cards = Field(default_factory=Cards, description="How responses show products (product cards).")
    context_keys: list[str] = Field(
        default_factory=list,
        description="Keys of a request's `context` the pack's rules read, which a trainer plugin computes from the "
                    "rollout when it can (listed in GET /v1/rubrics).")

    @model_validator(mode="after")
    def _check(self, info: ValidationInfo) -> RubricPack:
        ids = [c.id for c in self.checks]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"duplicate check ids: {dupes}")
        if (names := _names(info)) is not None:
            names.check_layout(self)
        for g in self.composition.gates:
            if g not in ids:
                raise ValueError(f"gate {g!r} is not a check id")
        return self

    @cached_property
    def version(self) -> str:
        """Content hash of the validated pack (not of the file's formatting)."""
        canon = orjson.dumps(self.model_dump(mode="json"), option=orjson.OPT_SORT_KEYS)
        return hashlib.sha256(canon).hexdigest()[:12]

    def stage(self, name: str) -> list[CheckSpec]:
        return [c for c in self.checks if c.stage == name]
