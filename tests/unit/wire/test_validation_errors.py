"""One mapping of validation failures to typed errors (``hrm_wire.errors.invalid_from_validation``), used by
the rubric loader, the calibration file reader, the claim parser and the client's record, eval-set and
transport parsing: each names what it was reading, the dotted location, and the error class of its kind."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import BaseModel, ValidationError

from hrm_client.transport_http import HttpTransport
from hrm_tools.eval.evalset import parse_item
from hrm_tools.eval.records import parse_record
from hrm_wire import errors
from judge_server.packs.loader import load_pack_file
from judge_server.thresholds import read_calibration
from research.rejected.claims import ClaimsUnparseable, parse_claims


class Box(BaseModel):
    n: int


def _invalid() -> ValidationError:
    with pytest.raises(ValidationError) as info:
        Box.model_validate({"n": "x"})
    return info.value


def test_context_class_and_field_override():
    err = errors.invalid_from_validation(_invalid(), cls=errors.ConfigError, context="file a.json",
                                         field="judge.calibration_file")
    assert type(err) is errors.ConfigError and err.field == "judge.calibration_file"
    assert err.message.startswith("file a.json: n: ")
    anonymous = errors.invalid_from_validation(_invalid(), field=None)
    assert type(anonymous) is errors.InvalidRequest and anonymous.field is None and anonymous.message.startswith("n: ")


def test_a_bad_rubric_pack_names_file_and_field(tmp_path: Path):
    path = tmp_path / "bad.yaml"
    path.write_text("id: bad\ndescription: x\ncomposition: {kind: weighted}\nchecks:\n"
                    "  - {id: c, stage: main, llm: {prompt: 'Is it ok? Answer yes or no.', max_tokens: nope}}\n")
    with pytest.raises(errors.RubricInvalid) as info:
        load_pack_file(path)
    assert info.value.field == "checks.0.llm.max_tokens"
    assert info.value.message.startswith("rubric pack bad.yaml: checks.0.llm.max_tokens: ")


def test_a_bad_calibration_file_is_a_config_error_on_the_setting(tmp_path: Path):
    path = tmp_path / "cal.json"
    path.write_text(json.dumps({"format": "hrm-calibration", "version": 1, "pack": "p", "target_agreement": 2,
                                "delta": 0.1, "method": "none", "tiers": {}}))
    with pytest.raises(errors.ConfigError) as info:
        read_calibration(path)
    assert info.value.field == "judge.calibration_file"
    assert info.value.message.startswith(f"calibration file {path}: target_agreement: ")


def test_an_unparseable_claim_list_is_a_verdict_parse_error():
    with pytest.raises(ClaimsUnparseable) as info:
        parse_claims({"claims": "none"})
    assert isinstance(info.value, errors.VerdictParseError) and isinstance(info.value, ValueError)
    assert info.value.message.startswith("claim list: claims: ") and info.value.field is None


def test_client_parsers_name_line_and_field():
    with pytest.raises(errors.InvalidRequest) as info:
        parse_item(b'{"id": "a", "query": "q", "response": "r", "runs": 3}', line=4)
    assert info.value.message.startswith("line 4: runs") and info.value.item_id == "a"
    with pytest.raises(errors.InvalidRequest) as info:
        parse_record(b'{"item_id": "a", "run": "first"}', line=2, path="out.jsonl")
    assert info.value.message.startswith("out.jsonl:2: not an output record of hrm eval or hrm score: ")
    bad = HttpTransport._result({"id": "a", "rubric": "smartshop", "reward": 0.5}, item_id="a")
    assert isinstance(bad, errors.InvalidRequest) and bad.field is None and bad.item_id == "a"
    assert bad.message.startswith("server sent a result that does not validate: rubric_version: ")
