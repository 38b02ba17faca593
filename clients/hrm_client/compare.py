"""``hrm compare A.jsonl B.jsonl``: two systems side by side with a paired bootstrap CI of B - A.

Items are paired by id (only items present in both files count). A bootstrap replicate draws the
paired items with replacement, the *same* draw for both systems, and recomputes every metric on it;
the CI is the percentile interval of the replicated differences.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

from hrm_client.metrics import EvalData, Metric, build, clean, fmt, split_by_rubric
from hrm_client.pack_metrics import sections_for
from hrm_client.records import read_records
from hrm_client.report import OVERALL

#: metrics that describe the sample rather than a system's quality: not compared
SKIP = {"n_items", "n_runs"}


def paired(a: EvalData, b: EvalData) -> tuple[EvalData, EvalData]:
    ib = {iid: i for i, iid in enumerate(b.item_ids)}
    rows_a = [i for i, iid in enumerate(a.item_ids) if iid in ib]
    rows_b = [ib[a.item_ids[i]] for i in rows_a]
    return a.take(rows_a), b.take(rows_b)


def bootstrap_diffs(metrics: list[Metric], a: EvalData, b: EvalData, *, n_boot: int, rng: np.random.Generator,
                    level: float = 0.95) -> list[tuple[float, float, float, float, float]]:
    """Per metric: (A, B, B - A, CI low, CI high) on paired data; NaN where undefined.

    Each replicate resamples the paired items once and evaluates every metric on that draw.
    """
    va, vb = [m(a) for m in metrics], [m(b) for m in metrics]
    n = len(a)
    diffs = np.full((n_boot, len(metrics)), np.nan)
    if n:
        for i, rows in enumerate(rng.integers(0, n, size=(n_boot, n))):
            sa, sb = a.take(rows), b.take(rows)
            diffs[i] = [mb - ma for ma, mb in zip((m(sa) for m in metrics), (m(sb) for m in metrics), strict=True)]
    out = []
    for j in range(len(metrics)):
        d = diffs[:, j][~np.isnan(diffs[:, j])]
        if np.isnan(va[j]) or np.isnan(vb[j]) or d.size == 0:
            out.append((va[j], vb[j], vb[j] - va[j], np.nan, np.nan))
            continue
        lo, hi = np.quantile(d, [(1 - level) / 2, 1 - (1 - level) / 2])
        out.append((va[j], vb[j], vb[j] - va[j], float(lo), float(hi)))
    return out


def compare(path_a: str | Path, path_b: str | Path, *, n_boot: int = 1000, seed: int = 0,
            level: float = 0.95, progress: Any = None) -> dict[str, Any]:
    ra, rb = split_by_rubric(read_records(path_a)), split_by_rubric(read_records(path_b))
    rng = np.random.default_rng(seed)
    out: dict[str, Any] = {"a": str(path_a), "b": str(path_b), "n_boot": n_boot, "seed": seed, "level": level,
                           "method": "paired bootstrap over items (same resample for A and B), percentile CI "
                                     "of B - A", "rubrics": []}
    for rubric in sorted(set(ra) & set(rb)):
        da_full, db_full = build(ra[rubric]), build(rb[rubric])
        da, db = paired(da_full, db_full)
        # Metric keys depend on R and on which checks ran: compare those both systems have.
        keys_b = {m.key for s in sections_for(rubric, db) for m in s.metrics}
        metrics = [m for s in sections_for(rubric, da) for m in s.metrics if m.key in keys_b and m.key not in SKIP]
        groups: dict[str, tuple[EvalData, EvalData]] = {OVERALL: (da, db)}
        for cat, sub in da.by_category().items():
            groups[cat] = paired(sub, db)
        rows = []
        for g, (ga, gb) in groups.items():
            stats = bootstrap_diffs(metrics, ga, gb, n_boot=n_boot, rng=rng, level=level)
            for m, (va, vb, d, lo, hi) in zip(metrics, stats, strict=True):
                rows.append({"group": g, "metric": m.key, "label": m.label, "kind": m.kind,
                             "higher_is_better": m.higher_is_better, "n_items": len(ga), "a": clean(va),
                             "b": clean(vb), "diff": clean(d), "ci_low": clean(lo), "ci_high": clean(hi),
                             "significant": bool(not np.isnan(lo) and (lo > 0 or hi < 0))})
            if progress is not None:
                progress()
        out["rubrics"].append({"rubric": rubric, "paired_items": len(da),
                               "only_in_a": len(da_full) - len(da), "only_in_b": len(db_full) - len(db),
                               "rows": rows})
    out["rubrics_only_in_one"] = sorted(set(ra) ^ set(rb))
    return out


def print_compare(result: dict[str, Any], console: Console | None = None) -> None:
    console = console or Console()
    pct = int(round(100 * result["level"]))
    for rep in result["rubrics"]:
        t = Table(title=f"{rep['rubric']}: B = {result['b']} vs A = {result['a']} ({rep['paired_items']} paired "
                        f"items; {rep['only_in_a']} only in A, {rep['only_in_b']} only in B)")
        for col in ("group", "metric", "A", "B", "B − A", f"{pct}% CI"):
            t.add_column(col, justify="left" if col in ("group", "metric") else "right")
        for r in rep["rows"]:
            kind = r["kind"]
            diff = fmt(r["diff"], kind)
            if r["diff"] is not None and r["diff"] > 0 and diff != "—":
                diff = "+" + diff
            ci = "—" if r["ci_low"] is None else f"[{fmt(r['ci_low'], kind)}, {fmt(r['ci_high'], kind)}]"
            style = None
            if r["significant"] and r["higher_is_better"] is not None:
                better = (r["diff"] > 0) == r["higher_is_better"]
                style = "green" if better else "red"
            t.add_row(r["group"], r["label"], fmt(r["a"], kind), fmt(r["b"], kind), diff, ci, style=style)
        console.print(t)
    if result["rubrics_only_in_one"]:
        console.print(f"rubrics in only one file (not compared): {', '.join(result['rubrics_only_in_one'])}")
    console.print(f"[dim]{result['method']}; {result['n_boot']} replicates, seed {result['seed']}. "
                  "Green/red: CI excludes 0 (better/worse).[/dim]")
