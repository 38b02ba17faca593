"""`hrm calibrate DEV.jsonl`: judge a labelled set, measure agreement with the labels, fit thresholds.

A dev item is a ScoreRequest plus ``labels`` (per L1 check and dimension, the L1 gate, L2 rubrics, tool
use), ``flaw`` and ``note`` (format: research/devset/README.md). Items are judged one at a time through the batch
driver (``hrm_tools.batch``): each prediction is appended to ``OUT/results.jsonl`` as soon as it is
judged, so a long run on a slow grader shows progress, survives an interruption and resumes where it
stopped (``--resume``: items already judged with the same pack version and grader are skipped).

Every prediction records, besides the result, each grader verdict the judge received (``observations``:
check, grader tier, question hash, verdict, log-prob confidence; per-product questions of one check
combine as AND: a pass with the lowest confidence, a fail with its most confident "no") and per-tier
counts (asked, decided, escalated, abstained).
``--all-tiers`` asks every tier of a cascade every question, so each grader gets labelled verdicts.
``--ask-where-rules-decide`` asks the grader a check's question even where a rule settled it (observed for the
fit, never used): on a set whose rules catch its flaws, the grader otherwise sees almost only good items.

The report (``OUT/report.json`` and a table on stdout; metrics in hrm_tools.calibrate.metrics) gives
coverage (share of decided results and L1 gates) beside L1 gate accuracy and Cohen's kappa on decided
items and on all items (abstentions forced to their last tier's answer), per-check kappa and coverage,
accuracy per flaw kind, the injection pass rate, per-tier escalation shares, L2 rank agreement, LLM calls
and judgments per minute. ``--fit FILE`` fits per-check thresholds from the observations
(judge_server.thresholds.fit: fixed-sequence testing, ``--target`` agreement with probability
``1 - --delta``) and writes the calibration file the judge loads (``judge.calibration_file``); the
coverage/agreement curve is drawn to ``OUT/coverage_agreement.png``. L1 short-circuiting is off by
default so every dimension gets a verdict.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hrm_tools.args import engine_overrides
from hrm_tools.batch import Job, read_lines, run_batch
from hrm_tools.calibrate.fit import fit_and_plot, thresholds_table
from hrm_tools.calibrate.metrics import compute_metrics, format_report
from hrm_wire.errors import HRMError, InvalidRequest
from hrm_wire.models import HRMDetail, ScoreRequest, ScoreResult
from judge_server.checks.runner import combined_confidence as _combined_confidence
from judge_server.checks.runner import sample_fact
from judge_server.config import HRMConfig, deep_merge, load_config
from judge_server.grading.judge import TierVerdict
from judge_server.packs.registry import RubricRegistry
from judge_server.packs.schema import CheckSpec, RubricPack
from judge_server.thresholds import question_hash

__all__ = ["Calibrator", "DevItem", "build_pipeline", "compute_metrics", "format_report", "l1_only",
           "load_devset", "prediction"]

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




class VerdictRecorder:
    """Collects the judge's tier verdicts for the item being judged (items are judged one at a time)."""

    def __init__(self, pack: RubricPack) -> None:
        self.pack = pack
        self.by_hash = {question_hash(c.llm): c for c in pack.checks if c.llm is not None}
        self.current: list[TierVerdict] = []
        #: grader verdicts without a measured confidence (no log-probs): reported, not fitted on
        self.unmeasured = 0
        #: the item being judged: a question with ``agree_with`` passes when the answer equals its sample fact
        self.request: ScoreRequest | None = None

    def __call__(self, tv: TierVerdict) -> None:
        self.current.append(tv)

    def _spec(self, tv: TierVerdict) -> CheckSpec | None:
        spec = next((c for c in self.pack.checks if c.id == tv.check_id), None) if tv.check_id else None
        return spec or self.by_hash.get(tv.question_hash)

    def take(self) -> dict[str, Any]:
        """Observations, forced verdicts and tier counts of the item just judged; resets for the next."""
        seen, self.current = self.current, []
        per: dict[tuple[str, str], list[tuple[bool, float]]] = defaultdict(list)
        forced: dict[str, list[bool]] = defaultdict(list)
        tiers: dict[str, Counter[str]] = defaultdict(Counter)
        hashes: dict[str, str] = {}
        by_ask: dict[int, list[TierVerdict]] = defaultdict(list)
        for tv in seen:
            by_ask[tv.ask_id].append(tv)
        for asks in by_ask.values():
            for tv in asks:
                spec = self._spec(tv)
                passed = _passed(spec, tv, self.request)
                if spec is None or passed is None:
                    continue
                hashes[spec.id] = tv.question_hash
                if tv.verdict.measured:  # an answer without log-probs has no confidence to fit a threshold on
                    per[(spec.id, tv.tier)].append((passed, tv.verdict.confidence))
                else:
                    self.unmeasured += 1
                if tv.returned:
                    forced[spec.id].append(passed)
            returned_at = next((k for k, tv in enumerate(asks) if tv.returned), len(asks) - 1)
            for k, tv in enumerate(asks[: returned_at + 1]):
                tiers[tv.tier]["asked"] += 1
                kind = ("abstained" if tv.verdict.abstained else "decided") if k == returned_at else "escalated"
                tiers[tv.tier][kind] += 1
        observations = [{"check": cid, "tier": tier, "question_hash": hashes[cid], "passed": all(p for p, _ in vs),
                         "confidence": round(_combined_confidence(vs), 6), "questions": len(vs)}
                        for (cid, tier), vs in sorted(per.items())]
        return {"observations": observations, "forced": {c: all(v) for c, v in forced.items()},
                "tiers": {t: dict(c) for t, c in tiers.items()}}


