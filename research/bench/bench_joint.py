"""Joint per-product questions vs one question per product (issue 14): calls, speed, and agreement with labels.

Two arms judge the same labelled items side by side in one process, each on its own copy of the grader:

* ``per_product``: the shipped pack (one grader call per carded product for ``ui_relevance`` and
  ``description_faithfulness``);
* ``joint``: the same pack with ``llm.joint: true`` on those two checks (one call answers for every carded
  product the screen leaves).

Items alternate arm order, the verdict cache is off and calibration is off, so each arm's every verdict is
the grader's own (forced) answer. Only items that card at least two known products are used: on the others
both arms ask the same questions. Per arm: LLM calls and grader seconds per item, judgments per minute,
prompt tokens processed; per joint-able check: agreement and Cohen's kappa of the grader's answer with the
check label, and the in-sample coverage at the 0.9 target that ``hrm calibrate --fit`` would certify from
these verdicts. Each arm's records are ``hrm calibrate`` results files (``OUT/<arm>.jsonl``).

    .venv/bin/python research/bench/bench_joint.py research/devset/dev.jsonl --model qwen2.5-coder-1.5b \
        --out research/bench/results/joint/1.5b
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from pathlib import Path
from typing import Any

from bench_layout import load_items, usage  # type: ignore[import-not-found]  # research/bench/ is on sys.path when run

from hrm_tools.calibrate.run import Calibrator, DevItem, build_pipeline
from judge_server.packs.cards import scan_cards
from judge_server.packs.schema import RubricPack
from judge_server.thresholds.agreement import binary_agreement, finite_or_none
from judge_server.thresholds.fit import fit, observations_from_records

ROOT = Path(__file__).resolve().parents[2]
ARMS = ("per_product", "joint")
JOINT_CHECKS = ("ui_relevance", "description_faithfulness")


def _config(model: str, slots: int, threads: int) -> Any:
    from judge_server.config import HRMConfig

    return HRMConfig(engine={"kind": "embedded", "model": model, "n_parallel": slots, "n_ctx": 4096 * slots,
                             "threads": threads, "batch_threads": threads},
                     cache={"enabled": False}, judge={"calibration_file": "off"})


def joint_pack(pack: RubricPack) -> RubricPack:
    checks = []
    for c in pack.checks:
        data = c.model_dump()
        if c.id in JOINT_CHECKS and c.llm is not None and c.llm.per_product:
            data["llm"]["joint"] = True
        checks.append(data)
    return RubricPack.model_validate({**pack.model_dump(), "checks": checks})


def carded_known(item: DevItem) -> int:
    products = item.request.products()
    return sum(1 for i in scan_cards(item.request.response).ids if i in products)


def check_agreement(records: list[dict[str, Any]], check: str) -> dict[str, Any]:
    """The grader's (forced) verdict on ``check`` vs its label, where the grader was asked."""
    pairs = []
    for r in records:
        c = (r.get("checks") or {}).get(check)
        label = ((r.get("labels") or {}).get("checks") or {}).get(check)
        if c and c.get("tier") and isinstance(label, bool) and isinstance(c.get("forced"), bool):
            pairs.append((c["forced"], label))
    if not pairs:
        return {"n": 0}
    a = binary_agreement(check, [j for j, _ in pairs], [h for _, h in pairs])
    return {"n": len(pairs), "agreement": a.agreement, "kappa": finite_or_none(a.kappa),
            "good_failed": sum(1 for j, h in pairs if h and not j)}


def fitted_coverage(records: list[dict[str, Any]], check: str) -> dict[str, Any]:
    """In-sample: the share of this check's labelled verdicts a fit on them would decide (target 0.9)."""
    pack, obs = observations_from_records(records)
    obs = [o for o in obs if o.check_id == check]
    if not obs or pack is None:
        return {}
    cal = fit(obs, pack=pack)
    t = next(iter(cal.tiers.values())).checks[check]
    sides = list(t.by_verdict.values()) if t.by_verdict else [t]
    decided = sum(round(s.coverage * s.n) for s in sides if s.threshold is not None and s.coverage is not None)
    return {"labelled": len(obs), "decided": decided, "coverage": decided / len(obs)}


