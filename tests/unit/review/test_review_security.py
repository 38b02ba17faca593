"""Issue 15 regressions on the review UI: CSRF (defect 1), deep nesting (4), huge offsets (7).

The app runs in process (FastAPI's TestClient) under the host name a real service would have, so the
Host header is ``127.0.0.1:18000`` and an attacking page is ``http://127.0.0.1:18999``.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient

from hrm_wire.models import ScoreRequest, ToolCallStep
from judge_server.config import LimitsConfig
from judge_server.limits import check_depth, too_deep_at
from judge_server.review.app import build_review_app
from judge_server.review.samples import sample_pair, sample_pairs
from judge_server.store import JudgmentQuery, JudgmentStore, StoreConfig

SERVICE = "http://127.0.0.1:18000"
ATTACKER = "http://127.0.0.1:18999"
FORM = {"Content-Type": "application/x-www-form-urlencoded"}


@pytest.fixture
def store(tmp_path: Path):
    s = JudgmentStore(StoreConfig(url=f"sqlite:///{tmp_path / 'j.db'}"))
    s.start()
    for req, res in sample_pairs(12, seed=3):
        s.submit(req, res)
    assert s.flush(10)
    yield s
    s.close()


def _client(store: JudgmentStore, tokens: list[str] | None = None) -> TestClient:
    return TestClient(build_review_app(store, tokens, own_store=False), base_url=SERVICE, follow_redirects=False)


def _csrf(c: TestClient) -> str:
    m = re.search(r'data-csrf="([0-9a-f]+)"', c.get("/review/login").text)
    assert m
    return m.group(1)


def _signed_in(store: JudgmentStore) -> TestClient:
    c = _client(store, ["alice:alice-secret"])
    r = c.post("/review/login", content=f"token=alice-secret&next=/review&csrf={_csrf(c)}", headers=FORM)
    assert r.status_code == 303 and "hrm_review_token" in r.headers.get("set-cookie", "")
    return c


def _uid(store: JudgmentStore) -> str:
    return store.list_judgments(JudgmentQuery(l1="pass")).items[0].uid


# ---------------------------------------------------------------- defect 1: CSRF

def test_label_form_from_another_port_of_the_same_host_is_refused(store: JudgmentStore) -> None:
    c = _signed_in(store)
    uid = _uid(store)
    # What the attacking page can send: the victim's cookies ride along (same site), but it cannot
    # read the form token, and its browser names it in Origin.
    r = c.post(f"/review/item/{uid}/labels", content="verdict__l1:text_relevance=fail", headers={
        **FORM, "Origin": ATTACKER, "Referer": f"{ATTACKER}/evil.html"})
    assert r.status_code == 403 and r.headers["content-type"].startswith("text/html")
    assert "cross-origin" in r.text
    # even with a leaked token the origin alone refuses it
    r = c.post(f"/review/item/{uid}/labels", content=f"verdict__l1:text_relevance=fail&csrf={_csrf(c)}",
               headers={**FORM, "Origin": ATTACKER})
    assert r.status_code == 403
    # a same-origin post without the token (a stale page or a forged form) is refused too
    r = c.post(f"/review/item/{uid}/labels", content="verdict__l1:text_relevance=fail",
               headers={**FORM, "Origin": SERVICE})
    assert r.status_code == 403
    assert store.list_labels() == []
    # the real form: same origin, the page's token
    r = c.post(f"/review/item/{uid}/labels", content=f"verdict__l1:text_relevance=fail&csrf={_csrf(c)}",
               headers={**FORM, "Origin": SERVICE, "Referer": f"{SERVICE}/review/item/{uid}"})
    assert r.status_code == 303, r.text
    assert [(lab.annotator, lab.verdict) for lab in store.list_labels()] == [("alice", False)]


def test_tokens_are_bound_to_the_session(store: JudgmentStore) -> None:
    alice = _signed_in(store)
    anonymous = _client(store, ["alice:alice-secret"])
    assert _csrf(alice) != _csrf(anonymous)
    # a token issued before sign-in does not work after it
    before = _csrf(anonymous)
    r = anonymous.post("/review/login", content=f"token=alice-secret&next=/review&csrf={before}", headers=FORM)
    assert r.status_code == 303
    uid = _uid(store)
    r = anonymous.post(f"/review/item/{uid}/labels", content=f"verdict__l1:text_relevance=pass&csrf={before}",
                       headers=FORM)
    assert r.status_code == 403 and store.list_labels() == []


@pytest.mark.parametrize("headers", [
    {"Origin": ATTACKER},
    {"Origin": "null"},
    {"Referer": f"{ATTACKER}/page"},
    {"Origin": "http://127.0.0.1.evil.example:18000"},
])
def test_json_api_refuses_cross_origin_writes(store: JudgmentStore, headers: dict[str, str]) -> None:
    c = _signed_in(store)
    uid = _uid(store)
    token = {"X-HRM-CSRF": _csrf(c)}
    body = {"labels": [{"target": "l1:text_relevance", "verdict": True}]}
    r = c.put(f"/review/api/judgments/{uid}/labels", json=body, headers={**token, **headers})
    assert r.status_code == 403
    assert r.json()["error"] == {"type": "permission_denied", "field": "origin",
                                 "message": r.json()["error"]["message"]}
    assert r.headers["X-HRM-Error-Type"] == "permission_denied"  # the service's one error renderer
    # a "simple" cross-site POST (text/plain, no preflight) to the import endpoint
    r = c.post("/review/api/labels/import", content=f'{{"judgment_uid": "{uid}", "target": "l1:text_relevance", '
                                                    '"verdict": "pass"}', headers={"Content-Type": "text/plain",
                                                                                   **headers})
    assert r.status_code == 403
    r = c.delete(f"/review/api/judgments/{uid}/labels/l1:text_relevance", headers={**token, **headers})
    assert r.status_code == 403
    assert store.list_labels() == []


def test_json_api_cookie_sessions_need_the_header_token_scripts_do_not(store: JudgmentStore) -> None:
    c = _signed_in(store)
    uid = _uid(store)
    body = {"labels": [{"target": "l1:text_relevance", "verdict": True}]}
    r = c.put(f"/review/api/judgments/{uid}/labels", json=body, headers={"Origin": SERVICE})
    assert r.status_code == 403 and r.json()["error"]["field"] == "csrf"
    r = c.put(f"/review/api/judgments/{uid}/labels", json=body, headers={"Origin": SERVICE, "X-HRM-CSRF": _csrf(c)})
    assert r.status_code == 200
    # a script with a bearer token and no browser headers
    script = _client(store, ["alice:alice-secret"])
    r = script.put(f"/review/api/judgments/{uid}/labels", json={**body, "labels": [
        {"target": "l1:product_correctness", "verdict": False}]}, headers={"Authorization": "Bearer alice-secret"})
    assert r.status_code == 200
    assert {lab.target for lab in store.list_labels()} == {"l1:text_relevance", "l1:product_correctness"}


@pytest.mark.parametrize(("host", "origin", "allowed"), [
    ("review.example", "https://review.example", True),        # TLS proxy in front, default ports
    ("review.example", "http://review.example", True),
    ("review.example", "https://review.example:8443", False),  # another port of that host
    ("review.example:8000", "http://review.example:8000", True),
    ("review.example:8000", "https://review.example", False),
    ("review.example", "https://evil.example", False),
])
def test_origin_matching(store: JudgmentStore, host: str, origin: str, allowed: bool) -> None:
    c = TestClient(build_review_app(store, None, own_store=False), base_url=f"http://{host}",
                   follow_redirects=False)
    r = c.put(f"/review/api/judgments/{_uid(store)}/labels", headers={"Origin": origin, "X-HRM-Annotator": "o"},
              json={"labels": [{"target": "l1:text_relevance", "verdict": True}]})
    assert r.status_code == (200 if allowed else 403), r.text


def test_allowed_origins_extend_the_own_origin(store: JudgmentStore) -> None:
    app = build_review_app(store, None, own_store=False, allowed_origins=["https://labels.example"])
    c = TestClient(app, base_url=SERVICE, follow_redirects=False)
    body = {"labels": [{"target": "l1:text_relevance", "verdict": True}]}
    h = {"X-HRM-Annotator": "o"}
    assert c.put(f"/review/api/judgments/{_uid(store)}/labels", json=body,
                 headers={**h, "Origin": "https://labels.example"}).status_code == 200
    assert c.put(f"/review/api/judgments/{_uid(store)}/labels", json=body,
                 headers={**h, "Origin": ATTACKER}).status_code == 403


# ---------------------------------------------------------------- defect 7: paging bounds

@pytest.mark.parametrize("offset", ["99999999999999999999", "9223372036854775808", "-1", "1e3", "x"])
def test_huge_or_bad_offsets_are_typed_422s(store: JudgmentStore, offset: str) -> None:
    c = _client(store)
    r = c.get(f"/review/api/judgments?offset={offset}")
    assert r.status_code == 422, r.text
    assert r.json()["error"]["type"] == "invalid_request" and r.json()["error"]["field"] == "offset"
    assert r.headers["X-HRM-Error-Type"] == "invalid_request"
    page = c.get(f"/review?offset={offset}")
    assert page.status_code == 422 and "offset" in page.text and "text/html" in page.headers["content-type"]
    assert c.get(f"/review/item/{_uid(store)}?offset={offset}").status_code == 422


def test_offsets_past_the_end_give_an_empty_page(store: JudgmentStore) -> None:
    c = _client(store)
    r = c.get("/review/api/judgments?offset=1000000000")
    assert r.status_code == 200 and r.json()["items"] == [] and r.json()["total"] == 12
    assert c.get("/review?offset=1000000000").status_code == 200
    assert c.get("/review/api/judgments?limit=501").json()["error"]["field"] == "limit"


# ---------------------------------------------------------------- defect 4: depth policy round trip

def _nest(levels: int) -> dict:
    x: dict = {"leaf": 1}
    for _ in range(levels - 1):
        x = {"a": x}
    return x


def _deepest_accepted(limits: LimitsConfig, where: str) -> ScoreRequest:
    """The deepest request the policy accepts, nested in tool arguments or in context."""
    req, _ = sample_pair(1)
    best = None
    for levels in range(4, limits.max_depth + 1):
        if where == "arguments":
            cand = req.model_copy(update={"trajectory": [
                ToolCallStep(name="search_products", arguments={"x": _nest(levels)}, call_id="c1"),
                *req.trajectory[2:]]})
        else:
            cand = req.model_copy(update={"context": {"x": _nest(levels)}})
        if too_deep_at(cand.model_dump(mode="json"), limits.max_depth) is not None:
            break
        best = cand
    assert best is not None
    check_depth(best.model_dump(mode="json"), limits)  # scoring accepts it
    return best


@pytest.mark.parametrize("max_depth", [LimitsConfig().max_depth, 200])
@pytest.mark.parametrize("where", ["arguments", "context"])
def test_what_the_depth_policy_accepts_is_stored_and_read_back(store: JudgmentStore, max_depth: int,
                                                               where: str) -> None:
    limits = LimitsConfig(max_depth=max_depth)
    req = _deepest_accepted(limits, where).model_copy(update={"id": f"deep-{where}-{max_depth}"})
    _, res = sample_pair(1)
    res = res.model_copy(update={"id": req.id})
    before = store.counters()
    store.submit(req, res)
    assert store.flush(10)
    after = store.counters()
    assert after["written"] == before["written"] + 1 and after["dropped"] == before["dropped"]
    (uid,) = store.find_by_request_id(req.id)
    assert store.get_judgment(uid).request == req
    c = _client(store)
    assert c.get(f"/review/api/judgments/{uid}").status_code == 200
    page = c.get(f"/review/item/{uid}")
    assert page.status_code == 200 and "search_products" in page.text


def test_nesting_past_the_json_parsers_limits_is_still_read_back(store: JudgmentStore) -> None:
    # 250 levels: beyond pydantic's JSON parser (~200) and the edge policy, as an in-process caller
    # (no transport in front) may still produce. Stored judgments must come back, not answer 422.
    req, res = sample_pair(2)
    req = req.model_copy(update={"id": "deep-250", "trajectory": [
        ToolCallStep(name="search_products", arguments={"x": _nest(250)}, call_id="c1"), *req.trajectory[2:]]})
    store.submit(req, res.model_copy(update={"id": "deep-250"}))
    assert store.flush(10)
    (uid,) = store.find_by_request_id("deep-250")
    assert store.get_judgment(uid).request == req
    assert _client(store).get(f"/review/item/{uid}").status_code == 200


# ---------------------------------------------------------------- reviewer scenarios: typed annotator, auth schemes

def test_a_non_string_annotator_is_a_typed_422_not_a_500(store: JudgmentStore) -> None:
    c = _client(store)
    body = {"annotator": 123, "labels": [{"target": "l1:text_relevance", "verdict": True}]}
    r = c.put(f"/review/api/judgments/{_uid(store)}/labels", json=body)
    assert r.status_code == 422 and r.json()["error"]["field"] == "annotator"
    assert store.list_labels() == []


@pytest.mark.parametrize("scheme", ["Basic YWxpY2U6eA==", "Token alice-secret", "Bearer"])
def test_only_a_bearer_header_skips_the_csrf_token(store: JudgmentStore, scheme: str) -> None:
    # a header that does not authenticate by itself leaves the cookie in charge, so the token is still due
    c = _signed_in(store)
    body = {"labels": [{"target": "l1:text_relevance", "verdict": True}]}
    r = c.put(f"/review/api/judgments/{_uid(store)}/labels", json=body,
              headers={"Origin": SERVICE, "Authorization": scheme})
    assert r.status_code == 403 and r.json()["error"]["field"] == "csrf"
    assert store.list_labels() == []


def test_a_name_secret_token_signs_in_whole_or_as_its_secret(store: JudgmentStore) -> None:
    """The operator hands out ``alice:alice-secret``; pasting it whole works as well as the secret alone."""
    for typed in ("alice:alice-secret", "alice-secret"):
        c = _client(store, ["alice:alice-secret", "bob-secret"])
        r = c.post("/review/login", content=f"token={quote(typed)}&next=/review&csrf={_csrf(c)}", headers=FORM)
        assert r.status_code == 303, (typed, r.text)
        assert c.get("/review/api/labels", headers={"Authorization": f"Bearer {typed}"}).status_code == 200
    for wrong in ("bob:alice-secret", "alice:bob-secret", "alice:", "bob-secret:x"):
        r = _client(store, ["alice:alice-secret", "bob-secret"]).get(
            "/review/api/labels", headers={"Authorization": f"Bearer {wrong}"})
        assert r.status_code == 401, wrong
