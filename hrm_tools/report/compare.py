"""``hrm compare A.jsonl B.jsonl``: two systems side by side with a paired bootstrap CI of B - A.

Items are paired by id (only items present in both files count). A bootstrap replicate draws the
paired items with replacement, the *same* draw for both systems, and recomputes every metric on it;
the CI is the percentile interval of the replicated differences.

Significance rule: a difference is declared significant only when the group has at least
``MIN_ITEMS`` paired items **and** its CI excludes 0. With fewer items the bootstrap has only a handful of
distinct resamples and its percentile interval is far too narrow (one item gives the CI [d, d], which
would call any difference certain), so small groups show their CI and ``n`` but are never marked.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

from hrm_tools.eval.records import RunRecord, read_records
from hrm_tools.report.metrics import (
    OVERALL,
    EvalData,
    Metric,
    build,
    clean,
    fmt,
    smoke_warning,
    split_by_rubric,
)
from hrm_tools.report.pack_metrics import sections_for

#: metrics that describe the sample rather than a system's quality: not compared
SKIP = {"n_items", "n_runs"}
#: fewest paired items for which a CI excluding 0 is called significant (see the module docstring)
MIN_ITEMS = 10
#: general metrics the compact view keeps beside the pack's own headline metrics
HEADLINE = ("mean_reward", "coverage", "judge_failure_rate", "error_rate")


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


def is_significant(n_items: int, lo: float, hi: float, min_items: int = MIN_ITEMS) -> bool:
    """The rule of the module docstring: enough paired items and a CI that excludes 0."""
    return bool(n_items >= min_items and not np.isnan(lo) and not np.isnan(hi) and (lo > 0 or hi < 0))


def _headline(key: str, pack_keys: set[str]) -> bool:
    return key in HEADLINE or (key in pack_keys and ":" not in key)


def _who(records: list[RunRecord]) -> list[str]:
    return sorted({r.result.grader_model for r in records if r.result is not None})


def compare(path_a: str | Path, path_b: str | Path, *, n_boot: int = 1000, seed: int = 0,
            level: float = 0.95, min_items: int = MIN_ITEMS, progress: Any = None) -> dict[str, Any]:
    recs_a, recs_b = read_records(path_a), read_records(path_b)
    ra, rb = split_by_rubric(recs_a), split_by_rubric(recs_b)
    rng = np.random.default_rng(seed)
    out: dict[str, Any] = {"a": str(path_a), "b": str(path_b), "n_boot": n_boot, "seed": seed, "level": level,
                           "min_items": min_items, "graders_a": _who(recs_a), "graders_b": _who(recs_b),
                           "method": "paired bootstrap over items (same resample for A and B), percentile CI "
                                     f"of B - A; significant only with >= {min_items} paired items and a CI "
                                     "excluding 0", "rubrics": []}
    for rubric in sorted(set(ra) & set(rb)):
        da_full, db_full = build(ra[rubric]), build(rb[rubric])
        da, db = paired(da_full, db_full)
        # Metric keys depend on R and on which checks ran: compare those both systems have.
        keys_b = {m.key for s in sections_for(rubric, db) for m in s.metrics}
        sections = sections_for(rubric, da)
        pack_keys = {m.key for s in sections[:-1] for m in s.metrics}  # the last section is the general one
        metrics = [m for s in sections for m in s.metrics if m.key in keys_b and m.key not in SKIP]
        section_of = {m.key: s.title for s in sections for m in s.metrics}
        groups: dict[str, tuple[EvalData, EvalData]] = {OVERALL: (da, db)}
        for cat, sub in da.by_category().items():
            groups[cat] = paired(sub, db)
        rows = []
        for g, (ga, gb) in groups.items():
            stats = bootstrap_diffs(metrics, ga, gb, n_boot=n_boot, rng=rng, level=level)
            for m, (va, vb, d, lo, hi) in zip(metrics, stats, strict=True):
                rows.append({"group": g, "metric": m.key, "label": m.label, "section": section_of[m.key],
                             "kind": m.kind, "higher_is_better": m.higher_is_better, "n_items": len(ga),
                             "headline": _headline(m.key, pack_keys), "a": clean(va), "b": clean(vb),
                             "diff": clean(d), "ci_low": clean(lo), "ci_high": clean(hi),
                             "significant": is_significant(len(ga), lo, hi, min_items),
                             "too_few_items": len(ga) < min_items})
            if progress is not None:
                progress()
        out["rubrics"].append({"rubric": rubric, "paired_items": len(da),
                               "only_in_a": len(da_full) - len(da), "only_in_b": len(db_full) - len(db),
                               "rows": rows})
    out["rubrics_only_in_one"] = sorted(set(ra) ^ set(rb))
    return out


def verdict(r: dict[str, Any]) -> str:
    """better / worse / n.s. / too few items / — (undefined), as every view prints it."""
    if r["ci_low"] is None:
        return "—"
    if r["too_few_items"]:
        return "too few items"
    if not r["significant"]:
        return "n.s."
    if r["higher_is_better"] is None:
        return "differs"
    return "better" if (r["diff"] > 0) == r["higher_is_better"] else "worse"


def cells(r: dict[str, Any]) -> tuple[str, str, str, str]:
    """A, B, B - A, CI as formatted strings."""
    kind = r["kind"]
    diff = fmt(r["diff"], kind)
    if r["diff"] is not None and r["diff"] > 0 and diff != "—":
        diff = "+" + diff
    ci = "—" if r["ci_low"] is None else f"[{fmt(r['ci_low'], kind)}, {fmt(r['ci_high'], kind)}]"
    return fmt(r["a"], kind), fmt(r["b"], kind), diff, ci


def selected_rows(rep: dict[str, Any], full: bool) -> list[dict[str, Any]]:
    """The compact view: the overall group's headline metrics plus any significant row; ``full``: all."""
    if full:
        return rep["rows"]
    return [r for r in rep["rows"] if (r["group"] == OVERALL and r["headline"]) or r["significant"]]


