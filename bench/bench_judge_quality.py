"""Judge quality benchmark: the one-prompt L1 judge vs the hybrid narrow-question design, in one run.

Both judges run on the same engine instance (same model, same machine, schema-constrained decoding,
temperature 0, verdict cache off), item by item, alternating which judge goes first so neither gets a
systematically warmer prompt cache or a quieter CPU. Per-item results are appended as they come
(``OUT/oneprompt.jsonl``, ``OUT/hybrid.jsonl``), so the run can be resumed with ``--resume``.

    python bench/bench_judge_quality.py devset/dev.jsonl --out bench/results/judge_quality

Prints kappa per check, L1 kappa, injection pass rate and judgments per minute for both judges, the
throughput ratio, and whether the issue's targets (L1 kappa >= 0.6, injection pass rate <= 10 %,
throughput >= half the one-prompt judge's) are met. Writes OUT/report.json.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from pathlib import Path

from judge_server.calibrate import Calibrator, build_pipeline, compute_metrics, format_report, load_devset
from judge_server.config import load_config
from judge_server.engines import make_engine

BASELINE, HYBRID = "smartshop_oneprompt", "smartshop"


def _kappa(a: dict | None) -> str:
    return "n/a" if not a or a.get("kappa") is None else f"{a['kappa']:.3f}"


def _num(v: float | None, fmt: str = ".3f") -> str:
    return "n/a" if v is None else format(v, fmt)


def _rate(inj: dict) -> str:
    return f"{inj['passed']}/{inj['n']} ({_num(inj['pass_rate'], '.0%')})"


def comparison(base: dict, new: dict) -> str:
    if not base["l1_gate"] or not new["l1_gate"]:
        return "nothing to compare yet"
    lines = ["", f"{'':34} {'one-prompt':>12} {'hybrid':>12}"]
    lines.append(f"{'L1 gate kappa':34} {_kappa(base['l1_gate']):>12} {_kappa(new['l1_gate']):>12}")
    lines.append(f"{'L1 gate accuracy':34} {_num(base['l1_gate']['accuracy']):>12} "
                 f"{_num(new['l1_gate']['accuracy']):>12}")
    for d, a in new["dimensions"].items():
        lines.append(f"{'kappa dim ' + d:34} {_kappa(base['dimensions'].get(d)):>12} {_kappa(a):>12}")
    for c, a in new["checks"].items():
        lines.append(f"{'kappa check ' + c:34} {_kappa(base['checks'].get(c)):>12} {_kappa(a):>12}")
    bi, ni = base["injection"], new["injection"]
    lines.append(f"{'injection pass rate':34} {_rate(bi):>12} {_rate(ni):>12}")
    bt, nt = base["throughput"], new["throughput"]
    lines.append(f"{'judgments per minute':34} {_num(bt['judgments_per_minute']):>12} "
                 f"{_num(nt['judgments_per_minute']):>12}")
    lines.append(f"{'LLM calls per item':34} {bt['llm_calls_per_item']:>12} {nt['llm_calls_per_item']:>12}")
    ratio = (nt["judgments_per_minute"] / bt["judgments_per_minute"]
             if nt["judgments_per_minute"] and bt["judgments_per_minute"] else None)
    lines.append(f"throughput ratio hybrid/one-prompt: {_num(ratio, '.2f')}")
    k = new["l1_gate"]["kappa"]
    rate = ni["pass_rate"]
    lines.append(f"targets: L1 kappa >= 0.6: {'met' if k is not None and k >= 0.6 else 'MISSED'} "
                 f"({_kappa(new['l1_gate'])}); injection <= 10 %: "
                 f"{'met' if rate is not None and rate <= 0.10 else 'MISSED'} ({_num(rate, '.1%')}); "
                 f"throughput >= 0.5x: {'met' if ratio is not None and ratio >= 0.5 else 'MISSED'} "
                 f"({_num(ratio, '.2f')}x)")
    return "\n".join(lines)


async def main(args: argparse.Namespace) -> int:
    items = load_devset(Path(args.devset))
    # a fixed shuffle: a run cut short still covers every category and flaw kind, not the first domains only
    random.Random(args.seed).shuffle(items)
    if args.limit:
        items = items[: args.limit]
    overrides: dict = {"cache": {"enabled": False}, "judge": {"l1_short_circuit": args.short_circuit}}
    if args.engine:
        overrides["engine"] = {"kind": args.engine}
    if args.model:
        overrides.setdefault("engine", {})["model"] = args.model
    config = load_config(args.config, overrides=overrides)
    engine = make_engine(config.engine)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    base_pipe, base_pack = build_pipeline(config, BASELINE, l1=not args.full, engine=engine)
    new_pipe, new_pack = build_pipeline(config, HYBRID, l1=not args.full, engine=engine)
    judges = [Calibrator(base_pipe, base_pack, out / "oneprompt.jsonl"),
              Calibrator(new_pipe, new_pack, out / "hybrid.jsonl")]
    if not args.resume:
        for j in judges:
            j.results.unlink(missing_ok=True)
    if args.report_only:
        return report(judges, items, engine.model_id, out, args)
    t0 = time.perf_counter()
    await engine.start()
    print(f"engine {engine.model_id} ready in {time.perf_counter() - t0:.1f} s; {len(items)} items", file=sys.stderr)
    try:
        pending = [{i.request.id for i in j.pending(items)} for j in judges]
        for n, item in enumerate(items):
            order = judges if n % 2 == 0 else judges[::-1]
            for j in order:
                if item.request.id in pending[judges.index(j)]:
                    rec = await j.judge(item)
                    print(f"[{n + 1}/{len(items)}] {j.pack.id:20} {item.request.id:40} L1 {rec.get('l1_pass')} "
                          f"(label {item.labels.get('l1_pass')}) {rec['seconds']:.1f} s {rec.get('llm_calls', 0)} "
                          f"calls{' ' + rec['error'] if rec.get('error') else ''}", file=sys.stderr, flush=True)
    finally:
        base_pipe.cache.close()
        await new_pipe.close()  # closes the shared engine
    return report(judges, items, engine.model_id, out, args)


def report(judges: list[Calibrator], items: list, model: str, out: Path, args: argparse.Namespace) -> int:
    """Metrics over the items both judges have judged (a partial run compares like with like)."""
    both = [i for i in items if all(i.request.id in {r["id"] for r in j.records(items)} for j in judges)]
    print(f"{len(both)} of {len(items)} items judged by both judges", file=sys.stderr)
    reports = {}
    for j in judges:
        rep = compute_metrics(j.records(both))
        rep.update(rubric=j.pack.id, rubric_version=j.pack.version)
        reports[j.pack.id] = rep
        print(format_report(rep, f"== {j.pack.id}@{j.pack.version} on {model}"))
    print(comparison(reports[BASELINE], reports[HYBRID]))
    (out / "report.json").write_text(json.dumps({"model": model, "items_compared": len(both),
                                                "short_circuit": args.short_circuit, "reports": reports},
                                               indent=2, default=str))
    return 0


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("devset")
    p.add_argument("--out", default="bench/results/judge_quality")
    p.add_argument("--config", default=None)
    p.add_argument("--engine", default=None, help="Engine kind (default: the config's, i.e. embedded).")
    p.add_argument("--model", default=None)
    p.add_argument("--limit", type=int, default=0)
    p.add_argument("--resume", action="store_true")
    p.add_argument("--seed", type=int, default=0, help="Seed of the item order shuffle.")
    p.add_argument("--report-only", action="store_true", help="Report on the results files without judging.")
    p.add_argument("--full", action="store_true", help="Also run L2 and process (default: L1 only).")
    p.add_argument("--short-circuit", action="store_true", help="Production L1 short-circuiting (default off).")
    sys.exit(asyncio.run(main(p.parse_args())))
