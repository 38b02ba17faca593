"""The HTML report opened in headless Chromium: plots decode, tables render; a screenshot goes to artifacts/."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from hrm_tools.report.report import run_report

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]

pytestmark = pytest.mark.browser


def eval_output(tmp_path: Path, make_pipeline_cfg) -> Path:
    """A real `hrm eval` run in-process (fake grader) over the sample set, 3 runs per item."""
    ex = [json.loads(line) for line in (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines()]
    lines = []
    for i, d in enumerate(ex):
        runs = [{"trajectory": ex[(i + r) % len(ex)].get("trajectory", []), "response": ex[(i + r) % len(ex)]["response"]}
                for r in range(3)]
        lines.append(json.dumps({**{k: v for k, v in d.items() if k not in ("trajectory", "response")}, "runs": runs}))
    inp = tmp_path / "in.jsonl"
    inp.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out.jsonl"
    from hrm_tools.cli import main

    assert main(["eval", str(inp), "-o", str(out), "--no-progress", "--config", str(make_pipeline_cfg)]) == 0
    return out


@pytest.fixture
def cfg(tmp_path):
    p = tmp_path / "hrm.yaml"
    p.write_text(f"engine: {{kind: fake}}\ncache: {{enabled: false, directory: {tmp_path / 'cache'}}}\n")
    return p


def test_report_renders_with_plots_in_chromium(tmp_path, cfg):
    from playwright.sync_api import sync_playwright

    out = eval_output(tmp_path, cfg)
    run_report(out, table=False, service_url="http://127.0.0.1:8000")
    html = out.with_suffix(".report.html")
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            failed: list[str] = []
            page.on("requestfailed", lambda r: failed.append(r.url))
            page.goto(html.as_uri())
            page.wait_for_load_state("load")
            imgs = page.eval_on_selector_all(
                "figure img", "els => els.map(e => ({key: e.closest('figure').dataset.plot, w: e.naturalWidth, "
                              "h: e.naturalHeight, done: e.complete}))")
            keys = {i["key"] for i in imgs}
            assert {"l1_by_category", "l2_rubrics", "reward_hist", "check_rates"} <= keys, keys
            assert all(i["done"] and i["w"] > 100 and i["h"] > 100 for i in imgs), imgs
            headers = page.eval_on_selector_all("table th[data-group]", "els => els.map(e => e.dataset.group)")
            assert "overall" in headers and "search_fuzzy" in headers
            assert page.get_by_text("How each metric is computed").is_visible()
            assert not failed, failed  # self-contained: nothing fetched from anywhere
            # header: who judged, which pack version, how many; the fake grader is flagged as smoke-only
            assert page.locator("[data-meta='grader model']").inner_text() == "fake-grader"
            assert len(page.locator("[data-meta='pack version']").inner_text()) >= 6
            assert "42:" in page.locator("[data-meta='runs']").inner_text()  # 14 items x 3 runs
            assert page.get_by_role("alert").is_visible() and "never quote" in page.get_by_role("alert").inner_text()
            # coverage beside every metric, in view at 1280 px without scrolling the table
            cov = page.locator("tr[data-metric='avg@3'] td.cov")
            assert cov.inner_text() == "100%"
            box = cov.bounding_box()
            assert box is not None and box["x"] + box["width"] <= 1280, box
            # drill-down: an item's failed runs with the failing check, its reason and a review link
            item = page.locator("details[data-item='flaw-unknown-id']")
            item.locator("summary").click()
            row = item.locator("tr", has_text="L1 fail").first
            assert row.is_visible(), item.inner_html()
            assert "ui_completeness" in row.inner_text() and "PD_699 matches no product record" in row.inner_text()
            link = row.locator("a").get_attribute("href")
            assert link.startswith("http://127.0.0.1:8000/review/?q=flaw-unknown-id%230"), link
            assert row.locator("td.num").nth(1).inner_text() == "0.000"  # the reward of a run that got one
            assert page.locator("#runs-without-reward").is_visible() and page.locator("#failed-runs").is_visible()
            # at 1280 px nothing sticks out of the page: wide tables scroll inside their own box
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, overflow
            page.screenshot(path=str(ARTIFACTS / "report_html.png"), full_page=True)
            page.locator("figure[data-plot='check_rates']").screenshot(path=str(ARTIFACTS / "report_bars.png"))
        finally:
            browser.close()
    assert (ARTIFACTS / "report_html.png").stat().st_size > 10_000
    print("screenshot:", ARTIFACTS / "report_html.png", file=sys.stderr)
