"""``hrm report``: metrics of an eval output file (or an ``hrm score`` output), overall and per category.

The report is a plain dict (written as JSON); the terminal table and the HTML page are views of it. Per
rubric it records who judged (grader models, pack versions), the counts behind every rate, each metric's
coverage (share of the runs that have a decided value for it) and the runs that failed, with the failing
check and its reason.
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Any

import orjson
from rich.console import Console
from rich.table import Table

from hrm_tools.eval.records import RunRecord, read_records
from hrm_tools.report.metrics import (
    OVERALL,
    EvalData,
    build,
    clean,
    coverage,
    fmt,
    smoke_warning,
    split_by_rubric,
    trajectory_shape,
)
from hrm_tools.report.pack_metrics import Section, sections_for
from hrm_tools.report.pack_sections import efficiency_section
from hrm_wire.models import HRMDetail


def counts(records: list[RunRecord]) -> dict[str, int]:
    results = [r.result for r in records if r.result is not None]
    return {"items": len({r.item_id for r in records}), "runs": len(records), "judged": len(results),
            "decided": sum(r.reward is not None and not r.judge_failed for r in results),
            "judge_failed": sum(r.judge_failed for r in results), "abstained": sum(r.abstained for r in results),
            "errors": sum(r.result is None for r in records)}


def _failing_check(res: Any) -> tuple[str, str]:
    """(check id, reason) of the first failed check of a judged run: an L1 sub-check when the gate failed."""
    hrm = res.detail_as(HRMDetail)
    if hrm is not None and hrm.l1 is not None and hrm.l1.passed is False:
        for dim, d in hrm.l1.dimensions.items():
            if d.passed is False:
                bad = next((res.checks[c] for c in d.checks if c in res.checks and res.checks[c].passed is False),
                           None)
                return (bad.id, bad.reason) if bad is not None else (dim, d.reason)
    bad = next((c for c in res.checks.values() if c.passed is False), None)
    return (bad.id, bad.reason) if bad is not None else ("", "")


def failed_runs(records: list[RunRecord]) -> list[dict[str, Any]]:
    """Every run that failed, and why: the policy's (a check failed) or the judge's (failure, abstention,
    error). Sorted by item and run."""
    out = []
    for rec in sorted(records, key=lambda r: r.key):
        res = rec.result
        row = {"item_id": rec.item_id, "run": rec.run, "category": rec.category,
               "request_id": res.id if res is not None and res.id else f"{rec.item_id}#{rec.run}"}
        if res is None:
            err = rec.error or {}
            row.update(status="error", check=str(err.get("field") or ""), reason=f"{err.get('type')}: "
                       f"{err.get('message')}")
        elif res.judge_failed:
            f = res.failure
            row.update(status="judge failed", check=(f.check or f.stage) if f else "", reason=f.cause if f else "")
        elif res.abstained:
            a = res.abstention
            row.update(status="abstained", check=(a.check or a.stage) if a else "", reason=a.cause if a else "")
        else:
            check, reason = _failing_check(res)
            if not check:
                continue
            row.update(status="L1 fail" if res.scores.get("g_l1") == 0.0 else "check failed",
                       check=check, reason=reason, reward=res.reward)
        out.append(row)
    return out


def rubric_report(rubric: str, data: EvalData, records: list[RunRecord] | None = None
                  ) -> tuple[dict[str, Any], list[Section]]:
    records = records or []
    sections = sections_for(rubric, data)
    if (eff := efficiency_section(data)) is not None:
        sections.append(eff)
    groups = {OVERALL: data, **data.by_category()}
    metrics = [m for s in sections for m in s.metrics]
    values = {g: {m.key: clean(m(d)) for m in metrics} for g, d in groups.items()}
    cov = {g: {m.key: clean(coverage(d, m.source)) for m in metrics} for g, d in groups.items()}
    results = [r.result for r in records if r.result is not None]
    return {
        "rubric": rubric,
        "runs": data.runs,
        "n_items": len(data),
        "graders": sorted({r.grader_model for r in results}),
        "versions": sorted({r.rubric_version for r in results}),
        "counts": counts(records),
        "sections": [{"title": s.title,
                      "metrics": [{"key": m.key, "label": m.label, "kind": m.kind, "definition": m.definition}
                                  for m in s.metrics],
                      "plots": [p.key for p in s.plots]} for s in sections],
        "groups": list(groups),
        "group_items": {g: len(d) for g, d in groups.items()},
        "values": values,
        "coverage": cov,
        "failed_runs": failed_runs(records),
    }, sections


Shapes = dict[tuple[str, int], tuple[int, int]]


def shapes_from_items(path: str | Path) -> Shapes:
    """(tool calls, turns) of every (item, run) of an eval input file; lines that do not parse are skipped
    (``hrm eval`` scored none of their runs)."""
    from hrm_tools.eval.evalset import EvalItem, read_items

    return {(item.id, r): trajectory_shape(run.trajectory)
            for item in read_items(path) if isinstance(item, EvalItem) for r, run in enumerate(item.runs)}


def categories_from_items(path: str | Path) -> dict[str, str]:
    """Item id -> category of an input file (``hrm eval`` items, or ``hrm score`` requests, which read as
    one-run items): a judgment does not carry its request's category, so an ``hrm score`` output alone
    reports every item as uncategorized."""
    from hrm_tools.eval.evalset import EvalItem, read_items

    return {item.id: getattr(item.category, "value", item.category) for item in read_items(path)
            if isinstance(item, EvalItem) and item.category is not None}


def with_categories(records: list[RunRecord], categories: dict[str, str]) -> list[RunRecord]:
    """Records whose category is missing take it from ``categories`` (by item id)."""
    return [r.model_copy(update={"category": categories[r.item_id]})
            if r.category is None and r.item_id in categories else r for r in records]


def build_report(records: list[RunRecord], source: str = "", shapes: Shapes | None = None
                 ) -> tuple[dict[str, Any], dict[str, EvalData], dict[str, list[Section]]]:
    """The report dict plus, per rubric, its data and sections (which the HTML view plots).

    ``shapes``: tool calls and turns per (item, run) (:func:`shapes_from_items`), for the efficiency section.
    """
    datas: dict[str, EvalData] = {}
    secs: dict[str, list[Section]] = {}
    rubrics = []
    for rubric, recs in split_by_rubric(records).items():
        data = build(recs, shapes)
        rep, sections = rubric_report(rubric, data, recs)
        datas[rubric], secs[rubric] = data, sections
        rubrics.append(rep)
    report = {"source": source, "generated_at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
              "notes": "Rates are percentages in tables and fractions in JSON. Judge failures, abstentions and "
                       "errored runs are excluded from quality metrics and counted in their own rates; coverage "
                       "is the share of runs with a decided value for the metric.",
              "rubrics": rubrics}
    return report, datas, secs


def _chunks(groups: list[str], width: int, label_width: int) -> list[list[str]]:
    """Split the group columns so that each table fits ``width`` columns (the metric column repeats)."""
    out: list[list[str]] = [[]]
    used = label_width + 4 + 9  # metric column, borders, coverage column
    for g in groups:
        need = max(len(g), 7) + 3
        if out[-1] and used + need > width:
            out.append([])
            used = label_width + 4 + 9
        out[-1].append(g)
        used += need
    return out


def header_lines(rep: dict[str, Any]) -> list[str]:
    c = rep.get("counts") or {}
    lines = [f"graders: {', '.join(rep.get('graders') or ['?'])}; pack version: "
             f"{', '.join(rep.get('versions') or ['?'])}",
             f"{c.get('items', rep['n_items'])} items, {c.get('runs', '?')} runs: {c.get('decided', '?')} decided, "
             f"{c.get('judge_failed', 0)} judge failures, {c.get('abstained', 0)} abstentions, "
             f"{c.get('errors', 0)} errors"]
    if warn := smoke_warning(rep.get("graders") or []):
        lines.append("WARNING: " + warn)
    return lines


#: metrics the terminal leaves to the HTML and JSON unless --full: one row per check, component or item
DETAIL_PREFIXES = ("check:", "raw:", "comp:", "item_na:")


def print_tables(report: dict[str, Any], console: Console | None = None, *, full: bool = False) -> None:
    """The report's tables on the terminal, each cut to the console's width; per-check rows only with ``full``."""
    console = console or Console()
    hidden = 0
    for rep in report["rubrics"]:
        console.print(f"[bold]{rep['rubric']}[/] (R = {rep['runs']})", highlight=False)
        for line in header_lines(rep):
            console.print(("[red]" if line.startswith("WARNING") else "") + line, highlight=False)
        for sec in rep["sections"]:
            metrics = [m for m in sec["metrics"] if full or not m["key"].startswith(DETAIL_PREFIXES)]
            hidden += len(sec["metrics"]) - len(metrics)
            if not metrics:
                continue
            label_width = max((len(m["label"]) for m in metrics), default=6)
            groups = rep["groups"] if full else [g for g in rep["groups"] if g == OVERALL] or rep["groups"][:1]
            for part in _chunks(groups, console.width, label_width):
                t = Table(title=f"{rep['rubric']} — {sec['title']}", title_justify="left")
                t.add_column("metric", style="bold", no_wrap=True)
                t.add_column("cov %", justify="right", no_wrap=True)
                for g in part:
                    t.add_column(f"{g}\n(n={rep['group_items'][g]})" if "group_items" in rep else g,
                                 justify="right", no_wrap=True)
                for m in metrics:
                    cov = rep.get("coverage", {}).get(OVERALL, {}).get(m["key"])
                    t.add_row(m["label"], "" if cov is None else f"{100 * cov:.0f}",
                              *(fmt(rep["values"][g][m["key"]], m["kind"]) for g in part))
                console.print(t)
        runs = rep.get("failed_runs") or []
        no_reward = sum(r["status"] in ("error", "judge failed", "abstained") for r in runs)
        if runs:
            console.print(f"{no_reward} run(s) without a reward, {len(runs) - no_reward} with a failed check: "
                          "see the HTML report's drill-down or the JSON's failed_runs", highlight=False)
    if not full:
        console.print(f"[dim]Overall column only{f', {hidden} per-check rows left out' if hidden else ''}: per-category "
                      "columns and every row with hrm report --full, or in the HTML report.[/dim]")
    console.print("[dim]Rates in percent; cov % = share of runs with a decided value (overall). "
                  "Definitions: see the JSON/HTML report.[/dim]")


def write_json(report: dict[str, Any], path: str | Path) -> None:
    Path(path).write_bytes(orjson.dumps(report, option=orjson.OPT_INDENT_2))


def run_report(path: str | Path, *, json_path: str | Path | None = None, html_path: str | Path | None = None,
               console: Console | None = None, table: bool = True, service_url: str | None = None,
               items_path: str | Path | None = None, full: bool = False) -> dict[str, Any]:
    """Read ``path``, print the tables and write the JSON and HTML files (defaults beside the input).

    ``service_url``: the HRM service whose store holds these judgments; the HTML links each failed run
    to its review page there. ``items_path``: the input the output was scored from; its trajectories give
    tool calls and turns per run, and its categories the per-category columns of an ``hrm score`` output
    (the output records carry neither).
    """
    from hrm_tools.report.report_html import write_html

    p = Path(path)
    records = read_records(p)
    shapes = None
    if items_path:
        shapes = shapes_from_items(items_path)
        records = with_categories(records, categories_from_items(items_path))
    report, datas, secs = build_report(records, source=str(p), shapes=shapes)
    json_path = Path(json_path) if json_path else p.with_suffix(".report.json")
    html_path = Path(html_path) if html_path else p.with_suffix(".report.html")
    write_json(report, json_path)
    write_html(report, datas, secs, html_path, service_url=service_url)
    if table:
        print_tables(report, console, full=full)
        (console or Console()).print(f"wrote {json_path} and {html_path}", highlight=False, soft_wrap=True)
    return report
