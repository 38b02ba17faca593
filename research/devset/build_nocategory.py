"""Write ``dev_nocategory.jsonl``: dev items with no category, labelled for ``ui_trigger`` only.

With a category the ``ui_trigger`` rule decides from the category table and the grader is never asked, so
``dev.jsonl`` (every item has a category) gives the grader's "does this query call for products?" question
almost no labelled verdicts, and ``hrm calibrate --fit`` cannot fit a threshold for it: the judge then
abstains on every category-less request. This file gives that question labelled verdicts:

* one category-less copy of a dev item per distinct (query, cards shown) pair: the question sees only the
  query, so more copies would repeat one verdict and count it several times in a fit;
* 36 further short queries (24 that call for products, 12 that do not), each with a one-product answer
  that shows a card or none; four of them get it wrong on purpose (cards on advice, none on a request).

Only the ``ui_trigger`` label is kept: the copies' other questions render exactly as their originals' do
(the category is in no prompt), so those verdicts must not count twice. ``flaw`` is ``ui_trigger_copy``
so per-flaw and injection figures in a report count each original once.

Run: python research/devset/build_nocategory.py  (after build_devset.py)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

HERE = Path(__file__).resolve().parent

# (query, calls for products, product name, price, cards shown); "card" as the name: an unrelated product
QUERIES: list[tuple[str, bool, str | None, float | str | None, bool]] = [
 ("My daughter starts kindergarten next month, what backpack should she get?", True, "LittleTrek Kids Backpack 12L", 34.99, True),
 ("Any good gift ideas for a dad who loves grilling?", True, "GrillMaster Digital Meat Thermometer", 29.0, True),
 ("We're moving into our first apartment, what do we need for the kitchen?", True, "HomeBasics 10-Piece Cookware Set", 89.0, True),
 ("I keep losing my keys. Is there a gadget for that?", True, "TagIt Bluetooth Key Finder", 24.99, True),
 ("Looking to start a small herb garden on my balcony", True, "GreenBox Self-Watering Planter", 39.5, True),
 ("what's a decent budget mechanical keyboard", True, "KeyForge K2 Mechanical Keyboard", 59.0, True),
 ("Need something to block out light so I can sleep during the day (night shifts)", True, "DreamDark Blackout Curtains 2-Pack", 45.0, True),
 ("Recommend a yoga mat that won't slip when I sweat", True, "GripFlow Non-Slip Yoga Mat 6mm", 42.0, True),
 ("my toddler throws every cup, help", True, "SpillStop Toddler Sippy Cup 2-Pack", 14.99, True),
 ("Which e-reader is easiest on the eyes for night reading?", True, "Kindle Paperwhite (16 GB)", 149.99, True),
 ("Planning a beach day with two kids, what should I pack?", True, "SunShade Pop-Up Beach Tent", 59.99, True),
 ("I want to get into film photography, where do I start gear-wise?", True, "Kodak Ektar H35 Half-Frame Camera", 49.95, True),
 ("Our dog pulls on walks constantly. Anything that helps?", True, "EasyWalk No-Pull Dog Harness", 27.0, True),
 ("cheap way to make my old TV smart?", True, "StreamStick 4K HDR Media Player", 39.99, True),
 ("Home office chair under $200 for long days", True, "ErgoLine Mesh Office Chair", 179.0, True),
 ("Is there a good water bottle that keeps drinks cold all day for hiking?", True, "PeakFlask 32 oz Insulated Bottle", 32.0, True),
 ("Stocking stuffers for a teenager who games?", True, "PulseGrip Controller Thumb Grips", 9.99, True),
 ("I need a lamp for reading in bed that won't wake my partner", True, "NightNook Clip-On Book Light", 18.5, True),
 ("help me pick running headphones that stay put", True, "PulseFit Wireless Sport Earbuds", 59.0, True),
 ("Starting to bake bread at home. What tools do I need?", True, "ProofRight Banneton Basket Set", 26.0, True),
 ("What should I bring for a week-long hut-to-hut hike in the Alps?", True, "Alpine 38L Trekking Backpack", 129.0, True),
 ("need a gift under $30 for a coworker who drinks a lot of tea", True, "LeafLoop Glass Tea Infuser Bottle", 24.0, True),
 ("Looking for a stroller that folds small enough for a car trunk", True, "CityFold Compact Stroller", 219.0, True),
 ("What's a good first guitar for an adult beginner?", True, "Yamaha FG800 Acoustic Guitar", 199.99, True),
 ("How do I get red wine out of a carpet?", False, None, None, False),
 ("Why does my sourdough come out flat?", False, None, None, False),
 ("What's the difference between OLED and QLED?", False, None, None, False),
 ("How often should I water a snake plant?", False, None, None, False),
 ("Is it safe to put a cast iron pan in the dishwasher?", False, None, None, False),
 ("What size bike frame do I need if I'm 5'6\"?", False, None, None, False),
 ("How long do running shoes usually last?", False, None, None, False),
 ("What does the 'P' rating mean on a TV's refresh rate spec?", False, None, None, False),
 ("How do I break in new leather boots?", False, None, "card", True),
 ("What's the best way to store fresh basil?", False, None, "card", True),
 ("Find me a cordless drill for light DIY under $100", True, None, None, False),
 ("I need a carry-on suitcase that fits budget airline limits", True, None, None, False),
]


def _labels(trigger: bool) -> dict:
    return {"l1_pass": None, "l1": {}, "checks": {"ui_trigger": trigger}, "l2": None, "tool_use": None}


def copies() -> list[dict]:
    out, seen = [], set()
    for line in (HERE / "dev.jsonl").read_text().splitlines():
        item = json.loads(line)
        key = (item["query"], "<product>" in item["response"])
        if key in seen:
            continue
        seen.add(key)
        item.update(id=item["id"] + "-nocat", category=None, flaw="ui_trigger_copy", injection=None,
                    labels=_labels(item["labels"]["checks"]["ui_trigger"]),
                    note="copy of " + item["id"] + " without its category; labelled for ui_trigger only")
        out.append(item)
    return out


def written() -> list[dict]:
    out = []
    for n, (query, wants, name, price, shown) in enumerate(QUERIES, 1):
        slug = re.sub(r"[^a-z0-9]+", "-", query.lower()).strip("-")[:32]
        pid = f"PD_NC{n:03d}"
        if shown:
            name = name if isinstance(name, str) and name != "card" else "Everyday Storage Basket Set"
            cost = price if isinstance(price, float) else 19.99
            trajectory = [
                {"kind": "tool_call", "name": "search_products", "arguments": {"query": query[:60]}, "call_id": "c0"},
                {"kind": "observation", "call_id": "c0", "products": [{"id": pid, "name": name, "price": cost}]}]
            response = (f"Here is one option that fits.\n\n**{name}** <product>{pid}</product> - ${cost:.2f}.")
        else:
            trajectory = []
            response = ("Good question. In short: it depends on your situation, and the usual advice is to start "
                        "simple, check the manufacturer's guidance, and adjust from there.")
        out.append({"id": f"nc{n:02d}-{slug}", "query": query, "category": None, "trajectory": trajectory,
                    "response": response, "rubric": "smartshop", "labels": _labels(wants == shown),
                    "flaw": "ui_trigger_copy", "injection": None,
                    "note": "ui_trigger only: the query " + ("calls" if wants else "does not call")
                            + " for products; cards " + ("shown" if shown else "not shown")})
    return out


def main() -> None:
    items = copies() + written()
    (HERE / "dev_nocategory.jsonl").write_text("".join(json.dumps(i, ensure_ascii=False) + "\n" for i in items))
    print(f"wrote {len(items)} items to {HERE / 'dev_nocategory.jsonl'}")


if __name__ == "__main__":
    main()
