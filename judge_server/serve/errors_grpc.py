"""The gRPC mapping of the error tree: the only place an HRMError becomes a gRPC status.

The code comes from the error class (``grpc_code``); the details string is the message; trailing
metadata carries ``hrm-error-type``, ``hrm-error-field`` and, on overload, ``retry-after-s``. Per-item
errors of ScoreBatch / StreamScore become ``hrm.v1.Error`` messages instead (:func:`error_message`).
"""

from __future__ import annotations

from typing import Any, NoReturn

import grpc
import orjson

from hrm_wire.errors import HRMError

TYPE_KEY = "hrm-error-type"
FIELD_KEY = "hrm-error-field"
RETRY_KEY = "retry-after-s"


def status_of(error: HRMError) -> grpc.StatusCode:
    return grpc.StatusCode[error.grpc_code]


def trailing_metadata(error: HRMError) -> tuple[tuple[str, str], ...]:
    md = [(TYPE_KEY, error.code)]
    if error.field is not None:
        md.append((FIELD_KEY, error.field))
    if error.retry_after_s is not None:
        md.append((RETRY_KEY, f"{error.retry_after_s:g}"))
    return tuple(md)


async def abort(context: grpc.aio.ServicerContext, error: HRMError) -> NoReturn:
    await context.abort(status_of(error), str(error), trailing_metadata=trailing_metadata(error))
    raise AssertionError("unreachable: context.abort raises")  # pragma: no cover


def error_message(pb2: Any, error: HRMError) -> Any:
    """The ``hrm.v1.Error`` of one failed item."""
    msg = pb2.Error(type=error.code, message=str(error), field=error.field or "", grpc_code=error.grpc_code,
                    http_status=error.http_status,
                    details_json=orjson.dumps(error.details).decode() if error.details else "")
    if error.retry_after_s is not None:
        msg.retry_after_s = error.retry_after_s
    return msg
