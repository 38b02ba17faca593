"""How often the smartshop pack's deterministic rules veto good answers, and how many flawed ones they catch.

No grader is involved: every L1 check of the pack that has a rule runs that rule on every item, exactly as
the pipeline would (same params). A *veto* is a rule outcome ``passed is False`` on a check whose combine
policy lets a failing rule decide (``rule_only``, ``rule_veto``, ``rule_if_applicable``, ``both``). For a
labelled set (``labels.l1_pass``) it prints:

- good items (``l1_pass`` true) that some rule vetoes (target 0), with the rule and its reason;
- the share of flawed items (``l1_pass`` false) decided by a sure rule veto;
- the same for the process rule against ``labels.tool_use.passed`` when present.

``--compare-with TREE`` runs the same script a second time in a subprocess against another checkout (for
instance ``git worktree add /tmp/old 3d9646c``), so the old and new rules are measured side by side in one run:

    python research/bench/bench_rule_vetoes.py research/devset/dev.jsonl --compare-with /tmp/old
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from _compare import measured_in

_LABEL_KEYS = {"labels", "flaw", "injection", "note"}
_DECIDING = {"rule_only", "rule_veto", "rule_if_applicable", "both"}


def _rules() -> dict[str, Any]:
    try:  # the explicit registry (issue 11); older trees fill judge_server.rules.base.RULES on import
        from judge_server.rules.registry import RULES
    except ImportError:
        from judge_server.rules.base import RULES
    return RULES


def measure(path: Path) -> dict[str, Any]:
    from hrm_wire.models import ScoreRequest
    from judge_server.packs.loader import load_pack_file
    from judge_server.packs.registry import PACKS_DIR
    from judge_server.rules.base import RuleContext

    rules = _rules()
    pack = load_pack_file(PACKS_DIR / "smartshop.yaml")
    l1 = [c for c in pack.checks if c.stage == "l1" and c.rule and c.combine in _DECIDING]
    proc = [c for c in pack.checks if c.stage == "process" and c.rule and c.combine in _DECIDING]
    good = flawed = 0
    good_vetoed: list[str] = []
    flawed_vetoed: list[str] = []
    tools_good = tools_bad = 0
    tools_good_vetoed: list[str] = []
    tools_bad_vetoed: list[str] = []
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        item = json.loads(line)
        labels = item.get("labels") or {}
        req = ScoreRequest.model_validate({k: v for k, v in item.items() if k not in _LABEL_KEYS})
        vetoes = []
        for spec in l1:
            out = rules[spec.rule](RuleContext(req, spec.params))
            if out.passed is False:
                vetoes.append(f"{spec.id}/{spec.rule}: {out.reason}"[:220])
        label = labels.get("l1_pass")
        tag = f"{item.get('id')} [{item.get('flaw', '?')}]"
        if label is True:
            good += 1
            if vetoes:
                good_vetoed.append(f"{tag} {vetoes[0]}")
        elif label is False:
            flawed += 1
            if vetoes:
                flawed_vetoed.append(f"{tag} {vetoes[0]}")
        tool_label = (labels.get("tool_use") or {}).get("passed")
        for spec in proc:
            out = rules[spec.rule](RuleContext(req, spec.params))
            if tool_label is True:
                tools_good += 1
                if out.passed is False:
                    tools_good_vetoed.append(f"{tag} {out.reason}"[:220])
            elif tool_label is False:
                tools_bad += 1
                if out.passed is False:
                    tools_bad_vetoed.append(f"{tag} {out.reason}"[:220])
    return {"set": str(path), "good": good, "good_vetoed": good_vetoed, "flawed": flawed,
            "flawed_vetoed": flawed_vetoed, "tools_good": tools_good, "tools_good_vetoed": tools_good_vetoed,
            "tools_bad": tools_bad, "tools_bad_vetoed": tools_bad_vetoed}


def _share(n: int, d: int) -> str:
    return f"{n}/{d} ({n / d:.0%})" if d else "n/a"


def report(name: str, m: dict[str, Any], verbose: bool) -> None:
    print(f"== {name}: {m['set']}")
    print(f"  good items vetoed by a rule:        {_share(len(m['good_vetoed']), m['good'])}  (target 0)")
    print(f"  flawed items decided by a rule veto: {_share(len(m['flawed_vetoed']), m['flawed'])}")
    print(f"  process rule: good tool use vetoed  {_share(len(m['tools_good_vetoed']), m['tools_good'])}, "
          f"bad tool use vetoed {_share(len(m['tools_bad_vetoed']), m['tools_bad'])}")
    for line in m["good_vetoed"]:
        print(f"    GOOD VETOED  {line}")
    for line in m["tools_good_vetoed"]:
        print(f"    GOOD TOOLS VETOED  {line}")
    if verbose:
        for line in m["flawed_vetoed"]:
            print(f"    flawed caught  {line}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sets", nargs="+", type=Path, help="labelled JSONL files (devset format)")
    ap.add_argument("--compare-with", type=Path, help="another checkout whose rules run side by side")
    ap.add_argument("--json", action="store_true", help="print the measurements as JSON (used by --compare-with)")
    ap.add_argument("-v", "--verbose", action="store_true", help="also list the flawed items each rule caught")
    args = ap.parse_args()
    sets = [p.resolve() for p in args.sets]
    now = [measure(p) for p in sets]
    if args.json:
        print(json.dumps(now))
        return
    before = None
    if args.compare_with is not None:
        before = measured_in(args.compare_with, __file__, [str(p) for p in sets])
    for i, m in enumerate(now):
        if before is not None:
            report(f"before ({args.compare_with})", before[i], args.verbose)
        report("this tree", m, args.verbose)


if __name__ == "__main__":
    main()
