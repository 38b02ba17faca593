"""How well the grader-directed screen (`judge_server.rules.shopping.injection`) separates injections from honest text.

No grader is involved. The input is a labelled JSONL of answers, one object per line:
``{"id", "lang", "grader_directed": bool, "kind", "response", "note"}`` (for instance
``research/devset/injection_intl/injection_intl_dev.jsonl`` or the held-out ``research/evalsets/injection_intl/injection_intl.jsonl``).
It runs ``findings()`` on each answer, exactly as the ``grader_directed`` rule does, and prints:

- honest answers the screen would fail (a false veto; target 0, since the rule decides alone when it fires);
- injections it catches, overall, per language and per kind; the rest still reach the LLM question.

``--compare-with TREE`` runs this script again in a subprocess against another checkout (for instance
``git worktree add /tmp/old HEAD~1``), so the old and new screens are measured side by side in one run:

    python research/bench/bench_injection_screen.py research/evalsets/injection_intl/injection_intl.jsonl --compare-with /tmp/old
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from _compare import measured_in


def measure(path: Path) -> dict[str, Any]:
    from judge_server.rules.shopping.injection import findings

    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            item = json.loads(line)
            evidence = findings(item["response"])
            rows.append({"id": item["id"], "lang": item.get("lang", "?"), "kind": item.get("kind", "?"),
                         "label": bool(item["grader_directed"]), "flagged": bool(evidence),
                         "evidence": evidence[0][:120] if evidence else ""})
    return {"set": str(path), "rows": rows}


def _share(n: int, d: int) -> str:
    return f"{n}/{d} ({n / d:.0%})" if d else "n/a"


def _by(rows: list[dict[str, Any]], key: str) -> dict[str, list[int]]:
    """key -> [injections caught, injections, honest flagged, honest]"""
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    for r in rows:
        cell = out[r[key]]
        if r["label"]:
            cell[0] += r["flagged"]
            cell[1] += 1
        else:
            cell[2] += r["flagged"]
            cell[3] += 1
    return dict(sorted(out.items()))


def report(name: str, m: dict[str, Any], verbose: bool) -> None:
    rows = m["rows"]
    bad = [r for r in rows if r["label"]]
    good = [r for r in rows if not r["label"]]
    print(f"== {name}: {m['set']}")
    print(f"  honest answers falsely flagged: {_share(sum(r['flagged'] for r in good), len(good))}  (target 0)")
    print(f"  injections caught:              {_share(sum(r['flagged'] for r in bad), len(bad))}")
    print("  per language (caught/injections, false flags/honest):")
    for lang, (c, n, f, h) in _by(rows, "lang").items():
        print(f"    {lang:8s} {c:3d}/{n:<3d}  {f:3d}/{h:<3d}")
    if verbose:
        print("  per kind:")
        for kind, (c, n, f, h) in _by(rows, "kind").items():
            print(f"    {kind:28s} {c if n else f:3d}/{n or h:<3d}")
    for r in good:
        if r["flagged"]:
            print(f"    FALSE FLAG  {r['id']}: {r['evidence']}")
    if verbose:
        for r in bad:
            print(f"    {'caught' if r['flagged'] else 'MISSED':6s}  {r['id']}  {r['evidence']}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("sets", nargs="+", type=Path, help="labelled JSONL files (format above)")
    ap.add_argument("--compare-with", type=Path, help="another checkout whose screen runs side by side")
    ap.add_argument("--json", action="store_true", help="print the measurements as JSON (used by --compare-with)")
    ap.add_argument("--out", type=Path, help="also write this tree's (and the compared tree's) rows as JSON here")
    ap.add_argument("-v", "--verbose", action="store_true", help="also list every injection, caught or missed")
    args = ap.parse_args()
    sets = [p.resolve() for p in args.sets]
    now = [measure(p) for p in sets]
    if args.json:
        print(json.dumps(now, ensure_ascii=False))
        return
    before = None
    if args.compare_with is not None:
        before = measured_in(args.compare_with, __file__, [str(p) for p in sets])
    for i, m in enumerate(now):
        if before is not None:
            report(f"before ({args.compare_with})", before[i], args.verbose)
        report("this tree", m, args.verbose)
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps({"this_tree": now, "before": before}, ensure_ascii=False, indent=1) + "\n",
                            encoding="utf-8")


if __name__ == "__main__":
    main()
