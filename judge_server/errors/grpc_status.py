"""The gRPC mapping of the error tree: the only place an HRMError becomes a gRPC status.

The code comes from the error class (``grpc_code``); the details string is the message; trailing
metadata carries ``hrm-error-type``, ``hrm-error-field`` and, on overload, ``retry-after-s``. Per-item
errors of ScoreBatch / StreamScore become ``hrm.v2.Error`` messages instead (:func:`error_message`).
"""

from __future__ import annotations

from typing import NoReturn
from urllib.parse import quote

import grpc
import orjson

from hrm_wire.errors import HRMError
from hrm_wire.pb import judge_pb2

TYPE_KEY = "hrm-error-type"
FIELD_KEY = "hrm-error-field"
RETRY_KEY = "retry-after-s"


def status_of(error: HRMError) -> grpc.StatusCode:
    return grpc.StatusCode[error.grpc_code]


#: a field name from a caller's JSON keys can be anything; metadata values must be short printable ASCII
_MAX_FIELD_CHARS = 256


def metadata_value(text: str) -> str:
    """``text`` as a legal ASCII metadata value: kept if printable ASCII, else percent-encoded (UTF-8)."""
    text = text[:_MAX_FIELD_CHARS]
    if not text:
        return '""'  # a JSON key "" is a field too; gRPC drops empty metadata values
    if text.isascii() and text.isprintable():
        return text
    return quote(text.encode("utf-8", "surrogatepass"), safe=_SAFE)


_SAFE = "".join(c for c in map(chr, range(0x21, 0x7F)) if c != "%")


def trailing_metadata(error: HRMError) -> tuple[tuple[str, str], ...]:
    md = [(TYPE_KEY, error.code)]
    if error.field is not None:
        md.append((FIELD_KEY, metadata_value(error.field)))
    if error.retry_after_s is not None:
        md.append((RETRY_KEY, f"{error.retry_after_s:g}"))
    return tuple(md)


async def abort(context: grpc.aio.ServicerContext, error: HRMError) -> NoReturn:
    await context.abort(status_of(error), str(error), trailing_metadata=trailing_metadata(error))
    raise AssertionError("unreachable: context.abort raises")  # pragma: no cover


def error_message(error: HRMError) -> judge_pb2.Error:
    """The ``hrm.v2.Error`` of one failed item."""
    field = '""' if error.field == "" else (error.field or "")  # as in the trailers: "" is a JSON key
    msg = judge_pb2.Error(type=error.code, message=str(error), field=field, grpc_code=error.grpc_code,
                    http_status=error.http_status,
                    details_json=orjson.dumps(error.details).decode() if error.details else "")
    if error.retry_after_s is not None:
        msg.retry_after_s = error.retry_after_s
    return msg
