"""Check an answers file against the question sheets it answers: every question answered once, every answer a
JSON object valid under the question's schema. Prints problems; exit 1 when there are any.

    python research/strong_grader/check_answers.py SHEET.md [SHEET.md ...] --answers FILE.jsonl
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import jsonschema


def questions(sheet: Path) -> dict[str, dict]:
    """custom_id -> answer schema, read back from a question sheet."""
    out: dict[str, dict] = {}
    for block in sheet.read_text().split("\n## ")[1:]:
        cid = block.splitlines()[0].strip()
        m = re.search(r"### answer schema\n\n```json\n(.*?)\n```", block, re.S)
        out[cid] = json.loads(m.group(1)) if m else {}
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("sheets", nargs="+", type=Path)
    ap.add_argument("--answers", type=Path, required=True)
    args = ap.parse_args()
    wanted: dict[str, dict] = {}
    for s in args.sheets:
        wanted.update(questions(s))
    seen: dict[str, int] = {}
    problems = []
    for n, raw in enumerate(args.answers.read_text().splitlines(), 1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
            cid, content = line["custom_id"], line["content"]
            answer = json.loads(content)
        except (ValueError, KeyError, TypeError) as exc:
            problems.append(f"line {n}: not a {{custom_id, content}} line with JSON content ({exc})")
            continue
        if cid not in wanted:
            problems.append(f"line {n}: {cid} is not a question of these sheets")
            continue
        seen[cid] = seen.get(cid, 0) + 1
        try:
            jsonschema.validate(answer, wanted[cid])
        except jsonschema.ValidationError as exc:
            problems.append(f"line {n}: {cid}: {exc.message}")
    problems += [f"{cid}: answered {k} times" for cid, k in seen.items() if k > 1]
    problems += [f"{cid}: not answered" for cid in wanted if cid not in seen]
    print("\n".join(problems) or f"ok: {len(seen)} of {len(wanted)} questions answered")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
