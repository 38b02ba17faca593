"""Domain objects: what a caller sends to be scored and what HRM returns.

These pydantic models are the one data model of HRM. The transports (HTTP JSON, gRPC protobuf),
the client, the store and the verl plugin all translate to and from them. ``hrm schema`` prints
their JSON schema.
"""

from __future__ import annotations

from enum import Enum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)


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


class RewardParams(_Strict):
    """HRM reward parameters (paper values as defaults)."""

    alpha: float = Field(default=0.5, ge=0, description="Weight of the L2 term in r_out = 1 + alpha * G_L2^k.")
    beta: float = Field(default=0.05, ge=0, description="Weight of the process reward in r = r_out + beta * r_proc.")
    eta: float = Field(default=0.7, ge=0, le=1, description="L2 threshold at or above which the process judge runs.")
    k: float = Field(default=5, gt=0, description="Exponent on G_L2.")


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


Source = Literal["rule", "llm", "hybrid", "skipped"]


class CheckResult(_Strict):
    """The verdict of one check (a rule, an LLM question, or both combined)."""

    id: str = Field(description="Check id from the rubric pack.")
    stage: str = Field(description="Stage the check belongs to (l1, l2, process, or a pack's own).")
    group: str | None = Field(default=None, description="Dimension the check rolls up into (L1 dimensions).")
    passed: bool | None = Field(default=None, description="Binary verdict; None when the check failed to run.")
    score: float | None = Field(default=None, description="Score in [0, 1] (1.0/0.0 for binary checks).")
    raw_score: float | None = Field(default=None, description="Score on the judge's own scale (e.g. 1-3).")
    reason: str = Field(default="", description="Why: the judge's reason or the rule's evidence.")
    evidence: list[str] = Field(default_factory=list, description="Facts a deterministic check found.")
    confidence: float = Field(default=1.0, ge=0, le=1, description="Confidence in the verdict (1.0 for rules).")
    source: Source = Field(default="rule", description="What decided the verdict.")
    attempts: int = Field(default=0, ge=0, description="LLM generations used (retries included).")
    cached: bool = Field(default=False, description="The LLM verdict came from the cache.")
    failed: bool = Field(default=False, description="The judge failed for this check (parse/engine failure).")
    failure: str | None = Field(default=None, description="Cause of the failure.")
    raw: str | None = Field(default=None, description="Raw grader text when parsing failed.")


class DimensionResult(_Strict):
    """An L1 dimension: passes only if every sub-check passes."""

    passed: bool | None = Field(default=None, description="Dimension verdict (None if its judge failed).")
    reason: str = Field(default="", description="Reason of the deciding sub-check.")
    confidence: float = Field(default=1.0, ge=0, le=1, description="Lowest confidence among its sub-checks.")
    checks: dict[str, CheckResult] = Field(default_factory=dict, description="Sub-checks by id.")


class L1Result(_Strict):
    """L1 gate G_L1 = product of the dimension verdicts."""

    passed: bool | None = Field(default=None, description="G_L1 as a boolean; None if undecided (judge failed).")
    dimensions: dict[str, DimensionResult] = Field(default_factory=dict,
                                                   description="product_correctness, text_relevance, description_faithfulness.")


class L2Result(_Strict):
    """L2 score G_L2 = fraction of rubric metrics passed."""

    score: float | None = Field(default=None, ge=0, le=1, description="G_L2; None when skipped or failed.")
    skipped: bool = Field(default=False, description="Not run (L1 failed).")
    rubrics: dict[str, CheckResult] = Field(default_factory=dict, description="Per-metric verdicts.")


class ProcessResult(_Strict):
    """Process score Score(A, O) of tool use."""

    score: float | None = Field(default=None, ge=0, le=1, description="r_proc before gating; None when skipped.")
    reason: str = Field(default="", description="Judge's reason.")
    skipped: bool = Field(default=False, description="Not run (gate closed or disabled).")
    skip_reason: str | None = Field(default=None, description="Why it was skipped.")
    check: CheckResult | None = Field(default=None, description="The underlying check.")


class Failure(_Strict):
    """Why a judgment failed."""

    stage: str = Field(description="Stage where the judge failed.")
    check: str | None = Field(default=None, description="Check id that failed.")
    cause: str = Field(description="Human-readable cause (parse failure, engine error, timeout).")
    raw: str | None = Field(default=None, description="Last raw grader output, if any.")


class ScoreResult(_Strict):
    """The judgment of one trajectory.

    ``reward`` is None when the judge failed: a failed judgment is never a silent reward of 0.
    """

    id: str | None = Field(default=None, description="The request's id.")
    rubric: str = Field(description="Rubric pack id.")
    rubric_version: str = Field(description="Content-derived version of the pack.")
    grader_model: str = Field(description="Grader model id.")
    reward: float | None = Field(default=None, description="Total reward r = r_out + beta * r_proc; None if judge_failed.")
    r_out: float | None = Field(default=None, description="Outcome reward.")
    r_proc: float | None = Field(default=None, description="Process reward after gating (0 when gated off).")
    l1: L1Result | None = Field(default=None, description="L1 gate (HRM packs).")
    l2: L2Result | None = Field(default=None, description="L2 score (HRM packs).")
    process: ProcessResult | None = Field(default=None, description="Process judgment (HRM packs).")
    components: dict[str, float] = Field(default_factory=dict, description="Per-component rewards (composed packs).")
    checks: dict[str, CheckResult] = Field(default_factory=dict, description="Every check that ran, by id.")
    reasoning_len: int = Field(default=0, ge=0, description="Reasoning length in whitespace tokens.")
    cached: bool = Field(default=False, description="Every LLM verdict came from the cache.")
    judge_failed: bool = Field(default=False, description="The judge failed; the reward is unusable.")
    failure: Failure | None = Field(default=None, description="Cause of the failure.")
    low_confidence: bool = Field(default=False, description="Some deciding check had low confidence: review first.")
    parse_attempts: int = Field(default=0, ge=0, description="Total LLM generations (retries included).")
    retries: int = Field(default=0, ge=0, description="Generations beyond the first per check.")
    llm_calls: int = Field(default=0, ge=0, description="LLM questions asked (cache hits included).")
    timings_ms: dict[str, float] = Field(default_factory=dict, description="Wall time per stage in milliseconds.")
    prompt_tokens: int = Field(default=0, ge=0, description="Prompt tokens sent to the engine (cache misses only).")
    cached_prompt_tokens: int = Field(default=0, ge=0, description="Prompt tokens served from the engine's prefix cache.")


class ItemError(_Strict):
    """A failed item inside a batch: the others carry on."""

    id: str | None = Field(default=None, description="Item id (or line number) that failed.")
    type: str = Field(description="Error type (see judge_server.errors).")
    message: str = Field(description="What was wrong.")
    field: str | None = Field(default=None, description="Offending field, when known.")


class RubricInfo(_Strict):
    """A loaded rubric pack, as listed by `hrm rubrics` and GET /v1/rubrics."""

    id: str
    version: str
    description: str
    composition: str
    checks: list[str]
