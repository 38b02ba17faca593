"""Review routes and auth through FastAPI's in-process client (the browser test drives a real server)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient

from hrm_wire.models import ObservationStep, Product, ScoreRequest, ToolCallStep
from judge_server.review.app import build_review_app
from judge_server.review.guidelines import card_syntax_for
from judge_server.review.samples import sample_pair, sample_pairs
from judge_server.review.view import response_segments, trajectory_view
from judge_server.store import JudgmentStore, StoreConfig

TOKENS = ["alice:alice-secret", "shared-secret"]


@pytest.fixture
def store(tmp_path: Path):
    s = JudgmentStore(StoreConfig(url=f"sqlite:///{tmp_path / 'j.db'}"))
    s.start()
    for req, res in sample_pairs(30, seed=1):
        s.submit(req, res)
    assert s.flush(10)
    yield s
    s.close()


def _client(store: JudgmentStore, tokens: list[str] | None) -> TestClient:
    return TestClient(build_review_app(store, tokens, own_store=False), follow_redirects=False)


FORM = {"Content-Type": "application/x-www-form-urlencoded"}


def _csrf(c: TestClient) -> str:
    """The form token the pages embed for this client's current session (cookies)."""
    m = re.search(r'data-csrf="([0-9a-f]+)"', c.get("/review/login").text)
    assert m, "pages carry the session's CSRF token"
    return m.group(1)


def _passing_uid(store: JudgmentStore) -> str:
    from judge_server.store import JudgmentQuery
    return store.list_judgments(JudgmentQuery(l1="pass")).items[0].uid


def test_anonymous_users_cannot_read_or_label(store: JudgmentStore) -> None:
    c = _client(store, TOKENS)
    uid = _passing_uid(store)
    r = c.get("/review")
    assert r.status_code == 303 and r.headers["location"].startswith("/review/login?next=")
    assert c.get(f"/review/item/{uid}").status_code == 303
    assert c.get("/review/calibration").status_code == 303
    for method, path in [("GET", "/review/api/judgments"), ("GET", f"/review/api/judgments/{uid}"),
                         ("GET", "/review/api/calibration"), ("GET", "/review/api/labels?format=csv"),
                         ("POST", "/review/api/labels/import"),
                         ("PUT", f"/review/api/judgments/{uid}/labels")]:
        r = c.request(method, path, json={"labels": []})
        assert r.status_code == 401, path
        assert r.json()["error"]["type"] == "unauthenticated"
    r = c.get("/review/api/judgments", headers={"Authorization": "Bearer wrong"})
    assert r.status_code == 401
    r = c.post(f"/review/item/{uid}/labels", content=f"verdict__l1:text_relevance=pass&csrf={_csrf(c)}",
               headers=FORM)
    assert r.status_code == 303 and "/login" in r.headers["location"]
    assert store.list_labels() == []


def test_sign_in_with_a_named_token_fixes_the_annotator(store: JudgmentStore) -> None:
    c = _client(store, TOKENS)
    r = c.post("/review/login", content=f"token=bad&annotator=x&next=/review&csrf={_csrf(c)}", headers=FORM)
    assert r.status_code == 401 and "not valid" in r.text
    r = c.post("/review/login", content=f"token=alice-secret&annotator=mallory&next=https://evil.example/"
                                        f"&csrf={_csrf(c)}", headers=FORM)
    assert r.status_code == 303 and r.headers["location"] == "/review"  # no open redirect
    assert c.get("/review").status_code == 200
    uid = _passing_uid(store)
    r = c.put(f"/review/api/judgments/{uid}/labels", headers={"X-HRM-CSRF": _csrf(c)},
              json={"annotator": "mallory", "labels": [{"target": "l1:text_relevance", "verdict": True}]})
    assert r.status_code == 200 and r.json()["annotator"] == "alice"
    assert [lab.annotator for lab in store.list_labels()] == ["alice"]


def test_shared_token_uses_the_typed_name_and_bearer_works(store: JudgmentStore) -> None:
    c = _client(store, TOKENS)
    c.post("/review/login", content=f"token=shared-secret&annotator=Bob%20B.&next=/review/calibration"
                                    f"&csrf={_csrf(c)}", headers=FORM)
    assert "Bob B." in c.get("/review").text
    uid = _passing_uid(store)
    r = c.post(f"/review/item/{uid}/labels",
               content="back=&verdict__l1:text_relevance=fail&comment__l1:text_relevance=vague+answer"
                       f"&verdict__l1:product_correctness=&csrf={_csrf(c)}", headers=FORM)
    assert r.status_code == 303 and "saved=1" in r.headers["location"]
    (lab,) = store.list_labels()
    assert (lab.annotator, lab.target, lab.verdict, lab.comment) == ("Bob B.", "l1:text_relevance", False,
                                                                    "vague answer")
    api = _client(store, TOKENS)
    h = {"Authorization": "Bearer shared-secret", "X-HRM-Annotator": "carol"}
    r = api.put(f"/review/api/judgments/{uid}/labels", headers=h,
                json={"labels": [{"target": "l1:text_relevance", "verdict": True}]})
    assert r.status_code == 200 and r.json()["annotator"] == "carol"
    r = api.delete(f"/review/api/judgments/{uid}/labels/l1:text_relevance", headers=h)
    assert r.status_code == 200
    r = api.delete(f"/review/api/judgments/{uid}/labels/l1:text_relevance", headers=h)
    assert r.status_code == 404 and r.json()["error"]["type"] == "not_found"


