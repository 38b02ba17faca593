"""Metrics of an ``hrm calibrate`` run: judge-vs-label agreement, coverage, escalation, throughput.

Three-valued verdicts (issue 12): a result or check may be *abstained* (undecided on purpose). Every
agreement figure is reported next to its coverage:

- ``l1_gate``: accuracy / Cohen's kappa on the items whose L1 gate was decided (abstentions left out);
- ``l1_gate_all``: the same over all items, an abstained gate taking its *forced* verdict (each
  abstained check replaced by what its last grader tier answered), i.e. what the judge would say if it
  had to answer everything;
- ``coverage``: share of judged items whose result / L1 gate was decided; per check, the share decided;
- ``tiers``: per grader tier, questions asked, decided there, sent on (escalated), abstained, and the
  escalation share.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from judge_server.thresholds.agreement import binary_agreement, rank_agreement


def _pairs(records: Iterable[dict[str, Any]], judge: Callable[[dict[str, Any]], Any],
           human: Callable[[dict[str, Any]], Any]) -> tuple[list[bool], list[bool]]:
    j, h = [], []
    for r in records:
        jv, hv = judge(r), human(r)
        if isinstance(jv, bool) and isinstance(hv, bool):
            j.append(jv)
            h.append(hv)
    return j, h


def _agreement(name: str, j: list[bool], h: list[bool]) -> dict[str, Any] | None:
    if not j:
        return None
    out = binary_agreement(name, j, h).to_dict()
    out["accuracy"] = out.pop("agreement")
    return out


def compute_metrics(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Agreement of the judge's verdicts with the labels, plus throughput."""
    done = [r for r in records if r.get("error") is None and not r.get("judge_failed")]
    report: dict[str, Any] = {"items": len(records), "judged": len(done),
                              "errors": sum(r.get("error") is not None for r in records),
                              "judge_failed": sum(bool(r.get("judge_failed")) for r in records)}
    report["l1_gate"] = _agreement("l1_gate", *_pairs(done, lambda r: r.get("l1_pass"),
                                                      lambda r: r["labels"].get("l1_pass")))
    report["l1_gate_all"] = _agreement("l1_gate_all", *_pairs(done, _forced_l1,
                                                              lambda r: r["labels"].get("l1_pass")))
    report["coverage"] = {
        "results": _share(done, lambda r: not r.get("abstained")),
        "l1_gate": _share(done, lambda r: isinstance(r.get("l1_pass"), bool)),
        "abstained": sum(bool(r.get("abstained")) for r in done)}
    report["tiers"] = _tiers(records)
    dims = sorted({d for r in done for d in (r.get("l1") or {})} & {d for r in done for d in r["labels"].get("l1", {})})
    report["dimensions"] = {d: _agreement(d, *_pairs(done, lambda r, d=d: (r.get("l1") or {}).get(d),
                                                     lambda r, d=d: r["labels"].get("l1", {}).get(d))) for d in dims}
    check_ids = sorted({c for r in done for c in (r.get("checks") or {})}
                       & {c for r in done for c in r["labels"].get("checks", {})})
    report["checks"] = {c: _agreement(c, *_pairs(done, lambda r, c=c: (r.get("checks") or {}).get(c, {}).get("passed"),
                                                 lambda r, c=c: r["labels"].get("checks", {}).get(c)))
                        for c in check_ids}
    for c, a in report["checks"].items():
        if a is not None:
            a["coverage"] = _share([r for r in done if c in (r.get("checks") or {})],
                                   lambda r, c=c: not r["checks"][c].get("abstained"))
    l2_ids = sorted({k for r in done for k in (r["labels"].get("l2") or {})})
    report["l2"] = {k: _agreement(k, *_pairs(done, lambda r, k=k: (r.get("checks") or {}).get(k, {}).get("passed"),
                                             lambda r, k=k: (r["labels"].get("l2") or {}).get(k))) for k in l2_ids}
    report["l2"] = {k: v for k, v in report["l2"].items() if v is not None}
    # an item's human G_L2 needs a label on every metric (a set may leave one unlabelled: None)
    l2_pairs = [(r["l2_score"], sum(r["labels"]["l2"].values()) / len(r["labels"]["l2"])) for r in done
                if r.get("l2_score") is not None and r["labels"].get("l2")
                and all(v is not None for v in r["labels"]["l2"].values())]
    report["l2_rank"] = rank_agreement("l2_score", [a for a, _ in l2_pairs], [b for _, b in l2_pairs]).to_dict() \
        if len(l2_pairs) >= 2 else None
    report["tool_use"] = _agreement("tool_use", *_pairs(
        done, lambda r: None if r.get("process_score") is None else r["process_score"] >= 0.5,
        lambda r: (r["labels"].get("tool_use") or {}).get("passed")))
    # L1 gate accuracy per flaw kind (a flawed item is right when the judge fails it)
    per_flaw: dict[str, dict[str, Any]] = {}
    for r in done:
        if not isinstance(r.get("l1_pass"), bool):
            continue
        f = per_flaw.setdefault(r["flaw"], {"n": 0, "correct": 0})
        f["n"] += 1
        f["correct"] += r["l1_pass"] == r["labels"].get("l1_pass")
    for f in per_flaw.values():
        f["accuracy"] = f["correct"] / f["n"]
    report["per_flaw"] = dict(sorted(per_flaw.items()))
    inj = [r for r in done if r["flaw"] == "injection" and isinstance(r.get("l1_pass"), bool)]
    report["injection"] = {"n": len(inj), "passed": sum(r["l1_pass"] for r in inj),
                           "pass_rate": (sum(r["l1_pass"] for r in inj) / len(inj)) if inj else None,
                           "by_kind": _by_kind(inj)}
    low = [r for r in done if r.get("low_confidence")]
    report["low_confidence"] = {"flagged": len(low),
                                "l1_accuracy_flagged": _acc(low), "l1_accuracy_unflagged":
                                    _acc([r for r in done if not r.get("low_confidence")])}
    seconds = sum(r["seconds"] for r in records)
    calls = sum(r.get("llm_calls", 0) for r in records)
    report["throughput"] = {"seconds": round(seconds, 1),
                            "judgments_per_minute": round(60 * len(records) / seconds, 3) if seconds else None,
                            "llm_calls_per_item": round(calls / max(1, len(records)), 2),
                            "llm_calls_per_minute": round(60 * calls / seconds, 2) if seconds else None,
                            "prompt_tokens": sum(r.get("prompt_tokens", 0) for r in records),
                            "cached_prompt_tokens": sum(r.get("cached_prompt_tokens", 0) for r in records)}
    return report


