"""Small constructors for trajectory steps and product records, so items stay readable."""

from __future__ import annotations

from typing import Any


def P(pid: str, name: str, price: float, **attributes: Any) -> dict[str, Any]:
    """A product record as product_search returns it."""
    return {"id": pid, "name": name, "price": price, "attributes": attributes}


def think(text: str) -> dict[str, Any]:
    return {"kind": "reasoning", "text": text}


def call(cid: str, name: str, **arguments: Any) -> dict[str, Any]:
    return {"kind": "tool_call", "name": name, "arguments": arguments, "call_id": cid}


def obs(cid: str, content: str = "", products: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"kind": "observation", "call_id": cid, "content": content, "products": products or []}


def search(cid: str, products: list[dict[str, Any]], **arguments: Any) -> list[dict[str, Any]]:
    """A product_search call and its observation."""
    return [call(cid, "product_search", **arguments),
            obs(cid, f"{len(products)} products found", products)]
