"""Schemathesis over the HTTP API's own OpenAPI document (positive and negative cases), in process.

Every answer must be one a client can act on: no 5xx but the documented ones (typed), every 4xx typed
with a field where one applies, a reward that is a number (or null with judge_failed), and each
request within a bounded time.
"""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from reliability_harness import REQUEST_BOUND_S, check_http, running_service
from schemathesis.generation import GenerationMode

pytestmark = pytest.mark.reliability

_SERVICE = running_service(Path(__import__("tempfile").mkdtemp(prefix="hrm-reliability-http-")))
_svc = _SERVICE.__enter__()  # one app for the module's generated tests (schemathesis needs it at import)
schema = schemathesis.openapi.from_asgi("/openapi.json", _svc.app)
schema.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE], max_examples=60,
                                deterministic=True, database="none")


SEEN: Counter[tuple[str, int]] = Counter()


def teardown_module() -> None:
    _SERVICE.__exit__(None, None, None)
    print("statuses seen:", dict(SEEN))  # shown with -s
    # the fuzzer must reach the pipeline and its refusals, not only one of them
    assert SEEN[("/v1/score", 200)] and any(p == "/v1/score" and 400 <= s < 500 for p, s in SEEN)


@schema.parametrize()
@settings(deadline=None, suppress_health_check=list(HealthCheck), max_examples=60)
def test_every_answer_is_typed_and_bounded(case: schemathesis.Case) -> None:
    t0 = time.monotonic()
    response = case.call()
    elapsed = time.monotonic() - t0
    assert elapsed < REQUEST_BOUND_S, f"{case.method} {case.path} took {elapsed:.1f} s"
    SEEN[(case.path, response.status_code)] += 1
    headers = {k.lower(): v[0] if isinstance(v, list) else v for k, v in response.headers.items()}
    check_http(response.status_code, headers, response.content, case.path)
