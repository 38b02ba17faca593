"""Threshold-fit observations from the review store's label export, so annotators' labels feed the judge.

The export (``/review/api/labels?format=jsonl`` or ``format=csv``; columns in ``judge_server.review.exchange``)
has one row per (judgment, annotator, target). A row gives an observation of one grader on one check when:

- ``check`` names an LLM check of the pack (or, in a hand-made file, ``target`` is a bare check id);
- the human said pass or fail (not unsure) and the grader answered: ``judge_passed`` pass/fail, or, for an
  abstained check, ``judge_answer`` (the verdict its unsure answers make; a failed check has none). The
  abstained rows matter most: they are the answers below the current thresholds, which the review queue
  shows annotators first and without which a refit would only see confident answers;
- a grader decided it (``judge_source`` llm or hybrid; a rule verdict says nothing about the grader);
- the question is the one the pack asks now: ``question_hash`` equal to the current one, or, where the
  export could not compute it, ``rubric_version`` equal to the current pack's (else the question may have
  changed since the judgment: left out).

Several annotators on one (judgment, check) make ONE observation, labelled by their majority (a tie is left
out): the grader answered once, and counting its verdict once per annotator would overstate the evidence
the binomial test sees. The grader is ``judge_tier`` (the cascade tier that decided), else ``--grader``.
"""

from __future__ import annotations

import csv
import io
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import orjson

from hrm_wire.errors import InvalidRequest
from judge_server.packs.schema import RubricPack
from judge_server.thresholds.calibration_file import question_hash
from judge_server.thresholds.fit import Observation

_GRADER_SOURCES = ("llm", "hybrid")


def read_label_export(path: Path) -> list[dict[str, Any]]:
    """The rows of a label export, JSONL (first character ``{``) or CSV with a header row."""
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidRequest(f"{path}: cannot read the label export: {exc}", field="from_labels") from None
    if text.lstrip().startswith("{"):
        rows = []
        for no, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                row = orjson.loads(line)
            except orjson.JSONDecodeError as exc:
                raise InvalidRequest(f"{path}:{no}: not JSON ({exc})", field="from_labels") from None
            if not isinstance(row, dict):
                raise InvalidRequest(f"{path}:{no}: a row must be a JSON object", field="from_labels")
            rows.append(row)
        return rows
    reader = csv.DictReader(io.StringIO(text))
    if not reader.fieldnames or not {"target", "verdict"} <= set(reader.fieldnames):
        raise InvalidRequest(f"{path}: neither JSONL nor a CSV export with target and verdict columns",
                             field="from_labels")
    # CSV has no null: the export writes an empty cell for a missing value
    return [{k: (None if v == "" else v) for k, v in row.items() if k is not None} for row in reader]


def _true(value: Any) -> bool:
    return value is True or str(value).lower() == "true"  # JSONL booleans; CSV writes True/False


def _float(value: Any) -> float | None:
    try:
        out = float(value)
    except (TypeError, ValueError):
        return None
    return out if 0.0 <= out <= 1.0 else None


def observations_from_labels(rows: list[dict[str, Any]], pack: RubricPack,
                             grader: str | None = None) -> tuple[list[Observation], Counter[str]]:
    """(observations, rows left out by reason) for ``pack``'s LLM checks (see the module docstring)."""
    if rows and not any("judge_confidence" in r for r in rows):
        raise InvalidRequest("the label export has no judge_confidence column: export it again from a review "
                             "service of this version (/review/api/labels?format=jsonl)", field="judge_confidence")
    hashes = {c.id: question_hash(c.llm) for c in pack.checks if c.llm is not None}
    skipped: Counter[str] = Counter()
    # (judgment, check) -> the grader's answer and each annotator's label
    groups: dict[tuple[str, str], tuple[tuple[str, bool, float], list[bool]]] = {}
    votes: dict[tuple[str, str], list[bool]] = defaultdict(list)
    for n, row in enumerate(rows, 1):
        reason, key, answer = _classify(row, n, pack, hashes, grader)
        if reason:
            skipped[reason] += 1
            continue
        assert key is not None and answer is not None
        votes[key].append(row["verdict"] == "pass")
        groups.setdefault(key, (answer, votes[key]))
    out = []
    for (_, cid), ((model, passed, conf), labels) in sorted(groups.items()):
        yes = sum(labels)
        if 2 * yes == len(labels):
            skipped["annotators_tie"] += len(labels)
            continue
        skipped["extra_annotators"] += len(labels) - 1  # counted once, as their majority
        out.append(Observation(cid, model, hashes[cid], passed, conf, 2 * yes > len(labels)))
    return out, +skipped


#: what each reason a label row is left out of a fit means, for the message when nothing is left to fit on
LEFT_OUT_REASONS = {
    "other_pack": "the label is on another pack's judgment",
    "not_one_llm_check": "the target is not one LLM check of the pack (a dimension of several checks, an L2 rubric)",
    "human_unsure": "the annotator was unsure",
    "human_not_applicable": "the annotator marked the check n/a",
    "judge_undecided": "the judge gave no verdict (failed)",
    "rule_decided": "a rule decided the check, so the label says nothing about the grader",
    "no_judge_confidence": "the row carries no grader confidence",
    "question_changed": "the grader was asked an older wording of the question",
    "question_unknown": "the row has no question hash and another pack version (an old export, or demo data made "
                        "without a grader: `hrm review --demo` items cannot fit a calibration)",
    "annotators_tie": "annotators split evenly on the verdict",
    "extra_annotators": "further annotators on the same verdict count once",
}


def _classify(row: dict[str, Any], n: int, pack: RubricPack, hashes: dict[str, str], grader: str | None
              ) -> tuple[str | None, tuple[str, str] | None, tuple[str, bool, float] | None]:
    """(why the row is left out, or None; its (judgment, check) key; the grader's (model, passed, confidence))."""
    if row.get("rubric") not in (None, pack.id):
        return "other_pack", None, None
    cid = row.get("check") or row.get("target")
    if cid not in hashes:
        return "not_one_llm_check", None, None
    if row.get("verdict") == "n/a":  # the check does not apply to the item: no observation of the grader
        return "human_not_applicable", None, None
    if row.get("verdict") not in ("pass", "fail"):
        return "human_unsure", None, None
    answer = row.get("judge_passed")
    if answer not in ("pass", "fail") and _true(row.get("judge_abstained")):
        answer = row.get("judge_answer")
    if answer not in ("pass", "fail"):
        return "judge_undecided", None, None
    if row.get("judge_source") is not None and row["judge_source"] not in _GRADER_SOURCES:
        return "rule_decided", None, None
    conf = _float(row.get("judge_confidence"))
    if conf is None:
        return "no_judge_confidence", None, None
    qhash = row.get("question_hash")
    if qhash and qhash != hashes[cid]:
        return "question_changed", None, None
    if not qhash and row.get("rubric_version") not in (None, pack.version):
        return "question_unknown", None, None
    model = row.get("judge_tier") or grader
    if not model:
        raise InvalidRequest(f"label export row {n}: no judge_tier; name the grader that judged the labelled "
                             f"items with --grader", field="grader")
    key = (str(row.get("judgment_uid") or f"row{n}"), cid)
    return None, key, (str(model), answer == "pass", conf)
