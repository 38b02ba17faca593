"""Rubric items over HTTP and gRPC, single and batched: the same reward and per-item detail on both, and a bad item
is a typed error naming it (422 / INVALID_ARGUMENT), alone or inside a batch (the unit tier:
tests/unit/compositions/test_items_composition.py)."""

from __future__ import annotations

import json
from pathlib import Path

import grpc
import pytest
from transport_harness import grpc_request, trailers

from hrm_wire.proto import judge_pb2

pytestmark = pytest.mark.asyncio
EXAMPLES = {d["id"]: d for d in map(json.loads, (Path(__file__).resolve().parents[2] / "examples/rubric_items/"
                                                 "requests.jsonl").read_text().splitlines())}


@pytest.mark.parametrize("example", sorted(EXAMPLES))
async def test_items_score_the_same_over_http_and_grpc(transports, example) -> None:
    payload = EXAMPLES[example]
    r = await transports.http.post("/v1/score", json=payload)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["rubric"] == "items" and body["composition"] == "rubric_items"
    assert body["detail"]["kind"] == "rubric_items" and body["reward"] is not None
    assert set(body["detail"]["items"]) <= set(body["checks"])
    resp = await transports.stub.Score(grpc_request(payload))
    assert resp.result.reward == pytest.approx(body["reward"]) and resp.result.composition == "rubric_items"
    assert json.loads(resp.result.result_json)["detail"]["items"] == body["detail"]["items"]


async def test_a_bad_item_is_named_on_both_transports(transports) -> None:
    payload = {**EXAMPLES["checklist-haiku"], "rubric_items": [["Three lines?", 1], ["Three lines?", 2]]}
    r = await transports.http.post("/v1/score", json=payload)
    assert r.status_code == 422 and r.json()["error"]["field"] == "rubric_items"
    assert "repeats the id" in r.json()["error"]["message"]
    with pytest.raises(grpc.aio.AioRpcError) as info:
        await transports.stub.Score(grpc_request(payload))
    assert info.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "repeats the id" in info.value.details()
    assert trailers(info.value)["hrm-error-field"] == "rubric_items"


async def test_an_unknown_code_verifier_fails_its_batch_item_only(transports) -> None:
    bad = {**EXAMPLES["items-python-sort"], "id": "bad",
           "rubric_items": [{"text": "x", "verifier": "code:no_such_rule"}]}
    good = {**EXAMPLES["checklist-haiku"], "id": "good"}
    r = await transports.http.post("/v1/score/batch", json={"items": [good, bad]})
    assert r.status_code == 200, r.text
    items = {i["id"]: i for i in r.json()["items"]}
    assert items["good"]["result"]["reward"] is not None
    assert items["bad"]["error"]["field"] == "rubric_items.0.verifier" and "may name" in items["bad"]["error"]["message"]
    batch = await transports.stub.ScoreBatch(judge_pb2.ScoreBatchRequest(items=[grpc_request(good), grpc_request(bad)]))
    assert batch.items[0].HasField("result") and batch.items[1].HasField("error")


async def test_items_sent_to_smartshop_are_refused(transports) -> None:
    payload = {**EXAMPLES["checklist-haiku"], "rubric": "smartshop"}
    r = await transports.http.post("/v1/score", json=payload)
    assert r.status_code == 422 and r.json()["error"]["field"] == "rubric_items"


async def test_the_items_pack_is_listed(transports) -> None:
    r = await transports.http.get("/v1/rubrics")
    items = next(p for p in r.json() if p["id"] == "items")
    assert items["composition"] == "rubric_items" and items["scores"] == ["vetoed", "decided_weight"]
