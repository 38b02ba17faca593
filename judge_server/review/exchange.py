"""Export labels and agreement as JSONL / CSV, and import labels from either."""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

import orjson
from pydantic import ValidationError

from hrm_wire.errors import HRMError, InvalidRequest, invalid_from_validation
from judge_server.config import LimitsConfig
from judge_server.limits import check_body_bytes, load_json
from judge_server.packs.registry import RubricRegistry
from judge_server.review.verdict_facts import FACT_COLUMNS, verdict_facts
from judge_server.store.records import ImportReport, LabelInput
from judge_server.store.store import JudgmentStore, check_annotator

#: the label, the judge's verdict on its target, and what ``hrm calibrate --from-labels`` fits thresholds on
LABEL_COLUMNS = ["judgment_uid", "request_id", "rubric", "annotator", "target", "verdict", "comment",
                 "judge_passed", "judge_score", *FACT_COLUMNS, "created_at", "updated_at"]
AGREEMENT_COLUMNS = ["scope", "target", "statistic", "value", "n", "small_sample", "agreement", "paper_reference",
                     "judge_fail_human_fail", "judge_fail_human_pass", "judge_pass_human_fail",
                     "judge_pass_human_pass", "judge_mean", "human_mean"]


def _verdict_text(v: bool | None, none: str | None = None) -> str | None:
    return none if v is None else ("pass" if v else "fail")


def export_label_rows(store: JudgmentStore, *, rubric: str | None = None, annotator: str | None = None,
                      registry: RubricRegistry | None = None) -> list[dict[str, Any]]:
    """One row per label, with the judge's verdict facts on its target (``review.verdict_facts``).

    ``registry``: the packs the service judges with, for the question hashes (None: no hashes)."""
    labels = store.list_labels(rubric=rubric, annotator=annotator)
    keys = store.judgment_keys({lab.judgment_uid for lab in labels})
    results = {uid: store.get_judgment(uid).result for uid in keys}  # a judgment's labels share one read
    out = []
    for lab in labels:
        request_id, rub = keys.get(lab.judgment_uid, (None, None))
        result = results.get(lab.judgment_uid)
        pack = registry.packs.get(result.rubric) if registry is not None and result is not None else None
        facts = verdict_facts(result, lab.target, pack) if result is not None else dict.fromkeys(FACT_COLUMNS)
        out.append({"judgment_uid": lab.judgment_uid, "request_id": request_id, "rubric": rub,
                    "annotator": lab.annotator, "target": lab.target,
                    "verdict": NOT_APPLICABLE if lab.not_applicable else _verdict_text(lab.verdict, "unsure"),
                    "comment": lab.comment, "judge_passed": _verdict_text(lab.judge_passed),
                    "judge_score": lab.judge_score, **facts,
                    "created_at": lab.created_at, "updated_at": lab.updated_at})
    return out


def to_jsonl(rows: Iterable[dict[str, Any]]) -> str:
    return "".join(orjson.dumps(r).decode() + "\n" for r in rows)


def to_csv(rows: Iterable[dict[str, Any]], columns: list[str]) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=columns, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({k: "" if r.get(k) is None else r.get(k) for k in columns})
    return buf.getvalue()


#: how an export writes, and an import reads, a label saying the target does not apply to the item
NOT_APPLICABLE = "n/a"
_NA_WORDS = (NOT_APPLICABLE, "na", "not applicable", "not_applicable")


def _parse_verdict(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("unsure", "?") or text in _NA_WORDS:
        return None
    if text in ("pass", "true", "1", "yes", "y", "p"):
        return True
    if text in ("fail", "false", "0", "no", "n", "f"):
        return False
    raise InvalidRequest(f"verdict must be pass, fail, unsure or n/a, got {value!r}", field="verdict")


def parse_label_records(body: str, limits: LimitsConfig | None = None) -> list[tuple[int, dict[str, Any]]]:
    """(line number, record) pairs from JSONL (first character '{') or CSV with a header row.

    Sizes and JSON depth follow the service's one input policy (``judge_server.limits``)."""
    check_body_bytes(len(body.encode("utf-8", "surrogatepass")), limits, field="body")
    text = body.lstrip("\ufeff")
    if not text.strip():
        raise InvalidRequest("nothing to import: the body is empty", field="body")
    out: list[tuple[int, dict[str, Any]]] = []
    if text.lstrip().startswith("{"):
        for no, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                rec = load_json(line, limits, field="body")
            except HRMError as exc:
                rec = {"__error__": exc.message}
            out.append((no, rec if isinstance(rec, dict) else {"__error__": "line is not a JSON object"}))
        return out
    reader = csv.DictReader(io.StringIO(text))
    if not reader.fieldnames or "target" not in reader.fieldnames or "verdict" not in reader.fieldnames:
        raise InvalidRequest("CSV import needs a header row with at least target and verdict columns "
                             "(and judgment_uid or request_id)", field="body")
    for rec in reader:
        out.append((reader.line_num, {k: v for k, v in rec.items() if k is not None}))
    return out


def import_labels(store: JudgmentStore, body: str, default_annotator: str | None = None,
                  force_annotator: bool = False, limits: LimitsConfig | None = None) -> ImportReport:
    """Upsert labels; bad lines are reported and skipped, the rest are imported.

    ``force_annotator`` (sign-in with a named token) files every label under that annotator.
    """
    report = ImportReport()
    grouped: dict[tuple[str, str], list[tuple[int, LabelInput]]] = defaultdict(list)
    for no, rec in parse_label_records(body, limits):
        try:
            if "__error__" in rec:
                raise InvalidRequest(rec["__error__"], field="body")
            uid = str(rec.get("judgment_uid") or "").strip()
            if not uid:
                rid = str(rec.get("request_id") or "").strip()
                if not rid:
                    raise InvalidRequest("needs judgment_uid or request_id", field="judgment_uid")
                found = store.find_by_request_id(rid)
                if not found:
                    raise InvalidRequest(f"no judgment with request_id {rid!r}", field="request_id")
                uid = found[0]
            who = default_annotator if force_annotator else (rec.get("annotator") or default_annotator)
            annotator = check_annotator(who)
            try:
                verdict = rec.get("verdict")
                label = LabelInput(target=str(rec.get("target") or ""), verdict=_parse_verdict(verdict),
                                   not_applicable=str(verdict).strip().lower() in _NA_WORDS,
                                   comment=str(rec.get("comment") or ""))
            except ValidationError as exc:
                raise invalid_from_validation(exc) from None
            grouped[(uid, annotator)].append((no, label))
        except HRMError as exc:
            report.errors.append({"line": no, "type": exc.code, "field": exc.field, "message": exc.message})
    for (uid, annotator), items in grouped.items():
        for no, label in items:  # one by one so that one unknown target does not sink its neighbours
            try:
                store.put_labels(uid, annotator, [label])
                report.imported += 1
            except HRMError as exc:
                if exc.http_status >= 500:
                    raise
                report.errors.append({"line": no, "type": exc.code, "field": exc.field, "message": exc.message})
    report.errors.sort(key=lambda e: int(e["line"] or 0))
    return report
