"""The GRPO example's task: pick a product from search results that keeps the user's budget, as a product card.

Each row is TRL-conversational: ``prompt`` (a system message holding the search results, and the user's request)
and ``label`` (what HRM needs to check the answer: the results as the request's catalog, the pack, and that a card
is due). Seeded, so a run is reproducible.
"""

from __future__ import annotations

import random
from typing import Any

KINDS = ["kettle", "toaster", "desk lamp", "backpack", "umbrella", "headphones", "keyboard", "water bottle",
         "rain jacket", "running shoes", "camping tent", "skillet", "teapot", "pillow", "blender", "tripod"]
BRANDS = ["Acme", "Northwind", "Globex", "Initech", "Umbra", "Vela", "Kestrel", "Orbit"]
SYSTEM = ("You are a shopping assistant. Recommend exactly one product from the search results that fits the "
          "user's budget, and show it as a product card: <product>ID</product> with its id from the results, "
          "for example <product>PD_1001</product>. Keep the answer to one or two sentences.\n\nSearch results:\n")


def make_rows(n: int, seed: int = 0) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        kind = KINDS[i % len(KINDS)]
        cap = rng.choice([30, 40, 50, 60, 80, 100])
        products = []
        for j in range(4):
            # two within the budget, two above it, in a random order
            price = round(cap * (rng.uniform(0.5, 0.95) if j < 2 else rng.uniform(1.1, 1.8)), 2)
            products.append({"id": f"PD_{1000 + 10 * i + j}", "name": f"{rng.choice(BRANDS)} {kind} {j + 1}",
                             "price": price})
        rng.shuffle(products)
        listing = "\n".join(f"- {p['id']}: {p['name']}, ${p['price']:.2f}" for p in products)
        rows.append({
            "prompt": [{"role": "system", "content": SYSTEM + listing},
                       {"role": "user", "content": f"I need a {kind} under ${cap}. Which one should I buy?"}],
            "label": {"rubric": "shop_cards", "catalog": products, "category": "search_multi_constraint",
                      "options": {"expect_cards": True}},
        })
    return rows