async def run(args: argparse.Namespace, items: list[DevItem]) -> dict[str, Any]:
    cals: dict[str, Calibrator] = {}
    walls = dict.fromkeys(ARMS, 0.0)
    for arm in ARMS:
        pipe, pack = build_pipeline(_config(args.model, args.slots, args.threads), args.pack, l1=True)
        if arm == "joint":
            pack = joint_pack(pack)
            pipe.registry.packs[pack.id] = pack
        results = args.out / f"{arm}.jsonl"
        results.unlink(missing_ok=True)
        cals[arm] = Calibrator(pipe, pack, results, progress=lambda s, a=arm: print(f"  {a:12} {s}", flush=True))
        await pipe.start()
    records: dict[str, list[dict[str, Any]]] = {a: [] for a in ARMS}
    try:
        for n, item in enumerate(items):
            print(f"[{n + 1}/{len(items)}] {item.request.id}", flush=True)
            for arm in ARMS if n % 2 == 0 else ARMS[::-1]:
                t0 = time.perf_counter()
                records[arm].append(await cals[arm].judge(item))
                walls[arm] += time.perf_counter() - t0
    finally:
        for c in cals.values():
            await c.pipeline.close()
    out: dict[str, Any] = {}
    for arm in ARMS:
        out[arm] = {**usage(records[arm], walls[arm]),
                    "checks": {c: {**check_agreement(records[arm], c), **fitted_coverage(records[arm], c)}
                               for c in JOINT_CHECKS}}
    a, b = ({r["id"]: r for r in records[arm]} for arm in ARMS)
    out["verdicts_differ"] = {c: sorted(i for i in a if (a[i].get("checks") or {}).get(c, {}).get("forced")
                                        != (b.get(i, {}).get("checks") or {}).get(c, {}).get("forced"))
                              for c in JOINT_CHECKS}
    return out


def report(out: dict[str, Any]) -> str:
    pp, jt = out["per_product"], out["joint"]
    lines = [f"{'':34}{'per_product':>12}{'joint':>10}{'joint/pp':>10}"]
    for key in ("judgments_per_min", "llm_calls", "prompt_tokens_per_judgment", "processed_tokens_per_judgment",
                "cached_share", "judge_failed"):
        x, y = pp[key], jt[key]
        lines.append(f"  {key:32}{x:>12.3f}{y:>10.3f}{(y / x if x else float('nan')):>10.3f}")
    for check in JOINT_CHECKS:
        for key in ("n", "agreement", "kappa", "good_failed", "coverage"):
            x, y = pp["checks"][check].get(key), jt["checks"][check].get(key)
            fx = f"{x:.3f}" if isinstance(x, float) else str(x)
            fy = f"{y:.3f}" if isinstance(y, float) else str(y)
            lines.append(f"  {check[:20] + ' ' + key:32}{fx:>12}{fy:>10}")
        lines.append(f"  {check}: items whose verdict differs: {out['verdicts_differ'][check] or 'none'}")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data", type=Path, nargs="?", default=ROOT / "research/devset" / "dev.jsonl")
    ap.add_argument("--model", default="smollm2-135m")
    ap.add_argument("--pack", default="smartshop")
    ap.add_argument("--items", type=int, default=0, help="Use only the first N eligible items (0 = all).")
    ap.add_argument("--slots", type=int, default=2, help="llama.cpp slots (n_parallel) per arm.")
    ap.add_argument("--threads", type=int, default=2, help="llama.cpp threads per arm.")
    ap.add_argument("--out", type=Path, default=Path("/tmp/bench_joint"),
                    help="Per-arm results files (hrm calibrate format) and report.json.")
    args = ap.parse_args()
    items = [it for it in load_items(args.data) if carded_known(it) >= 2]
    items = items[: args.items] if args.items else items
    args.out.mkdir(parents=True, exist_ok=True)
    out = asyncio.run(run(args, items))
    print(f"model {args.model}, {args.data.name}: {len(items)} items carding >= 2 known products, pack {args.pack} "
          f"(L1 only), verdict cache and calibration off, {args.slots} slots, arms alternate per item")
    print(report(out))
    meta = {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()}
    (args.out / "report.json").write_text(json.dumps({"args": meta, **out}, indent=2))


if __name__ == "__main__":
    main()
