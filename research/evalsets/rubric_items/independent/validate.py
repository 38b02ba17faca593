"""Validate heldout.jsonl and print summary counts."""
import json, collections, os, re, sys

path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "heldout.jsonl")
ok = True
def fail(msg):
    global ok; ok = False; print("ERROR:", msg)

rows = []
with open(path) as f:
    for n, line in enumerate(f, 1):
        try:
            rows.append(json.loads(line))
        except Exception as e:
            fail(f"line {n} does not parse: {e}")

KEYS = {"id","prompt_id","domain","style","query","response","rubric_items","labels","quality","flaw"}
ids = [r["id"] for r in rows]
if len(ids) != len(set(ids)): fail("duplicate row ids")
by_prompt = collections.defaultdict(list)
for r in rows:
    if set(r) != KEYS: fail(f'{r["id"]}: keys {sorted(set(r) ^ KEYS)}')
    by_prompt[r["prompt_id"]].append(r)
    items = r["rubric_items"]; iids = [i["id"] for i in items]
    if len(iids) != len(set(iids)): fail(f'{r["id"]}: duplicate item ids')
    if not 5 <= len(items) <= 12: fail(f'{r["id"]}: {len(items)} items')
    if sum(i["veto"] for i in items) > 2: fail(f'{r["id"]}: >2 vetoes')
    for i in items:
        if not re.fullmatch(r"[a-z0-9_]+", i["id"]): fail(f'{r["id"]}: bad item id {i["id"]}')
        if not isinstance(i["weight"], (int, float)) or i["weight"] == 0 or abs(i["weight"]) > 5: fail(f'{r["id"]}: weight {i}')
        if not isinstance(i["veto"], bool): fail(f'{r["id"]}: veto not bool')
        if set(i) - {"id","text","weight","veto","applies_if"}: fail(f'{r["id"]}: extra item keys')
    if set(r["labels"]) != set(iids): fail(f'{r["id"]}: labels do not cover items exactly')
    for k, v in r["labels"].items():
        if v not in ("yes","no","n/a"): fail(f'{r["id"]}: label {k}={v}')
        item = next(i for i in items if i["id"] == k)
        if v == "n/a" and "applies_if" not in item: fail(f'{r["id"]}: n/a on item without applies_if: {k}')
    if not (isinstance(r["quality"], int) and 1 <= r["quality"] <= 10): fail(f'{r["id"]}: quality')
    if r["style"] not in ("rar","checklist","general"): fail(f'{r["id"]}: style')
    if not r["id"].startswith(r["prompt_id"] + "-") or r["id"][-1] not in "abcd": fail(f'{r["id"]}: id form')
    w = len(r["response"].split())
    if not 80 <= w <= 400: fail(f'{r["id"]}: {w} words')
for pid, rs in by_prompt.items():
    first = json.dumps(rs[0]["rubric_items"], sort_keys=True)
    if any(json.dumps(x["rubric_items"], sort_keys=True) != first for x in rs): fail(f"{pid}: rubric differs across responses")
    for k in ("query","domain","style"):
        if len({x[k] for x in rs}) != 1: fail(f"{pid}: {k} differs")
    if not 3 <= len(rs) <= 4: fail(f"{pid}: {len(rs)} responses")
    if sum(x["flaw"] == "none" for x in rs) != 1: fail(f"{pid}: expected exactly one flawless response")

# stats
prompts = {r["prompt_id"]: r for r in rows}
n_items = sum(len(r["rubric_items"]) for r in prompts.values())
lab = collections.Counter(v for r in rows for v in r["labels"].values())
lab_pos = collections.Counter(); lab_neg = collections.Counter()
for r in rows:
    for i in r["rubric_items"]:
        (lab_pos if i["weight"] > 0 else lab_neg)[r["labels"][i["id"]]] += 1
print("file:", path)
print("valid:", ok)
print("prompts:", len(prompts), " responses:", len(rows), " rubric items (unique per prompt):", n_items,
      " item-labels:", sum(lab.values()))
print("responses per prompt:", dict(collections.Counter(len(v) for v in by_prompt.values())))
print("labels:", dict(lab))
print("  positive-weight items:", dict(lab_pos), " negative-weight (pitfall) items:", dict(lab_neg))
print("items: positive", sum(1 for r in prompts.values() for i in r["rubric_items"] if i["weight"] > 0),
      " negative", sum(1 for r in prompts.values() for i in r["rubric_items"] if i["weight"] < 0),
      " veto", sum(1 for r in prompts.values() for i in r["rubric_items"] if i["veto"]),
      " with applies_if", sum(1 for r in prompts.values() for i in r["rubric_items"] if "applies_if" in i))
print("domains (prompts):", dict(collections.Counter(r["domain"] for r in prompts.values())))
print("styles (prompts):", dict(collections.Counter(r["style"] for r in prompts.values())))
print("quality:", dict(sorted(collections.Counter(r["quality"] for r in rows).items())))
wc = [len(r["response"].split()) for r in rows]
print("response words: min", min(wc), "max", max(wc), "mean", round(sum(wc)/len(wc)))
sys.exit(0 if ok else 1)
