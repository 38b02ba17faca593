"""Prometheus series of the store's answer states (``judge_server.store.ack``), read at each scrape.

Named apart from the ``hrm_store_*`` writer counters (``judge_server.serve.metrics``): these count
answers, not writes: how many went out after their judgment was committed, and how many before
(``pending``: the wait ran out; ``queued``: the database was down; ``dropped``: not stored).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector, CollectorRegistry

from judge_server.store.sink import JudgmentSink


class AnswerStateCollector(Collector):
    def __init__(self, store: Any) -> None:
        self.store = store

    def collect(self) -> Iterator[CounterMetricFamily | GaugeMetricFamily]:
        try:
            answers = self.store.answer_counters()
            up = self.store.available
        except Exception:  # noqa: BLE001 - a scrape never fails because the store is closing
            return
        family = CounterMetricFamily(
            "hrm_answers", "Scoring answers by what the judgment store held when each went out: written "
            "(committed first), pending (the bounded wait ran out), queued (database down), dropped, off.",
            labels=["stored"])
        for state, n in answers.items():
            family.add_metric([state], float(n))
        yield family
        yield GaugeMetricFamily("hrm_db_up",
                                "1 while the store's writes succeed, 0 from a failed write until one succeeds.",
                                value=1.0 if up else 0.0)


def watch_answer_states(registry: CollectorRegistry, store: JudgmentSink) -> None:
    """Export ``store``'s answer states on ``registry``."""
    registry.register(AnswerStateCollector(store))
