"""What a caller sends to be scored: the request, its trajectory steps and product records."""

from __future__ import annotations

import re
from enum import Enum
from typing import Annotated, Any, Literal

from pydantic import Discriminator, Field, Tag, ValidationError, field_validator, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from hrm_wire.chat import (
    ProductMapping,
    ShapeError,
    _arguments,
    content_text,
    from_messages,
    mapping_from,
    normalize_product,
    products_in_output,
)
from hrm_wire.models.common import RewardParams, _Strict
from hrm_wire.models.items import RubricItem, check_items

_CARD = re.compile(r"<product>(.*?)</product>", re.S)
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
#: bound on ``options.group`` (a verl uid is a 36-character UUID)
GROUP_MAX_CHARS = 256


def _invalid(title: str, err: ShapeError, data: Any) -> ValidationError:
    """A ValidationError at ``err.loc`` whose message is ours (how to fix it), not pydantic's."""
    return ValidationError.from_exception_data(title, [InitErrorDetails(
        type=PydanticCustomError("invalid_request", "{message}", {"message": err.message}), loc=err.loc, input=data)])


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
    """A product record as a tool returned it (or as a catalog supplies it).

    Permissive on input: ``title`` is the name, ``product_id``/``sku``/``asin`` the id, a price may be
    numeric text, and ``brand`` and every unknown field are kept in ``attributes`` (field names per request:
    ``options.products``; see hrm_wire/chat.py). A record without an id is an error.
    """

    id: str = Field(description="Product id; shopping ids start with 'PD_'.")
    name: str = Field(default="", description="Product title.")
    price: float | None = Field(default=None, ge=0, description="Price in `currency`.")
    currency: str = Field(default="USD", description="ISO currency code of `price`.")
    category: str | None = Field(default=None, description="Product category, free text.")
    attributes: dict[str, Any] = Field(default_factory=dict,
                                       description="Named attributes (brand, size, weight, battery_hours, ...).")

    @model_validator(mode="before")
    @classmethod
    def _permissive(cls, data: Any) -> Any:
        if isinstance(data, dict):
            try:
                return normalize_product(data)
            except ShapeError as err:
                raise PydanticCustomError("invalid_request", "{message}", {"message": err.message}) from None
        return data


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

    @field_validator("arguments", mode="before")
    @classmethod
    def _json_arguments(cls, v: Any) -> Any:
        # OpenAI-style arguments arrive as a JSON string; text that is not an object is kept under _raw.
        return _arguments(v) if not isinstance(v, dict) else v


class ObservationStep(_Strict):
    """What a tool returned."""

    kind: Literal["observation"] = "observation"
    call_id: str | None = Field(default=None, description="Id of the tool call this answers.")
    content: str = Field(default="", description="Raw text of the tool result (may be empty). JSON text holding "
                                                 "product records fills `products` when that is empty.")
    products: list[Product] = Field(default_factory=list, description="Product records in the tool result.")

    @field_validator("content", mode="before")
    @classmethod
    def _text(cls, v: Any) -> Any:
        return content_text(v) if not isinstance(v, str) else v


STEP_KINDS = ("reasoning", "tool_call", "observation")


def _step_kind(v: Any) -> str | None:
    kind = v.get("kind") if isinstance(v, dict) else getattr(v, "kind", None)
    return kind if kind in STEP_KINDS else None


Step = Annotated[
    Annotated[ReasoningStep, Tag("reasoning")] | Annotated[ToolCallStep, Tag("tool_call")]
    | Annotated[ObservationStep, Tag("observation")],
    Discriminator(_step_kind, custom_error_type="invalid_request",
                  custom_error_message="each step needs kind: reasoning | tool_call | observation "
                                       "(e.g. {\"kind\": \"tool_call\", \"name\": \"search\", \"arguments\": {}})"),
]


