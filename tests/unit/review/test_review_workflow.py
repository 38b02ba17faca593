"""The annotator workflow through the routes: blind mode, the queue, unsure/skip, sub-checks, guidelines,
abstentions shown apart from failures, one row per trajectory, the small-sample warning."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from review_client import FORM, csrf, signed_in

from judge_server.review.app import build_review_app
from judge_server.review.samples import sample_pairs
from judge_server.store import JudgmentQuery, JudgmentStore, StoreConfig


@pytest.fixture
def store(tmp_path: Path):
    s = JudgmentStore(StoreConfig(url=f"sqlite:///{tmp_path / 'j.db'}"))
    s.start()
    pairs = sample_pairs(30, seed=7)
    for req, res in pairs + [(pairs[0][0].model_copy(update={"id": "rejudged"}), pairs[0][1])]:
        s.submit(req, res)
    assert s.flush(10)
    yield s
    s.close()


@pytest.fixture
def client(store: JudgmentStore) -> TestClient:
    return signed_in(store)


def _uid(store: JudgmentStore, **kw) -> str:
    return store.list_judgments(JudgmentQuery(**kw)).items[0].uid


def test_abstention_is_shown_apart_from_fail_and_judge_failed(store: JudgmentStore, client: TestClient) -> None:
    listing = client.get("/review").text
    rows = re.findall(r'<tr class="row([^"]*)"', listing)
    assert "abstained" in rows[0] and "abstained" in rows[1]  # abstentions first (two in 30 samples)
    assert client.get("/review?abstained=true").text.count('<tr class="row') == 2
    abst = client.get(f"/review/item/{_uid(store, abstained=True)}").text
    assert 'id="tag-abstained"' in abst and 'id="abstention"' in abst
    assert re.search(r'data-target="chk:ui_relevance".*?<span class="verdict abstained">abstained</span>', abst, re.S)
    failed = client.get(f"/review/item/{_uid(store, judge_failed=True)}").text
    assert re.search(r'data-target="l1:description_faithfulness".*?<span class="verdict failed">judge failed</span>',
                     failed, re.S)
    assert "verdict abstained" not in failed


def test_blind_queue_with_progress_skip_and_unsure(store: JudgmentStore, client: TestClient) -> None:
    queue = client.get("/review/queue").text
    assert re.search(r'id="queue-done">0/30</b> done', queue)  # 31 judgments, 30 items
    r = client.get("/review/queue/next")
    assert r.status_code == 303 and "queue=1" in r.headers["location"]
    first = r.headers["location"].split("/item/")[1].split("?")[0]
    assert store.get_judgment(first).result.abstained  # the judge's uncertainty first
    page = client.get(r.headers["location"]).text
    assert 'id="blind-note"' in page and 'id="scores"' not in page
    assert not re.search(r'data-judge="(pass|fail)"', page) and "verdict pass" not in page
    assert "0/30</b> done" in page
    # guidelines from the pack beside the targets, sub-checks labelable
    assert "is this product a right recommendation for the user&#39;s query" in page
    assert 'data-target="chk:ui_format"' in page and 'data-target="l2:' not in page  # L1 abstained: no L2
    # answer with unsure on one sub-check, pass on a dimension: the form goes on to the next item
    form = (f"csrf={csrf(client)}&queue=1&rubric=&verdict__chk:ui_relevance=unsure"
            "&comment__chk:ui_relevance=record+lacks+a+category&verdict__l1:text_relevance=pass")
    r = client.post(f"/review/item/{first}/labels", content=form, headers=FORM)
    assert r.status_code == 303 and r.headers["location"].endswith("/review/queue/next")
    labels = {lab.target: lab.verdict for lab in store.list_labels(annotator="ann")}
    assert labels == {"chk:ui_relevance": None, "l1:text_relevance": True}
    # answered: the same item now shows the judge (no longer blind)
    again = client.get(f"/review/item/{first}?queue=1").text
    assert 'id="blind-note"' not in again and 'id="scores"' in again
    # skip the next one
    second = client.get("/review/queue/next").headers["location"].split("/item/")[1].split("?")[0]
    assert second != first
    r = client.post(f"/review/item/{second}/labels", content=f"csrf={csrf(client)}&action=skip&queue=1",
                    headers=FORM)
    assert r.status_code == 303
    progress = client.get("/review/api/queue").json()
    assert (progress["done"], progress["skipped"], progress["total"]) == (1, 1, 30)
    assert progress["next_uid"] not in (first, second)
    assert "1/30</b> done · <span id=\"queue-skipped\">1</span> skipped" in client.get("/review/queue").text


def test_the_queue_asks_who_is_working(store: JudgmentStore) -> None:
    c = TestClient(build_review_app(store, None, own_store=False), follow_redirects=False)
    r = c.get("/review/queue/next")
    assert r.status_code == 303 and r.headers["location"] == "/review/login?next=/review/queue"
    page = c.get("/review/queue").text
    assert "with your name to work through the queue" in page and 'id="queue-sign-in"' in page


def test_blind_is_a_choice_outside_the_queue(store: JudgmentStore, client: TestClient) -> None:
    uid = _uid(store, l1="pass")
    assert 'id="scores"' in client.get(f"/review/item/{uid}").text
    blind = client.get(f"/review/item/{uid}?blind=1").text
    assert 'id="scores"' not in blind and 'data-judge=""' in blind
    assert 'id="scores"' in client.get(f"/review/item/{uid}?queue=1&blind=0").text
    assert client.get(f"/review/item/{uid}?blind=maybe").status_code == 422


def test_one_row_per_trajectory_and_its_judgments(store: JudgmentStore, client: TestClient) -> None:
    listing = client.get("/review").text
    assert re.search(r'id="total">30<', listing) and "2×" in listing
    assert re.search(r'id="total">31<', client.get("/review?group=false").text)
    uids = store.find_by_request_id("demo-7-0000")  # the result keeps its id: request_id is the result's
    assert len(uids) == 2
    uid = uids[0]
    page = client.get(f"/review/item/{uid}").text
    assert 'id="siblings"' in page and "judged 2 times" in page


def test_small_sample_warning_on_calibration(store: JudgmentStore, client: TestClient) -> None:
    uid = _uid(store, l1="pass")
    r = client.put(f"/review/api/judgments/{uid}/labels", headers={"X-HRM-CSRF": csrf(client)},
                   json={"labels": [{"target": "l1:text_relevance", "verdict": True}]})
    assert r.status_code == 200
    page = client.get("/review/calibration").text
    assert 'id="small-sample-warning"' in page and "fewer than 20" in page
    cal = client.get("/review/api/calibration").json()
    assert cal["l1"]["dimensions"][0]["small_sample"] is True and cal["min_reliable_n"] == 20
    assert "small_sample" in client.get("/review/api/calibration?format=csv").text.splitlines()[0]
