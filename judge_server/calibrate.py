"""`hrm calibrate DEV.jsonl`: judge a labelled development set and measure agreement with the labels.

A dev item is a ScoreRequest plus ``labels`` (per L1 check and dimension, the L1 gate, L2 rubrics, tool
use), ``flaw`` and ``note`` (format: devset/README.md). Each item's prediction is appended to
``OUT/results.jsonl`` as soon as it is judged, so a long run on a slow grader shows progress, survives an
interruption and resumes where it stopped (items already judged with the same pack version and grader are
skipped). The report (``OUT/report.json`` and a table on stdout) gives per-check accuracy, Cohen's kappa and
confusion counts, accuracy per flaw kind, the injection pass rate, L2 rank agreement and judgments per
minute. Works with any engine and pack; L1 short-circuiting is off by default so every dimension gets a
verdict.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hrm_wire.errors import HRMError, InvalidRequest
from hrm_wire.models import ScoreRequest, ScoreResult
from judge_server.agreement import binary_agreement, rank_agreement
from judge_server.config import HRMConfig, load_config
from judge_server.rubric import CheckSpec, RubricPack, RubricRegistry

#: dev-item keys that are not part of the ScoreRequest
META_KEYS = ("labels", "flaw", "note", "injection")


@dataclass
class DevItem:
    request: ScoreRequest
    labels: dict[str, Any]
    flaw: str
    injection: str | None
    note: str


def load_devset(path: Path) -> list[DevItem]:
    """Dev items from a JSONL file; a bad line raises InvalidRequest naming the line."""
    items = []
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InvalidRequest(f"{path.name}:{n}: not valid JSON: {exc}") from None
        if not isinstance(data, dict) or not isinstance(data.get("labels"), dict):
            raise InvalidRequest(f"{path.name}:{n}: a dev item is a JSON object with a 'labels' object")
        meta = {k: data.pop(k, None) for k in META_KEYS}
        try:
            request = ScoreRequest.model_validate(data)
        except Exception as exc:  # noqa: BLE001 - pydantic's message is the useful part
            raise InvalidRequest(f"{path.name}:{n}: {exc}") from None
        if request.id is None:
            request = request.model_copy(update={"id": f"line{n}"})
        items.append(DevItem(request, meta["labels"], meta["flaw"] or "none", meta["injection"], meta["note"] or ""))
    return items


def l1_only(pack: RubricPack) -> RubricPack:
    """The pack reduced to its L1 checks, for quick L1 calibration (no L2 or process LLM calls).

    A process check that has a deterministic rule keeps it as ``rule_only`` (the tool-use guard costs
    nothing); one without is replaced by an always-applicable placeholder, since the pipeline needs a
    process verdict once the gate is open.
    """
    checks = [c for c in pack.checks if c.stage == "l1"]
    for c in pack.stage("process"):
        rule_name = c.rule or "tool_arguments"
        checks.append(CheckSpec(id=c.id, title=c.title, stage="process", rule=rule_name, params=c.params,
                                combine="rule_only"))
    # validated afresh (not model_copy): the copy must not inherit the full pack's cached version
    return RubricPack.model_validate({**pack.model_dump(), "checks": [c.model_dump() for c in checks]})


def prediction(item: DevItem, result: ScoreResult | None, seconds: float, error: str | None = None) -> dict[str, Any]:
    """One line of results.jsonl: what the judge said, beside the labels."""
    rec: dict[str, Any] = {"id": item.request.id, "flaw": item.flaw, "injection": item.injection,
                           "category": item.request.category.value if item.request.category else None,
                           "labels": item.labels, "seconds": round(seconds, 3), "error": error}
    if result is None:
        return rec
    rec.update(rubric=result.rubric, rubric_version=result.rubric_version, grader_model=result.grader_model,
               judge_failed=result.judge_failed, low_confidence=result.low_confidence, llm_calls=result.llm_calls,
               prompt_tokens=result.prompt_tokens, cached_prompt_tokens=result.cached_prompt_tokens,
               reward=result.reward)
    rec["checks"] = {cid: {"passed": c.passed, "confidence": round(c.confidence, 4), "source": c.source,
                           "reason": c.reason[:300]} for cid, c in result.checks.items()}
    if result.l1 is not None:
        rec["l1_pass"] = result.l1.passed
        rec["l1"] = {d: r.passed for d, r in result.l1.dimensions.items()}
    if result.l2 is not None and not result.l2.skipped and result.l2.rubrics:
        rec["l2_score"] = result.l2.score
    if result.process is not None and not result.process.skipped:
        rec["process_score"] = result.process.score
    return rec


# ----------------------------------------------------------------------------------------- metrics

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
    dims = sorted({d for r in done for d in (r.get("l1") or {})} & {d for r in done for d in r["labels"].get("l1", {})})
    report["dimensions"] = {d: _agreement(d, *_pairs(done, lambda r, d=d: (r.get("l1") or {}).get(d),
                                                     lambda r, d=d: r["labels"].get("l1", {}).get(d))) for d in dims}
    check_ids = sorted({c for r in done for c in (r.get("checks") or {})}
                       & {c for r in done for c in r["labels"].get("checks", {})})
    report["checks"] = {c: _agreement(c, *_pairs(done, lambda r, c=c: (r.get("checks") or {}).get(c, {}).get("passed"),
                                                 lambda r, c=c: r["labels"].get("checks", {}).get(c)))
                        for c in check_ids}
    l2_ids = sorted({k for r in done for k in (r["labels"].get("l2") or {})})
    report["l2"] = {k: _agreement(k, *_pairs(done, lambda r, k=k: (r.get("checks") or {}).get(k, {}).get("passed"),
                                             lambda r, k=k: (r["labels"].get("l2") or {}).get(k))) for k in l2_ids}
    report["l2"] = {k: v for k, v in report["l2"].items() if v is not None}
    l2_pairs = [(r["l2_score"], sum(r["labels"]["l2"].values()) / len(r["labels"]["l2"])) for r in done
                if r.get("l2_score") is not None and r["labels"].get("l2")]
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
    report["throughput"] = {"seconds": round(seconds, 1),
                            "judgments_per_minute": round(60 * len(records) / seconds, 3) if seconds else None,
                            "llm_calls_per_item": round(sum(r.get("llm_calls", 0) for r in records)
                                                        / max(1, len(records)), 2),
                            "prompt_tokens": sum(r.get("prompt_tokens", 0) for r in records),
                            "cached_prompt_tokens": sum(r.get("cached_prompt_tokens", 0) for r in records)}
    return report


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

    row("L1 gate", report["l1_gate"])
    for d, a in report["dimensions"].items():
        row(f"  dim {d}", a)
    for c, a in report["checks"].items():
        row(f"  check {c}", a)
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
    t = report["throughput"]
    lines.append(f"judgments/min {_fmt(t['judgments_per_minute'])} ({t['seconds']} s; {t['llm_calls_per_item']} LLM "
                 f"calls/item; prompt tokens {t['prompt_tokens']}, from prefix cache {t['cached_prompt_tokens']})")
    return "\n".join(lines)


# ----------------------------------------------------------------------------------------- running

def read_results(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    out = []
    for line in path.read_text().splitlines():
        if line.strip():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError:
                continue  # a line cut short by an interruption is judged again
    return out


class Calibrator:
    """Judges dev items one after another, appending each prediction to a results file."""

    def __init__(self, pipeline: Any, pack: RubricPack, results: Path,
                 progress: Callable[[str], None] | None = None) -> None:
        self.pipeline = pipeline
        self.pack = pack
        self.results = results
        self.progress = progress or (lambda s: print(s, file=sys.stderr, flush=True))

    def pending(self, items: list[DevItem]) -> list[DevItem]:
        model = self.pipeline.engine.model_id
        done = {r["id"] for r in read_results(self.results)
                if r.get("rubric_version") == self.pack.version and r.get("grader_model") == model
                and r.get("error") is None}
        return [i for i in items if i.request.id not in done]

    async def judge(self, item: DevItem) -> dict[str, Any]:
        request = item.request.model_copy(update={"rubric": self.pack.id})
        t0 = time.perf_counter()
        try:
            result = await self.pipeline.score(request)
            rec = prediction(item, result, time.perf_counter() - t0)
        except HRMError as exc:
            rec = prediction(item, None, time.perf_counter() - t0, error=f"{type(exc).__name__}: {exc.message}")
        self.results.parent.mkdir(parents=True, exist_ok=True)
        with self.results.open("a+b") as fh:
            # a run killed mid-write leaves a partial last line: start on a fresh one
            if fh.tell() and (fh.seek(-1, 2), fh.read(1))[1] != b"\n":
                fh.write(b"\n")
            fh.write(json.dumps(rec).encode() + b"\n")
            fh.flush()
        return rec

    def records(self, items: list[DevItem]) -> list[dict[str, Any]]:
        """The latest prediction per dev item for this pack version (the file may hold older runs)."""
        wanted = {i.request.id for i in items}
        latest: dict[str, dict[str, Any]] = {}
        for r in read_results(self.results):
            if r["id"] in wanted and (r.get("rubric_version") in (None, self.pack.version)):
                latest[r["id"]] = r
        return [latest[i.request.id] for i in items if i.request.id in latest]

    async def run(self, items: list[DevItem]) -> list[dict[str, Any]]:
        todo = self.pending(items)
        self.progress(f"{self.pack.id}@{self.pack.version}: {len(items) - len(todo)} of {len(items)} already "
                      f"judged, {len(todo)} to go -> {self.results}")
        for n, item in enumerate(todo, 1):
            rec = await self.judge(item)
            verdict = rec.get("l1_pass") if rec.get("error") is None else rec["error"]
            self.progress(f"[{n}/{len(todo)}] {item.request.id}: L1 {verdict} (label {item.labels.get('l1_pass')}) "
                          f"in {rec['seconds']:.1f} s, {rec.get('llm_calls', 0)} LLM calls")
        return self.records(items)


def build_pipeline(config: HRMConfig, pack_id: str, *, l1: bool, engine: Any = None) -> tuple[Any, RubricPack]:
    """A pipeline whose registry holds ``pack_id`` (reduced to its L1 checks when ``l1``)."""
    from judge_server.pipeline import ScoringPipeline

    extra = [config.rubrics_dir] if config.rubrics_dir else []
    registry = RubricRegistry(extra)
    pack = registry.get(pack_id)
    if l1:
        pack = l1_only(pack)
        registry.packs[pack.id] = pack
    return ScoringPipeline(config, engine=engine, registry=registry), pack


def config_from_args(args: argparse.Namespace) -> HRMConfig:
    overrides: dict[str, Any] = {"judge": {"l1_short_circuit": bool(args.short_circuit)}}
    if args.engine:
        overrides.setdefault("engine", {})["kind"] = args.engine
    if args.model:
        overrides.setdefault("engine", {})["model"] = args.model
    if args.no_cache:
        overrides["cache"] = {"enabled": False}
    elif args.cache_dir:
        overrides["cache"] = {"directory": str(args.cache_dir)}
    return load_config(args.config, overrides=overrides)


async def _calibrate(args: argparse.Namespace) -> int:
    items = load_devset(Path(args.devset))
    if args.limit:
        items = items[: args.limit]
    config = config_from_args(args)
    pipeline, pack = build_pipeline(config, args.rubric, l1=args.l1_only)
    out = Path(args.out)
    results = out / "results.jsonl"
    if not args.resume and results.exists():
        results.unlink()
    await pipeline.start()
    try:
        records = await Calibrator(pipeline, pack, results).run(items)
    finally:
        await pipeline.close()
    report = compute_metrics(records)
    report.update(rubric=pack.id, rubric_version=pack.version, grader_model=pipeline.engine.model_id,
                  l1_only=args.l1_only, short_circuit=bool(args.short_circuit), devset=str(args.devset))
    (out / "report.json").write_text(json.dumps(report, indent=2, default=str))
    print(format_report(report, f"calibration of {pack.id}@{pack.version} with {pipeline.engine.model_id}"))
    return 0


def _handler(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(_calibrate(args))
    except HRMError as exc:
        print(f"error: {type(exc).__name__}: {exc.message}", file=sys.stderr)
        return 2


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rubric", default="smartshop", help="Rubric pack to calibrate (default smartshop).")
    p.add_argument("--config", default=None, help="HRM config YAML (engine, cache, judge).")
    p.add_argument("--engine", default=None, help="Engine kind override (embedded, vllm, openai, fake, module:Class).")
    p.add_argument("--model", default=None, help="Engine model override.")
    p.add_argument("--l1-only", action="store_true", help="Judge only the L1 checks (skip L2 and process).")
    p.add_argument("--short-circuit", action="store_true",
                   help="Keep L1 short-circuiting on (cheaper, but dimensions after a rule failure get no verdict).")
    p.add_argument("--no-cache", action="store_true", help="Disable the verdict cache.")
    p.add_argument("--cache-dir", type=Path, default=None, help="Verdict cache directory for this run.")
    p.add_argument("--limit", type=int, default=0, help="Only the first N items.")


def add_parsers(subparsers: Any) -> None:
    p = subparsers.add_parser("calibrate", help="Judge a labelled dev set and report agreement with the labels.",
                              description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("devset", help="Dev set JSONL (ScoreRequest + labels per line; see devset/README.md).")
    p.add_argument("--out", default="calibration", help="Output folder (results.jsonl, report.json).")
    p.add_argument("--resume", action="store_true", help="Keep OUT/results.jsonl and judge only missing items.")
    add_arguments(p)
    p.set_defaults(func=_handler)
