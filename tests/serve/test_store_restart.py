"""The judgment store survives a restart of the real service with nothing lost.

The service is the serve helper's Ray Serve application (``judge_server.serve.app:build_app``) with
``store`` and ``review`` on, run in its own process on a private local Ray cluster; the grader is the
scripted fake engine (the service, HTTP transport, pipeline, store and SQLite file are real). The test
scores judgments over HTTP, labels some through /review/api, scores a last burst and stops the service
at once (so the burst is still in the writer's queue), starts a new service process on the same
database and checks every judgment and label is there.

This file doubles as the service launcher: ``python tests/serve/test_store_restart.py --db URL
--port-file F`` serves until its standard input closes, then shuts Serve down gracefully (replicas
run ``__del__``, which closes the store and flushes its queue).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "restart-secret"
PREFIX = "/hrm"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------- the service process

async def _serve(db_url: str, port_file: Path, tmp: str) -> None:
    import ray
    from ray import serve

    from judge_server.serve.app import build_app, wait_grader_ready
    from judge_server.serve.config import ServeConfig
    from judge_server.serve.ray_start import start_local_ray

    start_local_ray(2)
    config = ServeConfig.model_validate({
        "app_name": "hrm-store-restart",
        "hrm": {"engine": {"kind": "fake", "fake": {"default": "pass"}},
                "cache": {"enabled": False, "directory": f"{tmp}/cache"},
                "judge": {"backoff_initial_s": 0.0, "backoff_max_s": 0.0}},
        "grpc": {"enabled": False},
        "ingress": {"num_cpus": 0.1}, "grader": {"num_cpus": 0.1},
        "auth": {"tokens": [TOKEN]},
        "store": {"url": db_url},
        "review": True,
    })
    port = _free_port()
    serve.start(http_options={"host": "127.0.0.1", "port": port})
    serve.run(build_app(config), name=config.app_name, route_prefix=PREFIX)
    await wait_grader_ready(config.app_name, 120)
    port_file.write_text(str(port))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    threading.Thread(target=lambda: (sys.stdin.read(), loop.call_soon_threadsafe(stop.set)), daemon=True).start()
    await stop.wait()
    with contextlib.suppress(Exception):
        serve.shutdown()  # graceful: the ingress replica's __del__ closes (flushes) the store
    ray.shutdown()


def _main(argv: list[str]) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--db", required=True)
    p.add_argument("--port-file", required=True, type=Path)
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="hrm-store-restart-") as tmp:
        asyncio.run(_serve(args.db, args.port_file, tmp))
    return 0


# ---------------------------------------------------------------- the test

class _Service:
    def __init__(self, db_url: str, tmp: Path, name: str) -> None:
        self.port_file = tmp / f"{name}.port"
        self.log = (tmp / f"{name}.log").open("w")
        self.proc = subprocess.Popen([sys.executable, __file__, "--db", db_url, "--port-file", str(self.port_file)],
                                     cwd=ROOT, stdin=subprocess.PIPE, stdout=self.log, stderr=subprocess.STDOUT,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1", "RAY_DEDUP_LOGS": "0"})
        deadline = time.monotonic() + 300
        while not self.port_file.exists() or not self.port_file.read_text():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                pytest.fail(f"service did not start:\n{(tmp / f'{name}.log').read_text()[-4000:]}")
            time.sleep(0.5)
        self.url = f"http://127.0.0.1:{self.port_file.read_text()}{PREFIX}"

    def stop(self) -> int:
        with contextlib.suppress(Exception):
            self.proc.stdin.close()  # type: ignore[union-attr]
        try:
            return self.proc.wait(120)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait(10)
        finally:
            self.log.close()


@pytest.mark.serve
def test_store_survives_service_restart(tmp_path: Path) -> None:
    import httpx

    from judge_server.review.samples import sample_pairs

    db_url = f"sqlite:///{tmp_path / 'judgments.db'}"
    auth = {"Authorization": f"Bearer {TOKEN}"}
    pairs = sample_pairs(30, seed=21)
    scored: dict[str, dict[str, Any]] = {}

    first = _Service(db_url, tmp_path, "first")
    try:
        with httpx.Client(base_url=first.url, headers=auth, timeout=60) as c:
            for req, _ in pairs[:20]:
                r = c.post("/v1/score", json=req.model_dump(mode="json"))
                assert r.status_code == 200, r.text
                scored[req.id] = r.json()
            # the service path writes the store in the background; wait until the first 20 are visible
            deadline = time.monotonic() + 60
            while c.get("/review/api/stats").json()["judgments"] < 20:
                assert time.monotonic() < deadline, c.get("/review/api/stats").json()
                time.sleep(0.2)
            page = c.get("/review/api/judgments", params={"limit": 500, "sort": "oldest"}).json()
            assert page["total"] == 20
            labelled = page["items"][:3]
            for item in labelled:
                got = c.get(f"/review/api/judgments/{item['uid']}").json()
                targets = [f"l1:{d}" for d in got["result"]["detail"]["l1"]["dimensions"]]
                r = c.put(f"/review/api/judgments/{item['uid']}/labels", headers={"X-HRM-Annotator": "ann"},
                          json={"labels": [{"target": t, "verdict": False, "comment": "restart"} for t in targets]})
                assert r.status_code == 200, r.text
            # through the real Serve proxy: a write from a page on another port of this host is refused,
            # the same write from the service's own origin goes through (issue 15, defect 1)
            own = first.url[: -len(PREFIX)]
            other = f"http://127.0.0.1:{_free_port()}"
            target = [{"target": f"l1:{next(iter(got['result']['detail']['l1']['dimensions']))}", "verdict": False,
                       "comment": "restart"}]
            r = c.put(f"/review/api/judgments/{labelled[-1]['uid']}/labels", json={"labels": target},
                      headers={"X-HRM-Annotator": "ann", "Origin": other})
            assert r.status_code == 403 and r.json()["error"]["type"] == "permission_denied", r.text
            r = c.put(f"/review/api/judgments/{labelled[-1]['uid']}/labels", json={"labels": target},
                      headers={"X-HRM-Annotator": "ann", "Origin": own})
            assert r.status_code == 200, r.text
            # a last burst, then stop at once: these may still sit in the writer's queue
            for req, _ in pairs[20:]:
                r = c.post("/v1/score", json=req.model_dump(mode="json"))
                assert r.status_code == 200, r.text
                scored[req.id] = r.json()
    finally:
        rc = first.stop()
    assert rc == 0, (tmp_path / "first.log").read_text()[-4000:]

    second = _Service(db_url, tmp_path, "second")
    try:
        with httpx.Client(base_url=second.url, headers=auth, timeout=60) as c:
            stats = c.get("/review/api/stats").json()
            assert stats["judgments"] == 30, stats
            page = c.get("/review/api/judgments", params={"limit": 500}).json()
            by_request = {i["request_id"]: i for i in page["items"]}
            assert set(by_request) == set(scored)
            for rid, result in scored.items():
                stored = c.get(f"/review/api/judgments/{by_request[rid]['uid']}").json()
                assert stored["result"]["reward"] == result["reward"]
                assert stored["result"]["rubric_version"] == result["rubric_version"]
                assert stored["request"]["query"] == next(q for q, _ in pairs if q.id == rid).query
            labels = c.get("/review/api/labels").json()
            assert len(labels) == 9 and {lab["comment"] for lab in labels} == {"restart"}
            assert {lab["judgment_uid"] for lab in labels} == {i["uid"] for i in labelled}
            cal = c.get("/review/api/calibration").json()
            assert cal["counts"]["labels"] == 9 and cal["l1"]["gate"]["n"] == 3
            # and the restarted service keeps writing
            req = pairs[0][0].model_copy(update={"id": "after-restart"})
            assert c.post("/v1/score", json=req.model_dump(mode="json")).status_code == 200
            deadline = time.monotonic() + 60
            while c.get("/review/api/stats").json()["judgments"] < 31:
                assert time.monotonic() < deadline
                time.sleep(0.2)
            assert c.get("/review/api/judgments", headers={}, params={"q": "after-restart"}).json()["total"] == 1
            anonymous = httpx.get(f"{second.url}/review/api/judgments", timeout=30)
            assert anonymous.status_code == 401
    finally:
        assert second.stop() == 0, (tmp_path / "second.log").read_text()[-4000:]


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
