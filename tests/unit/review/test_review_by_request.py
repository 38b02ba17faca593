"""/review/item/by-request/{request_id}: a link by the caller's request id lands on its newest judgment."""

from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient

from judge_server.review.app import build_review_app
from judge_server.review.samples import sample_pair
from judge_server.store import JudgmentStore, StoreConfig

RID = "eval run 3/item 7"  # spaces and a slash, as callers' ids have


@pytest.fixture
def store(tmp_path: Path):
    s = JudgmentStore(StoreConfig(url=f"sqlite:///{tmp_path / 'j.db'}"))
    s.start()
    for i in range(3):  # the same request judged three times (re-runs), plus an unrelated judgment
        req, res = sample_pair(i, seed=2)
        s.submit(req.model_copy(update={"id": RID}), res.model_copy(update={"id": RID}))
        assert s.flush(10)
        time.sleep(0.01)
    req, res = sample_pair(9, seed=2)
    s.submit(req.model_copy(update={"id": "other"}), res.model_copy(update={"id": "other"}))
    assert s.flush(10)
    yield s
    s.close()


def test_redirects_to_the_newest_judgment_of_the_request_keeping_the_query(store):
    c = TestClient(build_review_app(store, None, own_store=False), follow_redirects=False)
    newest = store.find_by_request_id(RID)[0]
    assert len(store.find_by_request_id(RID)) == 3
    assert store.get_judgment(newest).request.query == sample_pair(2, seed=2)[0].query  # the last one submitted
    r = c.get(f"/review/item/by-request/{quote(RID)}?blind=0")
    assert r.status_code == 303 and r.headers["location"] == f"/review/item/{newest}?blind=0"
    page = c.get(r.headers["location"])
    assert page.status_code == 200 and RID in page.text


def test_an_unknown_request_id_is_a_typed_404_and_reading_needs_sign_in(store):
    c = TestClient(build_review_app(store, None, own_store=False), follow_redirects=False)
    r = c.get("/review/item/by-request/nope")
    assert r.status_code == 404 and "no judgment with request id" in r.text
    locked = TestClient(build_review_app(store, ["secret"], own_store=False), follow_redirects=False)
    r = locked.get(f"/review/item/by-request/{quote(RID)}")
    assert r.status_code == 303 and "/review/login" in r.headers["location"]
    r = locked.get(f"/review/item/by-request/{quote(RID)}", headers={"Authorization": "Bearer secret"})
    assert r.status_code == 303 and r.headers["location"].startswith("/review/item/")
