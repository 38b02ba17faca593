import json, re, sys, collections, os, random
sys.path.insert(0, os.path.dirname(__file__))
import p_cooking, p_travel, p_prog, p_health, p_finance, p_home, p_edu, p_fitness, p_writing, p_science

MODS = [p_cooking, p_travel, p_prog, p_health, p_finance, p_home, p_edu, p_fitness, p_writing, p_science]
OUT = os.path.join(os.path.dirname(__file__), "..", "heldout.jsonl")

def wc(t):
    return len(re.findall(r"[A-Za-z0-9][A-Za-z0-9'’.,/%$°²-]*", t))

rows = []
for m in MODS:
    for p in m.PROMPTS:
        ids = [it["id"] for it in p["rubric_items"]]
        assert len(ids) == len(set(ids)), p["prompt_id"]
        assert 5 <= len(ids) <= 12, p["prompt_id"]
        assert sum(it["veto"] for it in p["rubric_items"]) <= 2, p["prompt_id"]
        assert sum(1 for it in p["rubric_items"] if "applies_if" in it) <= 2
        assert 3 <= len(p["responses"]) <= 4, p["prompt_id"]
        rng = random.Random("heldout-" + p["prompt_id"])
        letters = "abcd"[:len(p["responses"])]
        perm = list(letters); rng.shuffle(perm)
        for r, newl in sorted(zip(p["responses"], perm), key=lambda x: x[1]):
            r = dict(r); r["letter"] = newl
            assert set(r["labels"]) == set(ids), (p["prompt_id"], r["letter"], set(r["labels"]) ^ set(ids))
            for it in p["rubric_items"]:
                if r["labels"][it["id"]] == "n/a":
                    assert "applies_if" in it, (p["prompt_id"], r["letter"], it["id"])
            rows.append({
                "id": f'{p["prompt_id"]}-{r["letter"]}', "prompt_id": p["prompt_id"],
                "domain": p["domain"], "style": p["style"], "query": p["query"],
                "response": r["response"], "rubric_items": p["rubric_items"],
                "labels": {i: r["labels"][i] for i in ids},
                "quality": r["quality"], "flaw": r["flaw"]})

with open(OUT, "w") as f:
    for row in rows:
        f.write(json.dumps(row, ensure_ascii=False) + "\n")
print("wrote", len(rows))
if "-v" in sys.argv:
    for row in rows:
        print(f'{row["id"]:40s} words={wc(row["response"]):4d} q={row["quality"]}')
