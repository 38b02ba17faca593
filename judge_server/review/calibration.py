"""Judge-vs-human calibration over the labels in the store.

One (judgment, annotator) pair is one observation; several annotators on one item give several.
- L1: Cohen's kappa per dimension, over all dimensions pooled, and for the gate G_L1 (the human
  gate is the product of the human's dimension verdicts, so it needs every dimension labelled).
- L2: Spearman's rho of the judge's G_L2 vs the human's (fraction of rubrics the human passed,
  needs every rubric labelled), plus rho and kappa per rubric.
- Human vs human: kappa over every pair of annotators who labelled the same target.
- Sub-checks of L1 dimensions (``chk:`` targets): kappa per sub-check.
Targets where the judge gave no verdict (judge failed or abstained) and "unsure" human labels are
left out and counted; so are "n/a" labels (the target does not apply to the item), except that an n/a L1
dimension cannot fail the human gate and an n/a L2 rubric leaves the human's fraction. Every statistic carries its n; with fewer than ``MIN_RELIABLE_N`` pairs the
page and the JSON flag it as a small sample rather than let a kappa of 1.0 from 4 labels mislead.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from judge_server.store.records import LabelRow
from judge_server.store.rows import CHECK_PREFIX, L1_PREFIX, L2_PREFIX
from judge_server.thresholds.agreement import (
    MIN_RELIABLE_N,
    PAPER_KAPPA_L1,
    PAPER_RHO_L2,
    BinaryAgreement,
    RankAgreement,
    binary_agreement,
    finite_or_none,
    rank_agreement,
)


@dataclass
class RubricAgreement:
    target: str
    binary: BinaryAgreement
    rank: RankAgreement

    def to_dict(self) -> dict[str, Any]:
        return {**self.binary.to_dict(), "rho": finite_or_none(self.rank.rho),
                "judge_mean": finite_or_none(self.rank.judge_mean),
                "human_mean": finite_or_none(self.rank.human_mean)}


@dataclass
class Calibration:
    labels: int = 0
    judgments: int = 0
    annotators: list[str] = field(default_factory=list)
    l1_gate: BinaryAgreement = field(default_factory=lambda: BinaryAgreement("l1_gate"))
    l1_pooled: BinaryAgreement = field(default_factory=lambda: BinaryAgreement("l1_all_dimensions"))
    l1_dimensions: list[BinaryAgreement] = field(default_factory=list)
    sub_checks: list[BinaryAgreement] = field(default_factory=list)
    l2_overall: RankAgreement = field(default_factory=lambda: RankAgreement("l2_score"))
    l2_rubrics: list[RubricAgreement] = field(default_factory=list)
    human_human: BinaryAgreement = field(default_factory=lambda: BinaryAgreement("human_vs_human"))
    excluded: dict[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "counts": {"labels": self.labels, "judgments": self.judgments, "annotators": self.annotators,
                       **self.excluded},
            "paper": {"kappa_l1": PAPER_KAPPA_L1, "rho_l2": PAPER_RHO_L2},
            "min_reliable_n": MIN_RELIABLE_N,
            "l1": {"gate": self.l1_gate.to_dict(), "pooled": self.l1_pooled.to_dict(),
                   "dimensions": [d.to_dict() for d in self.l1_dimensions],
                   "sub_checks": [d.to_dict() for d in self.sub_checks]},
            "l2": {"overall": self.l2_overall.to_dict(), "rubrics": [r.to_dict() for r in self.l2_rubrics]},
            "human_human": self.human_human.to_dict(),
        }

    def rows(self) -> list[dict[str, Any]]:
        """Flat rows (one per statistic) for the JSONL / CSV export."""
        out: list[dict[str, Any]] = []

        def kappa_row(scope: str, b: BinaryAgreement) -> None:
            d = b.to_dict()
            out.append({"scope": scope, "target": b.target, "statistic": "cohen_kappa", "value": d["kappa"],
                        "n": b.n, "small_sample": b.small_sample, "agreement": d["agreement"],
                        "paper_reference": PAPER_KAPPA_L1 if scope.startswith("l1") else None,
                        **{k: v for k, v in d.items() if k.startswith("judge_")}})

        def rho_row(scope: str, r: RankAgreement) -> None:
            out.append({"scope": scope, "target": r.target, "statistic": "spearman_rho",
                        "value": finite_or_none(r.rho), "n": r.n, "small_sample": r.small_sample,
                        "paper_reference": PAPER_RHO_L2 if scope == "l2" else None,
                        "judge_mean": finite_or_none(r.judge_mean), "human_mean": finite_or_none(r.human_mean)})

        kappa_row("l1_gate", self.l1_gate)
        kappa_row("l1_pooled", self.l1_pooled)
        for d in self.l1_dimensions:
            kappa_row("l1_dimension", d)
        for d in self.sub_checks:
            kappa_row("l1_sub_check", d)
        rho_row("l2", self.l2_overall)
        for r in self.l2_rubrics:
            rho_row("l2_rubric", r.rank)
            kappa_row("l2_rubric", r.binary)
        kappa_row("human_human", self.human_human)
        return out


def compute_calibration(rows: list[LabelRow]) -> Calibration:
    cal = Calibration(labels=len(rows), judgments=len({r.judgment_uid for r in rows}),
                      annotators=sorted({r.annotator for r in rows}))
    excluded = {"judge_undecided": 0, "human_unsure": 0, "human_not_applicable": 0, "incomplete_l1": 0,
                "incomplete_l2": 0}

    per_target: dict[str, tuple[list[bool], list[bool], list[float]]] = defaultdict(lambda: ([], [], []))
    by_pair: dict[tuple[str, str], list[LabelRow]] = defaultdict(list)
    by_item_target: dict[tuple[str, str], list[bool]] = defaultdict(list)
    for r in rows:
        if r.not_applicable:  # completes the item's L1 / L2 set without a verdict on this target
            excluded["human_not_applicable"] += 1
            by_pair[(r.judgment_uid, r.annotator)].append(r)
            continue
        if r.verdict is None:  # "unsure": a human non-answer, like a judge abstention
            excluded["human_unsure"] += 1
            by_pair[(r.judgment_uid, r.annotator)].append(r)  # still makes its L1/L2 set incomplete
            continue
        by_pair[(r.judgment_uid, r.annotator)].append(r)
        by_item_target[(r.judgment_uid, r.target)].append(r.verdict)
        if r.judge_passed is None:
            excluded["judge_undecided"] += 1
            continue
        judge, human, scores = per_target[r.target]
        judge.append(r.judge_passed)
        human.append(r.verdict)
        scores.append(r.judge_score if r.judge_score is not None else float(r.judge_passed))

    pooled_j: list[bool] = []
    pooled_h: list[bool] = []
    for target in sorted(per_target):
        judge, human, scores = per_target[target]
        if target.startswith(L1_PREFIX):
            cal.l1_dimensions.append(binary_agreement(target, judge, human))
            pooled_j += judge
            pooled_h += human
        elif target.startswith(CHECK_PREFIX):
            cal.sub_checks.append(binary_agreement(target, judge, human))
        elif target.startswith(L2_PREFIX):
            cal.l2_rubrics.append(RubricAgreement(
                target, binary_agreement(target, judge, human),
                rank_agreement(target, scores, [float(v) for v in human])))
    cal.l1_pooled = binary_agreement("l1_all_dimensions", pooled_j, pooled_h)

    gate_j: list[bool] = []
    gate_h: list[bool] = []
    l2_j: list[float] = []
    l2_h: list[float] = []
    for pair_rows in by_pair.values():
        first = pair_rows[0]
        human = {r.target: r.verdict for r in pair_rows}
        na = {r.target for r in pair_rows if r.not_applicable}
        answered = {t for t, v in human.items() if v is not None} | na
        l1_keys = [L1_PREFIX + t for t in first.l1_targets]
        if any(k in human for k in l1_keys):
            if all(k in answered for k in l1_keys) and first.l1_passed is not None:
                gate_j.append(first.l1_passed)
                gate_h.append(all(human[k] for k in l1_keys if k not in na))
            else:
                excluded["incomplete_l1"] += 1
        l2_keys = [L2_PREFIX + t for t in first.l2_targets]
        applicable = [k for k in l2_keys if k not in na]
        if any(k in human for k in l2_keys):
            if all(k in answered for k in l2_keys) and applicable and first.l2_score is not None:
                l2_j.append(first.l2_score)
                l2_h.append(sum(bool(human[k]) for k in applicable) / len(applicable))
            else:
                excluded["incomplete_l2"] += 1
    cal.l1_gate = binary_agreement("l1_gate", gate_j, gate_h)
    cal.l2_overall = rank_agreement("l2_score", l2_j, l2_h)

    hh_a: list[bool] = []
    hh_b: list[bool] = []
    for verdicts in by_item_target.values():
        for x, y in itertools.combinations(verdicts, 2):
            hh_a.append(x)
            hh_b.append(y)
    cal.human_human = binary_agreement("human_vs_human", hh_a, hh_b)
    cal.excluded = excluded
    return cal
