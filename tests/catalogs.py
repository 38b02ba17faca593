"""OpenAI-messages requests over real-shaped catalogs (ASIN, SKU, UUID ids), shared by the unit, transport and verl
tests of card ids (``tests/`` is on ``sys.path``)."""

from __future__ import annotations

import json
from typing import Any

CATALOGS: dict[str, list[dict[str, Any]]] = {
    "asin": [{"product_id": "B09JB8KPNW", "title": "AquaBeat Sport Earbuds", "price": 79.99, "brand": "Aqua",
              "water_resistance": "IPX7"},
             {"product_id": "B0C5RTQ2ZD", "title": "RunPods Pro", "price": 95.0, "brand": "Pace",
              "water_resistance": "IPX5"}],
    "sku": [{"sku": "SKU-48213-BLK", "name": "AquaBeat Sport Earbuds", "price": "$79.99", "brand": "Aqua"},
            {"sku": "SKU-77120-WHT", "name": "RunPods Pro", "price": "$95.00", "brand": "Pace"}],
    "uuid": [{"id": "3f2b8c1e-9d4a-4e6b-8f21-7c5d0a9e1b34", "title": "AquaBeat Sport Earbuds", "price": 79.99},
             {"id": "a71c0e52-2b3f-4d8e-9a6c-1e4f7b2d9c05", "title": "RunPods Pro", "price": 95.0}],
}


def ids(catalog: str) -> list[str]:
    return [r.get("product_id") or r.get("sku") or r["id"] for r in CATALOGS[catalog]]


def catalog_request(catalog: str, *, card_ids: list[str] | None = None, rid: str | None = None) -> dict[str, Any]:
    """A conversation whose tool returns the catalog's records and whose answer cards ``card_ids``."""
    first, second = card_ids or ids(catalog)
    answer = (f"For running in the rain, the AquaBeat Sport Earbuds ($79.99) are sealed against water. "
              f"<product>{first}</product>\n\nThe RunPods Pro ($95) fit more securely but cost more. "
              f"<product>{second}</product>\n\nPick the AquaBeat if rain is the main worry.")
    call = {"id": "c1", "type": "function",
            "function": {"name": "search_products", "arguments": json.dumps({"query": "waterproof earbuds"})}}
    return {"id": rid or f"{catalog}-1", "rubric": "smartshop", "category": "Search-Multi-Constraint",
            "messages": [{"role": "user", "content": "Waterproof earbuds for running, under $100?"},
                         {"role": "assistant", "content": None, "tool_calls": [call]},
                         {"role": "tool", "tool_call_id": "c1", "content": json.dumps(CATALOGS[catalog])},
                         {"role": "assistant", "content": answer}]}
