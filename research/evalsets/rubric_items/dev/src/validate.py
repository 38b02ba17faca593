"""Validate dev.jsonl and print counts used in README."""
import json, os, sys, re
from collections import Counter, defaultdict

path = os.path.join(os.path.dirname(__file__), "..", "dev.jsonl")
errors = []
rows = []
with open(path, encoding="utf-8") as f:
    for n, line in enumerate(f, 1):
        try:
            rows.append(json.loads(line))
        except Exception as e:
            errors.append(f"line {n}: parse error {e}")

REQ = {"id", "prompt_id", "domain", "query", "response", "rubric_items", "labels", "quality", "flaw"}
ids = Counter(r["id"] for r in rows)
for k, v in ids.items():
    if v > 1: errors.append(f"duplicate row id {k}")

by_prompt = defaultdict(list)
for r in rows:
    missing = REQ - r.keys()
    if missing: errors.append(f"{r.get('id')}: missing keys {missing}")
    by_prompt[r["prompt_id"]].append(r)
    if not r["id"].startswith(r["prompt_id"] + "-") or r["id"][-1] not in "abcd":
        errors.append(f"{r['id']}: bad id")
    items = r["rubric_items"]
    item_ids = [i["id"] for i in items]
    if len(set(item_ids)) != len(item_ids): errors.append(f"{r['id']}: duplicate item ids")
    if not 5 <= len(items) <= 12: errors.append(f"{r['id']}: {len(items)} items")
    if set(r["labels"]) != set(item_ids): errors.append(f"{r['id']}: labels {set(r['labels']) ^ set(item_ids)} mismatch")
    for it in items:
        if not re.fullmatch(r"[a-z0-9_]+", it["id"]): errors.append(f"{r['id']}: bad item id {it['id']}")
        w = it["weight"]
        if not (1 <= w <= 5 or -5 <= w <= -1): errors.append(f"{r['id']}: weight {w}")
        if not isinstance(it["veto"], bool): errors.append(f"{r['id']}: veto not bool")
        if it["veto"] and w < 0: errors.append(f"{r['id']}: veto on negative item {it['id']}")
        lab = r["labels"].get(it["id"])
        if lab not in ("yes", "no", "n/a"): errors.append(f"{r['id']}: label {lab}")
        if lab == "n/a" and "applies_if" not in it: errors.append(f"{r['id']}: n/a on unconditional item {it['id']}")
    if sum(i["veto"] for i in items) > 2: errors.append(f"{r['id']}: >2 veto items")
    if sum("applies_if" in i for i in items) > 2: errors.append(f"{r['id']}: >2 applies_if items")
    if not (isinstance(r["quality"], int) and 1 <= r["quality"] <= 10): errors.append(f"{r['id']}: quality")
    nw = len(r["response"].split())
    if not 80 <= nw <= 400: errors.append(f"{r['id']}: {nw} words")
    if (r["flaw"] == "none") != (r["id"].endswith("-a")):
        errors.append(f"{r['id']}: flaw/none mismatch")

for pid, rs in by_prompt.items():
    first = json.dumps(rs[0]["rubric_items"], sort_keys=True)
    for r in rs[1:]:
        if json.dumps(r["rubric_items"], sort_keys=True) != first:
            errors.append(f"{pid}: rubric items differ across responses")
        if r["query"] != rs[0]["query"] or r["domain"] != rs[0]["domain"]:
            errors.append(f"{pid}: query/domain differ")
    if not 3 <= len(rs) <= 4: errors.append(f"{pid}: {len(rs)} responses")

# stats
n_items = sum(len(rs[0]["rubric_items"]) for rs in by_prompt.values())
all_items = [i for rs in by_prompt.values() for i in rs[0]["rubric_items"]]
lab_counts = Counter(v for r in rows for v in r["labels"].values())
pos_items = sum(1 for i in all_items if i["weight"] > 0)
neg_items = sum(1 for i in all_items if i["weight"] < 0)
veto_items = sum(1 for i in all_items if i["veto"])
cond_items = sum(1 for i in all_items if "applies_if" in i)
pos_lab = Counter(r["labels"][i["id"]] for r in rows for i in r["rubric_items"] if i["weight"] > 0)
neg_lab = Counter(r["labels"][i["id"]] for r in rows for i in r["rubric_items"] if i["weight"] < 0)
veto_fail = sum(1 for r in rows if any(i["veto"] and r["labels"][i["id"]] == "no" for i in r["rubric_items"]))
qual = Counter(r["quality"] for r in rows)
domains = Counter(rs[0]["domain"] for rs in by_prompt.values())
words = [len(r["response"].split()) for r in rows]

print("errors:", len(errors))
for e in errors: print("  ", e)
print("prompts:", len(by_prompt), "responses:", len(rows))
print("domains:", dict(domains))
print("rubric items (distinct, per prompt):", n_items, "| positive:", pos_items, "negative:", neg_items,
      "veto:", veto_items, "applies_if:", cond_items)
print("item-labels (item x response):", sum(lab_counts.values()), dict(lab_counts))
print("  on positive items:", dict(pos_lab))
print("  on negative (pitfall) items:", dict(neg_lab))
print("responses failing >=1 veto item:", veto_fail)
print("quality distribution:", dict(sorted(qual.items())))
print("response words: min", min(words), "max", max(words), "mean", round(sum(words)/len(words)))
sys.exit(1 if errors else 0)
