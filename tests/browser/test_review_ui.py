"""The review UI in real headless Chromium (Playwright) against a real `hrm review` server process.

Screenshots of every step are kept under artifacts/review/ (gitignored).
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from judge_server.review.samples import sample_pairs
from judge_server.store import JudgmentQuery, JudgmentStore, StoreConfig

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "review"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _review_process(url: str, tokens: bool = True) -> Iterator[str]:
    """A real `hrm review` server process over the store at ``url``; yields its base URL."""
    port = _free_port()
    auth = ["--token", "alice:alice-secret", "--token", "team-secret"] if tokens else []
    proc = subprocess.Popen(
        [sys.executable, "-m", "hrm_tools.commands.review", "--db", url, "--port", str(port), *auth,
         "--log-level", "warning"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"})
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if proc.poll() is not None:
                pytest.fail(f"hrm review exited early:\n{proc.stdout.read() if proc.stdout else ''}")
            try:
                if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("hrm review did not come up in 60 s")
            time.sleep(0.2)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()


def _stored(url: str, pairs: list) -> None:
    store = JudgmentStore(StoreConfig(url=url))
    store.start()
    for req, res in pairs:
        store.submit(req, res)
    assert store.flush(10)
    store.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, str]]:
    url = f"sqlite:///{tmp_path / 'judgments.db'}"
    _stored(url, sample_pairs(40, seed=7))
    for base in _review_process(url):
        yield base, url


@pytest.fixture
def items_server(tmp_path: Path) -> Iterator[str]:
    """A store holding one judgment of a request with its own rubric items (scored by the real pipeline)."""
    import asyncio

    from judge_server.config import HRMConfig
    from judge_server.pipeline import ScoringPipeline

    async def judged():
        p = ScoringPipeline(HRMConfig(engine={"kind": "fake"}, cache={"enabled": False}))
        await p.start()
        req = p.parse_request({"id": "egg", "query": "How long do I boil an egg?", "response": "Nine minutes.",
                               "rubric_items": [["Does the response give a boiling time?", 3],
                                                {"id": "raw", "text": "Does it say raw eggs are always safe?",
                                                 "weight": -2}]})
        return req, await p.score(req)

    url = f"sqlite:///{tmp_path / 'items.db'}"
    _stored(url, [asyncio.run(judged())])
    yield from _review_process(url)


def _any_uid(url: str) -> str:
    store = JudgmentStore(StoreConfig(url=url))
    store.start()
    try:
        return store.list_judgments(JudgmentQuery()).items[0].uid
    finally:
        store.close()


def _shot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def test_review_flow_in_headless_chromium(server: tuple[str, str]) -> None:
    from playwright.sync_api import expect, sync_playwright

    base, url = server
    (ARTIFACTS / "zz-failure.png").unlink(missing_ok=True)
    # expected counts, straight from the database
    check = JudgmentStore(StoreConfig(url=url))
    check.start()
    n_compare_pass = check.list_judgments(JudgmentQuery(category="qa_compare", l1="pass")).total
    n_compare = check.list_judgments(JudgmentQuery(category="qa_compare")).total
    check.close()
    assert n_compare_pass >= 1

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        try:
            # anonymous: sent to sign-in, and the API refuses
            page.goto(f"{base}/review")
            expect(page).to_have_url(re.compile(r"/review/login\?next="))
            assert httpx.get(f"{base}/review/api/judgments").status_code == 401
            page.fill("#token", "wrong")
            page.click("#login-submit")
            expect(page.locator("#login-error")).to_be_visible()
            _shot(page, "01-login-rejected")
            page.fill("#token", "alice-secret")
            page.click("#login-submit")
            expect(page.locator("#whoami")).to_have_text("alice")

            # the list, one row per item, abstentions first
            expect(page.locator("#total")).to_have_text("40")
            expect(page.locator("#judgments tbody tr")).to_have_count(25)
            first_row = page.locator("#judgments tbody tr").first
            expect(first_row).to_have_class(re.compile("abstained"))
            _shot(page, "02-list")
            page.click("#next-page")
            expect(page.locator("#judgments tbody tr")).to_have_count(15)

            # filter: selects submit on change
            page.select_option("#f-category", "qa_compare")
            expect(page.locator("#total")).to_have_text(str(n_compare))
            page.select_option("#f-l1", "pass")
            expect(page.locator("#total")).to_have_text(str(n_compare_pass))
            expect(page.locator("#judgments tbody tr")).to_have_count(n_compare_pass)
            _shot(page, "03-list-filtered")

            # open an item with the keyboard
            page.keyboard.press("j")
            page.keyboard.press("Enter")
            page.wait_for_load_state("load")
            expect(page.locator("#item-title")).to_have_text(re.compile(r"^demo-7-"))
            expect(page.locator("#toolcalls .toolcall")).to_have_count(2)
            expect(page.locator("#response .product").first).to_be_visible()
            expect(page.locator("#scores #reward")).not_to_have_text("—")
            targets = page.locator("#label-form .target")
            expect(targets).to_have_count(14)  # 3 L1 dimensions + 4 sub-checks of one + 7 L2 rubrics
            expect(page.locator("#label-form .target.sub")).to_have_count(4)
            expect(page.locator("#label-form .guide").first).to_be_visible()  # the pack's words beside it
            item_url = page.url
            _shot(page, "04-item")

            # calibration before labelling
            page.goto(f"{base}/review/calibration")
            expect(page.locator("#n-labels")).to_have_text("0")
            _shot(page, "05-calibration-before")

            # label with shortcuts: agree with the judge everywhere, then fail the first L1 dimension
            page.goto(item_url)
            page.keyboard.press("Shift+A")
            page.keyboard.press("f")
            page.keyboard.press("k")
            page.keyboard.press("c")
            page.keyboard.type("cards fine, but the bundle is not what was asked")
            page.keyboard.press("Escape")
            expect(targets.first.locator("input[value=fail]")).to_be_checked()
            _shot(page, "06-item-labelled-unsaved")
            page.keyboard.press("s")
            expect(page.locator("#status")).to_have_text("Saved 14 label(s).")
            _shot(page, "07-item-saved")

            # persisted: a reload shows the saved verdicts and comment
            page.reload()
            expect(targets.first.locator("input[value=fail]")).to_be_checked()
            expect(targets.first.locator(".comment")).to_have_value("cards fine, but the bundle is not what was asked")
            expect(targets.nth(1).locator("input[value=pass]")).to_be_checked()

            # the calibration page changed
            page.click("#nav-calibration")
            expect(page.locator("#n-labels")).to_have_text("14")
            expect(page.locator("#small-sample-warning")).to_be_visible()
            expect(page.locator("#n-judgments")).to_have_text("1")
            expect(page.locator("#row-l1-gate .n")).to_have_text("1")
            expect(page.locator("#row-l1-product_correctness .n")).to_have_text("1")
            expect(page.locator("#row-l2-overall .n")).to_have_text("1")
            expect(page.locator("#paper")).to_contain_text("0.79")
            _shot(page, "08-calibration-after")
            with page.expect_download() as dl:
                page.click("#export-labels-csv")
            csv_text = Path(dl.value.path()).read_text()
            assert csv_text.count("\n") == 15 and ",alice,l1:product_correctness,fail," in csv_text
            assert ",alice,chk:ui_format,pass," in csv_text

            # the disagreement filter now finds exactly that item
            page.goto(f"{base}/review?disagreement=true")
            expect(page.locator("#total")).to_have_text("1")
            expect(page.locator("#judgments tbody tr").first).to_contain_text("1 disagree")
            _shot(page, "09-list-disagreement")

            # "n" saves and moves to the next item of the filtered list
            page.goto(f"{base}/review?category=qa_compare&labelled=false")
            page.locator("#judgments a.open").first.click()
            page.wait_for_load_state("load")  # the shortcuts are live once review.js has run
            here = page.url
            page.keyboard.press("p")
            page.keyboard.press("n")
            page.wait_for_url(lambda u: u != here)
            page.goto(f"{base}/review/calibration")
            expect(page.locator("#n-labels")).to_have_text("15")

            # a bundle card renders every product of the bundle from the tool's product records
            page.goto(f"{base}/review?category=search_bundle&judge_failed=false")
            page.locator("#judgments a.open").first.click()
            bundle = page.locator("#response .card.bundle")
            expect(bundle).to_have_count(1)
            expect(bundle.locator(".product")).to_have_count(2)
            expect(bundle.locator(".product .price").first).to_contain_text("USD")
            _shot(page, "10-item-bundle")

            # sign out: back to anonymous
            page.click("text=sign out")
            page.goto(f"{base}/review/calibration")
            expect(page).to_have_url(re.compile(r"/review/login"))
            _shot(page, "11-signed-out")
        except Exception:
            _shot(page, "zz-failure")
            raise
        finally:
            browser.close()


def test_queue_blind_mode_and_sub_check_labels(server: tuple[str, str]) -> None:
    from playwright.sync_api import expect, sync_playwright

    base, url = server
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        try:
            page.goto(f"{base}/review/login?next=/review/queue")
            page.fill("#token", "team-secret")
            page.fill("#annotator", "bea")
            page.click("#login-submit")
            expect(page.locator("#queue-done")).to_have_text("0/40")
            _shot(page, "20-queue-start")
            page.click("#queue-start")
            page.wait_for_load_state("load")

            # blind: no reward, no judge verdicts, no "agree with the judge"
            expect(page.locator("#blind-note")).to_be_visible()
            expect(page.locator("#scores")).to_have_count(0)
            expect(page.locator("#label-form .verdict")).to_have_count(0)
            first_uid = page.locator("#label-form").get_attribute("data-uid")
            targets = page.locator("#label-form .target")
            n = targets.count()
            assert n == 7  # the first item is an abstention: 3 dimensions + 4 sub-checks, L2 not run
            page.keyboard.press("a")  # nothing to copy in blind mode
            expect(targets.first.locator("input:checked")).to_have_count(0)
            # dimension pass, its first sub-check fail, then "unsure" on the next, pass the rest but the last,
            # which is "n/a" (key 4: the target does not apply to this item)
            page.keyboard.press("p")
            page.keyboard.press("f")
            page.keyboard.press("u")
            for _ in range(n - 4):
                page.keyboard.press("p")
            page.keyboard.press("4")
            expect(targets.nth(1)).to_have_attribute("data-target", "chk:ui_format")
            expect(targets.nth(1).locator("input[value=fail]")).to_be_checked()
            expect(targets.nth(2).locator("input[value=unsure]")).to_be_checked()
            expect(targets.nth(n - 1).locator("input[value=na]")).to_be_checked()
            na_target = targets.nth(n - 1).get_attribute("data-target")
            expect(page.locator("#queue-done")).to_have_text("0/40")
            _shot(page, "21-queue-blind-answered")
            page.keyboard.press("n")  # save: the same item comes back with the judge's verdicts beside bea's
            expect(page.locator("#blind-note")).to_have_count(0)
            expect(page.locator("#label-form")).to_have_attribute("data-uid", first_uid)
            expect(page.locator("[data-target='chk:ui_format'] .disagree-tag")).to_be_visible()  # bea said fail
            expect(page.locator("#queue-next")).to_be_visible()
            _shot(page, "21b-queue-revealed-after-answer")
            page.keyboard.press("n")  # nothing changed: on to the next item of the queue
            page.wait_for_url(lambda u: first_uid not in u)
            expect(page.locator("#queue-done")).to_have_text("1/40")
            expect(page.locator("#blind-note")).to_be_visible()
            second_uid = page.locator("#label-form").get_attribute("data-uid")
            _shot(page, "22-queue-second")
            page.keyboard.press("Shift+S")  # skip it
            page.wait_for_url(lambda u: second_uid not in u)
            expect(page.locator("#queue-progress")).to_contain_text("1/40 done · 1 skipped")

            # the answered item now shows the judge next to bea's verdicts
            page.goto(f"{base}/review/item/{first_uid}?queue=1")
            expect(page.locator("#blind-note")).to_have_count(0)
            expect(page.locator("#scores")).to_be_visible()
            expect(page.locator("[data-target='chk:ui_relevance'] .verdict.abstained")).to_be_visible()
            expect(page.locator("[data-target='chk:ui_format'] input[value=fail]")).to_be_checked()
            expect(page.locator(f"[data-target='{na_target}'] input[value=na]")).to_be_checked()  # n/a was saved
            _shot(page, "23-queue-revealed")
            labels = httpx.get(f"{base}/review/api/labels", params={"annotator": "bea"},
                               headers={"Authorization": "Bearer team-secret"}).json()
            got = {lab["target"]: lab["verdict"] for lab in labels}
            assert got["chk:ui_format"] == "fail" and got["chk:ui_trigger"] == "unsure"
            assert got["l1:product_correctness"] == "pass" and len(got) == 7
            assert got[na_target] == "n/a"
            page.goto(f"{base}/review/calibration")
            expect(page.locator("#counts")).to_contain_text('1 "n/a" label(s)')
            page.goto(f"{base}/review/queue")
            expect(page.locator("#queue-skipped")).to_have_text("1")
            _shot(page, "24-queue-progress")
        except Exception:
            _shot(page, "zz-failure-queue")
            raise
        finally:
            browser.close()


def test_rubric_items_are_labelled_yes_no(items_server: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    base = items_server
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        try:
            page.goto(f"{base}/review/login?next=/review/item/by-request/egg")
            page.fill("#token", "team-secret")
            page.fill("#annotator", "cai")
            page.click("#login-submit")
            page.wait_for_load_state("load")
            expect(page.locator("#item-title")).to_have_text("egg")
            expect(page.locator("h2", has_text="Rubric items")).to_be_visible()
            expect(page.locator("#smoke-warning")).to_contain_text("fake-grader")  # the fake engine's verdicts
            item = page.locator("[data-target='chk:does_the_response_give_a_boiling_time']")
            expect(item).to_contain_text("Does the response give a boiling time?")
            pitfall = page.locator("[data-target='chk:raw']")
            expect(pitfall.locator(".item-tag")).to_have_text("pitfall: yes is bad")
            # the fake grader said yes to both; cai agrees on the first and says no to the pitfall
            item.locator("label", has_text="yes").click()
            pitfall.locator("label", has_text="no").click()
            _shot(page, "30-items-labelled")
            page.click("#save")
            expect(page.locator("#status")).to_contain_text("Saved 2 label(s)")
            labels = httpx.get(f"{base}/review/api/labels", params={"annotator": "cai"},
                               headers={"Authorization": "Bearer team-secret"}).json()
            assert {lab["target"]: lab["verdict"] for lab in labels} == {
                "chk:does_the_response_give_a_boiling_time": "pass", "chk:raw": "fail"}
        except Exception:
            _shot(page, "zz-failure-items")
            raise
        finally:
            browser.close()


def test_signed_out_queue_links_to_sign_in(tmp_path: Path) -> None:
    """Without tokens anyone may read; working the queue needs a name, and the queue page links to where to give it."""
    from playwright.sync_api import expect, sync_playwright

    url = f"sqlite:///{tmp_path / 'open.db'}"
    _stored(url, sample_pairs(4, seed=3))
    service = _review_process(url, tokens=False)
    base = next(service)  # the generator stops the process when closed (below)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        try:
            page.goto(f"{base}/review/queue")
            expect(page.locator("#queue-signed-out")).to_be_visible()
            page.click("#queue-sign-in")
            page.wait_for_url(lambda u: "/review/login" in u)
            _shot(page, "40-queue-sign-in")
            page.goto(f"{base}/review/item/{_any_uid(url)}")
            expect(page.locator("#smoke-warning")).to_have_count(0)  # demo samples: not a smoke grader
        except Exception:
            _shot(page, "zz-failure-signin")
            raise
        finally:
            browser.close()
            service.close()
