"""The coverage/agreement curve of a calibration as a PNG (matplotlib, headless Agg backend)."""

from __future__ import annotations

import logging
from pathlib import Path

from judge_server.thresholds.calibration_file import CalibrationFile

log = logging.getLogger(__name__)


def plot_curves(cal: CalibrationFile, path: Path) -> Path | None:
    """One panel per grader tier: agreement on decided items against coverage, one line per check.

    Each point is a candidate threshold; the fitted threshold is circled, the target is the dashed line.
    Returns the path, or None when there is nothing to draw (or matplotlib is not installed).
    """
    tiers = [(m, t) for m, t in cal.tiers.items() if any(c.curve for c in t.checks.values())]
    if not tiers:
        return None
    try:
        import matplotlib
    except ImportError:  # an optional extra (client/dev); the calibration itself does not need it
        log.warning("coverage/agreement curve not drawn: matplotlib is not installed (pip install matplotlib)")
        return None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(tiers), figsize=(6.5 * len(tiers), 4.8), squeeze=False)
    for ax, (model, tier) in zip(axes[0], tiers, strict=True):
        for cid, check in sorted(tier.checks.items()):
            # class-conditional fits draw one line per verdict side (solid: pass, dotted: fail)
            sides = [(f"{cid}:{side}", v, style) for side, v, style in
                     (("pass", (check.by_verdict or {}).get("pass"), "-"),
                      ("fail", (check.by_verdict or {}).get("fail"), ":"))] if check.by_verdict else \
                    [(cid, check, "-")]
            for name, th, style in sides:
                if th is None or not th.curve:
                    continue
                xs = [p.coverage for p in th.curve]
                ys = [p.agreement if p.agreement is not None else float("nan") for p in th.curve]
                how = {"fixed_sequence_binomial": "bound", "holdout_empirical": "empirical"}.get(th.method,
                                                                                                th.method)
                t = "none" if th.threshold is None else format(th.threshold, ".3f")
                (line,) = ax.plot(xs, ys, marker=".", linestyle=style, label=f"{name} (n={th.n}, t={t}, {how})")
                if th.threshold is not None:
                    chosen = next(p for p in th.curve if p.threshold == th.threshold)
                    ax.plot([chosen.coverage], [chosen.agreement], "o", markersize=12, markerfacecolor="none",
                            color=line.get_color())
        ax.axhline(cal.target_agreement, linestyle="--", color="grey", linewidth=1)
        ax.set_xlim(0, 1.02)
        ax.set_ylim(0, 1.02)
        ax.set_xlabel("coverage (share of labelled verdicts decided)")
        ax.set_ylabel("agreement with labels on decided")
        ax.set_title(f"{cal.pack} / {model}\ntarget {cal.target_agreement:g}, delta {cal.delta:g}, {cal.method}",
                     fontsize=9)
        ax.legend(fontsize=7, loc="lower left")
        ax.grid(alpha=0.3)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