class ScoreOptions(_Strict):
    """Per-request options."""

    reward: RewardParams | None = Field(default=None, description="Override the pack's reward parameters.")
    use_cache: bool = Field(default=True, description="Read and write the judgment cache.")
    process_judge: bool = Field(default=True, description="Run the process judge when the gate allows it.")
    exhaustive: bool = Field(
        default=False, description="Evaluation mode: ask every L1 question and run L2 even when the gate is closed, "
                                   "so per-dimension and L2 statistics cover every response; the reward stays gated.")
    ask_all: bool = Field(
        default=False, description="Ask every question of the pack whatever the gates say (implies exhaustive L1): "
                                   "one round exports all of a judgment's questions to an offline grader (engine "
                                   "kind batch), and a calibration run observes every check. The reward still "
                                   "follows the gates.")
    expect_cards: bool | None = Field(
        default=None, description="Whether product cards are expected; None lets HRM decide from the query.")
    products: ProductMapping = Field(
        default_factory=ProductMapping,
        description="Where product records are in tool outputs and what their fields are called (tools, id_fields, "
                    "name_fields, price_fields, brand_fields, record_keys).")
    group: str | None = Field(
        default=None, min_length=1, max_length=GROUP_MAX_CHARS, pattern=r"^[^\x00-\x1f\x7f]+$",
        description="Rollout group key, e.g. verl's `uid` (shared by the rollouts of one prompt). The service sends "
                    "every grader question of one group to the same grader replica when `group_affinity` is on, so "
                    "the material the group shares is prefilled once there. Absent: a hash of rubric, query and "
                    "catalog. At most 256 characters, no control characters; it never changes the reward.")


