"""A judgment's grader questions reach the grader replica in fewer Serve calls than questions
(ServeConfig.grader_coalesce_max, on by default), over the real Ray Serve application; each question is still
answered on its own. The logic's unit tests (failures, re-sends, cancellation): tests/unit/serve/test_remote_coalesce.py.
"""

from __future__ import annotations

import pytest
from serve_harness import HEADERS, sample

from hrm_wire.models import ScoreResult

pytestmark = pytest.mark.serve


def test_a_judgments_questions_share_grader_calls(app) -> None:
    before = app.grader_stats()
    r = app.http.post("/v1/score", json=sample(0, id="co-1", options={"use_cache": False}), headers=HEADERS)
    assert r.status_code == 200, r.text
    result = ScoreResult.model_validate(r.json())
    after = app.grader_stats()
    questions = after["finished"] - before["finished"]
    calls = after["calls"] - before["calls"]
    assert result.reward is not None and not result.judge_failed
    assert questions >= 3 and 1 <= calls < questions, (questions, calls)
