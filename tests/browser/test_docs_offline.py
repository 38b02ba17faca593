"""The service's /docs renders in a real browser with every request answered by the service itself.

A real uvicorn server runs the HTTP app over the real pipeline on the fake engine (in a thread); headless
Debian Chromium loads /docs and /redoc. Any request to another host is recorded and aborted, so a page
that needed a CDN would stay blank and fail here.
"""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import pytest
import uvicorn

from judge_server.pipeline import ScoringPipeline
from judge_server.serve.config import ServeConfig
from judge_server.serve.frontend import Frontend
from judge_server.serve.http_app import build_http_app

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"

pytestmark = pytest.mark.browser


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def service(tmp_path_factory) -> Iterator[str]:
    cache = tmp_path_factory.mktemp("cache")
    config = ServeConfig.model_validate({"hrm": {"engine": {"kind": "fake"}, "cache": {"directory": str(cache)}}})
    pipeline = ScoringPipeline(config.hrm)
    asyncio.run(pipeline.start())
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(build_http_app(Frontend(config, pipeline)), host="127.0.0.1", port=port,
                                           log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started, "uvicorn did not start"
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@pytest.mark.parametrize(("path", "ready"), [("/docs", ".swagger-ui .opblock"), ("/redoc", "redoc-wrap, .redoc-wrap")])
def test_docs_render_with_no_outside_request(service, path, ready):
    from playwright.sync_api import sync_playwright

    outside: list[str] = []
    host = urlparse(service).netloc
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        page = browser.new_page()

        def guard(route):
            if urlparse(route.request.url).netloc == host or route.request.url.startswith(("data:", "blob:")):
                route.continue_()
            else:
                # Redoc's "powered by" badge is an image from its CDN: aborted, it costs nothing; anything
                # else from outside (scripts, styles, fonts, the schema) would make the page depend on a network
                if route.request.resource_type != "image":
                    outside.append(route.request.url)
                route.abort()

        page.route("**/*", guard)
        page.goto(service + path)
        page.wait_for_selector(ready, timeout=20_000)
        if path == "/docs":
            assert page.locator(".opblock-summary-path", has_text="/v1/score").count() >= 1
        page.screenshot(path=str(ARTIFACTS / f"docs_offline{path.replace('/', '_')}.png"))
        browser.close()
    assert outside == [], f"{path} asked other hosts: {outside}"
