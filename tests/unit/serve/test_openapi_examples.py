"""The OpenAPI document's ScoreRequest: query/response required unless messages supply them, examples that
validate (the Serve tier checks the served document: tests/serve/test_http.py)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from hrm_wire.models import ScoreRequest
from judge_server.config import HRMConfig
from judge_server.pipeline import ScoringPipeline
from judge_server.serve.config import ServeConfig
from judge_server.serve.frontend import Frontend
from judge_server.serve.http_app import REQUEST_EXAMPLES, build_http_app


@pytest.mark.parametrize("example", REQUEST_EXAMPLES)
def test_examples_are_valid_requests(example):
    ScoreRequest.model_validate(example)


def test_the_document_says_which_fields_are_required():
    config = ServeConfig(hrm=HRMConfig(engine={"kind": "fake"}))
    app = build_http_app(Frontend(config, ScoringPipeline(config.hrm)))
    schema = TestClient(app).get("/openapi.json").json()["components"]["schemas"]["ScoreRequest"]
    assert "required" not in schema
    assert schema["anyOf"] == [{"required": ["query", "response"]}, {"required": ["messages"]}]
    assert schema["examples"] == REQUEST_EXAMPLES and "rubric_items" in schema["properties"]