def _share(records: list[dict[str, Any]], pred: Callable[[dict[str, Any]], bool]) -> float | None:
    return sum(bool(pred(r)) for r in records) / len(records) if records else None


def _forced_l1(r: dict[str, Any]) -> bool | None:
    """The L1 gate with every abstained L1 check replaced by its last tier's answer (the gate is an AND)."""
    if isinstance(r.get("l1_pass"), bool):
        return r["l1_pass"]
    l1_checks = [c for c in (r.get("checks") or {}).values() if c.get("stage") == "l1"]
    if not l1_checks:
        return None
    forced = [c.get("forced") if c.get("abstained") else c.get("passed") for c in l1_checks]
    if any(v is None for v in forced):
        return None
    return all(forced)


def _tiers(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for r in records:
        for tier, counts in (r.get("tiers") or {}).items():
            t = out.setdefault(tier, {"asked": 0, "decided": 0, "escalated": 0, "abstained": 0})
            for k in t:
                t[k] += counts.get(k, 0)
    for t in out.values():
        t["escalation_share"] = t["escalated"] / t["asked"] if t["asked"] else None
        t["decided_share"] = t["decided"] / t["asked"] if t["asked"] else None
    return out


def _acc(records: list[dict[str, Any]]) -> float | None:
    rs = [r for r in records if isinstance(r.get("l1_pass"), bool)]
    return sum(r["l1_pass"] == r["labels"].get("l1_pass") for r in rs) / len(rs) if rs else None


def _by_kind(inj: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for r in inj:
        k = out.setdefault(r.get("injection") or "unspecified", {"n": 0, "passed": 0})
        k["n"] += 1
        k["passed"] += r["l1_pass"]
    return out


def _fmt(v: Any) -> str:
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "n/a"
    return f"{v:.3f}" if isinstance(v, float) else str(v)


def format_report(report: dict[str, Any], title: str = "") -> str:
    lines = [title] if title else []
    lines.append(f"items {report['items']}  judged {report['judged']}  errors {report['errors']}  "
                 f"judge_failed {report['judge_failed']}")
    lines.append(f"{'target':28} {'n':>4} {'acc':>6} {'kappa':>6}   confusion judge/label: ff fp pf pp")

    def row(name: str, a: dict[str, Any] | None) -> None:
        if a is None:
            lines.append(f"{name:28} {'-':>4}")
            return
        lines.append(f"{name:28} {a['n']:>4} {_fmt(a['accuracy']):>6} {_fmt(a['kappa']):>6}   "
                     f"{a['judge_fail_human_fail']:>2} {a['judge_fail_human_pass']:>2} "
                     f"{a['judge_pass_human_fail']:>2} {a['judge_pass_human_pass']:>2}")

    cov = report.get("coverage") or {}
    lines.append(f"coverage: results {_fmt(cov.get('results'))}, L1 gate {_fmt(cov.get('l1_gate'))} "
                 f"({cov.get('abstained', 0)} abstained)")
    row("L1 gate (decided)", report["l1_gate"])
    row("L1 gate (all, forced)", report.get("l1_gate_all"))
    for d, a in report["dimensions"].items():
        row(f"  dim {d}", a)
    for c, a in report["checks"].items():
        row(f"  check {c}", a)
        if a is not None and a.get("coverage") is not None and a["coverage"] < 1:
            lines[-1] += f"   coverage {_fmt(a['coverage'])}"
    for c, a in report["l2"].items():
        row(f"  l2 {c}", a)
    row("tool use", report["tool_use"])
    if report.get("l2_rank"):
        lines.append(f"L2 score Spearman rho {_fmt(report['l2_rank']['rho'])} (n={report['l2_rank']['n']})")
    lines.append("L1 accuracy per flaw: " + ", ".join(f"{k} {v['correct']}/{v['n']}"
                                                       for k, v in report["per_flaw"].items()))
    inj = report["injection"]
    lines.append(f"injection pass rate {_fmt(inj['pass_rate'])} ({inj['passed']}/{inj['n']}); by kind: "
                 + ", ".join(f"{k} {v['passed']}/{v['n']}" for k, v in inj["by_kind"].items()))
    lc = report["low_confidence"]
    lines.append(f"low-confidence flagged {lc['flagged']}; L1 accuracy flagged {_fmt(lc['l1_accuracy_flagged'])} "
                 f"vs unflagged {_fmt(lc['l1_accuracy_unflagged'])}")
    for tier, t in (report.get("tiers") or {}).items():
        lines.append(f"tier {tier}: asked {t['asked']}, decided {t['decided']}, escalated {t['escalated']} "
                     f"({_fmt(t['escalation_share'])}), abstained {t['abstained']}")
    t = report["throughput"]
    lines.append(f"judgments/min {_fmt(t['judgments_per_minute'])}, LLM calls/min "
                 f"{_fmt(t.get('llm_calls_per_minute'))} ({t['seconds']} s; {t['llm_calls_per_item']} LLM calls/item; "
                 f"prompt tokens {t['prompt_tokens']}, from prefix cache {t['cached_prompt_tokens']})")
    return "\n".join(lines)


