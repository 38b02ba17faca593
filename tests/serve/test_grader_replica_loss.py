"""One of two grader replicas dies while it holds questions: every judgment is still answered with a reward.

The ingress re-sends a question whose replica died mid-answer (ServeConfig.grader_lost_retries) and Serve's
router sends it to the live replica. Without the re-send those judgments fail with 503 (a 2-replica SmolLM2
scale-out run lost 2 of 12 judgments that way, when a replica being scaled down was killed after its drain
time). Unit sibling: tests/unit/serve/test_remote_resend.py. Run under ``flock /tmp/hrm-ray.lock``.
"""

from __future__ import annotations

import re
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from serve_harness import kill_grader_replicas, sample

pytestmark = pytest.mark.serve

APP = "hrm-replica-loss"
MARKER = "REPLICA-LOSS-MARKER"  # fake engine: +3 s per generation, so questions are in flight at the kill


@pytest.fixture(scope="module")
def two_graders(ray_serve: int, serve_deploy: Any, tmp_path_factory: pytest.TempPathFactory) -> Any:
    config = {
        "hrm": {"engine": {"kind": "fake", "fake": {"delay_markers": {MARKER: 3.0}}},
                "cache": {"enabled": False, "directory": str(tmp_path_factory.mktemp("loss-cache"))},
                "judge": {"concurrency": 64}},
        "ingress": {"num_cpus": 0.1},
        "grader": {"num_cpus": 0.1, "num_replicas": 2},
    }
    served = serve_deploy(ray_serve, APP, "/loss", config)
    yield served
    served.channel.close()
    served.http.close()
    from ray import serve

    serve.delete(APP)


def resends(app: Any) -> float:
    text = app.http.get("/metrics").text
    m = re.search(r"^hrm_grader_resends_total (\S+)$", text, re.M)
    return float(m.group(1)) if m else 0.0


def test_judgments_survive_a_grader_replica_dying_mid_question(two_graders: Any) -> None:
    before = resends(two_graders)
    items = [sample(i % 14, MARKER, id=f"loss-{i}", options={"use_cache": False}) for i in range(6)]
    with ThreadPoolExecutor(len(items)) as pool:
        futures = [pool.submit(two_graders.http.post, "/v1/score", json=item, timeout=120) for item in items]
        deadline = time.monotonic() + 60
        while two_graders.queue_depth() < len(items) and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.0)  # admitted judgments ask their first questions at once; each takes 3 s on a replica
        (killed,) = kill_grader_replicas(APP, limit=1)
        answers = [f.result() for f in futures]
    bad = [(a.status_code, a.text[:200]) for a in answers if a.status_code != 200]
    assert not bad, f"killed {killed}: {bad}"
    results = [a.json() for a in answers]
    assert sorted(r["id"] for r in results) == sorted(i["id"] for i in items)
    assert all(not r["judge_failed"] and r["reward"] is not None for r in results), results
    assert resends(two_graders) > before, "no question was re-sent: the kill hit no question in flight"