class ScoreRequest(_Strict):
    """One trajectory to score."""

    id: str | None = Field(default=None, max_length=256, description="Caller's id, echoed in the result.")
    query: str = Field(min_length=1, description="The user's query (derived from `messages` when absent).")
    category: Category | str | None = Field(
        default=None, max_length=64,
        description="The query's category, if known: any label of your own taxonomy (at most 64 characters). The six "
                    "SmartShopBench categories (either spelling, e.g. search_fuzzy or Search-Fuzzy) are recognised "
                    "and drive smartshop's card rules; other labels are kept for reports and the review filters.")
    messages: list[dict[str, Any]] | None = Field(
        default=None,
        description="Input only: an OpenAI chat conversation (system/user/assistant with tool_calls/tool). HRM "
                    "derives query, trajectory, response and catalog from it at validation (see hrm_wire/chat.py); "
                    "the validated request holds those fields and messages is null. Give either this or trajectory.")
    trajectory: list[Step] = Field(default_factory=list,
                                   description="Reasoning, tool-call and observation steps in order.")
    response: str = Field(description="The agent's final response, with <product>PD_..</product> cards.")
    catalog: list[Product] | None = Field(
        default=None, description="Extra product records that card ids may refer to, beyond tool results.")
    reference: Any | None = Field(default=None,
                                  description="Reference answer for packs that judge against one (shop_r1, workflow_agent).")
    context: dict[str, Any] = Field(default_factory=dict,
                                    description="Pack-specific context (e.g. available tools, dialogue history).")
    rubric: str = Field(default="smartshop", min_length=1,
                        description="Rubric pack id (default smartshop; `items` when `rubric_items` are given). A "
                                    "list here is read as `rubric_items`, as rubric datasets name that column.")
    rubric_items: list[RubricItem] | None = Field(
        default=None,
        description="The request's own rubric, one narrow question per item (packs of composition rubric_items, "
                    "e.g. `items`). Rubrics as Rewards `{title, description, weight}`, RLCF `(question, "
                    "importance)` and verifiers `{name, text, weight, choices}` items are read too.")
    options: ScoreOptions = Field(default_factory=ScoreOptions, description="Per-request options.")

    @model_validator(mode="before")
    @classmethod
    def _derive(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        try:
            return _derive_fields(data)
        except ShapeError as err:
            raise _invalid(cls.__name__, err, data) from None

    @model_validator(mode="after")
    def _cards_need_records(self) -> ScoreRequest:
        # A card with no record anywhere cannot be judged: scoring it would read as a hallucinating agent
        # (reward 0, "card matches no product record") when the caller only left the records out.
        ids = [i.strip() for m in _CARD.finditer(self.response) for i in m.group(1).split(",") if i.strip()]
        if ids and not self.products():
            shown = ", ".join(dict.fromkeys(ids))
            raise _invalid(type(self).__name__, ShapeError(("catalog",), (
                f"the response shows product cards ({shown}) but the request holds no product records, so HRM "
                "cannot check them: send the tool outputs that returned them (trajectory observation `products`, "
                "JSON product records in an observation's `content`, or `messages` with the tool messages), or "
                "the records in `catalog`")), self)
        return self

    @field_validator("rubric_items")
    @classmethod
    def _items(cls, v: list[RubricItem] | None) -> list[RubricItem] | None:
        return check_items(v) if v is not None else None

    @field_validator("category", mode="before")
    @classmethod
    def _category(cls, v: Any) -> Any:
        if isinstance(v, str) and v.strip():
            try:
                return Category.parse(v)
            except ValueError:
                if _CONTROL.search(v):
                    raise ValueError("category must be printable text (no control characters)") from None
                return v.strip()  # a team's own taxonomy
        return v or None

    def category_label(self) -> str | None:
        """The category as text (a SmartShopBench category's canonical spelling)."""
        return self.category.value if isinstance(self.category, Category) else self.category

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


_FIELDS = ("id", "query", "category", "messages", "trajectory", "response", "catalog", "reference", "context",
           "rubric", "rubric_items", "options")
#: the pack a request with rubric items and no ``rubric`` is judged by
ITEMS_PACK = "items"


def _derive_fields(data: dict[str, Any]) -> dict[str, Any]:
    """Messages -> trajectory fields, product records found in tool outputs, hints for common mistakes."""
    unknown = [k for k in data if k not in _FIELDS]
    if unknown:
        raise ShapeError((unknown[0],), f"unknown field {unknown[0]!r}; a request has the fields {list(_FIELDS)} "
                                        "(tool steps go in `trajectory` or `messages`, extras in `context`)")
    data = dict(data)
    if isinstance(data.get("rubric"), list):  # a rubric dataset's column: the items themselves
        if data.get("rubric_items") is not None:
            raise ShapeError(("rubric",), "`rubric` is a list of items and `rubric_items` is given too: give the "
                                          "items once, and `rubric` as the pack id (e.g. items)")
        data["rubric_items"] = data.pop("rubric")
    if data.get("rubric_items") is not None and data.get("rubric") is None:
        data["rubric"] = ITEMS_PACK
    options = data.get("options")
    mapping = mapping_from(options.get("products") if isinstance(options, dict)
                           else getattr(options, "products", None))
    catalog = data.get("catalog")
    if data.get("messages") is not None:
        if data.get("trajectory"):
            raise ShapeError(("messages",), "give either `messages` (OpenAI chat format) or `trajectory` "
                                            "(HRM steps), not both")
        derived = from_messages(data["messages"], mapping, need_response=data.get("response") is None)
        for key in ("query", "response"):
            if not data.get(key) and derived.get(key) is not None:
                data[key] = derived[key]
        data["trajectory"] = derived["trajectory"]
        if derived["catalog"]:
            catalog = [*(catalog or []), *derived["catalog"]]
        data["messages"] = None
    trajectory = data.get("trajectory")
    if isinstance(trajectory, str):
        raise ShapeError(("trajectory",), "trajectory must be a list of steps, not text; each step needs kind: "
                                          "reasoning | tool_call | observation")
    if isinstance(trajectory, list):
        data["trajectory"] = _observations_with_products(trajectory, mapping)
    if isinstance(catalog, list):
        catalog = [normalize_product(p, mapping, ("catalog", i)) if isinstance(p, dict) else p
                   for i, p in enumerate(catalog)]
    if catalog is not None:
        data["catalog"] = catalog
    if not data.get("query") and "query" not in data:
        raise ShapeError(("query",), "query is required: the user's request text (or give `messages`, whose last "
                                     "user message is the query)")
    if data.get("response") is None:
        raise ShapeError(("response",), "response is required: the agent's final answer text with "
                                        "<product>PD_..</product> cards (or give `messages` ending with an assistant "
                                        "message without tool_calls)")
    return data


def _observations_with_products(steps: list[Any], mapping: ProductMapping) -> list[Any]:
    names: dict[str, str] = {}
    last_call: str | None = None
    out: list[Any] = []
    for i, step in enumerate(steps):
        if not isinstance(step, dict):
            out.append(step)
            continue
        if step.get("kind") == "tool_call" and isinstance(step.get("name"), str):
            last_call = step["name"]
            if step.get("call_id"):
                names[str(step["call_id"])] = step["name"]
        if step.get("kind") == "observation":
            step = dict(step)
            tool = names.get(str(step.get("call_id"))) if step.get("call_id") else last_call
            products = step.get("products")
            if isinstance(products, list) and products:
                step["products"] = [normalize_product(p, mapping, ("trajectory", i, "products", j))
                                    if isinstance(p, dict) else p for j, p in enumerate(products)]
            elif step.get("content") not in (None, ""):
                step["products"] = products_in_output(step["content"], mapping, tool, ("trajectory", i))
        out.append(step)
    return out
