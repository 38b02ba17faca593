"""An acknowledged label survives the review server being killed right after it answered.

A real ``hrm review`` process (uvicorn, SQLite file in WAL mode) takes labels over its JSON API and
is SIGKILLed (no shutdown, no flush) the moment the last 200 arrives; a fresh store on the same file
must hold every acknowledged label. Labels never go through the judgment writer's queue.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from judge_server.review.samples import sample_pairs
from judge_server.store import JudgmentStore, StoreConfig

ROOT = Path(__file__).resolve().parents[3]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_acknowledged_labels_survive_sigkill(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'judgments.db'}"
    with JudgmentStore(StoreConfig(url=url)) as store:
        for req, res in sample_pairs(10, seed=4):
            store.submit(req, res)
        assert store.flush(10)
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "hrm_tools.commands.review", "--db", url, "--port", str(port),
                             "--log-level", "warning"], cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    base = f"http://127.0.0.1:{port}/review/api"
    acknowledged: dict[tuple[str, str], bool | None] = {}
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, "hrm review exited early"
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "hrm review did not come up"
            time.sleep(0.2)
        with httpx.Client(base_url=base, headers={"X-HRM-Annotator": "durable"}, timeout=10) as c:
            items = c.get("/judgments", params={"limit": 10, "sort": "oldest"}).json()["items"]
            for n, item in enumerate(items):
                verdict = [True, False, None][n % 3]
                r = c.put(f"/judgments/{item['uid']}/labels",
                          json={"labels": [{"target": "l1:text_relevance", "verdict": verdict}]})
                assert r.status_code == 200, r.text
                acknowledged[(item["uid"], "l1:text_relevance")] = verdict
    finally:
        proc.send_signal(signal.SIGKILL)  # right after the last acknowledgement: no graceful anything
        proc.wait(10)
    assert len(acknowledged) == 10
    with JudgmentStore(StoreConfig(url=url)) as store:
        got = {(lab.judgment_uid, lab.target): lab.verdict for lab in store.list_labels(annotator="durable")}
    assert got == acknowledged
