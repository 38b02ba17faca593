"""How much a grader's raw verdict says about the label, per LLM check, pooled over calibration runs.

A calibrated threshold can only certify a verdict side whose agreement with the labels rises above the
target somewhere along the confidence axis. When the grader says "yes" about as often on flawed items as on
good ones, no threshold, no fitting method and no amount of labels will certify it: the verdict carries no
signal. This reads ``hrm calibrate`` outputs (``results.jsonl``; no grader runs) and prints, per check:

- ``n``, and how the labels split (``good`` / ``bad``);
- ``P(yes|good)`` and ``P(yes|bad)``: how often the grader says yes on each;
- Youden's ``J = P(yes|good) - P(yes|bad)`` (0: the verdict is independent of the label; 1: perfect);
- Cohen's kappa of verdict vs label, and the agreement of each side (``yes ok``, ``no ok``);
- the same for the grader's most confident half (``J top half``): a signal that lives only in confident
  answers would show there.

Verdicts are the grader's own answers before any threshold (``observations_from_records``), so abstained
checks count too. Only questions the grader was asked appear: with the production protocol that excludes
checks a rule decided or the L1 short-circuit skipped.

    python research/bench/bench_grader_signal.py research/bench/results/judge_quality_v7/shop_indep*_q15_cal/results.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a script: the repo root on the path

from judge_server.thresholds.agreement import binary_agreement  # noqa: E402
from judge_server.thresholds.fit import Observation, observations_from_records  # noqa: E402


def _rate(xs: list[Observation]) -> float | None:
    return sum(o.passed for o in xs) / len(xs) if xs else None


def signal(obs: list[Observation]) -> dict[str, Any]:
    good = [o for o in obs if o.label]
    bad = [o for o in obs if not o.label]
    yes = [o for o in obs if o.passed]
    no = [o for o in obs if not o.passed]
    p_good, p_bad = _rate(good), _rate(bad)
    out: dict[str, Any] = {
        "n": len(obs), "good": len(good), "bad": len(bad), "p_yes_good": p_good, "p_yes_bad": p_bad,
        "youden_j": None if p_good is None or p_bad is None else p_good - p_bad,
        "kappa": binary_agreement("v", [o.passed for o in obs], [o.label for o in obs]).to_dict()["kappa"],
        "yes_agree": sum(o.label for o in yes) / len(yes) if yes else None,
        "no_agree": sum(not o.label for o in no) / len(no) if no else None,
    }
    top = sorted(obs, key=lambda o: o.confidence, reverse=True)[: len(obs) // 2]
    tg, tb = _rate([o for o in top if o.label]), _rate([o for o in top if not o.label])
    out["youden_j_top_half"] = None if tg is None or tb is None else tg - tb
    return out


def pooled(paths: list[Path]) -> dict[str, list[Observation]]:
    by_check: dict[str, list[Observation]] = defaultdict(list)
    for p in paths:
        records = [json.loads(line) for line in p.read_text().splitlines() if line.strip()]
        _, obs = observations_from_records(records)
        for o in obs:
            by_check[o.check_id].append(o)
    return dict(sorted(by_check.items()))


def _f(v: float | None) -> str:
    return "   -" if v is None else f"{v:5.2f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("results", nargs="+", type=Path, help="results.jsonl files of hrm calibrate runs")
    ap.add_argument("--json", type=Path, help="also write the table as JSON")
    args = ap.parse_args()
    table = {check: signal(obs) for check, obs in pooled(args.results).items()}
    print(f"pooled over {len(args.results)} run(s): {', '.join(p.parent.name for p in args.results)}")
    print(f"{'check':26} {'n':>4} {'good':>4} {'bad':>4}  P(yes|good) P(yes|bad)     J  kappa  yes ok  no ok"
          "  J top half")
    for check, s in table.items():
        print(f"{check:26} {s['n']:>4} {s['good']:>4} {s['bad']:>4}  {_f(s['p_yes_good']):>11} "
              f"{_f(s['p_yes_bad']):>10} {_f(s['youden_j'])} {_f(s['kappa'])}  {_f(s['yes_agree']):>6} "
              f"{_f(s['no_agree']):>6}  {_f(s['youden_j_top_half']):>10}")
    if args.json:
        args.json.write_text(json.dumps(table, indent=2))


if __name__ == "__main__":
    main()
