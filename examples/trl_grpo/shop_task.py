"""The GRPO example's task: pick a product from search results that keeps the user's budget.

Each row is TRL-conversational: ``prompt`` (a system message holding the search results, and the user's request)
and ``label`` (HRM's request fields). Two rewards, both decided in code, so the grader is never asked and a step's
rewards come back in milliseconds; seeded, so a run is reproducible:

- ``items`` (the training run's): rubric items written for each prompt;
- ``cards``: the ``shop_cards`` pack (``packs/shop_cards.yaml``: a card is due, its id is known, its price keeps
  the cap), which needs a product card to tell answers apart.

The items, per prompt (reward = max(0, sum of weight x verdict) / sum of positive weights):

=================  ======  ==========================================================================
item               weight  verifier
=================  ======  ==========================================================================
``in_budget``      3       ``mentions`` any: the brand or id of a product within the budget
``over_budget``    -2      ``mentions`` any: the brand or id of a product above it (a pitfall)
``card``           1       ``mentions`` any: ``<product>ID</product>`` with an in-budget id
``concise``        1       ``word_count`` at most 40
=================  ======  ==========================================================================

A small policy (SmolLM2-135M) names some product in a fair share of its answers and almost never writes a
card, so the first item carries the signal: brands are distinct within a prompt, two products are within the
budget and two above, and the policy must read the prices to tell them apart.
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


def items_for(products: list[dict[str, Any]], cap: float) -> list[dict[str, Any]]:
    """The rubric items of one prompt (see the module docstring)."""
    good = [p for p in products if p["price"] <= cap]
    bad = [p for p in products if p["price"] > cap]
    names = lambda ps: [p["brand"] for p in ps] + [p["id"] for p in ps]  # noqa: E731
    return [
        {"id": "in_budget", "text": "Recommends a product from the results that is within the budget", "weight": 3,
         "verifier": "code:mentions", "params": {"phrases": names(good), "mode": "any"}},
        {"id": "over_budget", "text": "Recommends a product that costs more than the budget", "weight": -2,
         "verifier": "code:mentions", "params": {"phrases": names(bad), "mode": "any"}},
        {"id": "card", "text": "Shows an in-budget pick as a product card", "weight": 1,
         "verifier": "code:mentions",
         "params": {"phrases": [f"<product>{p['id']}</product>" for p in good], "mode": "any"}},
        {"id": "concise", "text": "Answers in at most 40 words", "weight": 1,
         "verifier": "code:word_count", "params": {"max": 40}},
    ]


def make_rows(n: int, seed: int = 0, reward: str = "items") -> list[dict[str, Any]]:
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        kind = KINDS[i % len(KINDS)]
        cap = rng.choice([30, 40, 50, 60, 80, 100])
        products = []
        for j, brand in enumerate(rng.sample(BRANDS, 4)):
            # two within the budget, two above it, in a random order; one brand per product
            price = round(cap * (rng.uniform(0.5, 0.95) if j < 2 else rng.uniform(1.1, 1.8)), 2)
            products.append({"id": f"PD_{1000 + 10 * i + j}", "brand": brand, "name": f"{brand} {kind}",
                             "price": price})
        rng.shuffle(products)
        listing = "\n".join(f"- {p['id']}: {p['name']}, ${p['price']:.2f}" for p in products)
        rows.append({
            "prompt": [{"role": "system", "content": SYSTEM + listing},
                       {"role": "user", "content": f"I need a {kind} under ${cap}. Which one should I buy?"}],
            "label": {"rubric_items": items_for(products, cap)} if reward == "items" else
                     {"rubric": "shop_cards", "catalog": [{k: v for k, v in p.items() if k != "brand"} for p in products],
                      "category": "search_multi_constraint", "options": {"expect_cards": True}},
        })
    return rows
