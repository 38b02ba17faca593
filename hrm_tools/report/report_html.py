"""The self-contained HTML view of a report: tables, definitions and plots as inline PNG (no CDN)."""

from __future__ import annotations

import base64
import html
import io
import urllib.parse
from pathlib import Path
from typing import Any

import numpy as np

from hrm_tools.report.metrics import OVERALL, EvalData, fmt, smoke_warning
from hrm_tools.report.pack_metrics import Plot, Section


def _png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode()


def _bar_text(value: float, digits: int = 1) -> str:
    return "n/a" if np.isnan(value) else f"{value:.{digits}f}"


def render_plot(plot: Plot, rep: dict[str, Any], data: EvalData) -> str | None:
    """A base64 PNG of one plot, or None when there is nothing to draw."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = {m["key"]: (m["label"], m["kind"]) for s in rep["sections"] for m in s["metrics"]}
    values = rep["values"]

    def scaled(key: str, group: str) -> float:
        v = values[group].get(key)
        if v is None:
            return np.nan
        return 100 * v if labels.get(key, ("", "rate"))[1] == "rate" else v

    if plot.kind == "histogram":
        arr = data.get(plot.array or "reward")
        vals = arr[~np.isnan(arr)]
        if vals.size == 0:
            return None
        fig, ax = plt.subplots(figsize=(6.5, 3.2))
        ax.hist(vals, bins=min(30, max(5, int(np.sqrt(vals.size)) * 2)), color="#4C72B0", edgecolor="white")
        ax.set_xlabel(plot.array or "reward")
        ax.set_ylabel("runs")
        ax.set_title(plot.title)
        return _png(fig)
    keys = [k for k in plot.metrics if k in labels]
    if not keys:
        return None
    if plot.kind == "bars":
        ys = [scaled(k, OVERALL) for k in keys]
        if all(np.isnan(y) for y in ys):
            return None
        fig, ax = plt.subplots(figsize=(6.5, 0.35 * len(keys) + 1.2))
        bars = ax.barh([labels[k][0] for k in keys], np.nan_to_num(ys), color="#55A868")
        # every bar carries its value, so a 0 (no visible bar) reads as 0 and a missing value as n/a
        ax.bar_label(bars, labels=[_bar_text(y) for y in ys], padding=3, fontsize=8)
        ax.set_xlim(0, max(100.0 if all(labels[k][1] == "rate" for k in keys) else 0.0,
                           float(np.nanmax(ys))) * 1.12)
        ax.invert_yaxis()
        ax.set_xlabel("pass rate (%)" if all(labels[k][1] == "rate" for k in keys) else "value")
        ax.set_title(plot.title)
        return _png(fig)
    groups = [g for g in rep["groups"] if g != OVERALL] or [OVERALL]
    mat = np.array([[scaled(k, g) for k in keys] for g in groups])
    if np.all(np.isnan(mat)):
        return None
    rates = all(labels[k][1] == "rate" for k in keys)  # else per-run means (tool calls, tokens): own scale
    fig, ax = plt.subplots(figsize=(max(6.5, 1.3 * len(groups) + 2), 3.6))
    width = 0.8 / len(keys)
    x = np.arange(len(groups))
    for j, k in enumerate(keys):
        bars = ax.bar(x + j * width - 0.4 + width / 2, np.nan_to_num(mat[:, j]), width, label=labels[k][0])
        ax.bar_label(bars, labels=[_bar_text(v, 0 if rates else 1) for v in mat[:, j]], padding=2, fontsize=6,
                     rotation=90)
    ax.set_ylim(0, max(100.0 if rates else 1.0, float(np.nanmax(mat))) * 1.18)
    ax.set_xticks(x, [g.replace("_", "\n") for g in groups], fontsize=8)
    ax.set_ylabel("%" if rates else "mean per run")
    ax.set_title(plot.title)
    ax.legend(fontsize=8, ncol=len(keys), loc="upper center", bbox_to_anchor=(0.5, -0.22))
    return _png(fig)


CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem;color:#222;max-width:1200px}
.scroll{overflow-x:auto;max-width:100%}table{border-collapse:collapse;margin:0.5rem 0 1.5rem}th,td{border:1px solid #ccc;padding:3px 8px}
td.num{text-align:right;font-variant-numeric:tabular-nums}th{background:#f3f3f3}td.cov{color:#666}
figure{display:inline-block;margin:0.5rem 1rem 1rem 0;vertical-align:top}figcaption{font-size:0.9em;color:#555}
dl dt{font-weight:bold;margin-top:0.4rem}dl dd{margin-left:1.2rem}.muted{color:#777}
.warn{background:#fff3cd;border:1px solid #e0b000;padding:0.5rem 0.8rem;font-weight:bold}
.meta td{border:none;padding:1px 10px 1px 0}details{margin:0.2rem 0}summary{cursor:pointer}
td.status-error,td.status-judge{color:#a00}td.status-abstained{color:#a60}
"""


