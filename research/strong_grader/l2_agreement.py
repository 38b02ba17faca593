"""The L2 metrics' answers on a set against its L2 labels, per metric, straight from the answers (no replay).

A replay asks L2 only of items whose L1 gate passes, so a set exported for its L2 questions alone (``export.py
--only "Metric:"``) leaves every judgment awaiting its L1 answers; this reads each exported L2 question's metric
and item from the question itself (the metric's name, the query) and compares the answer with the item's label.

    python research/strong_grader/l2_agreement.py --design design_g --set devl2
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict

from agreement import answers as read_answers
from agreement import cohen_kappa, finite
from export import HERE, ROOT, SETS

METRIC = re.compile(r"Metric: ([a-z -]+)\.")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--design", required=True)
    ap.add_argument("--set", required=True, choices=list(SETS))
    ap.add_argument("--reuse", nargs="*", default=[], help="earlier designs whose answers are read too")
    ap.add_argument("--show", action="store_true", help="print every disagreement with the answer's reason")
    ap.add_argument("--json", help="write the per-metric figures here")
    args = ap.parse_args()
    rows = [json.loads(line) for line in (ROOT / SETS[args.set]).read_text().splitlines() if line.strip()]
    by_query = {r["query"].strip(): r for r in rows}
    answers = read_answers([f for d in (*args.reuse, args.design)
                            for f in sorted((HERE / d / args.set / "answers").glob("*.jsonl"))])
    pairs: dict[str, list[tuple[bool, bool, str, str]]] = defaultdict(list)
    requests = (HERE / args.design / args.set / "requests.jsonl").read_text().splitlines()
    for line in requests:
        req = json.loads(line)
        user = next(m["content"] for m in req["body"]["messages"] if m["role"] == "user")
        m = METRIC.search(user)
        if not m or req["custom_id"] not in answers:
            continue
        metric = m.group(1).strip().replace(" ", "_").replace("-", "_")
        q = re.search(r"<<<BEGIN QUERY>>>\n(.*?)\n<<<END QUERY>>>", user, re.S)
        item = by_query.get(q.group(1).strip()) if q else None
        if item is None or not (item.get("labels") or {}).get("l2"):
            continue
        label = item["labels"]["l2"].get(metric)
        if label is None:
            continue
        said = answers[req["custom_id"]]
        pairs[metric].append((said["verdict"] == "yes", bool(label), item["id"], said.get("reason", "")))
    out = {}
    for metric, ps in sorted(pairs.items()):
        judge, human = [p[0] for p in ps], [p[1] for p in ps]
        agree = sum(a == b for a, b in zip(judge, human, strict=True))
        kappa = finite(cohen_kappa(judge, human))
        out[metric] = {"n": len(ps), "agree": agree, "kappa": None if kappa is None else round(kappa, 3),
                       "judge_pass_label_fail": sum(a and not b for a, b in zip(judge, human, strict=True)),
                       "judge_fail_label_pass": sum(b and not a for a, b in zip(judge, human, strict=True))}
        print(f"{metric}: {agree}/{len(ps)} kappa {out[metric]['kappa']} (judge pass/label fail "
              f"{out[metric]['judge_pass_label_fail']}, judge fail/label pass {out[metric]['judge_fail_label_pass']})")
        if args.show:
            for j, h, iid, reason in ps:
                if j != h:
                    print(f"    {iid}: judge {'yes' if j else 'no'}, label {'pass' if h else 'fail'}: {reason}")
    total = sum(v["agree"] for v in out.values()), sum(v["n"] for v in out.values())
    print(f"all metrics: {total[0]}/{total[1]}")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(out, fh, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
