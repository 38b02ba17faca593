"""Prometheus metrics of one ingress replica (GET /metrics).

Each ``ServiceMetrics`` owns its registry, so several frontends in one process (tests) do not clash.
Counters are cumulative since the replica started; pass rates are exported both as counters (for
``rate()`` queries) and as convenience gauges.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from prometheus_client.registry import Collector

from hrm_wire.models import HRMDetail, ScoreResult
from judge_server.engines.base import Generation

if TYPE_CHECKING:  # the store's database stack is optional
    from judge_server.store.sink import JudgmentSink

_LATENCY_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160, 320)

CONTENT_TYPE = CONTENT_TYPE_LATEST

# `_created` series double the output and no dashboard here uses them.
disable_created_metrics()


#: one method label set for both transports: gRPC method names and HTTP route names map onto these, so a
#: dashboard can sum hrm_request_latency_seconds over `transport` per method
METHOD_LABELS: dict[str, str] = {
    "Score": "score", "score": "score",
    "ScoreBatch": "score_batch", "score_batch": "score_batch",
    "StreamScore": "score_stream",
    "ListRubrics": "rubrics", "rubrics": "rubrics",
}


def method_label(name: str) -> str:
    """The shared label of a gRPC method or HTTP route name (others keep their own name, lower-cased)."""
    return METHOD_LABELS.get(name, name.lower())


class ServiceMetrics:
    def __init__(self) -> None:
        r = self.registry = CollectorRegistry()
        self.judgments = Counter("hrm_judgments", "Judgments finished (outcome: ok, abstained, judge_failed).",
                                 ["rubric", "outcome"], registry=r)
        self.l1 = Counter("hrm_l1_gate", "L1 gate verdicts.", ["rubric", "result"], registry=r)
        self.l2_checks = Counter("hrm_l2_checks", "L2 rubric metric verdicts.", ["rubric", "result"], registry=r)
        self.l1_rate = Gauge("hrm_l1_pass_rate", "Fraction of decided L1 gates that passed.", registry=r)
        self.l2_rate = Gauge("hrm_l2_pass_rate", "Fraction of L2 rubric metrics that passed.", registry=r)
        self.l2_score = Histogram("hrm_l2_score", "G_L2 of judgments that reached L2.", registry=r,
                                  buckets=(0, 1 / 7, 2 / 7, 3 / 7, 4 / 7, 5 / 7, 6 / 7, 1))
        self.retries = Counter("hrm_retries", "Grader generations beyond the first per check.", registry=r)
        self.cache_hits = Counter("hrm_cache_hits", "LLM verdicts served from the judgment cache.", registry=r)
        self.llm_calls = Counter("hrm_llm_calls", "LLM questions asked (cache hits included).", registry=r)
        self.judge_failures = Counter("hrm_judge_failures", "Judgments whose judge failed.", ["stage"], registry=r)
        self.errors = Counter("hrm_request_errors", "Requests or items rejected with a typed error.",
                              ["transport", "type"], registry=r)
        self.queue_depth = Gauge("hrm_queue_depth", "Judgments admitted and not finished (bounded by max_queue).",
                                 registry=r)
        self.stage_latency = Histogram("hrm_stage_latency_seconds", "Wall time per pipeline stage.", ["stage"],
                                       buckets=_LATENCY_BUCKETS, registry=r)
        self.request_latency = Histogram("hrm_request_latency_seconds", "Wall time per RPC / HTTP request.",
                                         ["transport", "method"], buckets=_LATENCY_BUCKETS, registry=r)
        self.grader_resends = Counter("hrm_grader_resends", "Grader questions re-sent because the replica "
                                      "answering them died (grader_lost_retries).", registry=r)
        self.engine_latency = Histogram("hrm_engine_generate_seconds", "Wall time of one grader generation.",
                                        buckets=_LATENCY_BUCKETS, registry=r)
        # Where grader time goes, summed over generations: the cached share says what the prompt layout already
        # saves, prefill vs decode seconds say whether a layout change can still pay (README, Run the service)
        self.grader_prompt_tokens = Counter("hrm_grader_prompt_tokens", "Grader prompt tokens by where they came "
                                            "from: prefix cache or computed.", ["source"], registry=r)
        self.grader_completion_tokens = Counter("hrm_grader_completion_tokens", "Grader answer tokens generated.",
                                                registry=r)
        self.grader_engine_seconds = Counter("hrm_grader_engine_seconds", "Grader engine seconds by phase, as the "
                                             "engine measured them (engines that report them).", ["phase"],
                                             registry=r)
        self._l1 = [0, 0]  # passed, decided
        self._l2 = [0, 0]

    def observe_generation(self, seconds: float, generation: Generation) -> None:
        """One grader answer as the ingress received it (wall time includes the trip to the grader replica)."""
        self.engine_latency.observe(seconds)
        cached = min(generation.cached_tokens, generation.prompt_tokens)
        self.grader_prompt_tokens.labels("cache").inc(cached)
        self.grader_prompt_tokens.labels("computed").inc(generation.prompt_tokens - cached)
        self.grader_completion_tokens.inc(generation.completion_tokens)
        if generation.prefill_s is not None:
            self.grader_engine_seconds.labels("prefill").inc(generation.prefill_s)
        if generation.decode_s is not None:
            self.grader_engine_seconds.labels("decode").inc(generation.decode_s)

    def observe(self, result: ScoreResult) -> None:
        rubric = result.rubric
        outcome = "judge_failed" if result.judge_failed else "abstained" if result.abstained else "ok"
        self.judgments.labels(rubric, outcome).inc()
        if result.judge_failed:
            self.judge_failures.labels(result.failure.stage if result.failure else "unknown").inc()
        hrm = result.detail_as(HRMDetail)
        if hrm is not None and hrm.l1 is not None and hrm.l1.passed is not None:
            self.l1.labels(rubric, "pass" if hrm.l1.passed else "fail").inc()
            self._l1[0] += int(hrm.l1.passed)
            self._l1[1] += 1
            self.l1_rate.set(self._l1[0] / self._l1[1])
        if hrm is not None and hrm.l2 is not None:
            for check in (result.checks[c] for c in hrm.l2.rubrics if c in result.checks):
                if check.passed is not None:
                    self.l2_checks.labels(rubric, "pass" if check.passed else "fail").inc()
                    self._l2[0] += int(check.passed)
                    self._l2[1] += 1
            if self._l2[1]:
                self.l2_rate.set(self._l2[0] / self._l2[1])
            if hrm.l2.score is not None:
                self.l2_score.observe(hrm.l2.score)
        self.retries.inc(result.retries)
        self.llm_calls.inc(result.llm_calls)
        for check in result.checks.values():
            if check.source in ("llm", "hybrid") and check.cached:
                self.cache_hits.inc()
        for stage, ms in result.timings_ms.items():
            self.stage_latency.labels(stage).observe(ms / 1000.0)

    def watch_judge(self, judge: Any) -> None:
        """Export the judge's own counts, read at each scrape: parse failures (every unparseable answer,
        retries included) and, per grader tier, questions asked and how each ended (``Judge.tier_stats``)."""
        self.registry.register(_JudgeCollector(judge))

    def watch_store(self, store: JudgmentSink) -> None:
        """Export the judgment store's counters (``JudgmentStore.counters()``), read at each scrape."""
        self.registry.register(_StoreCollector(store))

    def render(self) -> bytes:
        return generate_latest(self.registry)