def _header(rep: dict[str, Any]) -> list[str]:
    """Who judged and how much: grader model(s), pack version(s), counts; a warning for smoke graders."""
    e = html.escape
    c = rep.get("counts") or {}
    rows = [("grader model", ", ".join(rep.get("graders") or ["?"])),
            ("pack version", ", ".join(rep.get("versions") or ["?"])),
            ("items", str(c.get("items", rep["n_items"]))), ("runs per item (R)", str(rep["runs"])),
            ("runs", f"{c.get('runs', '?')}: {c.get('decided', '?')} decided, {c.get('judge_failed', 0)} judge "
                     f"failures, {c.get('abstained', 0)} abstentions, {c.get('errors', 0)} errors")]
    out = ["<table class='meta'>"] + [f"<tr><td>{e(k)}</td><td data-meta='{e(k)}'><b>{e(v)}</b></td></tr>"
                                      for k, v in rows] + ["</table>"]
    if warn := smoke_warning(rep.get("graders") or []):
        out.append(f"<p class='warn' role='alert'>{e(warn)}</p>")
    return out


def _drilldown(rep: dict[str, Any], service_url: str | None) -> list[str]:
    """Per item, the runs without a reward (the judge's or the service's doing) apart from the runs that got one
    with a failed check (the policy's doing), each with its check, reason and reward (linked to the review UI)."""
    runs = rep.get("failed_runs") or []
    unjudged = [r for r in runs if r["status"] in ("error", "judge failed", "abstained")]
    failing = [r for r in runs if r not in unjudged]
    return (_runs_table("runs-without-reward", "Runs without a reward", unjudged, rep, service_url,
                        "The judge decided every run.")
            + _runs_table("failed-runs", "Runs with a failed check", failing, rep, service_url,
                          "No judged run failed a check."))


def _runs_table(anchor: str, title: str, runs: list[dict[str, Any]], rep: dict[str, Any], service_url: str | None,
                empty: str) -> list[str]:
    e = html.escape
    out = [f"<h3 id='{anchor}'>{e(title)} ({len(runs)})</h3>"]
    if not runs:
        return out + [f"<p class='muted'>{e(empty)}</p>"]
    by_item: dict[str, list[dict[str, Any]]] = {}
    for r in runs:
        by_item.setdefault(r["item_id"], []).append(r)
    base = service_url.rstrip("/") if service_url else None
    for item, rows in by_item.items():
        kinds = sorted({r["status"] for r in rows})
        out.append(f"<details class='item' data-item='{e(item)}'><summary><b>{e(item)}</b> — {len(rows)} of "
                   f"{rep['runs']} runs: {e(', '.join(kinds))}</summary><div class='scroll'><table><tr><th>run</th>"
                   "<th>status</th><th>reward</th><th>check</th><th>reason</th>"
                   + ("<th>review</th>" if base else "") + "</tr>")
        for r in rows:
            status_cls = "status-" + r["status"].split()[0]
            link = ""
            if base:
                url = f"{base}/review/?q={urllib.parse.quote(r['request_id'])}"
                link = f"<td><a href='{e(url)}'>open</a></td>"
            reward = r.get("reward")
            out.append(f"<tr><td class='num'>{r['run']}</td><td class='{status_cls}'>{e(r['status'])}</td>"
                       f"<td class='num'>{'—' if reward is None else f'{reward:.3f}'}</td>"
                       f"<td><code>{e(r['check'] or '—')}</code></td><td>{e(r['reason'] or '')}</td>{link}</tr>")
        out.append("</table></div></details>")
    return out


