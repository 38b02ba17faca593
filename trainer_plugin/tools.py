"""verl tools of the shopping-agent recipe: ``product_search`` and ``product_detail`` over a local catalog.

Both are verl ``BaseTool`` subclasses (stateless, so ``create``/``release`` are the base class's), declared in
``trainer_plugin/recipe/tools.yaml`` and loaded by ``actor_rollout_ref.rollout.multi_turn.tool_config_path``.
The catalog is a JSONL file of product records (``id``, ``name``, ``price``, ``category``, ``attributes``;
any record HRM accepts, see hrm_wire/chat.py). Outputs are JSON ``{"products": [...]}``, which HRM reads
as product records from the tool messages, so the judge checks the policy's cards against what its own
tools returned.

Adding ``web_search`` / ``python_execute``: write a ``BaseTool`` subclass (or a ``@function_tool`` function,
``multi_turn.function_tool_path``) and add an entry to the YAML. verl's sandbox-fusion tool
(``verl.tools.sandbox_fusion_tools.SandboxFusionTool``, when your verl ships it) runs code; a web search
tool wraps your search API. Their outputs reach HRM as observations; they carry no product records unless
their JSON has records with an id (or the tool is left out of ``options.products.tools``).
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from verl.tools.base_tool import BaseTool
from verl.tools.schemas import OpenAIFunctionToolSchema, ToolResponse

from hrm_wire.chat import normalize_product

_WORD = re.compile(r"[a-z0-9]+")

SEARCH_SCHEMA = {
    "type": "function",
    "function": {
        "name": "product_search",
        "description": "Search the product catalog. Returns matching products with id, name, price and attributes.",
        "parameters": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "What to look for, in words."},
                "max_price": {"type": "number", "description": "Highest price to include."},
                "min_price": {"type": "number", "description": "Lowest price to include."},
                "category": {"type": "string", "description": "Only this category."},
                "attributes": {"type": "object",
                               "description": "Attribute filters: {name: value} (text equal) or {name: {min, max}}."},
                "limit": {"type": "integer", "description": "Most results to return (default 5)."},
            },
            "required": ["query"],
        },
    },
}

DETAIL_SCHEMA = {
    "type": "function",
    "function": {
        "name": "product_detail",
        "description": "Full record of one product by id.",
        "parameters": {"type": "object", "properties": {"product_id": {"type": "string"}},
                       "required": ["product_id"]},
    },
}


@lru_cache(maxsize=8)
def load_catalog(path: str) -> tuple[dict[str, Any], ...]:
    """Normalised records of a JSONL catalog (cached per process: every rollout worker reads it once)."""
    records = []
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip():
            try:
                records.append(normalize_product(json.loads(line)))
            except ValueError as exc:
                raise ValueError(f"{path}:{n}: {exc}") from None
    return tuple(records)


def _words(value: Any) -> set[str]:
    return set(_WORD.findall(json.dumps(value, ensure_ascii=False).lower()))


def _attr_ok(record: dict[str, Any], name: str, want: Any) -> bool:
    have = record["attributes"].get(name)
    if isinstance(want, dict):
        if not isinstance(have, (int, float)):
            return False
        return want.get("min", have) <= have <= want.get("max", have)
    return str(have).casefold() == str(want).casefold()


def search(records: tuple[dict[str, Any], ...], query: str, *, max_price: float | None = None,
           min_price: float | None = None, category: str | None = None,
           attributes: dict[str, Any] | None = None, limit: int = 5) -> list[dict[str, Any]]:
    """Records passing every filter, ranked by words shared with the query (then price, then id)."""
    q = _words(query)
    hits = []
    for r in records:
        price = r.get("price")
        if max_price is not None and (price is None or price > max_price):
            continue
        if min_price is not None and (price is None or price < min_price):
            continue
        if category and str(r.get("category", "")).casefold() != category.casefold():
            continue
        if attributes and not all(_attr_ok(r, k, v) for k, v in attributes.items()):
            continue
        overlap = len(q & _words([r.get("name"), r.get("category"), r["attributes"]]))
        if overlap or not q:
            hits.append((-overlap, price if price is not None else float("inf"), r["id"], r))
    return [h[-1] for h in sorted(hits, key=lambda h: h[:3])[:max(1, min(int(limit), 20))]]


class _CatalogTool(BaseTool):
    default_schema: dict[str, Any] = {}

    def __init__(self, config: dict, tool_schema: OpenAIFunctionToolSchema | None = None) -> None:
        super().__init__(config, tool_schema or OpenAIFunctionToolSchema.model_validate(self.default_schema))
        path = config.get("catalog_path")
        if not path:
            raise ValueError(f"{self.name}: config.catalog_path (a JSONL product catalog) is required")
        self.catalog_path = str(Path(path).expanduser())
        self.default_limit = int(config.get("max_results", 5))

    def records(self) -> tuple[dict[str, Any], ...]:
        return load_catalog(self.catalog_path)


class ProductSearchTool(_CatalogTool):
    """``product_search(query, max_price?, min_price?, category?, attributes?, limit?)``."""

    default_schema = SEARCH_SCHEMA

    async def execute(self, instance_id: str, parameters: dict[str, Any], **kwargs: Any) -> tuple[ToolResponse, float, dict]:
        query = parameters.get("query")
        if not isinstance(query, str):
            return ToolResponse(text=json.dumps({"error": "query (text) is required", "products": []})), 0.0, {}
        try:
            found = search(self.records(), query, max_price=parameters.get("max_price"),
                           min_price=parameters.get("min_price"), category=parameters.get("category"),
                           attributes=parameters.get("attributes") or None,
                           limit=parameters.get("limit", self.default_limit))
        except (TypeError, ValueError) as exc:  # a policy's malformed filter is its own mistake, shown to it
            return ToolResponse(text=json.dumps({"error": f"bad filter: {exc}", "products": []})), 0.0, {}
        return ToolResponse(text=json.dumps({"products": found}, ensure_ascii=False)), 0.0, {"hits": len(found)}


class ProductDetailTool(_CatalogTool):
    """``product_detail(product_id)``: the full record, or an error naming the unknown id."""

    default_schema = DETAIL_SCHEMA

    async def execute(self, instance_id: str, parameters: dict[str, Any], **kwargs: Any) -> tuple[ToolResponse, float, dict]:
        pid = str(parameters.get("product_id", ""))
        for r in self.records():
            if r["id"] == pid:
                return ToolResponse(text=json.dumps({"products": [r]}, ensure_ascii=False)), 0.0, {}
        return ToolResponse(text=json.dumps({"error": f"no product {pid!r}", "products": []})), 0.0, {}