def _passed(spec: CheckSpec | None, tv: TierVerdict, request: ScoreRequest | None = None) -> bool | None:
    """The check verdict this grader answer makes (what the item's check label is compared with): a yes/no
    answer passes when it is "yes", or, for a question with ``agree_with``, when it equals the sample's fact
    (ui_trigger: "the query calls for products" passes only with cards shown, and "no" only without)."""
    pv = tv.verdict.verdict
    if spec is None or spec.llm is None or pv is None:
        return None
    if pv.passed is not None:
        agree = sample_fact(spec.llm.agree_with, request) if request is not None else None
        return pv.passed if agree is None else pv.passed == agree
    lo, hi = spec.llm.scale
    return (float(pv.raw_score or 0) - lo) / (hi - lo) >= spec.llm.pass_threshold


def prediction(item: DevItem, result: ScoreResult | None, seconds: float, error: str | None = None,
               observed: dict[str, Any] | None = None) -> dict[str, Any]:
    """One line of results.jsonl: what the judge said, beside the labels."""
    rec: dict[str, Any] = {"id": item.request.id, "flaw": item.flaw, "injection": item.injection,
                           "category": item.request.category_label(),
                           "labels": item.labels, "seconds": round(seconds, 3), "error": error}
    if result is None:
        return rec
    rec.update(rubric=result.rubric, rubric_version=result.rubric_version, grader_model=result.grader_model,
               judge_failed=result.judge_failed, abstained=result.abstained,
               awaiting_answers=result.awaiting_answers,
               abstention=result.abstention.model_dump(mode="json") if result.abstention else None,
               low_confidence=result.low_confidence, llm_calls=result.llm_calls,
               prompt_tokens=result.prompt_tokens, cached_prompt_tokens=result.cached_prompt_tokens,
               reward=result.reward)
    forced = (observed or {}).get("forced", {})
    rec["checks"] = {cid: {"passed": c.passed, "confidence": round(c.confidence, 4), "source": c.source,
                           "stage": c.stage, "abstained": c.abstained, "tier": c.tier,
                           "forced": forced.get(cid) if c.abstained else c.passed, "reason": c.reason[:300]}
                     for cid, c in result.checks.items()}
    hrm = result.detail_as(HRMDetail)
    if hrm is not None and hrm.l1 is not None:
        rec["l1_pass"] = hrm.l1.passed
        rec["l1"] = {d: r.passed for d, r in hrm.l1.dimensions.items()}
    if hrm is not None and hrm.l2 is not None and not hrm.l2.skipped and hrm.l2.rubrics:
        rec["l2_score"] = hrm.l2.score
    if hrm is not None and hrm.process is not None and not hrm.process.skipped:
        rec["process_score"] = hrm.process.score
    if observed is not None:
        rec["observations"] = observed["observations"]
        rec["tiers"] = observed["tiers"]
    return rec


# ----------------------------------------------------------------------------------------- running

def read_results(path: Path) -> list[dict[str, Any]]:
    return read_lines(path)


