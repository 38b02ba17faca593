"""HTTP/JSON transport (httpx): one attempt per call, no retries here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import httpx
import orjson
from pydantic import ValidationError

from hrm_client.errors import (
    DeadlineExceeded,
    HRMError,
    InvalidRequest,
    ServiceUnreachable,
    from_dict,
    from_http,
)
from hrm_wire.errors import invalid_from_validation
from hrm_wire.models import RubricInfo, ScoreRequest, ScoreResult

SCORE_PATH = "/v1/score"
BATCH_PATH = "/v1/score/batch"
RUBRICS_PATH = "/v1/rubrics"
#: the caller's remaining budget, so the server can cancel engine work it would answer too late
TIMEOUT_HEADER = "X-HRM-Timeout-S"


class HttpTransport:
    def __init__(self, url: str, *, token: str | None = None, max_connections: int = 64) -> None:
        self.base_url = url.rstrip("/")
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self._client = httpx.AsyncClient(base_url=self.base_url, headers=headers, timeout=None,
                                         limits=httpx.Limits(max_connections=max_connections,
                                                             max_keepalive_connections=max_connections))

    async def _request(self, method: str, path: str, timeout: float | None, body: Any = None) -> Any:
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if timeout is not None:
            headers[TIMEOUT_HEADER] = f"{timeout:.3f}"
        try:
            resp = await self._client.request(method, path, content=orjson.dumps(body) if body is not None else None,
                                              headers=headers, timeout=timeout)
        except httpx.TimeoutException as exc:
            raise DeadlineExceeded(f"no answer from {self.base_url}{path} within {timeout} s ({type(exc).__name__})") \
                from None
        except httpx.TransportError as exc:
            raise ServiceUnreachable(f"cannot reach {self.base_url}{path}: {type(exc).__name__}: {exc}") from None
        if resp.status_code >= 400:
            raise from_http(resp.status_code, resp.content, resp.headers)
        try:
            return orjson.loads(resp.content)
        except orjson.JSONDecodeError:
            raise InvalidRequest(f"{self.base_url}{path} answered {resp.status_code} with a non-JSON body") from None

    @staticmethod
    def _result(data: Any, item_id: str | None = None) -> ScoreResult | HRMError:
        if isinstance(data, dict) and isinstance(data.get("error"), dict):
            return from_dict({"item_id": data.get("id") or item_id, **data["error"]})
        if isinstance(data, dict) and isinstance(data.get("result"), dict):
            data = data["result"]
        try:
            return ScoreResult.model_validate(data)
        except ValidationError as exc:
            # a field of the server's answer, not of the caller's request: named in the message only
            return invalid_from_validation(exc, context="server sent a result that does not validate", field=None,
                                           item_id=item_id)

    async def score(self, request: ScoreRequest, timeout: float | None) -> ScoreResult:
        out = self._result(await self._request("POST", SCORE_PATH, timeout, request.model_dump(mode="json",
                                                                                                exclude_none=True)),
                           request.id)
        if isinstance(out, HRMError):
            raise out
        return out

    async def score_batch(self, requests: Sequence[ScoreRequest], timeout: float | None) -> list[ScoreResult | HRMError]:
        body = {"items": [r.model_dump(mode="json", exclude_none=True) for r in requests]}
        data = await self._request("POST", BATCH_PATH, timeout, body)
        items = data.get("items") if isinstance(data, dict) else data
        if not isinstance(items, list) or len(items) != len(requests):
            raise InvalidRequest(f"batch answer has {len(items) if isinstance(items, list) else 'no'} items for "
                                 f"{len(requests)} requests")
        return [self._result(d, r.id) for d, r in zip(items, requests, strict=True)]

    async def rubrics(self, timeout: float | None) -> list[RubricInfo]:
        data = await self._request("GET", RUBRICS_PATH, timeout)
        items = data.get("rubrics") if isinstance(data, dict) else data
        return [RubricInfo.model_validate(r) for r in items or []]

    async def close(self) -> None:
        await self._client.aclose()