def render_html(report: dict[str, Any], datas: dict[str, EvalData], secs: dict[str, list[Section]],
                service_url: str | None = None) -> str:
    e = html.escape
    out = ["<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>HRM eval report</title>",
           f"<style>{CSS}</style></head><body>",
           "<h1>HRM eval report</h1>",
           f"<p class='muted'>source: {e(report['source'])} · generated {e(report['generated_at'])}</p>",
           f"<p>{e(report['notes'])}</p>"]
    for rep in report["rubrics"]:
        rubric = rep["rubric"]
        out.append(f"<h2>Rubric <code>{e(rubric)}</code> — {rep['n_items']} items, R = {rep['runs']}</h2>")
        out += _header(rep)
        out.append("<section class='plots'>")
        for sec in secs[rubric]:
            for plot in sec.plots:
                png = render_plot(plot, rep, datas[rubric])
                if png is None:
                    out.append(f"<p class='muted'>{e(plot.title)}: no data.</p>")
                    continue
                # the plot draws its own title; the alt text carries it for readers that cannot see the image
                out.append(f"<figure data-plot='{e(plot.key)}'><img alt='{e(plot.title)}' "
                           f"src='data:image/png;base64,{png}'></figure>")
        out.append("</section>")
        sizes = rep.get("group_items", {})
        cov = rep.get("coverage", {})
        for sec in rep["sections"]:
            # coverage right after the metric's name: many categories make the table scroll, and the share of
            # runs a value stands on must stay in view beside it
            out.append(f"<h3>{e(sec['title'])}</h3><div class='scroll'><table><tr><th>metric</th>"
                       "<th title='share of runs with a decided value (overall)'>coverage</th>")
            out += [f"<th data-group='{e(g)}'>{e(g)}<br><span class='muted'>n={sizes.get(g, '?')}</span></th>"
                    for g in rep["groups"]]
            out.append("</tr>")
            for m in sec["metrics"]:
                out.append(f"<tr data-metric='{e(m['key'])}'><td title='{e(m['definition'])}'>{e(m['label'])}</td>"
                           f"<td class='num cov'>{_pct(cov.get(OVERALL, {}).get(m['key']))}</td>")
                out += [f"<td class='num' title='coverage {_pct(cov.get(g, {}).get(m['key']))}'>"
                        f"{e(fmt(rep['values'][g][m['key']], m['kind']))}</td>" for g in rep["groups"]]
                out.append("</tr>")
            out.append("</table></div>")
        out += _drilldown(rep, service_url)
        out.append("<h3>How each metric is computed</h3><dl>")
        for sec in rep["sections"]:
            for m in sec["metrics"]:
                unit = " (shown in percent)" if m["kind"] == "rate" else ""
                out.append(f"<dt>{e(m['label'])}</dt><dd>{e(m['definition'])}{unit}</dd>")
        out.append("</dl>")
    out.append("</body></html>")
    return "\n".join(out)


def _pct(value: float | None) -> str:
    return "" if value is None else f"{100 * value:.0f}%"


def write_html(report: dict[str, Any], datas: dict[str, EvalData], secs: dict[str, list[Section]],
               path: str | Path, service_url: str | None = None) -> None:
    Path(path).write_text(render_html(report, datas, secs, service_url), encoding="utf-8")
