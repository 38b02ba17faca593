"""Rubric items in the review UI: each asked item is a target titled by its text, answered yes/no, pitfalls and
vetoes tagged; labels on items are accepted and counted in the judge-vs-human agreement (the browser test:
tests/browser/test_review_ui.py::test_rubric_items_are_labelled_yes_no)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from review_client import csrf, signed_in

from judge_server.config import HRMConfig
from judge_server.pipeline import ScoringPipeline
from judge_server.store import JudgmentStore, StoreConfig

ITEMS = [{"id": "time", "text": "Does the response give a boiling time?", "weight": 3, "veto": True},
         {"id": "raw", "text": "Does it say raw eggs are always safe?", "weight": -2},
         {"id": "tone", "text": "How warm is the tone?", "choices": ["cold", "neutral", "warm"]},
         {"id": "baking", "text": "Does it give an oven temperature?", "applies_if": "the query is about baking"}]


def judged() -> tuple:
    async def run():
        p = ScoringPipeline(HRMConfig(engine={"kind": "fake"}, cache={"enabled": False}))
        await p.start()
        req = p.parse_request({"id": "egg", "query": "How long do I boil an egg?", "reference": "9-12 minutes.",
                               "response": "Nine minutes, then cold water.", "rubric_items": ITEMS})
        return req, await p.score(req)

    return asyncio.run(run())


@pytest.fixture
def store(tmp_path: Path):
    s = JudgmentStore(StoreConfig(url=f"sqlite:///{tmp_path / 'j.db'}"))
    s.start()
    s.submit(*judged())
    assert s.flush(10)
    yield s
    s.close()


@pytest.fixture
def client(store: JudgmentStore) -> TestClient:
    return signed_in(store)


def test_item_page_shows_each_asked_item_by_its_text(store, client) -> None:
    uid = store.find_by_request_id("egg")[0]
    page = client.get(f"/review/item/{uid}").text
    assert "Rubric items" in page and "Does the response give a boiling time?" in page
    assert 'id="reference">9-12 minutes.</pre>' in page and 'id="toolcalls"' not in page
    targets = re.findall(r'data-target="([^"]+)"', page)
    assert targets == ["chk:time", "chk:raw", "chk:tone", "chk:baking"]  # its applies_if question is not a target
    raw = page[page.index('data-target="chk:raw"'):page.index('data-target="chk:tone"')]
    assert "pitfall: yes is bad" in raw and '> yes</label>' in raw and '> no</label>' in raw
    assert "veto" in page[page.index('data-target="chk:time"'):page.index('data-target="chk:raw"')]
    assert "answer: warm" in page[page.index('data-target="chk:tone"'):page.index('data-target="chk:baking"')]


def test_item_labels_are_stored_and_measured(store, client) -> None:
    uid = store.find_by_request_id("egg")[0]
    r = client.put(f"/review/api/judgments/{uid}/labels", headers={"X-HRM-CSRF": csrf(client)},
                   json={"labels": [{"target": "chk:raw", "verdict": False}, {"target": "chk:time", "verdict": True}]})
    assert r.status_code == 200, r.text
    r = client.put(f"/review/api/judgments/{uid}/labels", headers={"X-HRM-CSRF": csrf(client)},
                   json={"labels": [{"target": "chk:baking__applies", "verdict": True}]})
    assert r.status_code == 422 and "chk:time" in r.json()["error"]["message"]  # lists what is labelable
    cal = client.get("/review/api/calibration").json()
    subs = {d["target"]: d for d in cal["l1"]["sub_checks"]}
    assert subs["chk:time"]["n"] == 1 and subs["chk:raw"]["n"] == 1
