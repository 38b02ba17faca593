"""The HTTP transport: a FastAPI app, thin over the Frontend (served by Serve's HTTP proxy).

Bodies are read raw and validated by the Frontend under the size/depth policy (``judge_server.limits``)
so HTTP and gRPC report the same typed errors; the OpenAPI document still carries the full
request/result schemas. Auth, deadline and body caps are dependencies, request id and latency a
middleware, errors ``http_status.install_error_handlers`` (http_edge, errors/http_status): routes only translate.
"""

from __future__ import annotations

from typing import Any

import orjson
from fastapi import APIRouter, Depends, FastAPI, Request, Response
from fastapi.responses import JSONResponse
from fastapi_offline import FastAPIOffline
from pydantic.json_schema import models_json_schema

from hrm_wire.errors import HRMError, InvalidRequest
from hrm_wire.models import RubricInfo, ScoreRequest, ScoreResult
from judge_server import limits
from judge_server.errors.http_status import install_error_handlers
from judge_server.serve import http_edge
from judge_server.serve.frontend import Frontend
from judge_server.serve.metrics import CONTENT_TYPE
from judge_server.serve.trainers import trainer_routers

TIMEOUT_HEADER = http_edge.TIMEOUT_HEADER
_REF = "#/components/schemas/{model}"


def _json(data: Any, status: int = 200) -> Response:
    return Response(orjson.dumps(data), status_code=status, media_type="application/json")


def _schema_ref(name: str) -> dict[str, Any]:
    return {"$ref": _REF.format(model=name)}


def _body_doc(schema: dict[str, Any]) -> dict[str, Any]:
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": schema}}}}


_ERROR_DOC = {"description": "Typed error: {\"error\": {\"type\", \"message\", \"field\", ...}}"}


