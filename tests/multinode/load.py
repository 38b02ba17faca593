"""Bounded loopback load on a deployed HRM: HTTP scores, HTTP batches and gRPC scores from their own threads, each
request retried on what the client library treats as retryable (``hrm_client``'s policy), and every outcome kept:
answered, answered after retries, or lost (still failing after the retries). Each request has a unique id, so the
store can be checked for every answered judgment afterwards."""

from __future__ import annotations

import json
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hrm_client import JudgeClient, RetryPolicy

ROWS = [json.loads(line) for line in (Path(__file__).resolve().parents[2] / "examples" / "smartshop.jsonl")
        .read_text().splitlines()]


@dataclass
class Outcome:
    kind: str
    ids: list[str]
    start: float
    end: float
    ok: bool
    error: str | None = None


@dataclass
class Load:
    http_url: str
    grpc_target: str
    pause_s: float = 0.05
    outcomes: list[Outcome] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)
    _threads: list[threading.Thread] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def _request(self, i: int) -> dict[str, Any]:
        row = dict(ROWS[i % len(ROWS)])
        row["id"] = f"mn-{uuid.uuid4().hex[:12]}"
        row.setdefault("options", {})
        row["options"] = {**row["options"], "use_cache": False}
        return row

    def _loop(self, kind: str) -> None:
        policy = RetryPolicy(max_attempts=8, initial_backoff_s=0.25, max_backoff_s=2.0)
        url = self.http_url if kind.startswith("http") else self.grpc_target
        client = JudgeClient(url, timeout=60, retry=policy)
        i = 0
        try:
            while not self._stop.is_set():
                i += 1
                reqs = [self._request(i * 10 + k) for k in range(4 if kind == "http_batch" else 1)]
                t0 = time.time()
                ok, error = True, None
                try:
                    if kind == "http_batch":
                        answers = client.score_batch(reqs)
                        bad = [a for a in answers if not hasattr(a, "reward")]
                        ok, error = not bad, (type(bad[0]).__name__ if bad else None)
                    else:
                        client.score(reqs[0])
                except Exception as exc:  # noqa: BLE001 - counted as lost, with its type
                    ok, error = False, f"{type(exc).__name__}: {exc}"[:200]
                with self._lock:
                    self.outcomes.append(Outcome(kind, [r["id"] for r in reqs], t0, time.time(), ok, error))
                time.sleep(self.pause_s)
        finally:
            client.close()

    def start(self) -> None:
        for kind in ("http", "http_batch", "grpc"):
            t = threading.Thread(target=self._loop, args=(kind,), name=f"load-{kind}", daemon=True)
            t.start()
            self._threads.append(t)

    def stop(self) -> None:
        self._stop.set()
        for t in self._threads:
            t.join(120)

    def answered_ids(self) -> set[str]:
        return {i for o in self.outcomes if o.ok for i in o.ids}

    def lost(self) -> list[Outcome]:
        return [o for o in self.outcomes if not o.ok]

    def per_second(self, t0: float) -> list[tuple[int, int]]:
        """(second since t0, judgments answered in it)."""
        buckets: dict[int, int] = {}
        for o in self.outcomes:
            if o.ok:
                s = int(o.end - t0)
                buckets[s] = buckets.get(s, 0) + len(o.ids)
        return sorted(buckets.items())
