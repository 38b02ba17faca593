"""Assemble dev.jsonl from part*.py and print summary stats."""
import json, sys, os
from collections import Counter
sys.path.insert(0, os.path.dirname(__file__))
import part1, part2, part3, part4, part5

OUT = os.path.join(os.path.dirname(__file__), "..", "dev.jsonl")
prompts = part1.PROMPTS + part2.PROMPTS + part3.PROMPTS + part4.PROMPTS + part5.PROMPTS

rows = []
for p in prompts:
    for r in p["responses"]:
        rows.append({
            "id": f"{p['prompt_id']}-{r['letter']}",
            "prompt_id": p["prompt_id"],
            "domain": p["domain"],
            "query": p["query"],
            "response": r["response"],
            "rubric_items": p["items"],
            "labels": r["labels"],
            "quality": r["quality"],
            "flaw": r["flaw"],
        })

with open(OUT, "w", encoding="utf-8") as f:
    for row in rows:
        f.write(json.dumps(row, ensure_ascii=False) + "\n")
print("wrote", len(rows), "rows to", os.path.normpath(OUT))
