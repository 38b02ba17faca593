"""``hrm report``: metrics of an eval output file, overall and per category.

The report is a plain dict (written as JSON); the terminal table and the HTML page are views of it.
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Any

import orjson
from rich.console import Console
from rich.table import Table

from hrm_client.metrics import EvalData, build, clean, fmt, split_by_rubric
from hrm_client.pack_metrics import Section, sections_for
from hrm_client.records import RunRecord, read_records

OVERALL = "overall"


def rubric_report(rubric: str, data: EvalData) -> tuple[dict[str, Any], list[Section]]:
    sections = sections_for(rubric, data)
    groups = {OVERALL: data, **data.by_category()}
    values = {g: {m.key: clean(m(d)) for s in sections for m in s.metrics} for g, d in groups.items()}
    return {
        "rubric": rubric,
        "runs": data.runs,
        "n_items": len(data),
        "sections": [{"title": s.title,
                      "metrics": [{"key": m.key, "label": m.label, "kind": m.kind, "definition": m.definition}
                                  for m in s.metrics],
                      "plots": [p.key for p in s.plots]} for s in sections],
        "groups": list(groups),
        "values": values,
    }, sections


def build_report(records: list[RunRecord], source: str = "") -> tuple[dict[str, Any], dict[str, EvalData],
                                                                      dict[str, list[Section]]]:
    """The report dict plus, per rubric, its data and sections (which the HTML view plots)."""
    datas: dict[str, EvalData] = {}
    secs: dict[str, list[Section]] = {}
    rubrics = []
    for rubric, recs in split_by_rubric(records).items():
        data = build(recs)
        rep, sections = rubric_report(rubric, data)
        datas[rubric], secs[rubric] = data, sections
        rubrics.append(rep)
    report = {"source": source, "generated_at": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
              "notes": "Rates are percentages in tables and fractions in JSON. Judge failures and errored runs "
                       "are excluded from quality metrics and counted in their own rates.",
              "rubrics": rubrics}
    return report, datas, secs


def print_tables(report: dict[str, Any], console: Console | None = None) -> None:
    console = console or Console()
    for rep in report["rubrics"]:
        for sec in rep["sections"]:
            t = Table(title=f"{rep['rubric']} — {sec['title']} (R = {rep['runs']}, {rep['n_items']} items)")
            t.add_column("metric", style="bold", no_wrap=True)
            for g in rep["groups"]:
                t.add_column(g, justify="right")
            for m in sec["metrics"]:
                t.add_row(m["label"], *(fmt(rep["values"][g][m["key"]], m["kind"]) for g in rep["groups"]))
            console.print(t)
    console.print("[dim]Rates in percent. Definitions: see the JSON/HTML report.[/dim]")


def write_json(report: dict[str, Any], path: str | Path) -> None:
    Path(path).write_bytes(orjson.dumps(report, option=orjson.OPT_INDENT_2))


def run_report(path: str | Path, *, json_path: str | Path | None = None, html_path: str | Path | None = None,
               console: Console | None = None, table: bool = True) -> dict[str, Any]:
    """Read ``path``, print the tables and write the JSON and HTML files (defaults beside the input)."""
    from hrm_client.report_html import write_html

    p = Path(path)
    records = read_records(p)
    report, datas, secs = build_report(records, source=str(p))
    json_path = Path(json_path) if json_path else p.with_suffix(".report.json")
    html_path = Path(html_path) if html_path else p.with_suffix(".report.html")
    write_json(report, json_path)
    write_html(report, datas, secs, html_path)
    if table:
        print_tables(report, console)
        (console or Console()).print(f"wrote {json_path} and {html_path}")
    return report