def print_compare(result: dict[str, Any], console: Console | None = None, *, full: bool = False) -> None:
    console = console or Console()
    pct = int(round(100 * result["level"]))
    for who in ("a", "b"):
        if warn := smoke_warning(result.get(f"graders_{who}") or []):
            console.print(f"[red]{who.upper()}: {warn}", highlight=False)
    for rep in result["rubrics"]:
        console.print(f"[bold]{rep['rubric']}[/]: B = {result['b']} vs A = {result['a']}; {rep['paired_items']} "
                      f"paired items ({rep['only_in_a']} only in A, {rep['only_in_b']} only in B)",
                      highlight=False)
        rows = selected_rows(rep, full)
        by_group: dict[str, list[dict[str, Any]]] = {}
        for r in rows:
            by_group.setdefault(r["group"], []).append(r)
        for g, grows in by_group.items():
            t = Table(title=f"{g} (n = {grows[0]['n_items']} items)", title_justify="left")
            for col in ("metric", "A", "B", "B − A", f"{pct}% CI", "verdict"):
                t.add_column(col, justify="left" if col in ("metric", "verdict") else "right",
                             overflow="fold", no_wrap=col != "metric")
            for r in grows:
                v = verdict(r)
                style = {"better": "green", "worse": "red"}.get(v)
                t.add_row(r["label"], *cells(r), v, style=style)
            console.print(t)
        hidden = len(rep["rows"]) - len(rows)
        if hidden:
            console.print(f"[dim]{hidden} more rows (per-check metrics, categories): --full, or the HTML/JSON."
                          "[/dim]", highlight=False)
    if result["rubrics_only_in_one"]:
        console.print(f"rubrics in only one file (not compared): {', '.join(result['rubrics_only_in_one'])}")
    console.print(f"[dim]{result['method']}; {result['n_boot']} replicates, seed {result['seed']}.[/dim]",
                  highlight=False)
