"""The real Serve application over real gRPC: unary, batch, bidi stream, rubrics, health, reflection."""

from __future__ import annotations

import json
import queue
import threading
import time

import grpc
import pytest
from google.protobuf.descriptor_pool import DescriptorPool
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase
from serve_harness import AUTH, SLOW, grpc_request, sample

from hrm_wire.models import ScoreResult
from hrm_wire.proto import judge_pb2

pytestmark = pytest.mark.serve


def test_unary_score(app) -> None:
    resp = app.stub.Score(grpc_request(sample(0), "u-1"), metadata=AUTH, timeout=60)
    assert resp.id == "u-1" and resp.WhichOneof("outcome") == "result"
    j = resp.result
    result = ScoreResult.model_validate_json(j.result_json)
    assert result.id == "u-1" and result.grader_model == "fake-grader"
    assert j.HasField("reward") and j.reward == result.reward
    assert j.composition == "hrm" and j.scores["g_l1"] == 1.0 and j.scores["g_l2"] == result.detail.l2.score
    assert dict(j.scores) == result.scores
    assert not j.judge_failed


def test_batch_in_order_failing_item_alone(app) -> None:
    batch = judge_pb2.ScoreBatchRequest(items=[
        grpc_request(sample(0), "b-0"), grpc_request(sample(1, rubric="nope"), "b-1"),
        judge_pb2.ScoreRequest(id="b-2", request_json="[1, 2"), grpc_request(sample(6), "b-3")])
    resp = app.stub.ScoreBatch(batch, metadata=AUTH, timeout=60)
    assert [i.id for i in resp.items] == ["b-0", "b-1", "b-2", "b-3"]
    assert [i.WhichOneof("outcome") for i in resp.items] == ["result", "error", "error", "result"]
    assert resp.items[1].error.type == "unknown_rubric" and resp.items[1].error.grpc_code == "NOT_FOUND"
    assert resp.items[2].error.type == "invalid_request" and resp.items[2].error.http_status == 422


def test_stream_returns_in_completion_order(app) -> None:
    # the first request is slow on the grader; the later ones must overtake it
    sent = [("slow", sample(0, SLOW, options={"use_cache": False})),
            ("fast-1", sample(1, options={"use_cache": False})),
            ("fast-2", sample(2, options={"use_cache": False})),
            ("bad", {"query": "q"})]
    outbox: queue.Queue = queue.Queue()

    def requests():
        for item_id, payload in sent:
            yield grpc_request(payload, item_id)
        outbox.get(timeout=60)  # keep the request side open until every answer is in

    got = []
    for resp in app.stub.StreamScore(requests(), metadata=AUTH, timeout=120):
        got.append(resp)
        if len(got) == len(sent):
            outbox.put(None)
    ids = [r.id for r in got]
    assert sorted(ids) == sorted(i for i, _ in sent)
    assert ids[-1] == "slow", ids
    by_id = {r.id: r for r in got}
    assert by_id["bad"].error.field == "response"
    for item_id in ("slow", "fast-1", "fast-2"):
        assert json.loads(by_id[item_id].result.result_json)["id"] == item_id


def test_stream_many_items_each_answered_once(app) -> None:
    # 40 items at once against max_queue = 4: some are judged, the rest are refused one by one with a
    # retry hint; the stream itself never fails and every id is answered exactly once
    n = 40
    items = [grpc_request(sample(i % 14, options={"use_cache": False}), f"m-{i}") for i in range(n)]
    got = [r for r in app.stub.StreamScore(iter(items), metadata=AUTH, timeout=120)]
    assert sorted(r.id for r in got) == sorted(f"m-{i}" for i in range(n))
    judged = [r for r in got if r.WhichOneof("outcome") == "result"]
    refused = [r for r in got if r.WhichOneof("outcome") == "error"]
    assert len(judged) >= 4
    assert all(r.error.type == "overloaded" and r.error.retry_after_s == 2.0 for r in refused)


def test_list_rubrics(app) -> None:
    resp = app.stub.ListRubrics(judge_pb2.ListRubricsRequest(), metadata=AUTH, timeout=30)
    ids = {r.id for r in resp.rubrics}
    assert "smartshop" in ids
    smart = next(r for r in resp.rubrics if r.id == "smartshop")
    assert smart.composition == "hrm" and "text_relevance" in smart.checks


def test_health_service_without_token(app) -> None:
    health = health_pb2_grpc.HealthStub(app.channel)
    for service in ("", "hrm.v2.JudgeService"):
        resp = health.Check(health_pb2.HealthCheckRequest(service=service), timeout=10)
        assert resp.status == health_pb2.HealthCheckResponse.SERVING
    with pytest.raises(grpc.RpcError) as info:
        health.Check(health_pb2.HealthCheckRequest(service="no.such.Service"), timeout=10)
    assert info.value.code() == grpc.StatusCode.NOT_FOUND


def test_reflection_describes_the_service(app) -> None:
    db = ProtoReflectionDescriptorDatabase(app.channel)
    services = set(db.get_services())
    assert {"hrm.v2.JudgeService", "grpc.health.v1.Health"} <= services
    service = DescriptorPool(db).FindServiceByName("hrm.v2.JudgeService")
    stream = service.methods_by_name["StreamScore"]
    assert stream.client_streaming and stream.server_streaming
    assert set(service.methods_by_name) == {"Score", "ScoreBatch", "StreamScore", "ListRubrics"}
    assert stream.input_type.fields_by_name["request_json"].type == stream.input_type.fields_by_name["id"].type


def test_cache_hit_reported(app) -> None:
    payload = sample(3)
    first = app.stub.Score(grpc_request(payload, "c-1"), metadata=AUTH, timeout=60)
    t0 = time.perf_counter()
    second = app.stub.Score(grpc_request(payload, "c-2"), metadata=AUTH, timeout=60)
    assert time.perf_counter() - t0 < 60
    assert second.result.cached is True
    assert second.result.reward == first.result.reward


def test_unary_from_many_threads(app) -> None:
    errors: list[BaseException] = []

    def call(i: int) -> None:
        try:
            resp = app.stub.Score(grpc_request(sample(i % 14), f"t-{i}"), metadata=AUTH, timeout=60)
            assert resp.id == f"t-{i}"
        except BaseException as exc:  # noqa: BLE001 - collected for the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=call, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
