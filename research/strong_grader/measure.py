"""Replay a design's strong-grader answers as a live judgment of each labelled set and print its quality.

``hrm calibrate SET --engine batch --answers ...`` judges every item exactly as the service would (gates and rules
deciding, short-circuits on), taking each grader answer from the answer files instead of a live model; a question
without an answer would leave its judgment ``awaiting_answers`` (reported, never guessed). The report goes to
``<design>/<set>/measure/report.json``; the line printed per set is what the notes quote.

    python research/strong_grader/measure.py --design design_b --sets dev           # tune on dev only
    python research/strong_grader/measure.py --design design_b --sets indep1 indep2 indep3 indep4   # once
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

from export import GRADER, HERE, ROOT, SETS


def measure(design: str, name: str, reuse: list[str], out_name: str = "measure") -> dict:
    folder = HERE / design / name
    answers = [a for d in (*reuse, design) for a in sorted((HERE / d / name / "answers").glob("*.jsonl"))]
    out = folder / out_name
    cmd = [sys.executable, "-m", "hrm_tools.cli", "calibrate", str(ROOT / SETS[name]), "--engine", "batch",
           "--model", GRADER, "--calibration", "off", "--no-cache", "--out", str(out)]
    for a in answers:
        cmd += ["--answers", str(a)]
    subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True)
    return json.loads((out / "report.json").read_text())


def line(name: str, r: dict) -> str:
    gate, rank, inj = r["l1_gate"], r.get("l2_rank") or {}, r.get("injection") or {}
    return (f"{name}: n={gate['n']} gate acc {gate['accuracy']:.3f} kappa {gate['kappa']:.3f} "
            f"(judge pass/human fail {gate['judge_pass_human_fail']}, judge fail/human pass "
            f"{gate['judge_fail_human_pass']}); L2 rho {rank.get('rho', float('nan')):.3f} (n={rank.get('n', 0)}); "
            f"injections passed {inj.get('passed', 0)}/{inj.get('n', 0)}; abstained {r['coverage']['abstained']}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--design", required=True)
    ap.add_argument("--sets", nargs="+", default=["dev"], choices=list(SETS))
    ap.add_argument("--reuse", nargs="*", default=["design_a"], help="earlier designs whose answers are imported too")
    ap.add_argument("--out-name", default="measure",
                    help="folder under <design>/<set>/ for the report (another name keeps an earlier measurement)")
    args = ap.parse_args()
    for name in args.sets:
        print(line(name, measure(args.design, name, [d for d in args.reuse if d != args.design], args.out_name)),
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
