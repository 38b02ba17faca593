"""The group-affinity router on the real Serve app: 2 grader replicas, fake engine, a few hundred rollouts
through gRPC ScoreBatch and HTTP /v1/score/batch at once; every item must come back answered.

Regression for the issue-14 soak, where the affinity router lost most items under load.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from serve_harness import ROOT, grpc_request

from hrm_wire.models import ScoreResult
from hrm_wire.proto import judge_pb2

pytestmark = pytest.mark.serve

APP = "hrm-affinity"
PROMPTS = 4      # distinct prompts (good sample items)
ROLLOUTS = 16    # rollouts per prompt, as verl's GRPO groups
ROUNDS = 4       # 4 x 16 x 4 = 256 judgments
BATCH = 16


def rollouts() -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines()]
    good = [r for r in rows if r["id"].startswith("good-")][:PROMPTS]
    items = [dict(r, id=f"{r['id']}#{n}-{k}", response=r["response"] + f"\n\n(Variant {n}-{k})",
                  options={"use_cache": False})
             for n in range(ROUNDS) for r in good for k in range(ROLLOUTS)]
    # interleave the groups in each batch, as a trainer's concurrent requests arrive
    return sorted(items, key=lambda i: (i["id"].split("#")[1].split("-")[1], i["id"]))


@pytest.fixture(scope="module")
def affinity_app(ray_serve: int, serve_deploy: Any) -> Iterator[Any]:
    from ray import serve

    config = {"hrm": {"engine": {"kind": "fake", "fake": {"delay_s": 0.005}}, "cache": {"enabled": False},
                      "judge": {"concurrency": 64}},
              "max_queue": 4096, "ingress": {"num_cpus": 0.1},
              "grader": {"num_cpus": 0.1, "num_replicas": 2, "max_ongoing_requests": 8},
              "group_affinity": True, "affinity_imbalance": 2}
    served = serve_deploy(ray_serve, APP, "/affinity", config)
    yield served
    served.channel.close()
    served.http.close()
    serve.delete(APP)


def test_every_rollout_answered_with_affinity_on(affinity_app: Any) -> None:
    items = rollouts()
    batches = [items[i:i + BATCH] for i in range(0, len(items), BATCH)]

    def grpc_batch(batch: list[dict[str, Any]]) -> dict[str, ScoreResult | str]:
        req = judge_pb2.ScoreBatchRequest(items=[grpc_request(r, r["id"]) for r in batch])
        resp = affinity_app.stub.ScoreBatch(req, timeout=300)
        return {i.id: ScoreResult.model_validate_json(i.result.result_json) if i.WhichOneof("outcome") == "result"
                else i.error.type for i in resp.items}

    def http_batch(batch: list[dict[str, Any]]) -> dict[str, ScoreResult | str]:
        r = affinity_app.http.post("/v1/score/batch", json={"items": batch}, timeout=300)
        r.raise_for_status()
        return {x["id"]: ScoreResult.model_validate(x["result"]) if x.get("result") else x["error"]["type"]
                for x in r.json()["items"]}

    with ThreadPoolExecutor(max_workers=len(batches)) as pool:
        futures = [pool.submit(grpc_batch if n % 2 else http_batch, b) for n, b in enumerate(batches)]
        got: dict[str, ScoreResult | str] = {}
        for f in futures:
            got.update(f.result())
    assert set(got) == {i["id"] for i in items}
    errors = {k: v for k, v in got.items() if not isinstance(v, ScoreResult)}
    assert not errors
    failed = [k for k, v in got.items() if isinstance(v, ScoreResult) and v.judge_failed]
    assert not failed
    assert all(v.llm_calls > 0 for v in got.values() if isinstance(v, ScoreResult))