def build_http_app(frontend: Frontend, *, extra_routers: list[APIRouter] | None = None,
                   behind_serve_proxy: bool = False) -> FastAPI:
    """The app. ``behind_serve_proxy``: Ray Serve's HTTP proxy, which assigns a missing request id and echoes
    ``X-Request-ID`` on every response itself, so the app must not add a second one."""
    lim = frontend.limits
    # FastAPIOffline serves the Swagger/Redoc assets from its package: /docs works with no network
    app = FastAPIOffline(title="HRM judge service", version="1",
                  description="Hierarchically gated rewards from an LLM judge. Scoring routes need "
                              "`Authorization: Bearer <token>` when the server has tokens; send "
                              f"`{TIMEOUT_HEADER}: <seconds>` to bound a request's time. Every response "
                              f"carries `{http_edge.REQUEST_ID_HEADER}` (the caller's, or a new one).")
    install_error_handlers(app, on_error=lambda err: frontend.count_error("http", err))
    app.add_middleware(http_edge.RequestContext, metrics=frontend.metrics,  # outermost: ids on errors too
                       echo=not behind_serve_proxy)
    scoring = APIRouter(tags=["scoring"], dependencies=[Depends(http_edge.auth_dependency(frontend))])
    deadline = Depends(http_edge.deadline_dependency(frontend))
    body_timeout = frontend.config.http.body_timeout_s
    item_body = Depends(http_edge.body_dependency(lambda: lim.max_request_bytes, body_timeout))
    batch_body = Depends(http_edge.body_dependency(lambda: lim.max_body_bytes, body_timeout))

    @scoring.post("/v1/score", summary="Score one trajectory", openapi_extra=_body_doc(_schema_ref("ScoreRequest")),
                  responses={200: {"content": {"application/json": {"schema": _schema_ref("ScoreResult")}}},
                             401: _ERROR_DOC, 404: _ERROR_DOC, 413: _ERROR_DOC, 422: _ERROR_DOC,
                             503: _ERROR_DOC, 504: _ERROR_DOC})
    async def score(deadline_s: float = deadline, raw: bytes = item_body) -> Response:
        result = await frontend.score(frontend.parse(raw, field="body"), deadline_s)
        return Response(result.model_dump_json(), media_type="application/json")

    batch_schema = {"type": "object", "required": ["items"], "additionalProperties": False,
                    "properties": {"items": {"type": "array", "maxItems": lim.max_batch_items,
                                             "items": _schema_ref("ScoreRequest")}}}
    item_schema = {"type": "object", "properties": {
        "id": {"type": ["string", "null"]}, "result": _schema_ref("ScoreResult"),
        "error": {"type": "object", "description": "Typed error of this item (type, message, field, ...)"}}}

    @scoring.post("/v1/score/batch", summary="Score a list; each item fails alone",
                  openapi_extra=_body_doc(batch_schema),
                  responses={200: {"description": "One entry per item, in order: `result` or `error`.",
                                   "content": {"application/json": {"schema": {
                                       "type": "object", "properties": {"items": {"type": "array",
                                                                                  "items": item_schema}}}}}},
                             401: _ERROR_DOC, 413: _ERROR_DOC, 422: _ERROR_DOC, 504: _ERROR_DOC})
    async def score_batch(deadline_s: float = deadline, raw: bytes = batch_body) -> Response:
        data = limits.load_json(raw, lim, max_bytes=lim.max_body_bytes, field="body", depth=False)
        if not isinstance(data, dict) or not isinstance(data.get("items"), list):
            raise InvalidRequest("body must be an object with an `items` list", field="items")
        unknown = sorted(set(data) - {"items"})
        if unknown:
            raise InvalidRequest(f"unknown field {unknown[0]!r}", field=unknown[0])
        outcomes = await frontend.score_batch([(it, None) for it in data["items"]], deadline_s, "http")
        out = []
        for item_id, outcome in outcomes:
            if isinstance(outcome, HRMError):
                out.append({"id": item_id, "error": outcome.to_dict()})
            else:
                out.append({"id": item_id, "result": outcome.model_dump(mode="json")})
        return _json({"items": out})

    @scoring.get("/v1/rubrics", summary="Loaded rubric packs",
                 responses={200: {"content": {"application/json": {"schema": {
                     "type": "array", "items": _schema_ref("RubricInfo")}}}}})
    async def rubrics() -> Response:
        return _json([r.model_dump(mode="json") for r in frontend.list_rubrics()])

    app.include_router(scoring)

    @app.get("/healthz", tags=["health"], summary="Liveness: the process answers")
    async def healthz() -> JSONResponse:
        return JSONResponse({"status": "ok"})

    @app.get("/readyz", tags=["health"], summary="Readiness: the grader engine is loaded and reachable",
             responses={503: {"description": "Grader not loaded yet, or unreachable"}})
    async def readyz() -> JSONResponse:
        ready = await frontend.ready()
        body: dict[str, Any] = {"ready": ready, "queue_depth": frontend.queue_depth}
        if (store_up := frontend.store_up) is not None:  # shown, not gating: scoring goes on without the database
            body["store_up"] = store_up
        return JSONResponse(body, status_code=200 if ready else 503)

    @app.get("/metrics", tags=["health"], summary="Prometheus metrics of this replica")
    async def metrics(request: Request) -> Response:
        if frontend.config.http.metrics_auth:
            frontend.authorize(request.headers.get("authorization"))
        return Response(frontend.metrics.render(), media_type=CONTENT_TYPE)

    for router in [*trainer_routers(frontend), *(extra_routers or [])]:
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
        schemas = defs.get("$defs", {})
        _request_shapes(schemas["ScoreRequest"])
        schema.setdefault("components", {}).setdefault("schemas", {}).update(schemas)
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]


#: what a caller can send, for the OpenAPI document (both validate: tests/unit/serve/test_openapi_examples.py)
REQUEST_EXAMPLES = [
    {"query": "Wireless earbuds under $50 for running?", "category": "search_multi_constraint",
     "messages": [
         {"role": "user", "content": "Wireless earbuds under $50 for running?"},
         {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {
             "name": "search_products", "arguments": "{\"query\": \"running earbuds\", \"max_price\": 50}"}}]},
         {"role": "tool", "tool_call_id": "c1", "content": "[{\"product_id\": \"B0EXAMPLE1\", \"title\": "
                                                          "\"SportBuds 2\", \"price\": 39.99}]"},
         {"role": "assistant", "content": "SportBuds 2 fit your budget at $39.99. <product>B0EXAMPLE1</product>"}]},
    {"query": "How long should I boil an egg for a runny yolk?", "response": "About 6 minutes, then cold water.",
     "rubric_items": [{"id": "time", "text": "Does the response give a time of 5 to 7 minutes?", "weight": 3},
                      {"id": "cooling", "text": "Does it say to cool the egg in cold water?", "weight": 1}]},
]


def _request_shapes(request: dict[str, Any]) -> None:
    """``query`` and ``response`` are required unless ``messages`` supplies them: say so in the document (the
    model cannot, since it derives them before validating), and show one request of each shape."""
    request.pop("required", None)
    request["anyOf"] = [{"required": ["query", "response"]}, {"required": ["messages"]}]
    request["examples"] = REQUEST_EXAMPLES
