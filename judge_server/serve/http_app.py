"""The HTTP transport: a FastAPI app, thin over the Frontend (served by Serve's HTTP proxy).

Bodies are read raw and validated by the core (``pipeline.parse_request``) so HTTP and gRPC report the
same typed errors; the OpenAPI document still carries the full request/result schemas.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
from fastapi import APIRouter, FastAPI, Request, Response
from fastapi.responses import JSONResponse
from pydantic.json_schema import models_json_schema

from hrm_wire.errors import HRMError, InvalidRequest, RequestTooLarge
from hrm_wire.models import RubricInfo, ScoreRequest, ScoreResult
from judge_server.serve.errors_http import error_response
from judge_server.serve.faults import as_hrm_error
from judge_server.serve.frontend import Frontend
from judge_server.serve.metrics import CONTENT_TYPE

TIMEOUT_HEADER = "X-HRM-Timeout-S"
_REF = "#/components/schemas/{model}"


def _json(data: Any, status: int = 200) -> Response:
    return Response(orjson.dumps(data), status_code=status, media_type="application/json")


def _schema_ref(name: str) -> dict[str, Any]:
    return {"$ref": _REF.format(model=name)}


def _body_doc(schema: dict[str, Any]) -> dict[str, Any]:
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}


_ERROR_DOC = {"description": "Typed error: {\"error\": {\"type\", \"message\", \"field\", ...}}"}


def build_http_app(frontend: Frontend, *, extra_routers: list[APIRouter] | None = None) -> FastAPI:
    config = frontend.config
    app = FastAPI(title="HRM judge service", version="1",
                  description="Hierarchically gated rewards from an LLM judge. Scoring routes need "
                              "`Authorization: Bearer <token>` when the server has tokens; send "
                              f"`{TIMEOUT_HEADER}: <seconds>` to bound a request's time.")

    async def guarded(request: Request, method: str, body: Callable[[], Awaitable[Response]],
                      auth: bool = True) -> Response:
        t0 = time.perf_counter()
        try:
            if auth:
                frontend.authorize(request.headers.get("authorization"))
            return await body()
        except Exception as exc:  # noqa: BLE001 - the one place HTTP turns faults into responses
            err = as_hrm_error(exc, retry_after_s=config.retry_after_s)
            frontend.count_error("http", err)
            return error_response(err)
        finally:
            frontend.metrics.request_latency.labels("http", method).observe(time.perf_counter() - t0)

    def timeout_of(request: Request) -> float:
        raw = request.headers.get(TIMEOUT_HEADER)
        if raw is None:
            return frontend.deadline(None)
        try:
            value = float(raw)
        except ValueError:
            raise InvalidRequest(f"{TIMEOUT_HEADER} must be a number of seconds, got {raw!r}",
                                 field=TIMEOUT_HEADER) from None
        if not value > 0:
            raise InvalidRequest(f"{TIMEOUT_HEADER} must be positive", field=TIMEOUT_HEADER)
        return frontend.deadline(value)

    async def read_body(request: Request) -> bytes:
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > config.http.max_body_bytes:
            raise RequestTooLarge(f"body is {declared} bytes, over the {config.http.max_body_bytes} cap",
                                  field="body")
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > config.http.max_body_bytes:
                raise RequestTooLarge(f"body is over the {config.http.max_body_bytes} cap", field="body")
            chunks.append(chunk)
        return b"".join(chunks)

    @app.post("/v1/score", tags=["scoring"], summary="Score one trajectory",
              openapi_extra=_body_doc(_schema_ref("ScoreRequest")),
              responses={200: {"content": {"application/json": {"schema": _schema_ref("ScoreResult")}}},
                         401: _ERROR_DOC, 404: _ERROR_DOC, 413: _ERROR_DOC, 422: _ERROR_DOC, 503: _ERROR_DOC,
                         504: _ERROR_DOC})
    async def score(request: Request) -> Response:
        async def run() -> Response:
            deadline = timeout_of(request)
            parsed = frontend.parse(await read_body(request))
            result = await frontend.score(parsed, deadline)
            return Response(result.model_dump_json(), media_type="application/json")

        return await guarded(request, "score", run)

    batch_schema = {"type": "object", "required": ["items"], "additionalProperties": False,
                    "properties": {"items": {"type": "array", "maxItems": config.max_batch_items,
                                             "items": _schema_ref("ScoreRequest")}}}
    item_schema = {"type": "object", "properties": {
        "id": {"type": ["string", "null"]}, "result": _schema_ref("ScoreResult"),
        "error": {"type": "object", "description": "Typed error of this item (type, message, field, ...)"}}}

    @app.post("/v1/score/batch", tags=["scoring"], summary="Score a list; each item fails alone",
              openapi_extra=_body_doc(batch_schema),
              responses={200: {"description": "One entry per item, in order: `result` or `error`.",
                               "content": {"application/json": {"schema": {
                                   "type": "object", "properties": {"items": {"type": "array",
                                                                              "items": item_schema}}}}}},
                         401: _ERROR_DOC, 413: _ERROR_DOC, 422: _ERROR_DOC})
    async def score_batch(request: Request) -> Response:
        async def run() -> Response:
            deadline = timeout_of(request)
            raw = await read_body(request)
            try:
                data = orjson.loads(raw)
            except orjson.JSONDecodeError as exc:
                raise InvalidRequest(f"body is not valid JSON: {exc}", field="body") from None
            if not isinstance(data, dict) or not isinstance(data.get("items"), list):
                raise InvalidRequest("body must be an object with an `items` list", field="items")
            if set(data) - {"items"}:
                raise InvalidRequest(f"unknown field {sorted(set(data) - {'items'})[0]!r}",
                                     field=sorted(set(data) - {"items"})[0])
            items = data["items"]
            if len(items) > config.max_batch_items:
                raise RequestTooLarge(f"{len(items)} items, over the {config.max_batch_items} cap", field="items")
            outcomes = await frontend.score_batch([(it, None) for it in items], deadline, "http")
            out = []
            for item_id, outcome in outcomes:
                if isinstance(outcome, HRMError):
                    out.append({"id": item_id, "error": outcome.to_dict()})
                else:
                    out.append({"id": item_id, "result": outcome.model_dump(mode="json")})
            return _json({"items": out})

        return await guarded(request, "score_batch", run)

    @app.get("/v1/rubrics", tags=["scoring"], summary="Loaded rubric packs",
             responses={200: {"content": {"application/json": {"schema": {
                 "type": "array", "items": _schema_ref("RubricInfo")}}}}})
    async def rubrics(request: Request) -> Response:
        async def run() -> Response:
            return _json([r.model_dump(mode="json") for r in frontend.list_rubrics()])

        return await guarded(request, "rubrics", run)

    @app.get("/healthz", tags=["health"], summary="Liveness: the process answers")
    async def healthz() -> JSONResponse:
        return JSONResponse({"status": "ok"})

    @app.get("/readyz", tags=["health"], summary="Readiness: the grader engine is loaded",
             responses={503: {"description": "Grader not loaded yet"}})
    async def readyz() -> JSONResponse:
        ready = await frontend.ready()
        return JSONResponse({"ready": ready, "queue_depth": frontend.queue_depth},
                            status_code=200 if ready else 503)

    @app.get("/metrics", tags=["health"], summary="Prometheus metrics of this replica")
    async def metrics() -> Response:
        return Response(frontend.metrics.render(), media_type=CONTENT_TYPE)

    for router in extra_routers or []:
        app.include_router(router)

    _add_model_schemas(app)
    return app


def _add_model_schemas(app: FastAPI) -> None:
    """Put the domain models into the OpenAPI components the routes reference."""
    base_openapi = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        schema = base_openapi()
        _, defs = models_json_schema([(ScoreRequest, "validation"), (ScoreResult, "serialization"),
                                      (RubricInfo, "serialization")], ref_template=_REF)
        schema.setdefault("components", {}).setdefault("schemas", {}).update(defs.get("$defs", {}))
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
