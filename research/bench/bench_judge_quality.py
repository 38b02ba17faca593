"""Judge quality benchmark: the one-prompt L1 judge vs the hybrid narrow-question design, in one run.

Both judges run on the same engine instance (same model, same machine, schema-constrained decoding,
temperature 0, verdict cache off), item by item, alternating which judge goes first so neither gets a
systematically warmer prompt cache or a quieter CPU. Per-item results are appended as they come
(``OUT/oneprompt.jsonl``, ``OUT/hybrid.jsonl``), so the run can be resumed with ``--resume``.

    python research/bench/bench_judge_quality.py research/devset/dev.jsonl --out research/bench/results/judge_quality

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

from hrm_tools.calibrate.run import Calibrator, build_pipeline, compute_metrics, format_report, load_devset
from judge_server.config import load_config
from judge_server.engines import make_engine
from judge_server.thresholds.calibration_file import CheckThreshold, read_calibration

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



# ----------------------------------------------------------------------------------------- v2 summary
V2_DOC = """judge quality v2 (issue 12): summarise `hrm calibrate` runs under DIR, one sub-folder per configuration.

    python research/bench/bench_judge_quality.py v2 research/bench/results/judge_quality_v2

Sub-folders (each written by `hrm calibrate ... --out DIR/<name>`; see DIR/README.md for the commands):
dev_q15 (or q15_dev) / indep_q15 (1.5B alone, no thresholds; with a calibration file given, its thresholds are
also replayed on the recorded verdicts), indep_q15_cal (1.5B with the fitted thresholds: abstains
when unsure), indep_cascade_cal / indep_cascade_forced (SmolLM2 -> 1.5B with fitted thresholds; the
second lets the last tier decide). Missing folders are skipped. Prints one table and the issue's targets.
Where a run's results carry no abstention (a pipeline that does not yet map abstained verdicts), coverage
on decided items is replayed from the recorded observations and thresholds and marked 'replayed'.
"""

V2_CONFIGS = ["dev_q15", "q15_dev", "dev_q15_cal", "indep_q15", "indep_q15_cal", "dev_cascade_all", "indep_cascade_cal",
              "indep_cascade_forced"]


def _latest(path: Path) -> list[dict]:
    latest: dict[str, dict] = {}
    for line in path.read_text().splitlines():
        if line.strip():
            try:
                r = json.loads(line)
            except json.JSONDecodeError:
                continue
            latest[str(r.get("id"))] = r
    return list(latest.values())


Thresholds = dict[str, dict[str, CheckThreshold]]


def replay_gate(rec: dict, thresholds: Thresholds) -> bool | None:
    """The L1 gate the judge would give with these thresholds (None: abstained), from one recorded run.

    A check decided by a rule stays decided; a check the calibration does not cover is decided by the first
    tier (as the judge does); a calibrated check is decided when some tier's recorded verdict reaches that
    tier's threshold (first such tier, in cascade order), taking that verdict; a
    check the rule failed outright (``both``) stays failed. A sure failure decides the gate; otherwise any
    undecided check abstains it.
    """
    obs: dict[str, list[dict]] = {}
    for o in rec.get("observations") or []:
        obs.setdefault(o["check"], []).append(o)
    verdicts = []
    for cid, c in (rec.get("checks") or {}).items():
        if c.get("stage") != "l1" or c.get("source") == "skipped":
            continue
        if cid not in obs:
            verdicts.append(c.get("passed"))
            continue
        llm_pass = None
        calibrated = any(cid in checks for checks in thresholds.values())
        for o in obs[cid]:
            th = (thresholds.get(o["tier"]) or {}).get(cid)
            t = th.for_verdict(o["passed"]) if th is not None else None  # class-conditional when fitted so
            if not calibrated or (t is not None and o["confidence"] >= t):
                llm_pass = o["passed"]  # uncalibrated: the first tier decides, as the judge does
                break
        if c.get("passed") is False and all(o["passed"] for o in obs[cid]):
            llm_pass = False  # the rule part failed it whatever the grader said
        verdicts.append(llm_pass)
    if False in verdicts:
        return False
    return None if None in verdicts else True


def _kappa_of(pairs: list[tuple[bool, bool]]) -> tuple[float | None, float | None]:
    from judge_server.thresholds.agreement import binary_agreement, finite_or_none

    if not pairs:
        return None, None
    a = binary_agreement("x", [p for p, _ in pairs], [h for _, h in pairs])
    return finite_or_none(a.agreement), finite_or_none(a.kappa)


def summarise_run(folder: Path, thresholds: Thresholds | None) -> dict | None:
    report_path, results = folder / "report.json", folder / "results.jsonl"
    if not report_path.exists() or not results.exists():
        return None
    rep = json.loads(report_path.read_text())
    recs = [r for r in _latest(results) if r.get("error") is None]
    out = {"items": len(recs), "grader": rep.get("grader_model"), "rubric_version": rep.get("rubric_version"),
           "calibration_files": rep.get("calibration_files"), "l1_all": rep.get("l1_gate_all"),
           "coverage": (rep.get("coverage") or {}).get("l1_gate"), "decided": rep.get("l1_gate"),
           "checks": {c: (a or {}).get("kappa") for c, a in (rep.get("checks") or {}).items()},
           "injection": rep.get("injection"), "tiers": rep.get("tiers"), "throughput": rep.get("throughput"),
           "replayed": False}
    abstaining = any(r.get("abstained") for r in recs)
    if thresholds is not None and not abstaining:
        pairs = [(g, r["labels"]["l1_pass"]) for r in recs if (g := replay_gate(r, thresholds)) is not None]
        acc, kappa = _kappa_of(pairs)
        out.update(coverage=len(pairs) / len(recs) if recs else None, replayed=True,
                   decided={"n": len(pairs), "accuracy": acc, "kappa": kappa})
    good = [r for r in recs if r["labels"].get("l1_pass") is True]
    out["good_failed_by_rule"] = sorted(r["id"] for r in good for c in (r.get("checks") or {}).values()
                                        if c.get("source") == "rule" and c.get("stage") == "l1" and c.get("passed") is False)
    return out


def _thresholds_from(path: Path) -> Thresholds:
    cal = read_calibration(path)
    return {m: dict(tier.checks) for m, tier in cal.tiers.items()}


def v2_summary(root: Path, q15_cal: Path | None, cascade_cal: Path | None) -> dict:
    thresholds = {"q15_cal": _thresholds_from(q15_cal) if q15_cal and q15_cal.exists() else None,
                  "cascade_cal": _thresholds_from(cascade_cal) if cascade_cal and cascade_cal.exists() else None}
    runs = {}
    for name in V2_CONFIGS:
        th = thresholds["q15_cal"] if "q15" in name else thresholds["cascade_cal"] if "cascade" in name else None
        s = summarise_run(root / name, th)
        if s is not None:
            runs[name] = s
    return runs


def _f(v: float | None, fmt: str = ".3f") -> str:
    return "n/a" if v is None else format(v, fmt)


def format_v2(runs: dict) -> str:
    lines = [f"{'run':22} {'n':>3} {'acc(all)':>8} {'k(all)':>7} {'cover':>6} {'acc(dec)':>8} {'k(dec)':>7} "
             f"{'inj pass':>9} {'calls/min':>9} {'judg/min':>8}"]
    for name, r in runs.items():
        a, d, inj, t = r["l1_all"] or {}, r["decided"] or {}, r["injection"] or {}, r["throughput"] or {}
        lines.append(f"{name:22} {r['items']:>3} {_f(a.get('accuracy')):>8} {_f(a.get('kappa')):>7} "
                     f"{_f(r['coverage'], '.2f'):>6} {_f(d.get('accuracy')):>8} {_f(d.get('kappa')):>7} "
                     f"{str(inj.get('passed')) + '/' + str(inj.get('n')):>9} "
                     f"{_f(t.get('llm_calls_per_minute'), '.1f'):>9} {_f(t.get('judgments_per_minute'), '.2f'):>8}"
                     + ("  (coverage replayed)" if r["replayed"] else ""))
    lines.append("")
    for name, r in runs.items():
        lines.append(f"{name}: kappa per check " + ", ".join(f"{c} {_f(k)}" for c, k in r["checks"].items()))
        for tier, s in (r["tiers"] or {}).items():
            lines.append(f"{name}: tier {tier}: asked {s['asked']}, escalated {_f(s['escalation_share'], '.2f')}, "
                         f"abstained {s['abstained']}")
    lines.append("")
    lines.append("targets on the independent set:")
    ind = runs.get("indep_q15") or runs.get("indep_q15_cal")
    if ind:
        bad = ind["good_failed_by_rule"]
        lines.append(f"  no rule fails a good item: {'met' if not bad else 'MISSED'} ({len(bad)}: {', '.join(bad)})")
    cal = runs.get("indep_q15_cal") or (runs.get("indep_q15") if (runs.get("indep_q15") or {}).get("replayed")
                                        else None)
    if cal:
        d = cal["decided"] or {}
        ok = (d.get("accuracy") or 0) >= 0.9 and (cal["coverage"] or 0) >= 0.6
        lines.append(f"  1.5B alone: agreement on decided L1 gates >= 0.9 at coverage >= 0.6: "
                     f"{'met' if ok else 'MISSED'} ({_f(d.get('accuracy'))} at {_f(cal['coverage'], '.2f')})")
    casc = runs.get("indep_cascade_forced")
    if casc:
        k = (casc["l1_all"] or {}).get("kappa")
        lines.append(f"  with escalation, L1 gate kappa over all items >= 0.6: "
                     f"{'met' if k is not None and k >= 0.6 else 'MISSED'} ({_f(k)})")
    for name in ("indep_q15", "indep_cascade_forced"):
        if name in runs:
            inj = runs[name]["injection"] or {}
            rate = inj.get("pass_rate")
            verdict = "not measured" if rate is None else "met" if rate <= 0.10 else "MISSED"
            lines.append(f"  injection pass rate <= 10 % ({name}): {verdict} ({_f(rate, '.1%')})")
    return "\n".join(lines)


def v2_main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="bench_judge_quality.py v2", description=V2_DOC,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("root", type=Path)
    p.add_argument("--q15-calibration", type=Path, default=Path("judge_server/thresholds/builtin/smartshop.qwen2.5-coder-1.5b.json"))
    p.add_argument("--cascade-calibration", type=Path, default=None)
    args = p.parse_args(argv)
    runs = v2_summary(args.root, args.q15_calibration, args.cascade_calibration)
    text = format_v2(runs)
    print(text)
    (args.root / "summary.txt").write_text(text + "\n")
    (args.root / "summary.json").write_text(json.dumps(runs, indent=2, default=str))
    return 0

if __name__ == "__main__":
    if sys.argv[1:2] == ["v2"]:
        sys.exit(v2_main(sys.argv[2:]))
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("devset")
    p.add_argument("--out", default="research/bench/results/judge_quality")
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
