"""``hrm calibrate --fit``: thresholds from a calibration run's observations or from review labels.

Fitting itself is judge_server.thresholds.fit; this module turns the command's arguments and records
into a calibration file, the coverage/agreement plot and the printed threshold table.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from hrm_wire.errors import InvalidRequest
from judge_server.config import load_config
from judge_server.packs.registry import RubricRegistry
from judge_server.thresholds import fit
from judge_server.thresholds.fit import observations_from_records
from judge_server.thresholds.label_export import LEFT_OUT_REASONS, observations_from_labels, read_label_export
from judge_server.thresholds.plot import plot_curves


def fit_and_plot(records: list[dict[str, Any]], out: Path, args: argparse.Namespace) -> dict[str, Any] | None:
    """Fit thresholds on the run's observations; write the calibration file (with --fit) and the curve PNG."""
    pack_id, obs = observations_from_records(records)
    if not obs or pack_id is None:
        return None
    cal = fit(obs, pack=pack_id, target=args.target, delta=args.delta, method=args.method,
              source=f"hrm calibrate {args.devset}", by_verdict=not getattr(args, "pooled", False))
    if args.fit:
        cal.dump(Path(args.fit))
    png = plot_curves(cal, out / "coverage_agreement.png")
    return {"file": str(args.fit) if args.fit else None, "plot": str(png) if png else None,
            "target": args.target, "delta": args.delta, "method": args.method,
            "thresholds": {m: {c: _row(t) for c, t in tier.checks.items()} for m, tier in cal.tiers.items()}}


def _row(t: Any) -> dict[str, Any]:
    keep = ("threshold", "n", "coverage", "agreement", "method")
    row = {k: getattr(t, k) for k in keep}
    if t.by_verdict:
        row["by_verdict"] = {side: {k: getattr(v, k) for k in keep} for side, v in t.by_verdict.items()}
    return row


def _line(t: dict[str, Any]) -> str:
    th = "none" if t["threshold"] is None else f"{t['threshold']:.4f}"
    cov = "" if t["coverage"] is None else f"  coverage {t['coverage']:.2f} agreement {t['agreement']:.2f}"
    return f"n {t['n']:>3}  threshold {th}{cov}  ({t['method']})"


def thresholds_table(fitted: dict[str, Any]) -> str:
    lines = [f"fitted thresholds (target {fitted['target']:g}, delta {fitted['delta']:g}, {fitted['method']})"
             + (f" -> {fitted['file']}" if fitted["file"] else "")]
    for model, checks in fitted["thresholds"].items():
        for c, t in checks.items():
            sides = t.get("by_verdict")
            lines.append(f"  {model} {c:26} {'pooled ' if sides else ''}{_line(t)}")
            for side, v in (sides or {}).items():
                lines.append(f"  {model} {c + ' (' + side + ')':26} {_line(v)}")
    if fitted["plot"]:
        lines.append(f"coverage/agreement curve: {fitted['plot']}")
    return "\n".join(lines)


def fit_from_labels(args: argparse.Namespace) -> int:
    """``--from-labels``: fit thresholds on the review store's label export (JSONL or CSV), judging nothing."""
    if not args.fit:
        raise InvalidRequest("--from-labels needs --fit OUT.json", field="fit")
    config = load_config(args.config)
    pack = RubricRegistry([config.rubrics_dir] if config.rubrics_dir else None).get(args.rubric)
    rows = read_label_export(Path(args.from_labels))
    obs, skipped = observations_from_labels(rows, pack, args.grader)
    left_out = ", ".join(f"{k} {v}" for k, v in sorted(skipped.items()))
    print(f"{args.from_labels}: {len(rows)} label rows, {len(obs)} grader verdicts of {pack.id}@{pack.version} "
          f"to fit on" + (f" (left out: {left_out})" if left_out else ""))
    if not obs:
        why = "; ".join(f"{k}: {LEFT_OUT_REASONS.get(k, k)}" for k in sorted(skipped))
        raise InvalidRequest(f"{args.from_labels}: no labelled grader verdicts of {pack.id}'s LLM checks "
                             f"(left out: {left_out or 'none'}){'. ' + why if why else ''}", field="labels")
    cal = fit(obs, pack=pack.id, target=args.target, delta=args.delta, method=args.method,
              source=f"review label export {args.from_labels}", by_verdict=not getattr(args, "pooled", False))
    cal.dump(Path(args.fit))
    out = Path(args.out)
    png = plot_curves(cal, out / "coverage_agreement.png")
    print(thresholds_table({"file": args.fit, "plot": str(png) if png else None, "target": args.target,
                             "delta": args.delta, "method": args.method,
                             "thresholds": {m: {c: _row(t) for c, t in tier.checks.items()}
                                            for m, tier in cal.tiers.items()}}))
    return 0
