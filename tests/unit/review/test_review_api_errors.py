"""The review API names the bad label of a PUT by its place in the body (labels.<n>.<field>)."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from judge_server.review.app import build_review_app
from judge_server.review.samples import sample_pair
from judge_server.store import JudgmentStore, StoreConfig


def test_a_bad_label_is_a_typed_error_naming_its_index(tmp_path: Path):
    store = JudgmentStore(StoreConfig(url=f"sqlite:///{tmp_path / 'j.db'}"))
    store.start()
    try:
        store.submit(*sample_pair(1, seed=3))
        assert store.flush(10)
        uid = store.list_judgments().items[0].uid
        c = TestClient(build_review_app(store, ["tok"], own_store=False))
        r = c.put(f"/review/api/judgments/{uid}/labels",
                  headers={"Authorization": "Bearer tok", "X-HRM-Annotator": "ann"},
                  json={"labels": [{"target": "l1:text_relevance", "verdict": True},
                                   {"target": "everything", "verdict": True}]})
        assert r.status_code == 422
        err = r.json()["error"]
        assert err["type"] == "invalid_request" and err["field"] == "labels.1.target"
        assert store.list_labels() == []  # nothing of a refused body is saved
    finally:
        store.close()
