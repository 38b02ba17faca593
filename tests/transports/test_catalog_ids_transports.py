"""Real catalog ids (ASIN, SKU, UUID) over HTTP and gRPC, single and batched: rewarded like PD_ ids, and a card no
record carries is a sure 0 with its reason, never a silent one (the unit tier: tests/unit/packs/test_catalog_ids.py)."""

from __future__ import annotations

import json

import pytest
from catalogs import CATALOGS, catalog_request, ids
from transport_harness import grpc_request

from hrm_wire.proto import judge_pb2

pytestmark = pytest.mark.asyncio


@pytest.mark.parametrize("catalog", sorted(CATALOGS))
async def test_catalog_ids_over_http_and_grpc(transports, catalog) -> None:
    payload = catalog_request(catalog)
    r = await transports.http.post("/v1/score", json=payload)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["reward"] > 1.0 and body["checks"]["ui_format"]["passed"] is True
    resp = await transports.stub.Score(grpc_request(payload))
    assert resp.result.reward == pytest.approx(body["reward"]) and resp.result.scores["g_l1"] == 1.0


async def test_a_made_up_id_in_a_batch_is_a_zero_with_its_reason(transports) -> None:
    good = catalog_request("asin", rid="good")
    bad = catalog_request("asin", card_ids=[ids("asin")[0], "B0NOTREAL1"], rid="bad")
    r = await transports.http.post("/v1/score/batch", json={"items": [good, bad]})
    assert r.status_code == 200, r.text
    items = {i["id"]: i["result"] for i in r.json()["items"]}
    assert items["good"]["reward"] > 1.0
    assert items["bad"]["reward"] == 0.0 and "B0NOTREAL1" in json.dumps(items["bad"]["checks"])
    batch = await transports.stub.ScoreBatch(judge_pb2.ScoreBatchRequest(items=[grpc_request(good), grpc_request(bad)]))
    assert [round(i.result.reward, 3) for i in batch.items] == [round(items["good"]["reward"], 3), 0.0]