#: how a tier's question can end (judge_server.grading.judge.Judge.ask); their sum is the tier's questions asked
TIER_OUTCOMES = ("decided", "escalated", "abstained")


class _JudgeCollector(Collector):
    def __init__(self, judge: Any) -> None:
        self.judge = judge

    def collect(self) -> Iterator[CounterMetricFamily]:
        yield CounterMetricFamily("hrm_parse_failures", "Grader answers that failed to parse (retries included).",
                                  value=float(getattr(self.judge, "parse_failures", 0)))
        # a snapshot: a remote tier adds its entry when it learns its model id
        stats = {tier: dict(counts) for tier, counts in dict(getattr(self.judge, "tier_stats", {})).items()}
        asked = CounterMetricFamily("hrm_tier_questions", "Grader questions asked of each tier (a cascade asks "
                                    "the next tier only when this one escalates).", labels=["tier"])
        outcomes = CounterMetricFamily(
            "hrm_tier_outcomes", "How each tier's questions ended: decided (confident enough, or uncalibrated), "
            "escalated (below its calibrated threshold: sent to the next tier), abstained (the last tier unsure).",
            labels=["tier", "outcome"])
        for tier, counts in sorted(stats.items()):
            asked.add_metric([tier], float(counts.get("asked", 0)))
            for outcome in TIER_OUTCOMES:  # every series from the start, so rate() sees the first event
                outcomes.add_metric([tier, outcome], float(counts.get(outcome, 0)))
        yield asked
        yield outcomes


#: JudgmentStore.counters() key -> (metric name, help); monotonic since the store started
_STORE_COUNTERS = {
    "submitted": ("hrm_store_submitted", "Judgments handed to the store's writer queue."),
    "written": ("hrm_store_written", "Judgments written to the database."),
    "dropped": ("hrm_store_dropped", "Judgments dropped: queue full, or a batch that failed after its retries."),
    "errors": ("hrm_store_errors", "Failed store operations (submits and batch write attempts)."),
    "purged": ("hrm_store_purged", "Judgments deleted by the retention rule."),
}


class _StoreCollector(Collector):
    def __init__(self, store: Any) -> None:
        self.store = store

    def collect(self) -> Iterator[CounterMetricFamily | GaugeMetricFamily]:
        try:
            counts = self.store.counters()
        except Exception:  # noqa: BLE001 - a scrape never fails because the store is closing
            return
        for key, (name, doc) in _STORE_COUNTERS.items():
            if key in counts:
                yield CounterMetricFamily(name, doc, value=float(counts[key]))
        if "queue_depth" in counts:
            yield GaugeMetricFamily("hrm_store_queue_depth", "Judgments waiting in the store's writer queue.",
                                    value=float(counts["queue_depth"]))
