"""The self-contained HTML view of a report: tables, definitions and plots as inline PNG (no CDN)."""

from __future__ import annotations

import base64
import html
import io
from pathlib import Path
from typing import Any

import numpy as np

from hrm_client.metrics import EvalData, fmt
from hrm_client.pack_metrics import Plot, Section
from hrm_client.report import OVERALL


def _png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode()


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
        ax.barh([labels[k][0] for k in keys], np.nan_to_num(ys), color="#55A868")
        ax.invert_yaxis()
        ax.set_xlabel("pass rate (%)" if all(labels[k][1] == "rate" for k in keys) else "value")
        ax.set_title(plot.title)
        return _png(fig)
    groups = [g for g in rep["groups"] if g != OVERALL] or [OVERALL]
    mat = np.array([[scaled(k, g) for k in keys] for g in groups])
    if np.all(np.isnan(mat)):
        return None
    fig, ax = plt.subplots(figsize=(max(6.5, 1.3 * len(groups) + 2), 3.6))
    width = 0.8 / len(keys)
    x = np.arange(len(groups))
    for j, k in enumerate(keys):
        ax.bar(x + j * width - 0.4 + width / 2, np.nan_to_num(mat[:, j]), width, label=labels[k][0])
    ax.set_xticks(x, [g.replace("_", "\n") for g in groups], fontsize=8)
    ax.set_ylabel("%")
    ax.set_title(plot.title)
    ax.legend(fontsize=8, ncol=len(keys), loc="upper center", bbox_to_anchor=(0.5, -0.22))
    return _png(fig)


CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem;color:#222;max-width:1200px}
table{border-collapse:collapse;margin:0.5rem 0 1.5rem}th,td{border:1px solid #ccc;padding:3px 8px}
td.num{text-align:right;font-variant-numeric:tabular-nums}th{background:#f3f3f3}
figure{display:inline-block;margin:0.5rem 1rem 1rem 0;vertical-align:top}figcaption{font-size:0.9em;color:#555}
dl dt{font-weight:bold;margin-top:0.4rem}dl dd{margin-left:1.2rem}.muted{color:#777}
"""


def render_html(report: dict[str, Any], datas: dict[str, EvalData], secs: dict[str, list[Section]]) -> str:
    e = html.escape
    out = ["<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>HRM eval report</title>",
           f"<style>{CSS}</style></head><body>",
           "<h1>HRM eval report</h1>",
           f"<p class='muted'>source: {e(report['source'])} · generated {e(report['generated_at'])}</p>",
           f"<p>{e(report['notes'])}</p>"]
    for rep in report["rubrics"]:
        rubric = rep["rubric"]
        out.append(f"<h2>Rubric <code>{e(rubric)}</code> — {rep['n_items']} items, R = {rep['runs']}</h2>")
        out.append("<section class='plots'>")
        for sec in secs[rubric]:
            for plot in sec.plots:
                png = render_plot(plot, rep, datas[rubric])
                if png is None:
                    out.append(f"<p class='muted'>{e(plot.title)}: no data.</p>")
                    continue
                out.append(f"<figure data-plot='{e(plot.key)}'><img alt='{e(plot.title)}' "
                           f"src='data:image/png;base64,{png}'><figcaption>{e(plot.title)}</figcaption></figure>")
        out.append("</section>")
        for sec in rep["sections"]:
            out.append(f"<h3>{e(sec['title'])}</h3><table><tr><th>metric</th>")
            out += [f"<th>{e(g)}</th>" for g in rep["groups"]]
            out.append("</tr>")
            for m in sec["metrics"]:
                out.append(f"<tr><td title='{e(m['definition'])}'>{e(m['label'])}</td>")
                out += [f"<td class='num'>{e(fmt(rep['values'][g][m['key']], m['kind']))}</td>" for g in rep["groups"]]
                out.append("</tr>")
            out.append("</table>")
        out.append("<h3>How each metric is computed</h3><dl>")
        for sec in rep["sections"]:
            for m in sec["metrics"]:
                unit = " (shown in percent)" if m["kind"] == "rate" else ""
                out.append(f"<dt>{e(m['label'])}</dt><dd>{e(m['definition'])}{unit}</dd>")
        out.append("</dl>")
    out.append("</body></html>")
    return "\n".join(out)


def write_html(report: dict[str, Any], datas: dict[str, EvalData], secs: dict[str, list[Section]],
               path: str | Path) -> None:
    Path(path).write_text(render_html(report, datas, secs), encoding="utf-8")
