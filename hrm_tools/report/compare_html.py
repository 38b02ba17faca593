"""The self-contained HTML view of ``hrm compare`` (beside the report's): every group and metric, with n,
the CI and the verdict of the significance rule; headline rows first, the rest folded per group."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from hrm_tools.report.compare import cells, verdict
from hrm_tools.report.metrics import OVERALL, smoke_warning
from hrm_tools.report.report_html import CSS

EXTRA_CSS = "tr.better td{background:#e6f4ea}tr.worse td{background:#fce8e6}td.v{font-weight:bold}"


def _table(rows: list[dict[str, Any]], pct: int) -> list[str]:
    e = html.escape
    out = [f"<table><tr><th>metric</th><th>section</th><th>A</th><th>B</th><th>B − A</th><th>{pct}% CI</th>"
           "<th>verdict</th></tr>"]
    for r in rows:
        v = verdict(r)
        a, b, d, ci = cells(r)
        out.append(f"<tr class='{e(v.replace(' ', '-').replace('.', ''))}' data-group='{e(r['group'])}' "
                   f"data-metric='{e(r['metric'])}'><td>{e(r['label'])}</td><td class='muted'>{e(r['section'])}</td>"
                   f"<td class='num'>{e(a)}</td><td class='num'>{e(b)}</td><td class='num'>{e(d)}</td>"
                   f"<td class='num'>{e(ci)}</td><td class='v'>{e(v)}</td></tr>")
    out.append("</table>")
    return out


def render_compare_html(result: dict[str, Any]) -> str:
    e = html.escape
    pct = int(round(100 * result["level"]))
    out = ["<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>HRM compare</title>",
           f"<style>{CSS}{EXTRA_CSS}</style></head><body><h1>HRM compare: B − A</h1>",
           "<table class='meta'>",
           f"<tr><td>A</td><td><b>{e(result['a'])}</b> (grader {e(', '.join(result.get('graders_a') or ['?']))})"
           "</td></tr>",
           f"<tr><td>B</td><td><b>{e(result['b'])}</b> (grader {e(', '.join(result.get('graders_b') or ['?']))})"
           "</td></tr>",
           f"<tr><td>method</td><td>{e(result['method'])}; {result['n_boot']} replicates, seed {result['seed']}"
           "</td></tr></table>"]
    for who in ("a", "b"):
        if warn := smoke_warning(result.get(f"graders_{who}") or []):
            out.append(f"<p class='warn' role='alert'>{who.upper()}: {e(warn)}</p>")
    for rep in result["rubrics"]:
        out.append(f"<h2>Rubric <code>{e(rep['rubric'])}</code> — {rep['paired_items']} paired items "
                   f"({rep['only_in_a']} only in A, {rep['only_in_b']} only in B)</h2>")
        groups: dict[str, list[dict[str, Any]]] = {}
        for r in rep["rows"]:
            groups.setdefault(r["group"], []).append(r)
        for g, rows in groups.items():
            n = rows[0]["n_items"]
            note = "" if n >= result["min_items"] else (f" — fewer than {result['min_items']} items: no "
                                                        "difference is called significant")
            head = [r for r in rows if r["headline"]]
            rest = [r for r in rows if not r["headline"]]
            if g == OVERALL:
                out.append(f"<h3>{e(g)} (n = {n}){e(note)}</h3>")
                out += _table(head, pct)
                if rest:
                    out.append(f"<details><summary>{len(rest)} more metrics</summary>")
                    out += _table(rest, pct)
                    out.append("</details>")
            else:
                sig = sum(r["significant"] for r in rows)
                out.append(f"<details data-group='{e(g)}'><summary><b>{e(g)}</b> (n = {n}){e(note)}; "
                           f"{sig} significant</summary>")
                out += _table(rows, pct)
                out.append("</details>")
    if result["rubrics_only_in_one"]:
        out.append(f"<p>Rubrics in only one file (not compared): {e(', '.join(result['rubrics_only_in_one']))}</p>")
    out.append("</body></html>")
    return "\n".join(out)


def write_compare_html(result: dict[str, Any], path: str | Path) -> None:
    Path(path).write_text(render_compare_html(result), encoding="utf-8")
