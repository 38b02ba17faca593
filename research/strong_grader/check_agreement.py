"""One check's strong-grader answers against a labelled set's labels, and two answerers against each other.

``hrm calibrate SET --engine batch --answers FILE ...`` replays the set with the answers given (the other
questions stay unanswered, so judgments read ``awaiting``, but each answered check is combined with its rule as
live); this script reads the check's result per item from that replay and compares it with the label, then
compares two answer files question by question (raw answers, before rules): the question's verdict (a joint answer
is "yes" only when every product's is) and each product's verdict. Without ``--set`` only the answerers are compared.
The replay uses the pack as it is now: an earlier design's answers replay only with that design's pack in place.

    python research/strong_grader/check_agreement.py --set devf --check description_faithfulness \\
        --answers design_d/devf/answers/000-002.p.jsonl --second design_d/devf/second/000-002.q.jsonl
    python research/strong_grader/check_agreement.py --answers design_e/indep*/answers/*.jsonl \\
        --second design_e/double/answers/000.y.jsonl --json design_e/double/agreement.json
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from export import GRADER, HERE, ROOT, SETS

sys.path.insert(0, str(ROOT))
from judge_server.thresholds.agreement import cohen_kappa  # noqa: E402


def kappa(pairs: list[tuple[bool, bool]]) -> float:
    return cohen_kappa([a for a, _ in pairs], [b for _, b in pairs], labels=[False, True])


def replay(name: str, answers: list[Path]) -> list[dict]:
    with tempfile.TemporaryDirectory() as out:
        cmd = [sys.executable, "-m", "hrm_tools.cli", "calibrate", str(ROOT / SETS[name]), "--engine", "batch",
               "--model", GRADER, "--calibration", "off", "--no-cache", "--out", out]
        for a in answers:
            cmd += ["--answers", str(a)]
        subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True)
        return [json.loads(line) for line in (Path(out) / "results.jsonl").read_text().splitlines() if line.strip()]


def verdicts(path: Path) -> dict[str, list[bool]]:
    """custom_id -> the answer's yes/no per product (one entry for a single-verdict answer)."""
    out = {}
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        content = json.loads(row["content"]) if isinstance(row["content"], str) else row["content"]
        said = [v["verdict"] for v in content.values()] if "verdict" not in content else [content["verdict"]]
        out[row["custom_id"]] = [str(v).lower() in ("yes", "true", "pass") for v in said]
    return out


def answerers(first_files: list[Path], second_file: Path) -> dict[str, float | int]:
    """Two answerers on the questions both answered: per question (all products yes) and per product."""
    first = {k: v for f in first_files for k, v in verdicts(f).items()}
    second = verdicts(second_file)
    both = sorted(set(first) & set(second))
    per_q = [(all(first[k]), all(second[k])) for k in both]
    per_p = [(a, b) for k in both for a, b in zip(first[k], second[k], strict=True)]
    return {"questions": len(both), "same_check_verdict": sum(a == b for a, b in per_q), "kappa_check": kappa(per_q),
            "product_verdicts": len(per_p), "same_product_verdict": sum(a == b for a, b in per_p),
            "kappa_product": kappa(per_p)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--set", choices=list(SETS), help="replay this set and compare --check with its labels")
    ap.add_argument("--check", default="description_faithfulness")
    ap.add_argument("--answers", nargs="+", type=Path, required=True, help="relative to this folder, or absolute")
    ap.add_argument("--second", type=Path, help="a second answerer's file for (some of) the same questions")
    ap.add_argument("--json", type=Path, help="write the answerers' agreement here (relative to this folder)")
    ap.add_argument("--show", action="store_true", help="print each disagreement with the labels")
    args = ap.parse_args()
    files = [a if a.is_absolute() else HERE / a for a in args.answers]
    if args.set:
        labelled(args.set, args.check, files, args.show)
    if args.second:
        agree = answerers(files, args.second if args.second.is_absolute() else HERE / args.second)
        print(f"answerers: {agree['questions']} questions, same verdict {agree['same_check_verdict']}/"
              f"{agree['questions']} (kappa {agree['kappa_check']:.3f}); per product "
              f"{agree['same_product_verdict']}/{agree['product_verdicts']} (kappa {agree['kappa_product']:.3f})")
        if args.json:
            (args.json if args.json.is_absolute() else HERE / args.json).write_text(json.dumps(agree, indent=1))
    return 0


def labelled(name: str, check: str, files: list[Path], show: bool) -> None:
    pairs, misses = [], []
    for r in replay(name, files):
        c = (r.get("checks") or {}).get(check)
        label = r["labels"]["checks"].get(check)
        if c is None or label is None or c.get("passed") is None:
            continue
        pairs.append((c["passed"], label))
        if c["passed"] != label:
            misses.append(f"  {r['id']}: judge {'pass' if c['passed'] else 'fail'}, label "
                          f"{'pass' if label else 'fail'} ({c['source']}): {c.get('reason', '')[:160]}")
    acc = sum(a == b for a, b in pairs) / max(1, len(pairs))
    print(f"{name} {check}: n={len(pairs)} accuracy {acc:.3f} kappa {kappa(pairs):.3f} "
          f"(judge fail/label pass {sum(not a and b for a, b in pairs)}, judge pass/label fail "
          f"{sum(a and not b for a, b in pairs)})")
    if show:
        print("\n".join(misses))


if __name__ == "__main__":
    sys.exit(main())
