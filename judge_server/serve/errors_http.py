"""The HTTP mapping of the error tree: the only place an HRMError becomes an HTTP response.

Status comes from the error class (``http_status``); the body is ``{"error": err.to_dict()}``;
overload adds ``Retry-After`` (whole seconds, rounded up) and every error names its type in
``X-HRM-Error-Type`` so clients can rebuild the typed error without parsing the body.
"""

from __future__ import annotations

import math

from fastapi.responses import JSONResponse

from hrm_wire.errors import HRMError

ERROR_TYPE_HEADER = "X-HRM-Error-Type"


def status_of(error: HRMError) -> int:
    return error.http_status


def headers_of(error: HRMError) -> dict[str, str]:
    headers = {ERROR_TYPE_HEADER: error.code}
    if error.retry_after_s is not None:
        headers["Retry-After"] = str(max(1, math.ceil(error.retry_after_s)))
    if error.http_status == 401:
        headers["WWW-Authenticate"] = "Bearer"
    return headers


def error_response(error: HRMError) -> JSONResponse:
    return JSONResponse({"error": error.to_dict()}, status_code=status_of(error), headers=headers_of(error))
