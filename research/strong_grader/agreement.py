"""Agreement between two independent answerers of the same exported questions, per check (Cohen's kappa).

A random share of every design's questions is answered a second time (``<design>/double/``) by answerers who never
see the first answers. Each question's check is found from its text (the pack's question prompts); a joint question
counts one verdict per product, a scored question (the process check) its score.

    python research/strong_grader/agreement.py design_a
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from judge_server.thresholds.agreement import cohen_kappa  # noqa: E402


def finite(value: float) -> float | None:
    return None if value != value else value  # kappa is NaN when both answerers gave one verdict only


def answers(files: list[Path]) -> dict[str, dict]:
    out = {}
    for f in files:
        for line in f.read_text().splitlines():
            if line.strip():
                d = json.loads(line)
                out[d["custom_id"]] = json.loads(d["content"])
    return out


def check_of(pack: dict, user_text: str) -> str:
    """The check whose question this is: the longest prompt opening found in the question's text."""
    best, size = "?", 0
    for c in pack["checks"]:
        prompt = " ".join(((c.get("llm") or {}).get("prompt") or "").split())
        head = prompt[:70]
        if head and head in " ".join(user_text.split()) and len(head) > size:
            best, size = c["id"], len(head)
    return best


def verdicts(answer: dict) -> list[tuple[str, object]]:
    if "verdict" in answer:
        return [("", answer["verdict"])]
    if "score" in answer:
        return [("", answer["score"])]
    return [(k, v.get("verdict")) for k, v in sorted(answer.items()) if isinstance(v, dict)]


def main(design: str) -> int:
    folder = HERE / design
    pack = yaml.safe_load((folder / "smartshop.yaml").read_text())
    second = answers(sorted((folder / "double" / "answers").glob("*.jsonl")))
    first = answers([f for f in sorted(folder.glob("*/answers/*.jsonl")) if f.parent.parent.name != "double"])
    questions = {json.loads(line)["custom_id"]: json.loads(line) for line in
                 (folder / "double" / "requests.jsonl").read_text().splitlines()}
    pairs: dict[str, list[tuple[object, object]]] = defaultdict(list)
    for cid, q in questions.items():
        if cid not in first or cid not in second:
            continue
        check = check_of(pack, q["body"]["messages"][-1]["content"])
        a, b = dict(verdicts(first[cid])), dict(verdicts(second[cid]))
        for label in sorted(set(a) & set(b)):
            pairs[check].append((a[label], b[label]))
    rows = []
    for check, ps in sorted(pairs.items()):
        x, y = [p for p, _ in ps], [q for _, q in ps]
        agree = sum(p == q for p, q in ps) / len(ps)
        kappa = finite(cohen_kappa(x, y))
        rows.append({"check": check, "n": len(ps), "agreement": round(agree, 3),
                     "kappa": None if kappa is None else round(kappa, 3)})
    allp = [p for ps in pairs.values() for p in ps]
    summary = {"design": design, "questions_answered_twice": len([c for c in questions if c in first and c in second]),
               "verdicts": len(allp), "agreement": round(sum(p == q for p, q in allp) / max(1, len(allp)), 3),
               "per_check": rows}
    (folder / "double" / "agreement.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
