"""What the review route tests share: a signed-in TestClient over a store, and the page's CSRF token."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from judge_server.review.app import build_review_app
from judge_server.store import JudgmentStore

FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def csrf(c: TestClient) -> str:
    m = re.search(r'data-csrf="([0-9a-f]+)"', c.get("/review/login").text)
    assert m
    return m.group(1)


def signed_in(store: JudgmentStore, annotator: str = "ann") -> TestClient:
    """The review app over ``store`` (auth off), signed in as ``annotator``."""
    c = TestClient(build_review_app(store, None, own_store=False), follow_redirects=False)
    r = c.post("/review/login", content=f"annotator={annotator}&next=/review&csrf={csrf(c)}", headers=FORM)
    assert r.status_code == 303
    return c
