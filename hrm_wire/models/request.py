"""What a caller sends to be scored: the request, its trajectory steps and product records."""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Any, Literal

from pydantic import Field, field_validator

from hrm_wire.models.common import RewardParams, _Strict


class Category(str, Enum):
    """SmartShopBench query categories."""

    search_fuzzy = "search_fuzzy"
    search_multi_constraint = "search_multi_constraint"
    search_bundle = "search_bundle"
    search_general = "search_general"
    qa_compare = "qa_compare"
    qa_consultation = "qa_consultation"

    @classmethod
    def parse(cls, value: str) -> Category:
        """Accept the paper's spelling too ("Search-Multi-Constraint", "QA-Compare")."""
        return cls(value.strip().lower().replace("-", "_").replace(" ", "_"))


class Product(_Strict):
    """A product record as a tool returned it (or as a catalog supplies it)."""

    id: str = Field(description="Product id; shopping ids start with 'PD_'.")
    name: str = Field(default="", description="Product title.")
    price: float | None = Field(default=None, ge=0, description="Price in `currency`.")
    currency: str = Field(default="USD", description="ISO currency code of `price`.")
    category: str | None = Field(default=None, description="Product category, free text.")
    attributes: dict[str, Any] = Field(default_factory=dict,
                                       description="Named attributes (brand, size, weight, battery_hours, ...).")


class ReasoningStep(_Strict):
    """Free-text reasoning of the agent (think span)."""

    kind: Literal["reasoning"] = "reasoning"
    text: str = Field(description="Reasoning text.")


class ToolCallStep(_Strict):
    """A tool call the agent issued."""

    kind: Literal["tool_call"] = "tool_call"
    name: str = Field(min_length=1, description="Tool name, e.g. 'search_products'.")
    arguments: dict[str, Any] = Field(default_factory=dict, description="Tool arguments as a JSON object.")
    call_id: str | None = Field(default=None, description="Id linking the call to its observation.")


class ObservationStep(_Strict):
    """What a tool returned."""

    kind: Literal["observation"] = "observation"
    call_id: str | None = Field(default=None, description="Id of the tool call this answers.")
    content: str = Field(default="", description="Raw text of the tool result (may be empty).")
    products: list[Product] = Field(default_factory=list, description="Product records in the tool result.")


Step = Annotated[ReasoningStep | ToolCallStep | ObservationStep, Field(discriminator="kind")]


class ScoreOptions(_Strict):
    """Per-request options."""

    reward: RewardParams | None = Field(default=None, description="Override the pack's reward parameters.")
    use_cache: bool = Field(default=True, description="Read and write the judgment cache.")
    process_judge: bool = Field(default=True, description="Run the process judge when the gate allows it.")
    exhaustive: bool = Field(
        default=False, description="Evaluation mode: ask every L1 question and run L2 even when the gate is closed, "
                                   "so per-dimension and L2 statistics cover every response; the reward stays gated.")
    expect_cards: bool | None = Field(
        default=None, description="Whether product cards are expected; None lets HRM decide from the query.")


class ScoreRequest(_Strict):
    """One trajectory to score."""

    id: str | None = Field(default=None, max_length=256, description="Caller's id, echoed in the result.")
    query: str = Field(min_length=1, description="The user's query.")
    category: Category | None = Field(default=None, description="SmartShopBench category, if known.")
    trajectory: list[Step] = Field(default_factory=list,
                                   description="Reasoning, tool-call and observation steps in order.")
    response: str = Field(description="The agent's final response, with <product>PD_..</product> cards.")
    catalog: list[Product] | None = Field(
        default=None, description="Extra product records that card ids may refer to, beyond tool results.")
    reference: Any | None = Field(default=None,
                                  description="Reference answer for packs that judge against one (shop_r1, workflow_agent).")
    context: dict[str, Any] = Field(default_factory=dict,
                                    description="Pack-specific context (e.g. available tools, dialogue history).")
    rubric: str = Field(default="smartshop", min_length=1, description="Rubric pack id.")
    options: ScoreOptions = Field(default_factory=ScoreOptions, description="Per-request options.")

    @field_validator("category", mode="before")
    @classmethod
    def _category(cls, v: Any) -> Any:
        if isinstance(v, str) and v:
            try:
                return Category.parse(v)
            except ValueError:
                return v  # let pydantic report the allowed values
        return v or None

    def products(self) -> dict[str, Product]:
        """Every product the tools returned plus the catalog, by id (later records win)."""
        out: dict[str, Product] = {}
        for step in self.trajectory:
            if isinstance(step, ObservationStep):
                for p in step.products:
                    out[p.id] = p
        for p in self.catalog or []:
            out.setdefault(p.id, p)
        return out

    def tool_calls(self) -> list[ToolCallStep]:
        return [s for s in self.trajectory if isinstance(s, ToolCallStep)]

    def reasoning_text(self) -> str:
        return "\n".join(s.text for s in self.trajectory if isinstance(s, ReasoningStep))
