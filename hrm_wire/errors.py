"""The single error tree of HRM.

Every error knows its HTTP status and gRPC status code *name* (a string, so this module imports
without grpc). Transports map errors in exactly one place each (``judge_server/errors/http_status.py`` and
``errors/grpc_status.py``). Errors are plain picklable exceptions: Ray ships them across processes.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, ClassVar, Literal, TypeVar, overload


class HRMError(Exception):
    """Root of every error HRM raises on purpose."""

    http_status: ClassVar[int] = 500
    grpc_code: ClassVar[str] = "INTERNAL"
    #: short machine-readable type name, sent on the wire
    code: ClassVar[str] = "internal"

    def __init__(self, message: str, *, field: str | None = None, item_id: str | None = None,
                 retry_after_s: float | None = None, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        self.item_id = item_id
        self.retry_after_s = retry_after_s
        self.details = details or {}

    # Exceptions with keyword-only constructor args do not pickle by default.
    def __reduce__(self):  # type: ignore[override]
        return (_rebuild, (type(self), self.message, self.field, self.item_id, self.retry_after_s, self.details))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.code, "message": self.message}
        if self.field is not None:
            out["field"] = self.field
        if self.item_id is not None:
            out["item_id"] = self.item_id
        if self.retry_after_s is not None:
            out["retry_after_s"] = self.retry_after_s
        if self.details:
            out["details"] = self.details
        return out

    def __str__(self) -> str:
        where = []
        if self.item_id is not None:
            where.append(f"item {self.item_id!r}")
        if self.field is not None:
            where.append(f"field {self.field!r}")
        return f"{self.message} ({', '.join(where)})" if where else self.message


def _rebuild(cls: type[HRMError], message: str, field: str | None, item_id: str | None,
             retry_after_s: float | None, details: dict[str, Any]) -> HRMError:
    return cls(message, field=field, item_id=item_id, retry_after_s=retry_after_s, details=details)


class InvalidRequest(HRMError):
    """The request is malformed: missing/wrongly typed field, unparseable JSON, bad card syntax."""

    http_status = 422
    grpc_code = "INVALID_ARGUMENT"
    code = "invalid_request"


class RequestTooLarge(InvalidRequest):
    """The request exceeds a configured size cap."""

    http_status = 413
    code = "request_too_large"


class UnknownRubric(InvalidRequest):
    """No rubric pack with this id is loaded."""

    http_status = 404
    grpc_code = "NOT_FOUND"
    code = "unknown_rubric"


class RubricInvalid(HRMError):
    """A rubric pack file failed validation at load time (a deployment fault, not a caller's)."""

    http_status = 500
    grpc_code = "FAILED_PRECONDITION"
    code = "rubric_invalid"


class ConfigError(HRMError):
    """The service or engine configuration is invalid."""

    http_status = 500
    grpc_code = "FAILED_PRECONDITION"
    code = "config_error"


class Unauthenticated(HRMError):
    """Missing or wrong bearer token."""

    http_status = 401
    grpc_code = "UNAUTHENTICATED"
    code = "unauthenticated"


class PermissionDenied(HRMError):
    """The caller may not do this, whoever it is (e.g. a review write from another origin)."""

    http_status = 403
    grpc_code = "PERMISSION_DENIED"
    code = "permission_denied"


class Overloaded(HRMError):
    """The bounded queue is full; retry after ``retry_after_s``."""

    http_status = 503
    grpc_code = "RESOURCE_EXHAUSTED"
    code = "overloaded"


class BodyTimeout(InvalidRequest):
    """The request body did not arrive in time (a stalled or trickling client)."""

    http_status = 408
    grpc_code = "DEADLINE_EXCEEDED"
    code = "body_timeout"


class DeadlineExceeded(HRMError):
    """The caller's deadline passed before the judgment finished; the engine work was cancelled."""

    http_status = 504
    grpc_code = "DEADLINE_EXCEEDED"
    code = "deadline_exceeded"


class EngineUnavailable(HRMError):
    """The grader engine is not loaded yet, crashed or cannot be reached."""

    http_status = 503
    grpc_code = "UNAVAILABLE"
    code = "engine_unavailable"


class EngineError(HRMError):
    """The grader engine returned an error for one generation."""

    http_status = 502
    grpc_code = "INTERNAL"
    code = "engine_error"


class ModelAssemblyError(HRMError):
    """The embedded model could not be assembled (missing chunk package, sha256 mismatch)."""

    http_status = 500
    grpc_code = "FAILED_PRECONDITION"
    code = "model_assembly_error"


class VerdictParseError(HRMError):
    """The grader's answer could not be parsed into a verdict (retried before it surfaces)."""

    http_status = 502
    grpc_code = "INTERNAL"
    code = "verdict_parse_error"

    def __init__(self, message: str, *, raw: str = "", **kw: Any) -> None:
        details = dict(kw.pop("details", None) or {})
        details.setdefault("raw", raw)
        super().__init__(message, details=details, **kw)
        self.raw = details["raw"]


class StoreError(HRMError):
    """The judgment store failed (never fails a scoring request; surfaced on store endpoints)."""

    http_status = 503
    grpc_code = "UNAVAILABLE"
    code = "store_error"


class NotFound(HRMError):
    """A stored object (judgment, label) does not exist."""

    http_status = 404
    grpc_code = "NOT_FOUND"
    code = "not_found"


class MethodNotAllowed(HRMError):
    """The route exists but not for this HTTP method."""

    http_status = 405
    grpc_code = "UNIMPLEMENTED"
    code = "method_not_allowed"


ALL_ERRORS: tuple[type[HRMError], ...] = (
    HRMError, InvalidRequest, RequestTooLarge, UnknownRubric, RubricInvalid, ConfigError, Unauthenticated,
    Overloaded, DeadlineExceeded, EngineUnavailable, EngineError, ModelAssemblyError, VerdictParseError,
    StoreError, NotFound, MethodNotAllowed, PermissionDenied, BodyTimeout,
)

ERRORS_BY_CODE: dict[str, type[HRMError]] = {e.code: e for e in ALL_ERRORS}


def from_dict(data: dict[str, Any]) -> HRMError:
    """Rebuild a typed error from its wire form (used by the client)."""
    cls = ERRORS_BY_CODE.get(str(data.get("type", "internal")), HRMError)
    return cls(str(data.get("message", "")), field=data.get("field"), item_id=data.get("item_id"),
               retry_after_s=data.get("retry_after_s"), details=data.get("details") or {})


#: where FastAPI's RequestValidationError puts a value; not part of the field name a caller sent
_REQUEST_SOURCES = frozenset({"body", "query", "path", "header", "cookie"})


class _Where(Enum):
    LOCATION = "location"


#: ``invalid_from_validation(field=...)`` default: the error's field is the failing value's dotted location
LOCATION = _Where.LOCATION
E = TypeVar("E", bound=HRMError)


@overload
def invalid_from_validation(exc: Any, *, prefix: str | None = None, item_id: str | None = None,
                            context: str | None = None,
                            field: str | None | Literal[_Where.LOCATION] = LOCATION) -> InvalidRequest: ...


@overload
def invalid_from_validation(exc: Any, *, prefix: str | None = None, item_id: str | None = None,
                            context: str | None = None, field: str | None | Literal[_Where.LOCATION] = LOCATION,
                            cls: type[E]) -> E: ...


def invalid_from_validation(exc: Any, *, prefix: str | None = None, item_id: str | None = None,
                            context: str | None = None, field: str | None | Literal[_Where.LOCATION] = LOCATION,
                            cls: type[HRMError] | None = None) -> HRMError:
    """The one mapping of a validation failure to a typed error naming the dotted field.

    ``exc`` is a pydantic ``ValidationError`` or anything with the same ``errors()`` (FastAPI's
    ``RequestValidationError``, whose leading ``body``/``query`` location is dropped). Only the first
    problem is reported: it names one field a caller can fix. The message is ``"<location>: <problem>"``.

    - ``prefix`` is prepended to the location (e.g. ``"options"`` when validating a sub-object);
    - ``context`` goes before the message: what was being read (``"rubric pack x.yaml"``, ``"line 3"``);
    - ``field`` sets the error's field when the location is not one the caller sent (a config key naming a
      file, or None for a server's answer); by default it is the location;
    - ``cls`` picks the error class (default InvalidRequest; RubricInvalid, ConfigError... for files).
    """
    from pydantic import ValidationError  # local: keeps this module importable without pydantic loaded

    errors = list(exc.errors()) if hasattr(exc, "errors") else []
    first = errors[0] if errors else {"loc": (), "msg": str(exc)}
    loc = [str(p) for p in first.get("loc", ())]
    if loc and not isinstance(exc, ValidationError) and loc[0] in _REQUEST_SOURCES:
        loc = loc[1:]
    if prefix:
        loc = [prefix, *loc]
    where = ".".join(loc) if loc else None  # a JSON key "" is a field too: its name is ""
    msg = str(first.get("msg", "invalid value"))
    message = f"{where}: {msg}" if where else msg
    if context:
        message = f"{context}: {message}"
    return (cls or InvalidRequest)(message, field=where if field is LOCATION else field, item_id=item_id)