class Calibrator:
    """Judges dev items one after another through the batch driver, recording every grader verdict."""

    def __init__(self, pipeline: Any, pack: RubricPack, results: Path,
                 progress: Callable[[str], None] | None = None, *, all_tiers: bool = False,
                 ask_where_rules_decide: bool = False, ask_all: bool = False) -> None:
        self.pipeline = pipeline
        #: every question of the pack asked whatever the gates (options.ask_all): one export round for an offline
        #: grader, and an observation of every check for the fit
        self.ask_all = ask_all
        self.pack = pack
        self.results = results
        self.progress = progress or (lambda s: print(s, file=sys.stderr, flush=True))
        self.show_bar = progress is None and sys.stderr.isatty()
        self.recorder = VerdictRecorder(pack)
        pipeline.judge.listeners.append(self.recorder)
        pipeline.judge.ask_all_tiers = all_tiers
        pipeline.judge.ask_where_rules_decide = ask_where_rules_decide

    def _current(self, line: dict[str, Any]) -> bool:
        """A prediction kept on resume: this pack version and grader, and not still awaiting answers."""
        return (line.get("rubric_version") == self.pack.version
                and line.get("grader_model") == self.pipeline.engine.model_id and not line.get("awaiting_answers"))

    def pending(self, items: list[DevItem]) -> list[DevItem]:
        done = {r["id"] for r in read_results(self.results) if self._current(r) and r.get("error") is None}
        return [i for i in items if i.request.id not in done]

    def awaiting(self, items: list[DevItem]) -> int:
        """Items whose latest prediction still awaits grader answers (an offline grader's export round)."""
        return sum(bool(r.get("awaiting_answers")) for r in self.records(items))

    def records(self, items: list[DevItem]) -> list[dict[str, Any]]:
        """The latest prediction per dev item for this pack version (the file may hold older runs)."""
        wanted = {i.request.id for i in items}
        latest: dict[str, dict[str, Any]] = {}
        for r in read_results(self.results):
            if r.get("id") in wanted and r.get("rubric_version") in (None, self.pack.version):
                latest[r["id"]] = r
        return [latest[i.request.id] for i in items if i.request.id in latest]

    async def judge(self, item: DevItem) -> dict[str, Any]:
        """Judge one item now and append its prediction (callers that interleave several judges)."""
        self.recorder.current = []
        t0 = time.perf_counter()
        request = self._request(item)
        self.recorder.request = request
        result, error = None, None
        try:
            result = await self.pipeline.score(request)
        except HRMError as exc:
            error = exc
        rec = self._line(Job(key=str(item.request.id), request=request, meta=item), result, error,
                         time.perf_counter() - t0)
        self.results.parent.mkdir(parents=True, exist_ok=True)
        with self.results.open("a+b") as fh:
            fh.seek(0)
            data = fh.read()
            if data and not data.endswith(b"\n"):  # a line torn by an interruption: drop it
                fh.truncate(data.rfind(b"\n") + 1)
            fh.write(json.dumps(rec).encode() + b"\n")
        return rec

    def _request(self, item: DevItem) -> ScoreRequest:
        request = item.request.model_copy(update={"rubric": self.pack.id})
        if self.ask_all:
            request = request.model_copy(update={"options": request.options.model_copy(update={"ask_all": True})})
        return request

    async def _score(self, request: ScoreRequest) -> ScoreResult:
        self.recorder.current = []
        self.recorder.request = request
        return await self.pipeline.score(request)

    def _line(self, job: Job, result: ScoreResult | None, error: HRMError | None, seconds: float) -> dict[str, Any]:
        observed = self.recorder.take()
        err = None if error is None else f"{type(error).__name__}: {error.message}"
        rec = prediction(job.meta, result, seconds, err, observed if result is not None else None)
        verdict = rec.get("l1_pass") if err is None else err
        if rec.get("abstained"):
            verdict = "abstained"
        self.progress(f"{job.key}: L1 {verdict} (label {job.meta.labels.get('l1_pass')}) in {seconds:.1f} s, "
                      f"{rec.get('llm_calls', 0)} LLM calls")
        return rec

    async def run(self, items: list[DevItem]) -> list[dict[str, Any]]:
        todo = self.pending(items)
        self.progress(f"{self.pack.id}@{self.pack.version}: {len(items) - len(todo)} of {len(items)} already "
                      f"judged, {len(todo)} to go -> {self.results}")
        jobs = [Job(key=str(i.request.id), request=self._request(i), meta=i) for i in items]
        # one at a time: the verdict recorder attributes what the judge hears to the item being judged
        await run_batch(jobs, self.results, self._score, concurrency=1, resume=True, to_line=self._line,
                        keep=self._current, show_progress=self.show_bar)
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
    if args.cache_dir and not args.no_cache:
        overrides["cache"] = {"directory": str(args.cache_dir)}
    return load_config(args.config, overrides=deep_merge(overrides, engine_overrides(args)))


async def calibrate(args: argparse.Namespace) -> int:
    if args.devset is None:
        raise InvalidRequest("give a labelled set to judge, or --from-labels EXPORT.jsonl", field="devset")
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
        calibrator = Calibrator(pipeline, pack, results, all_tiers=args.all_tiers,
                                ask_where_rules_decide=args.ask_where_rules_decide, ask_all=args.ask_all)
        records = await calibrator.run(items)
    finally:
        await pipeline.close()
    awaiting = [r for r in records if r.get("awaiting_answers")]
    if awaiting:
        exported = getattr(pipeline.engine, "requests_path", None)
        print(f"{len(awaiting)} of {len(records)} items await the grader's answers; the questions are in "
              f"{exported}. Answer them and run again with --answers FILE --resume.", file=sys.stderr)
        records = [r for r in records if not r.get("awaiting_answers")]
        if not records:
            return 0
    if calibrator.recorder.unmeasured:
        print(f"{calibrator.recorder.unmeasured} grader verdicts carried no log-probs: reported, left out of the "
              "threshold fit", file=sys.stderr)
    report = compute_metrics(records)
    report.update(rubric=pack.id, rubric_version=pack.version, grader_model=pipeline.engine.model_id,
                  l1_only=args.l1_only, short_circuit=bool(args.short_circuit), devset=str(args.devset),
                  calibration_files=pipeline.judge.thresholds.files)
    report["fit"] = fit_and_plot(records, out, args)
    (out / "report.json").write_text(json.dumps(report, indent=2, default=str))
    print(format_report(report, f"calibration of {pack.id}@{pack.version} with {pipeline.engine.model_id}"))
    if report["fit"]:
        print(thresholds_table(report["fit"]))
    return 0
