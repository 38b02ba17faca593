"""Export every grader question of the labelled sets for the strong grader of record, and lay them out for answerers.

For each set, ``hrm calibrate SET --engine batch --ask-all --ask-where-rules-decide`` asks every L1, L2 and process
question (also where a rule settles a check), exactly as a live grader would be asked; the questions still without
an answer are appended to ``<design>/<set>/requests.jsonl`` (OpenAI Batch API input lines). This script then writes
them as question sheets (``<design>/<set>/questions/NNN.md``, ``--chunk`` questions each), one question per section:
its custom_id, its system and user messages verbatim, and the answer's JSON schema. An answerer sees nothing else
(instructions: INSTRUCTIONS.md). Answers go to ``<design>/<set>/answers/NNN.<answerer>.jsonl`` as
``{"custom_id", "content"}`` lines, which ``hrm calibrate --answers`` imports.

    python research/strong_grader/export.py --design design_a [--sets dev indep ...] [--chunk 40]
    python research/strong_grader/export.py --design design_b --reuse design_a   # only what design_b changed
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SETS = {
    "dev": "research/devset/dev.jsonl",
    # a second dev set about description faithfulness only (research/devset/faithfulness/README.md)
    "devf": "research/devset/faithfulness/dev_faithfulness.jsonl",
    # a third, realistic answers with one slip each (research/devset/faithfulness2/README.md)
    "devf2": "research/devset/faithfulness2/dev_faithfulness2.jsonl",
    # a fourth, UI relevance only: borderline budgets, soft vs hard needs, accessories (research/devset/relevance)
    "devrel": "research/devset/relevance/dev_relevance.jsonl",
    # a fifth, L2 depth and structure only: every item passes L1 (research/devset/l2/README.md)
    "devl2": "research/devset/l2/dev_l2.jsonl",
    "indep1": "research/evalsets/independent/shop_indep.jsonl",
    "indep2": "research/evalsets/independent2/shop_indep2.jsonl",
    "indep3": "research/evalsets/independent3/shop_indep3.jsonl",
    "indep4": "research/evalsets/independent4/shop_indep4.jsonl",
}
GRADER = "strong-grader-of-record"


def calibrate_cmd(design: str, name: str, extra: list[str], reuse: list[str] = ()) -> list[str]:
    """``hrm calibrate`` of one set with the batch engine; answers of earlier designs are imported too (a question
    a design did not change has the same custom_id, so its answer is reused, never asked again)."""
    folder = HERE / design / name
    answers = [a for d in (*reuse, design) for a in sorted((HERE / d / name / "answers").glob("*.jsonl"))]
    cmd = [sys.executable, "-m", "hrm_tools.cli", "calibrate", str(ROOT / SETS[name]), "--engine", "batch",
           "--model", GRADER, "--ask-all", "--ask-where-rules-decide", "--calibration", "off", "--no-cache",
           "--export", str(folder / "requests.jsonl"), "--out", str(folder / "calibrate")]
    for a in answers:
        cmd += ["--answers", str(a)]
    return cmd + extra


def sheets(folder: Path, chunk: int, only: str | None = None) -> int:
    """Question sheets for the exported questions that have no sheet yet (with ``only``: those whose user message
    contains that text, e.g. one check's question); returns how many were written."""
    requests = [json.loads(line) for line in (folder / "requests.jsonl").read_text().splitlines() if line.strip()]
    if only:
        requests = [r for r in requests if any(only in m["content"] for m in r["body"]["messages"]
                                               if m["role"] == "user")]
    qdir = folder / "questions"
    qdir.mkdir(exist_ok=True)
    done = set()
    for sheet in qdir.glob("*.md"):
        done |= {line[3:].strip() for line in sheet.read_text().splitlines() if line.startswith("## hrm-")}
    todo = [r for r in requests if r["custom_id"] not in done]
    start = len(list(qdir.glob("*.md")))
    for n in range(0, len(todo), chunk):
        part = todo[n:n + chunk]
        out = [f"# Question sheet {start + n // chunk:03d}: {len(part)} questions\n",
               "Answer each question on its own (INSTRUCTIONS.md). One answer line per question.\n"]
        for r in part:
            body = r["body"]
            out.append(f"\n---\n\n## {r['custom_id']}\n")
            for m in body["messages"]:
                out.append(f"### {m['role']}\n\n{m['content']}\n")
            schema = body.get("response_format", {}).get("json_schema", {}).get("schema")
            out.append(f"### answer schema\n\n```json\n{json.dumps(schema)}\n```\n")
        (qdir / f"{start + n // chunk:03d}.md").write_text("\n".join(out))
    return len(todo)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--design", required=True, help="folder name of the design being measured (design_a, ...)")
    ap.add_argument("--sets", nargs="+", default=list(SETS), choices=list(SETS))
    ap.add_argument("--chunk", type=int, default=40, help="questions per sheet")
    ap.add_argument("--reuse", nargs="*", default=[], help="earlier designs whose answers are imported too")
    ap.add_argument("--only", help="put on sheets only the questions whose user message contains this text")
    args = ap.parse_args()
    for name in args.sets:
        folder = HERE / args.design / name
        folder.mkdir(parents=True, exist_ok=True)
        proc = subprocess.run(calibrate_cmd(args.design, name, [], args.reuse), cwd=ROOT, capture_output=True,
                              text=True)
        if proc.returncode != 0:
            print(proc.stderr[-3000:], file=sys.stderr)
            return proc.returncode
        new = sheets(folder, args.chunk, args.only) if (folder / "requests.jsonl").is_file() else 0
        print(f"{name}: {new} new questions in sheets under {folder.relative_to(ROOT)}/questions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
