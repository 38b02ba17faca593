"""The review JSON API under /review/api (same auth as the pages; writes refuse other origins)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from hrm_wire.errors import InvalidRequest, invalid_from_validation
from judge_server.config import LimitsConfig
from judge_server.limits import load_json
from judge_server.packs.registry import RubricRegistry
from judge_server.review.auth import ReviewAuth
from judge_server.review.calibration import compute_calibration
from judge_server.review.exchange import (
    AGREEMENT_COLUMNS,
    LABEL_COLUMNS,
    export_label_rows,
    import_labels,
    to_csv,
    to_jsonl,
)
from judge_server.review.web import query_from
from judge_server.store.records import LabelInput
from judge_server.store.store import JudgmentStore


def export(rows: list[dict[str, Any]], fmt_name: str, columns: list[str], stem: str) -> Response:
    if fmt_name == "json":
        return JSONResponse(rows)
    if fmt_name == "jsonl":
        return Response(to_jsonl(rows), media_type="application/x-ndjson",
                        headers={"Content-Disposition": f'attachment; filename="{stem}.jsonl"'})
    if fmt_name == "csv":
        return Response(to_csv(rows, columns), media_type="text/csv",
                        headers={"Content-Disposition": f'attachment; filename="{stem}.csv"'})
    raise InvalidRequest(f"format must be json, jsonl or csv, got {fmt_name!r}", field="format")


def add_api(router: APIRouter, store: JudgmentStore, auth: ReviewAuth, limits: LimitsConfig | None,
            registry: RubricRegistry | None = None) -> None:
    packs: list[RubricRegistry] = [registry] if registry is not None else []

    def current_packs() -> RubricRegistry:
        # loaded on the first export, not at startup: only the label export needs the packs (question hashes)
        if not packs:
            packs.append(RubricRegistry())
        return packs[0]

    @router.get("/api/judgments")
    def api_list(request: Request) -> dict[str, Any]:
        auth.require_reader(request)
        return store.list_judgments(query_from(dict(request.query_params))).model_dump(mode="json")

    @router.get("/api/judgments/{uid}")
    def api_get(uid: str, request: Request) -> dict[str, Any]:
        auth.require_reader(request)
        return store.get_judgment(uid).model_dump(mode="json")

    @router.put("/api/judgments/{uid}/labels")
    async def api_put_labels(uid: str, request: Request) -> dict[str, Any]:
        auth.require_reader(request)
        try:
            body = load_json(await request.body(), limits, field="body")
        except InvalidRequest as exc:
            raise InvalidRequest(f"{exc.message}; send {{\"labels\": [{{\"target\", \"verdict\", \"comment\"}}]}}",
                                 field="body") from None
        if not isinstance(body, dict) or not isinstance(body.get("labels"), list):
            raise InvalidRequest("body must be an object with a 'labels' list", field="labels")
        annotator = auth.require_annotator(request, body.get("annotator") or None)
        labels = []
        for n, item in enumerate(body["labels"]):
            try:
                labels.append(LabelInput.model_validate(item))
            except ValidationError as exc:  # name the label: labels.<n>.<field>
                raise invalid_from_validation(exc, prefix=f"labels.{n}") from None
        # returns only after the labels' transaction committed: an acknowledged label is durable
        saved = await run_in_threadpool(store.put_labels, uid, annotator, labels)
        return {"annotator": annotator, "labels": [lab.model_dump(mode="json") for lab in saved]}

    @router.post("/api/judgments/{uid}/skip")
    async def api_skip(uid: str, request: Request) -> dict[str, Any]:
        annotator = auth.require_annotator(request, request.query_params.get("annotator") or None)
        await run_in_threadpool(store.skip_item, uid, annotator)
        return {"skipped": True, "annotator": annotator}

    @router.delete("/api/judgments/{uid}/labels/{target}")
    def api_delete_label(uid: str, target: str, request: Request) -> dict[str, Any]:
        annotator = auth.require_annotator(request, request.query_params.get("annotator") or None)
        store.delete_label(uid, annotator, target)
        return {"deleted": True, "annotator": annotator, "target": target}

    @router.get("/api/queue")
    def api_queue(request: Request, rubric: str | None = None) -> dict[str, Any]:
        annotator = auth.require_annotator(request, request.query_params.get("annotator") or None)
        return store.queue_progress(annotator, rubric or None).model_dump(mode="json")

    @router.get("/api/labels")
    def api_labels(request: Request, format: str = "json", rubric: str | None = None,
                   annotator: str | None = None) -> Response:
        auth.require_reader(request)
        rows = export_label_rows(store, rubric=rubric or None, annotator=annotator or None,
                                 registry=current_packs())
        return export(rows, format, LABEL_COLUMNS, "labels")

    @router.post("/api/labels/import")
    async def api_import(request: Request) -> dict[str, Any]:
        ident = auth.require_reader(request)
        body = await request.body()
        report = await run_in_threadpool(import_labels, store, body.decode("utf-8", "replace"),
                                         ident.annotator, ident.fixed_name, limits)
        return report.model_dump(mode="json")

    @router.get("/api/calibration")
    def api_calibration(request: Request, format: str = "json", rubric: str | None = None,
                        annotator: str | None = None) -> Response:
        auth.require_reader(request)
        cal = compute_calibration(store.label_rows(rubric=rubric or None,
                                                   annotators=[annotator] if annotator else None))
        if format == "json":
            return JSONResponse(cal.to_dict())
        return export(cal.rows(), format, AGREEMENT_COLUMNS, "agreement")

    @router.get("/api/stats")
    def api_stats(request: Request) -> dict[str, Any]:
        auth.require_reader(request)
        return {"judgments": store.count(), "counters": store.counters()}
