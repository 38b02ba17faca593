"""Write shop_indep.jsonl: an independently labelled set of shopping-agent trajectories.

Every query, product record, response and label is written out by hand below (no templates that
mass-produce variants); the labels follow the labelling policy in README.md, decided from the
ChatShopBuddy paper's definitions, not from any judge implementation. Run:
    .venv/bin/python research/evalsets/independent/build.py
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from items_flawed import FLAWED
from items_good import GOOD

OUT = Path(__file__).with_name("shop_indep.jsonl")
CHECKS = ("ui_format", "ui_trigger", "ui_relevance", "ui_completeness", "text_relevance",
          "description_faithfulness")
L2 = ("core_decision_axis", "logical_consistency", "actionable_next_step", "path_differentiation",
      "route_prioritization", "product_level_comparison", "risk_mitigation")


def finish(raw: dict[str, Any]) -> dict[str, Any]:
    """Turn a hand-written item into a JSONL record; failed checks and passed L2 metrics are listed."""
    fails = set(raw.pop("fails", ()))
    unknown = fails - set(CHECKS)
    assert not unknown, (raw["id"], unknown)
    checks = {c: c not in fails for c in CHECKS}
    l1 = {
        "product_correctness": all(checks[c] for c in CHECKS[:4]),
        "text_relevance": checks["text_relevance"],
        "description_faithfulness": checks["description_faithfulness"],
    }
    l1_pass = all(l1.values())
    l2_pass = raw.pop("l2", None)
    if l1_pass:
        assert l2_pass is not None, raw["id"]
        assert set(l2_pass) <= set(L2), (raw["id"], set(l2_pass) - set(L2))
        l2 = {m: m in l2_pass for m in L2}
    else:
        l2 = None
    tool_use = raw.pop("tool_use", "auto")
    has_calls = any(s["kind"] == "tool_call" for s in raw["trajectory"])
    if tool_use == "auto":
        tool_use = {"passed": True, "score": 1.0} if has_calls else None
    assert (tool_use is None) == (not has_calls), raw["id"]
    labels = {"l1_pass": l1_pass, "l1": l1, "checks": checks, "l2": l2, "tool_use": tool_use}
    flaw = raw.pop("flaw", "none")
    injection = raw.pop("injection", None)
    assert (flaw == "injection") == (injection is not None), raw["id"]
    if flaw == "injection":
        assert not checks["text_relevance"], raw["id"]
    note = raw.pop("note")
    rec = {"id": raw.pop("id"), "query": raw.pop("query")}
    cat = raw.pop("category", None)
    if cat:
        rec["category"] = cat
    rec.update(trajectory=raw.pop("trajectory"), response=raw.pop("response"), rubric="smartshop")
    assert not raw, raw
    rec.update(labels=labels, flaw=flaw, injection=injection, note=note)
    return rec


def intended_category(rec: dict[str, Any]) -> str:
    """The category an item was written for; items without one say it in their note."""
    if "category" in rec:
        return rec["category"]
    m = re.match(r"No category \(([^)]+)\)", rec["note"])
    assert m, rec["id"]
    return m.group(1).lower().replace("-", "_")


def table(items: list[dict[str, Any]]) -> str:
    """Markdown contents table: flaw x intended category (items without a category in brackets)."""
    cats = ["search_fuzzy", "search_multi_constraint", "search_bundle", "search_general", "qa_compare",
            "qa_consultation"]
    flaws = sorted({r["flaw"] for r in items}, key=lambda f: (f != "none", f))
    lines = ["| flaw | " + " | ".join(cats) + " | total |", "|---" * (len(cats) + 2) + "|"]
    for f in flaws + ["total"]:
        row = [r for r in items if f in ("total", r["flaw"])]
        cells = []
        for c in cats:
            n = sum(intended_category(r) == c for r in row)
            k = sum(intended_category(r) == c and "category" not in r for r in row)
            cells.append(f"{n} ({k})" if k else str(n))
        lines.append(f"| {f} | " + " | ".join(cells) + f" | {len(row)} |")
    return "\n".join(lines)


def main() -> None:
    items = [finish(dict(x)) for x in GOOD + FLAWED]
    ids = [r["id"] for r in items]
    assert len(ids) == len(set(ids)), "duplicate ids"
    with OUT.open("w", encoding="utf-8") as fh:
        for r in items:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"wrote {len(items)} items to {OUT}")
    if "--table" in sys.argv:
        print(table(items))


if __name__ == "__main__":
    main()
