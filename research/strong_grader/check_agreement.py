"""One check's strong-grader answers against a labelled set's labels, and two answerers against each other.

``hrm calibrate SET --engine batch --answers FILE ...`` replays the set with the answers given (the other
questions stay unanswered, so judgments read ``awaiting``, but each answered check is combined with its rule as
live); this script reads the check's result per item from that replay and compares it with the label, then
compares two answer files question by question (raw answers, before rules).

    python research/strong_grader/check_agreement.py --set devf --check description_faithfulness \\
        --answers design_d/devf/answers/000-002.p.jsonl --second design_d/devf/second/000-002.q.jsonl
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from export import GRADER, HERE, ROOT, SETS


def kappa(pairs: list[tuple[bool, bool]]) -> float:
    n = len(pairs)
    if not n:
        return float("nan")
    po = sum(a == b for a, b in pairs) / n
    pa, pb = sum(a for a, _ in pairs) / n, sum(b for _, b in pairs) / n
    pe = pa * pb + (1 - pa) * (1 - pb)
    return 1.0 if pe == 1 else (po - pe) / (1 - pe)


def replay(name: str, answers: list[Path]) -> list[dict]:
    with tempfile.TemporaryDirectory() as out:
        cmd = [sys.executable, "-m", "hrm_tools.cli", "calibrate", str(ROOT / SETS[name]), "--engine", "batch",
               "--model", GRADER, "--calibration", "off", "--no-cache", "--out", out]
        for a in answers:
            cmd += ["--answers", str(a)]
        subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True)
        return [json.loads(line) for line in (Path(out) / "results.jsonl").read_text().splitlines() if line.strip()]


def verdicts(path: Path) -> dict[str, bool]:
    """custom_id -> the answer's yes/no: for a joint answer ({"p1": {"verdict": ...}, ...}) yes only when every
    product's is yes, as the check combines them."""
    out = {}
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        content = json.loads(row["content"]) if isinstance(row["content"], str) else row["content"]
        said = [v["verdict"] for v in content.values()] if "verdict" not in content else [content["verdict"]]
        out[row["custom_id"]] = all(str(v).lower() in ("yes", "true", "pass") for v in said)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--set", required=True, choices=list(SETS))
    ap.add_argument("--check", required=True)
    ap.add_argument("--answers", nargs="+", type=Path, required=True, help="relative to this folder, or absolute")
    ap.add_argument("--second", type=Path, help="a second answerer's file for the same questions")
    ap.add_argument("--show", action="store_true", help="print each disagreement with the labels")
    args = ap.parse_args()
    files = [a if a.is_absolute() else HERE / a for a in args.answers]
    rows = replay(args.set, files)
    pairs, misses = [], []
    for r in rows:
        c = (r.get("checks") or {}).get(args.check)
        label = r["labels"]["checks"].get(args.check)
        if c is None or label is None or c.get("passed") is None:
            continue
        pairs.append((c["passed"], label))
        if c["passed"] != label:
            misses.append(f"  {r['id']}: judge {'pass' if c['passed'] else 'fail'}, label "
                          f"{'pass' if label else 'fail'} ({c['source']}): {c.get('reason', '')[:160]}")
    acc = sum(a == b for a, b in pairs) / max(1, len(pairs))
    print(f"{args.set} {args.check}: n={len(pairs)} accuracy {acc:.3f} kappa {kappa(pairs):.3f} "
          f"(judge fail/label pass {sum(not a and b for a, b in pairs)}, judge pass/label fail "
          f"{sum(a and not b for a, b in pairs)})")
    if args.show:
        print("\n".join(misses))
    if args.second:
        first = {k: v for f in files for k, v in verdicts(f).items()}
        second = verdicts(args.second if args.second.is_absolute() else HERE / args.second)
        both = sorted(set(first) & set(second))
        duo = [(first[k], second[k]) for k in both]
        print(f"answerers: {len(both)} questions, same verdict {sum(a == b for a, b in duo)}/{len(both)}, "
              f"kappa {kappa(duo):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
