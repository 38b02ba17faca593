"""Same request, same grader: do the grader's verdicts depend on what else llama.cpp is decoding? (issue 28, item 6)

`hrm serve` and `hrm score` run the same pipeline and the same embedded engine; what differs is how questions reach
llama.cpp: a single `curl` to the service sends one judgment's questions into the grader's slots, `hrm score` keeps
several judgments in flight, so their questions share decoding batches, and the prompt cache reuses prefixes left by
other questions. Greedy decoding is deterministic only for a fixed batch composition: llama.cpp's matrix kernels
sum in a different order for a different batch, and a near-tie between "yes" and "no" can flip.

Each condition judges the same items in a fresh process-local pipeline (verdict cache off, shipped calibration):

- ``1slot``: one decoding slot, one judgment at a time (nothing shares a batch);
- ``1slot-again``: the same once more (run-to-run repeatability);
- ``2slots``: the default two slots, one judgment at a time (a single request to `hrm serve`);
- ``2slots-batched``: two slots, every item in flight at once (`hrm score` over a file).

Printed: per condition, the share of grader answers (per check: the verdict the grader's answers make, and its
confidence) that differ from ``1slot``, and the rewards.

    python research/determinism/serve_vs_score.py --model smollm2-135m --items 4 --out research/determinism/smollm2.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

CONDITIONS = {"1slot": (1, False), "1slot-again": (1, False), "2slots": (2, False), "2slots-batched": (2, True)}


async def run(model: str, items: list[dict[str, Any]], slots: int, batched: bool) -> list[dict[str, Any]]:
    from judge_server.config import HRMConfig
    from judge_server.pipeline import ScoringPipeline

    hrm = {"engine": {"kind": "embedded", "model": model, "n_parallel": slots},
           "cache": {"directory": tempfile.mkdtemp()}, "judge": {"concurrency": 16}}
    pipeline = ScoringPipeline(HRMConfig.model_validate(hrm))
    await pipeline.start()
    try:
        async def one(item: dict[str, Any]) -> dict[str, Any]:
            r = await pipeline.score(pipeline.parse_request({**item, "options": {"use_cache": False}}))
            return {"id": item["id"], "reward": r.reward, "abstained": r.abstained,
                    "checks": {c.id: {"grader_passed": c.grader_passed, "grader_confidence": c.grader_confidence,
                                      "passed": c.passed, "source": c.source}
                               for c in r.checks.values() if c.source != "rule"}}

        if batched:
            return list(await asyncio.gather(*(one(i) for i in items)))
        return [await one(i) for i in items]
    finally:
        await pipeline.close()


def compare(base: list[dict[str, Any]], other: list[dict[str, Any]]) -> dict[str, Any]:
    answers = flipped = 0
    conf_diffs: list[float] = []
    for a, b in zip(base, other, strict=True):
        for cid, x in a["checks"].items():
            y = b["checks"].get(cid)
            if y is None or x["grader_passed"] is None or y["grader_passed"] is None:
                continue
            answers += 1
            flipped += x["grader_passed"] != y["grader_passed"]
            conf_diffs.append(abs((x["grader_confidence"] or 0) - (y["grader_confidence"] or 0)))
    return {"grader_answers": answers, "verdicts_flipped": flipped,
            "max_confidence_diff": round(max(conf_diffs, default=0.0), 4),
            "mean_confidence_diff": round(sum(conf_diffs) / max(1, len(conf_diffs)), 4),
            "rewards_differ": sum(x["reward"] != y["reward"] for x, y in zip(base, other, strict=True))}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", default="smollm2-135m")
    ap.add_argument("--items", type=int, default=4, help="first N items of examples/smartshop.jsonl")
    ap.add_argument("--conditions", nargs="+", default=list(CONDITIONS), choices=list(CONDITIONS))
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    rows = [json.loads(line) for line in (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines()]
    items = rows[: args.items]
    results: dict[str, Any] = {"model": args.model, "items": [i["id"] for i in items], "runs": {}}
    for name in args.conditions:
        slots, batched = CONDITIONS[name]
        t0 = time.monotonic()
        results["runs"][name] = asyncio.run(run(args.model, items, slots, batched))
        print(f"{name}: {time.monotonic() - t0:.0f} s, rewards "
              f"{[r['reward'] for r in results['runs'][name]]}", flush=True)
        args.out.write_text(json.dumps(results, indent=2) + "\n")
    base = results["runs"].get("1slot")
    if base is not None:
        results["vs_1slot"] = {n: compare(base, r) for n, r in results["runs"].items() if n != "1slot"}
        for n, c in results["vs_1slot"].items():
            print(f"{n} vs 1slot: {c}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
