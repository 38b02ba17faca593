"""Typed client errors: the server's error classes, rebuilt from each transport's wire form.

The classes are those of ``hrm_wire.errors`` (the client and the server share one tree), plus
``ServiceUnreachable`` for a connection that never reached the service.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from hrm_client.retry import WIRE_GRPC_CODE, WIRE_HTTP_STATUS
from hrm_wire.errors import (
    ERRORS_BY_CODE,
    ConfigError,
    DeadlineExceeded,
    EngineError,
    EngineUnavailable,
    HRMError,
    InvalidRequest,
    NotFound,
    Overloaded,
    RequestTooLarge,
    Unauthenticated,
    UnknownRubric,
    VerdictParseError,
    from_dict,
)

__all__ = [
    "HRMError", "InvalidRequest", "RequestTooLarge", "UnknownRubric", "Unauthenticated", "Overloaded",
    "DeadlineExceeded", "EngineUnavailable", "EngineError", "VerdictParseError", "NotFound", "ConfigError",
    "ServiceUnreachable", "from_http", "from_grpc", "from_dict",
]


class ServiceUnreachable(HRMError):
    """The client could not connect to the service (refused, reset, DNS); retried like UNAVAILABLE."""

    http_status = 503
    grpc_code = "UNAVAILABLE"
    code = "service_unreachable"


#: fallback class per HTTP status when the body is not HRM's error form (a proxy, a framework default)
_BY_HTTP = {400: InvalidRequest, 401: Unauthenticated, 404: NotFound, 413: RequestTooLarge, 422: InvalidRequest,
            429: Overloaded, 503: EngineUnavailable, 504: DeadlineExceeded}
_BY_GRPC = {"INVALID_ARGUMENT": InvalidRequest, "NOT_FOUND": NotFound, "UNAUTHENTICATED": Unauthenticated,
            "RESOURCE_EXHAUSTED": Overloaded, "UNAVAILABLE": ServiceUnreachable,
            "DEADLINE_EXCEEDED": DeadlineExceeded}


def _float(value: Any) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def _with_wire(err: HRMError, **wire: Any) -> HRMError:
    err.details = {**err.details, **{k: v for k, v in wire.items() if v is not None}}
    return err


def from_http(status: int, body: bytes, headers: Mapping[str, str] | None = None) -> HRMError:
    """The typed error of a non-2xx HTTP response.

    HRM's form is ``{"error": err.to_dict()}`` with ``X-HRM-Error-Type`` and, on overload,
    ``Retry-After``; anything else (a proxy's page, a framework default) maps by status.
    """
    data: Any = None
    try:
        data = json.loads(body) if body else None
    except ValueError:
        pass
    if isinstance(data, dict) and isinstance(data.get("error"), dict):
        data = data["error"]
    hdrs = {k.lower(): v for k, v in (headers or {}).items()}
    retry_after = _float(hdrs.get("retry-after"))
    if isinstance(data, dict) and data.get("type") in ERRORS_BY_CODE:
        err = from_dict(data)
    elif hdrs.get("x-hrm-error-type") in ERRORS_BY_CODE:
        msg = data.get("message") if isinstance(data, dict) else None
        err = ERRORS_BY_CODE[hdrs["x-hrm-error-type"]](str(msg or f"HTTP {status}"))
    elif status >= 500 and status not in _BY_HTTP:
        # a 5xx without HRM's error body is the proxy's, not the service's: the replica that held the request was
        # lost (Ray Serve answers a plain-text 500). A judgment changes nothing, so it is safe to send again.
        err = ServiceUnreachable(f"HTTP {status} from the service's proxy, not from HRM (the replica was lost?): "
                                 f"{body[:200].decode('utf-8', 'replace')}".strip())
    else:
        cls = _BY_HTTP.get(status, HRMError)
        detail = data.get("detail") if isinstance(data, dict) else None
        text = detail if isinstance(detail, str) else (json.dumps(detail) if detail else body[:300].decode(
            "utf-8", "replace"))
        err = cls(f"HTTP {status}: {text}".strip())
    if err.retry_after_s is None and retry_after is not None:
        err.retry_after_s = retry_after
    return _with_wire(err, **{WIRE_HTTP_STATUS: status})


def _meta(metadata: Iterable[tuple[str, Any]] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in metadata or ():
        out[k.lower()] = v.decode() if isinstance(v, bytes) else str(v)
    return out


def from_grpc(code_name: str, message: str, trailing_metadata: Iterable[tuple[str, Any]] | None = None) -> HRMError:
    """The typed error of a failed RPC: trailers ``hrm-error-type``/``hrm-error-field``/``retry-after-s``."""
    meta = _meta(trailing_metadata)
    etype = meta.get("hrm-error-type")
    if etype in ERRORS_BY_CODE:
        cls: type[HRMError] = ERRORS_BY_CODE[etype]
    else:
        cls = _BY_GRPC.get(code_name, HRMError)
    err = cls(message or code_name, field=meta.get("hrm-error-field") or None,
              retry_after_s=_float(meta.get("retry-after-s")))
    return _with_wire(err, **{WIRE_GRPC_CODE: code_name})


def from_wire_error(etype: str, message: str, *, field: str = "", item_id: str | None = None,
                    retry_after_s: float | None = None, details_json: str = "") -> HRMError:
    """An item error of a batch/stream response (the proto ``Error`` message's fields)."""
    details: dict[str, Any] = {}
    if details_json:
        try:
            loaded = json.loads(details_json)
            details = loaded if isinstance(loaded, dict) else {"details": loaded}
        except ValueError:
            details = {"details": details_json}
    return from_dict({"type": etype, "message": message, "field": field or None, "item_id": item_id,
                      "retry_after_s": retry_after_s, "details": details})
