import pickle

import pytest

from hrm_wire import errors


@pytest.mark.parametrize("cls", errors.ALL_ERRORS)
def test_every_error_pickles_and_round_trips(cls):
    exc = cls("bad thing", field="response", item_id="x1", retry_after_s=1.5, details={"k": 1})
    back = pickle.loads(pickle.dumps(exc))
    assert type(back) is cls
    assert (back.message, back.field, back.item_id, back.retry_after_s) == ("bad thing", "response", "x1", 1.5)
    wire = errors.from_dict(exc.to_dict())
    assert type(wire) is cls and wire.field == "response"


def test_every_error_has_a_status_and_grpc_code():
    codes = {"OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
             "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE",
             "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED"}
    for cls in errors.ALL_ERRORS:
        assert 400 <= cls.http_status < 600
        assert cls.grpc_code in codes
    assert len({c.code for c in errors.ALL_ERRORS}) == len(errors.ALL_ERRORS)


def test_verdict_parse_error_keeps_raw_text():
    exc = pickle.loads(pickle.dumps(errors.VerdictParseError("nope", raw="garbage")))
    assert exc.raw == "garbage"


def test_message_names_item_and_field():
    assert str(errors.InvalidRequest("missing", field="query", item_id="7")) == "missing (item '7', field 'query')"


def test_invalid_from_validation_names_the_dotted_field():
    from pydantic import BaseModel, ValidationError

    class Inner(BaseModel):
        n: int

    class Outer(BaseModel):
        items: list[Inner]

    with pytest.raises(ValidationError) as info:
        Outer.model_validate({"items": [{"n": 1}, {"n": "x"}]})
    err = errors.invalid_from_validation(info.value, item_id="i9")
    assert type(err) is errors.InvalidRequest
    assert (err.field, err.item_id) == ("items.1.n", "i9")
    assert err.message.startswith("items.1.n: ")
    prefixed = errors.invalid_from_validation(info.value, prefix="options", cls=errors.RequestTooLarge)
    assert type(prefixed) is errors.RequestTooLarge and prefixed.field == "options.items.1.n"


def test_invalid_from_validation_drops_the_request_source_of_fastapi_errors():
    class RequestValidationError(Exception):  # same shape as FastAPI's (not a pydantic ValidationError)
        def errors(self):
            return [{"loc": ("query", "offset"), "msg": "too big"}]

    err = errors.invalid_from_validation(RequestValidationError())
    assert err.field == "offset" and err.message == "offset: too big"
