"""Questions of the rubric-item sets answered a second time, and the agreement between the two answerers.

``draw`` puts a seeded random share of every exported question (both sets) in ``strong/double/`` with question
sheets; a second answerer, who never sees the first answers, writes ``strong/double/answers/*.jsonl``.
``agree`` prints Cohen's kappa between the two, overall and for item and condition questions apart.

    python research/rubric_items/double.py draw --share 0.15
    python research/rubric_items/double.py agree
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "research" / "strong_grader"))

from agreement import answers  # noqa: E402
from export import sheets  # noqa: E402

from judge_server.thresholds.agreement import cohen_kappa  # noqa: E402

STRONG = HERE / "strong"
DOUBLE = STRONG / "double"


def kind(question: dict) -> str:
    text = question["body"]["messages"][-1]["content"]
    return "condition" if text.startswith("Condition:") else "item"


def draw(share: float, seed: int, chunk: int) -> None:
    questions = [json.loads(line) for name in ("dev", "independent")
                 for line in (STRONG / name / "requests.jsonl").read_text().splitlines() if line.strip()]
    rng = random.Random(seed)
    drawn = rng.sample(questions, round(share * len(questions)))
    DOUBLE.mkdir(exist_ok=True)
    (DOUBLE / "answers").mkdir(exist_ok=True)
    (DOUBLE / "requests.jsonl").write_text("".join(json.dumps(q) + "\n" for q in drawn))
    print(f"{len(drawn)} of {len(questions)} questions; {sheets(DOUBLE, chunk)} in sheets under {DOUBLE}/questions")


def agree() -> dict:
    first = answers([f for name in ("dev", "independent") for f in sorted((STRONG / name / "answers").glob("*.jsonl"))])
    second = answers(sorted((DOUBLE / "answers").glob("*.jsonl")))
    questions = [json.loads(line) for line in (DOUBLE / "requests.jsonl").read_text().splitlines() if line.strip()]
    groups: dict[str, list[tuple[str, str]]] = {"all": [], "item": [], "condition": []}
    for q in questions:
        cid = q["custom_id"]
        if cid in first and cid in second:
            pair = (first[cid].get("verdict", first[cid].get("score")), second[cid].get("verdict", second[cid].get("score")))
            groups["all"].append(pair)
            groups[kind(q)].append(pair)
    out = {g: {"n": len(ps), "agreement": round(sum(a == b for a, b in ps) / len(ps), 3) if ps else None,
               "kappa": round(cohen_kappa([a for a, _ in ps], [b for _, b in ps]), 3) if ps else None}
           for g, ps in groups.items()}
    (DOUBLE / "agreement.json").write_text(json.dumps(out, indent=2) + "\n")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("action", choices=["draw", "agree"])
    ap.add_argument("--share", type=float, default=0.15)
    ap.add_argument("--seed", type=int, default=20261127)
    ap.add_argument("--chunk", type=int, default=40)
    args = ap.parse_args()
    if args.action == "draw":
        draw(args.share, args.seed, args.chunk)
    else:
        print(json.dumps(agree(), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
