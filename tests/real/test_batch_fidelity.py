"""Batch export / import against a real OpenAI-compatible server (llama.cpp's own, SmolLM2): judge live with the
``openai`` engine, then export the same judgments' questions, answer each exported line as a batch runner would, write
the Batch API output file, import it, and get the live engine's verdicts.

llama.cpp reuses its prompt cache across requests, so the same body sent twice can decode differently by a token
at a near tie. The runner therefore answers an exported body with the server's answer to the live engine's request
with that very body (recorded on the wire), and every exported body must be one the live engine sent: the export is
byte-for-byte the live request, and importing its answer gives the live verdict."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from judge_server.config import HRMConfig
from judge_server.engines.configs import engine_config
from judge_server.engines.embedded import EmbeddedEngine
from judge_server.engines.openai import OpenAIEngine
from judge_server.pipeline import ScoringPipeline

pytestmark = pytest.mark.real
ROOT = Path(__file__).resolve().parents[2]
ITEMS = ("good-earbuds", "flaw-hallucinated-spec")


@pytest.fixture(scope="module")
def llama_server() -> Iterator[EmbeddedEngine]:
    import asyncio

    # one slot, questions one at a time: greedy decoding then gives the same tokens for the same prompt
    server = EmbeddedEngine(engine_config(model="smollm2-135m", n_ctx=4096, n_parallel=1, threads=1,
                                         batch_threads=1))
    asyncio.run(server.start())
    yield server
    asyncio.run(server.close())


def examples() -> list[dict[str, Any]]:
    rows = {r["id"]: r for r in map(json.loads, (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines())}
    return [{**rows[i], "options": {"ask_all": True}} for i in ITEMS if i in rows]


def config(engine: dict[str, Any]) -> HRMConfig:
    return HRMConfig(engine=engine, cache={"enabled": False},
                     judge={"calibration_file": "off", "concurrency": 1, "backoff_initial_s": 0, "backoff_max_s": 0})


class Recording(httpx.AsyncBaseTransport):
    """Forwards to the server and records each chat body with the completion it got."""

    def __init__(self) -> None:
        self.inner = httpx.AsyncHTTPTransport()
        self.answers: dict[str, Any] = {}

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        body = await request.aread()
        response = await self.inner.handle_async_request(request)
        data = await response.aread()
        if request.url.path.endswith("/chat/completions"):
            self.answers[canonical(json.loads(body))] = json.loads(data)
        return httpx.Response(response.status_code, headers=response.headers, content=data)


def canonical(body: dict[str, Any]) -> str:
    return json.dumps(body, sort_keys=True)


async def judge_all(cfg: HRMConfig, engine: Any = None) -> list[Any]:
    p = ScoringPipeline(cfg, engine=engine)
    await p.start()
    try:
        return [await p.score(p.parse_request(d)) for d in examples()]
    finally:
        await p.close()


async def test_imported_answers_give_the_live_engines_verdicts(llama_server: EmbeddedEngine, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    assert len(examples()) == len(ITEMS)
    base = f"{llama_server.listening_address}/v1"
    monkeypatch.setenv("HRM_TEST_GRADER_KEY", llama_server.http_api_key)
    live_config = config({"kind": "openai", "base_url": base, "model": "smollm2", "api_key_env": "HRM_TEST_GRADER_KEY"})
    wire = Recording()
    live = await judge_all(live_config, OpenAIEngine(live_config.engine, transport=wire))  # type: ignore[arg-type]
    assert wire.answers

    requests, output = tmp_path / "requests.jsonl", tmp_path / "output.jsonl"
    batch = {"kind": "batch", "model": "smollm2", "requests_path": str(requests), "answers": [str(output)]}
    output.touch()  # no answers yet: the first round exports
    sent: set[str] = set()
    rounds = 0
    while True:
        results = await judge_all(config(batch))
        if not any(r.awaiting_answers for r in results):
            break
        rounds += 1
        assert rounds <= 4, "export rounds do not converge"
        with open(output, "a") as out:  # what a batch runner does with the input file
            for n, line in enumerate(map(json.loads, requests.read_text().splitlines())):
                if line["custom_id"] in sent:
                    continue
                completion = wire.answers.get(canonical(line["body"]))
                assert completion is not None, f"{line['custom_id']}: exported body differs from every live request"
                out.write(json.dumps({"id": f"batch_req_{n}", "custom_id": line["custom_id"],
                                      "response": {"status_code": 200, "request_id": f"r{n}", "body": completion},
                                      "error": None}) + "\n")
                sent.add(line["custom_id"])
    assert rounds >= 1
    for a, b in zip(live, results, strict=True):
        assert a.id == b.id and b.grader_model == "batch:smollm2" and not b.awaiting_answers
        assert a.reward == b.reward and a.judge_failed == b.judge_failed and a.abstained == b.abstained
        for cid, check in a.checks.items():
            other = b.checks[cid]
            assert (check.passed, check.reason) == (other.passed, other.reason), cid
