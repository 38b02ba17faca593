"""The cascade embedded 1.5B -> strong grader of record, on the labelled sets (L1, production protocol).

The 1.5B answers live with its shipped calibration (judge_server/thresholds/builtin); a question whose verdict is
below its threshold for that answer goes to the strong tier, answered from the committed answer files of every
design (engine kind batch; its answers carry no log-probs, so it is the last tier and decides:
``judge.last_tier_decides``). The report's tier counts give the share of questions settled by each tier, and its
gate metrics the agreement of the cascade's decided gates. Output: ``cascade/<set>/``.

    python research/strong_grader/cascade.py --sets indep1 indep2 indep3 indep4
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import yaml
from export import GRADER, HERE, ROOT, SETS


def config(path) -> None:
    # the first answers only: a second answerer's (double/) measures agreement, it is not the grader of record
    answers = sorted(str(p) for p in HERE.glob("design_*/*/answers") if p.is_dir() and p.parent.name != "double")
    cfg = {"engine": {"kind": "cascade", "tiers": [
        {"kind": "embedded", "model": "qwen2.5-coder-1.5b"},
        {"kind": "batch", "model": GRADER, "answers": answers,
         "requests_path": str(HERE / "cascade" / "unanswered.jsonl")}]},
        "judge": {"last_tier_decides": True}}
    path.write_text(yaml.safe_dump(cfg))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sets", nargs="+", default=["indep1", "indep2", "indep3", "indep4"], choices=list(SETS))
    args = ap.parse_args()
    out = HERE / "cascade"
    out.mkdir(exist_ok=True)
    cfg = out / "cascade.yaml"
    config(cfg)
    for name in args.sets:
        cmd = [sys.executable, "-m", "hrm_tools.cli", "calibrate", str(ROOT / SETS[name]), "--config", str(cfg),
               "--l1-only", "--short-circuit", "--resume", "--out", str(out / name)]
        subprocess.run(cmd, cwd=ROOT, check=True)
        r = json.loads((out / name / "report.json").read_text())
        print(name, json.dumps({"l1_gate": r["l1_gate"], "coverage": r["coverage"], "tiers": r["tiers"]}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