def test_bad_input_gets_typed_errors(store: JudgmentStore) -> None:
    c = _client(store, None)
    uid = _passing_uid(store)
    h = {"X-HRM-Annotator": "dave"}
    cases = [
        (c.get("/review/api/judgments?l1=maybe"), 422, "l1"),
        (c.get("/review/api/judgments?limit=0"), 422, "limit"),
        (c.get("/review/api/judgments/nope"), 404, "uid"),
        (c.get("/review/api/labels?format=xml"), 422, "format"),
        (c.put(f"/review/api/judgments/{uid}/labels", content="{", headers=h), 422, "body"),
        (c.put(f"/review/api/judgments/{uid}/labels", json={"labels": "x"}, headers=h), 422, "labels"),
        (c.put(f"/review/api/judgments/{uid}/labels", json={"labels": [{"target": "l9:x", "verdict": True}]},
               headers=h), 422, "labels.0.target"),
        (c.put(f"/review/api/judgments/{uid}/labels", json={"labels": [{"target": "l1:zzz", "verdict": True}]},
               headers=h), 422, "target"),
        (c.put(f"/review/api/judgments/{uid}/labels", json={"labels": []}), 422, "annotator"),
        (c.post("/review/api/labels/import", content=""), 422, "body"),
    ]
    for r, status, field in cases:
        assert r.status_code == status, r.text
        err = r.json()["error"]
        assert err.get("field") == field, err
    r = c.get("/review/item/nope")
    assert r.status_code == 404 and "text/html" in r.headers["content-type"]
    assert c.get("/review/?l1=maybe").status_code == 422


def test_auth_off_reads_anonymously_and_exports(store: JudgmentStore) -> None:
    c = _client(store, None)
    assert c.get("/review").status_code == 200
    uid = _passing_uid(store)
    c.put(f"/review/api/judgments/{uid}/labels", headers={"X-HRM-Annotator": "erin"},
          json={"labels": [{"target": "l1:text_relevance", "verdict": False, "comment": "a, \"quoted\" note"}]})
    jsonl = c.get("/review/api/labels?format=jsonl")
    assert jsonl.headers["content-type"].startswith("application/x-ndjson")
    csv_text = c.get("/review/api/labels?format=csv").text
    assert csv_text.splitlines()[0].startswith("judgment_uid,request_id,rubric,annotator,target,verdict")
    assert '"a, ""quoted"" note"' in csv_text
    agreement = c.get("/review/api/calibration?format=csv").text.splitlines()
    assert agreement[0].startswith("scope,target,statistic,value,n")
    assert any(line.startswith("l1_dimension,l1:text_relevance,cohen_kappa") for line in agreement)
    r = c.post("/review/api/labels/import", content=jsonl.text.replace("erin", "frank"))
    assert r.json() == {"imported": 1, "errors": []}
    assert c.get("/review/api/calibration").json()["counts"]["annotators"] == ["erin", "frank"]
    form = "data=" + quote(csv_text.replace("erin", "gina")) + f"&annotator=&csrf={_csrf(c)}"
    page = c.post("/review/calibration/import", content=form, headers=FORM)
    assert page.status_code == 200 and "Imported 1 label(s)" in page.text
    assert c.get("/review/static/review.js").status_code == 200
    assert c.get("/review/static/../app.py").status_code == 404
    stats = c.get("/review/api/stats").json()
    assert stats["judgments"] == 30 and stats["counters"]["written"] == 30


def test_item_page_renders_cards_tool_calls_and_escapes(store: JudgmentStore) -> None:
    req, res = sample_pair(5, seed=1)  # a bundle-free item with an unknown card (PD_999)
    req = req.model_copy(update={"id": "xss", "query": "<script>alert(1)</script> cheap shoes"})
    res = res.model_copy(update={"id": "xss"})
    store.submit(req, res)
    store.flush()
    uid = store.find_by_request_id("xss")[0]
    html = _client(store, None).get(f"/review/item/{uid}").text
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert 'data-product="PD_999"' in html and "unknown product" in html
    for p in req.products().values():
        assert p.name in html
    assert "search_products" in html and "max_price" in html
    for dim in res.detail.l1.dimensions:
        assert f'data-target="l1:{dim}"' in html


def test_response_segments_and_trajectory_pairing() -> None:
    p1, p2 = Product(id="PD_1", name="One"), Product(id="PD_2", name="Two")
    req = ScoreRequest(query="q", response="A <product>PD_1</product> B <product>PD_1,PD_2</product> "
                                           "<product>PD_3</product> <product>bad</product>",
                       trajectory=[ToolCallStep(name="a", call_id="x"), ToolCallStep(name="b", call_id="y"),
                                   ObservationStep(call_id="y", content="for b", products=[p2]),
                                   ObservationStep(call_id="x", content="for a", products=[p1])])
    segs = response_segments(req, card_syntax_for(req.rubric))  # smartshop: ids look like PD_...
    cards = [s for s in segs if s.kind == "card"]
    assert [[pid for pid, _ in c.products] for c in cards] == [["PD_1"], ["PD_1", "PD_2"], ["PD_3"]]
    assert cards[2].products[0][1] is None  # no record for PD_3
    assert "<product>bad</product>" in "".join(s.text for s in segs if s.kind == "text")
    traj = trajectory_view(req)
    assert [(c.name, c.observation) for c in traj.calls] == [("a", "for a"), ("b", "for b")]
