"""Draw the questions a design answers twice, for the agreement between answerers (``agreement.py``).

A seeded random share of the design's own exported questions (those its changes created; reused answers were
measured with the design that made them), at least ``--min`` per check, goes to ``<design>/double/requests.jsonl``
with question sheets, for answerers who never see the first answers.

    python research/strong_grader/double.py --design design_b --share 0.16
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict

import yaml
from agreement import check_of
from export import HERE, sheets


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--design", required=True)
    ap.add_argument("--share", type=float, default=0.16)
    ap.add_argument("--min", type=int, default=20, help="questions per check at least (all of them when fewer)")
    ap.add_argument("--seed", type=int, default=20261127)
    ap.add_argument("--chunk", type=int, default=40)
    args = ap.parse_args()
    folder = HERE / args.design
    pack = yaml.safe_load((folder / "smartshop.yaml").read_text())
    by_check: dict[str, list[dict]] = defaultdict(list)
    for f in sorted(folder.glob("*/requests.jsonl")):
        if f.parent.name == "double":
            continue
        for line in f.read_text().splitlines():
            if line.strip():
                q = json.loads(line)
                by_check[check_of(pack, q["body"]["messages"][-1]["content"])].append(q)
    rng = random.Random(args.seed)
    drawn = []
    for check, qs in sorted(by_check.items()):
        k = min(len(qs), max(args.min, round(args.share * len(qs))))
        drawn += rng.sample(qs, k)
        print(f"{check}: {k} of {len(qs)}")
    rng.shuffle(drawn)
    out = folder / "double"
    out.mkdir(exist_ok=True)
    (out / "answers").mkdir(exist_ok=True)
    (out / "requests.jsonl").write_text("".join(json.dumps(q) + "\n" for q in drawn))
    print(f"{len(drawn)} questions, {sheets(out, args.chunk)} in new sheets under {out.relative_to(HERE)}/questions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
