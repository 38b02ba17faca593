"""Which metrics and plots a report shows for a rubric pack: a small registry keyed by rubric id.

Every pack gets the general section (counts, mean reward, judge-failure / parse-retry / error rates,
mean of each reward component, pass rate of each check). A pack registers its own section with
``@register_pack("pack_id")``: a function of the pack's ``EvalData`` returning a ``Section`` of
extra metrics and plots. Packs without an entry whose results carry an L1 gate get the HRM section.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from hrm_tools.report.metrics import (
    L1_DIMENSIONS,
    EvalData,
    Metric,
    mean_over_runs,
    pass_all_runs,
    pooled_mean,
    ratio,
    std_over_runs,
)

PlotKind = Literal["category_bars", "bars", "histogram"]


@dataclass(frozen=True)
class Plot:
    """A plot of the HTML report.

    ``category_bars``: the listed metrics per category (grouped bars); ``bars``: the listed metrics
    overall; ``histogram``: the distribution of one per-run array (``array``) over valid runs.
    """

    key: str
    title: str
    kind: PlotKind
    metrics: tuple[str, ...] = ()
    array: str | None = None


@dataclass
class Section:
    title: str
    metrics: list[Metric] = field(default_factory=list)
    plots: list[Plot] = field(default_factory=list)


SectionFn = Callable[[EvalData], Section]
PACK_SECTIONS: dict[str, SectionFn] = {}


def register_pack(*rubric_ids: str) -> Callable[[SectionFn], SectionFn]:
    """Register the report section of one or more rubric packs (later registrations win)."""
    def deco(fn: SectionFn) -> SectionFn:
        for rid in rubric_ids:
            PACK_SECTIONS[rid] = fn
        return fn
    return deco


#: modules that register pack sections on import (loaded on first use; one that fails to import is
#: skipped, so a third-party section module cannot break the report)
SECTION_MODULES = ["hrm_tools.report.pack_sections"]
_loaded = False


def _load_section_modules() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    import importlib
    import logging

    for name in SECTION_MODULES:
        try:
            importlib.import_module(name)
        except ImportError as exc:
            logging.getLogger(__name__).debug("report sections of %s unavailable: %s", name, exc)


def sections_for(rubric: str, data: EvalData) -> list[Section]:
    _load_section_modules()
    out = [general_section(data)]
    fn = PACK_SECTIONS.get(rubric)
    if fn is None and "l1" in data.arrays:
        fn = hrm_section
    if fn is None and data.keys("item:"):
        fn = items_section
    if fn is not None:
        out.insert(0, fn(data))
    return _unique(out)


def _unique(sections: list[Section]) -> list[Section]:
    """Each metric once, under a label no other metric has: an L2 rubric or a rubric item that is also a check keeps
    its L2 or item entry only; a label clash left over gets the metric key appended."""
    l2 = {m.key.split(":", 1)[1] for s in sections for m in s.metrics if m.key.startswith(("l2r:", "item:"))}
    seen: set[str] = set()
    for s in sections:
        kept = []
        for m in s.metrics:
            if m.key.startswith("check:") and m.key[len("check:"):] in l2:
                continue
            if m.label in seen:
                m = dataclasses.replace(m, label=f"{m.label} [{m.key}]")
            seen.add(m.label)
            kept.append(m)
        s.metrics = kept
    return sections


def _arr(key: str) -> Callable[[EvalData], np.ndarray]:
    return lambda d: d.get(key)


def items_section(data: EvalData) -> Section:
    """Requests' own rubric items (composition rubric_items), aggregated per item id where ids repeat across items
    (a checklist shared by a dataset, or RaR titles): the mean answer score and how often the item applied."""
    m = [Metric("decided_weight", "decided weight", "Share of the applicable items' |weight| the judge decided, "
                "mean over runs.", lambda d: pooled_mean(d.get("score:decided_weight")), kind="score",
                source="score:decided_weight")] if "score:decided_weight" in data.arrays else []
    ids = data.keys("item:")
    for iid in ids:
        m.append(Metric("item:" + iid, f"item {iid}", f"Mean answer score of rubric item '{iid}' (no/yes: its yes "
                        "rate; ordinal: the answer's position over the last choice) over runs where it was answered.",
                        (lambda k: lambda d: pooled_mean(d.get(k)))("item:" + iid), kind="score",
                        source="item:" + iid))
        if not np.nansum(data.get("item_na:" + iid)):
            continue  # the item always applied: no row for it
        m.append(Metric("item_na:" + iid, f"item {iid} not applicable", f"Runs where item '{iid}' did not apply "
                        "(its applies_if did not hold) / runs that carried it.",
                        (lambda k: lambda d: pooled_mean(d.get(k)))("item_na:" + iid), higher_is_better=None))
    plots = [Plot("item_scores", "Mean score per rubric item", "bars", tuple("item:" + i for i in ids))] if ids else []
    return Section("Rubric items", m, plots)


def general_section(data: EvalData) -> Section:
    m = [
        Metric("n_items", "items", "Number of items with at least one record.", lambda d: float(len(d)),
               kind="count", higher_is_better=None),
        Metric("n_runs", "runs scored", "Number of (item, run) records, errors and judge failures included.",
               lambda d: float(np.sum(d.get("present"))), kind="count", higher_is_better=None),
        Metric("mean_reward", "mean reward",
               "Mean total reward over runs with a usable judgment (judge failures and errors excluded).",
               lambda d: pooled_mean(d.get("reward")), kind="score", source="reward"),
        Metric("coverage", "coverage", "Runs with a usable reward (decided: not a judge failure, not an "
               "abstention, not an error) / runs attempted. Every quality metric is computed on its decided runs "
               "only; its own coverage is shown beside it.", lambda d: pooled_mean(
                   np.where(d.get("present") > 0, np.nan_to_num(d.get("decided")), np.nan)),
               higher_is_better=True),
        Metric("abstention_rate", "abstention rate",
               "Runs where the judge abstained (a check the reward depends on was undecided: every grader "
               "tier below its calibrated confidence) / runs that returned a judgment.",
               lambda d: pooled_mean(d.get("abstained")), higher_is_better=None),
        Metric("judge_failure_rate", "judge-failure rate",
               "Runs whose judgment failed (judge_failed: parse/engine failure after retries) / runs that "
               "returned a judgment. Failed runs are left out of every quality metric.",
               lambda d: pooled_mean(d.get("judge_failed")), higher_is_better=False),
        Metric("parse_retry_rate", "parse-retry rate",
               "Grader generations that were retries after an unparseable verdict / all grader generations "
               "(sum of ScoreResult.retries / sum of parse_attempts).",
               lambda d: ratio(d.get("retries"), d.get("attempts")), higher_is_better=False),
        Metric("error_rate", "error rate",
               "Runs the service could not judge at all (invalid input, overload after retries, deadline) / "
               "runs attempted.", lambda d: pooled_mean(d.get("errored")), higher_is_better=False),
    ]
    for comp in data.keys("comp:"):
        m.append(Metric("comp:" + comp, f"component {comp}", f"Mean of reward component '{comp}' over valid runs.",
                        (lambda k: lambda d: pooled_mean(d.get(k)))("comp:" + comp), kind="score",
                        source="comp:" + comp))
    checks = data.keys("check:")
    for cid in checks:
        m.append(Metric("check:" + cid, f"check {cid}",
                        f"Pass rate of check '{cid}' over valid runs where it ran.",
                        (lambda k: lambda d: pooled_mean(d.get(k)))("check:" + cid), source="check:" + cid))
    plots = [Plot("reward_hist", "Reward distribution (valid runs)", "histogram", array="reward")]
    if checks:
        plots.append(Plot("check_rates", "Per-check pass rates", "bars", tuple("check:" + c for c in checks)))
    return Section("General", m, plots)


def hrm_section(data: EvalData) -> Section:
    """SmartShopBench metrics of HRM packs (L1 gate, L2 score)."""
    r = data.runs
    m: list[Metric] = []
    for dim, abbr in L1_DIMENSIONS.items():
        m.append(Metric(abbr, abbr, f"{dim.replace('_', ' ').capitalize()} pass rate: per run, the fraction of "
                        "items whose dimension passed among those where it was judged; then averaged over runs. "
                        "The pipeline stops asking L1 questions once the gate has failed, so a dimension that "
                        "was not reached has no verdict and is left out.",
                        (lambda k: lambda d: mean_over_runs(d.get(k)))("dim:" + dim), source="dim:" + dim))
    m += [
        Metric(f"avg@{r}", f"Avg@{r}", "Mean over runs of the L1 success rate (a run succeeds only if PC, TR "
               "and DF all pass).", lambda d: mean_over_runs(d.get("l1")), source="l1"),
        Metric(f"pass^{r}", f"Pass^{r}", "Fraction of items that pass L1 in every one of their runs; an item "
               "with a failed run counts 0; an item with no failed run but a run without verdict (judge "
               "failure) is left out.", lambda d: pass_all_runs(d.get("l1"), d.get("present")), source="l1"),
        Metric(f"l2_avg@{r}", f"L2 Avg@{r}", "Mean over runs of the per-run mean L2 score. L2 is judged only "
               "when L1 passes (gating), so it averages runs that passed L1.",
               lambda d: mean_over_runs(d.get("l2")), kind="score", source="l2"),
        Metric(f"l2_std@{r}", f"L2 Std@{r}", "Population standard deviation over runs of the per-run mean L2 "
               "score (0 when R = 1).", lambda d: std_over_runs(d.get("l2")), kind="score",
               higher_is_better=False, source="l2"),
        Metric("mean_r_proc", "mean process reward", "Mean gated process reward over valid runs.",
               lambda d: pooled_mean(d.get("r_proc")), kind="score", source="r_proc"),
    ]
    l2r = data.keys("l2r:")
    for rid in l2r:
        m.append(Metric("l2r:" + rid, f"L2 {rid}", f"Pass rate of L2 rubric '{rid}' over runs where L2 was judged.",
                        (lambda k: lambda d: pooled_mean(d.get(k)))("l2r:" + rid), source="l2r:" + rid))
    plots = [Plot("l1_by_category", "L1 metrics per category", "category_bars",
                  ("PC", "TR", "DF", f"avg@{r}", f"pass^{r}"))]
    if l2r:
        plots.append(Plot("l2_rubrics", "Per-rubric L2 pass rates", "bars", tuple("l2r:" + x for x in l2r)))
    return Section("HRM (SmartShopBench)", m, plots)


register_pack("smartshop")(hrm_section)
