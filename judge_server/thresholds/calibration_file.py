"""The calibration file: per-check, per-grader-tier confidence thresholds fitted on labelled data.

A versioned JSON document (``format: hrm-calibration``, ``version: 2``; version 1 files, which have no
``by_verdict``, are still read)::

    {"format": "hrm-calibration", "version": 2, "pack": "smartshop",
     "target_agreement": 0.9, "delta": 0.1, "method": "fixed_sequence_binomial", "source": "...",
     "created": "2026-11-23T06:40:00Z",
     "tiers": {"<grader model id>": {"checks": {"ui_relevance": {
          "question_hash": "3f…", "n": 41, "threshold": 0.93, "method": "fixed_sequence_binomial",
          "coverage": 0.61, "agreement": 0.96, "note": "…",
          "curve": [{"threshold": 0.99, "decided": 12, "coverage": 0.29, "agreement": 1.0,
                     "error_upper": 0.17}, …],
          "by_verdict": {"pass": {"n": 25, "threshold": 0.5, …}, "fail": {"n": 16, "threshold": null, …}}}}}}}

A check is keyed by its *question hash* (prompt, answer kind, scale, inputs, examples: see
``question_hash``), not by the pack version, so an edit to another check, the reward parameters or
the pack's description does not void it; an edit to the question itself does. ``threshold: null``
means the labels could not support any threshold (too few, or never accurate enough): that tier
never decides that check, it escalates (or, on the last tier, abstains).

``by_verdict`` (class-conditional thresholds, the default of ``hrm calibrate --fit``): a grader can be
reliable when it says "yes" and unreliable when it says "no" (the embedded 1.5B is: on the dev set every
"yes" it gave to an L1 question was right, most of its "no"s were wrong, at the same confidences). One
pooled threshold then has to be high enough for the "no"s and throws away the good "yes"s. With
``by_verdict`` the judge looks up the threshold of the verdict the grader actually gave; a verdict side
without a threshold never decides. The top-level fields stay the pooled fit, for reference.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from hrm_wire.errors import ConfigError, invalid_from_validation
from judge_server.packs.memo import per_object
from judge_server.packs.schema import LLMQuestion, RubricPack

FORMAT = "hrm-calibration"
VERSION = 2
READABLE_VERSIONS = (1, 2)
Method = Literal["fixed_sequence_binomial", "holdout_empirical", "none"]


@per_object  # asked for twice per grader question
def question_hash(q: LLMQuestion) -> str:
    """Hash of what the grader is asked: a change here means an old calibration no longer applies."""
    payload = {"prompt": q.prompt, "answer": q.answer, "scale": list(q.scale), "inputs": list(q.inputs),
               "pass_examples": q.pass_examples, "fail_examples": q.fail_examples,
               "per_product": q.per_product, "pass_threshold": q.pass_threshold,
               **({"joint": True} if q.joint else {})}  # absent when off: existing calibrations stay valid
    return hashlib.sha256(orjson.dumps(payload, option=orjson.OPT_SORT_KEYS)).hexdigest()[:16]


class _Doc(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CurvePoint(_Doc):
    threshold: float = Field(description="Verdicts with confidence >= this are decided.")
    decided: int = Field(ge=0, description="Labelled items decided at this threshold.")
    coverage: float = Field(ge=0, le=1, description="decided / n.")
    agreement: float | None = Field(description="Agreement with the labels on the decided items.")
    error_upper: float | None = Field(default=None, description="One-sided (1-delta) Clopper-Pearson upper bound "
                                                                "on the disagreement rate of decided items.")


class VerdictThreshold(_Doc):
    n: int = Field(ge=0, description="Labelled observations the threshold was fitted on.")
    threshold: float | None = Field(ge=0, le=1, description="Decide when confidence >= threshold; null: never.")
    method: Method = Field(description="How the threshold was chosen (see judge_server.thresholds.fit).")
    coverage: float | None = Field(default=None, description="Share of the fitting items decided at the threshold.")
    agreement: float | None = Field(default=None, description="Agreement on those decided items.")
    note: str = Field(default="", description="Why there is no threshold, or caveats.")
    curve: list[CurvePoint] = Field(default_factory=list, description="Coverage/agreement per candidate threshold.")


Verdict = Literal["pass", "fail"]


class CheckThreshold(VerdictThreshold):
    question_hash: str = Field(description="question_hash() of the check's LLM question when fitted.")
    by_verdict: dict[Verdict, VerdictThreshold] | None = Field(
        default=None, description="Thresholds fitted separately on the grader's pass and fail verdicts; when "
                                  "present the judge uses the one of the verdict given (a missing side never "
                                  "decides). The pooled fields above are then for reference only.")

    def for_verdict(self, passed: bool | None) -> float | None:
        """The confidence a verdict needs to decide (``passed`` None: a scale answer, the pooled one)."""
        if self.by_verdict is None or passed is None:
            return self.threshold
        side = self.by_verdict.get("pass" if passed else "fail")
        return side.threshold if side is not None else None


class TierThresholds(_Doc):
    checks: dict[str, CheckThreshold] = Field(default_factory=dict, description="By check id.")


class CalibrationFile(_Doc):
    format: Literal["hrm-calibration"] = FORMAT
    version: Literal[1, 2] = VERSION
    pack: str = Field(description="Rubric pack id the checks belong to.")
    target_agreement: float = Field(gt=0, le=1, description="1 - alpha: wanted agreement on decided items.")
    delta: float = Field(gt=0, lt=1, description="Allowed probability that the guarantee fails.")
    method: Method = Field(description="Default fitting method.")
    source: str = Field(default="", description="Where the labels came from.")
    created: str = Field(default="", description="UTC timestamp of the fit.")
    tiers: dict[str, TierThresholds] = Field(description="By grader model id (an engine's model_id).")

    def dump(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.model_dump(mode="json"), indent=1) + "\n")


def read_calibration(path: Path) -> CalibrationFile:
    """Parse and validate a calibration file; anything wrong is a ConfigError naming the file."""
    try:
        data: Any = json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise ConfigError(f"calibration file {path}: cannot read: {exc}", field="judge.calibration_file") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ConfigError(f"calibration file {path}: not an {FORMAT} document", field="judge.calibration_file")
    if data.get("version") not in READABLE_VERSIONS:
        raise ConfigError(f"calibration file {path}: version {data.get('version')!r} is not supported "
                          f"(this HRM reads versions {', '.join(map(str, READABLE_VERSIONS))})",
                          field="judge.calibration_file")
    try:
        return CalibrationFile.model_validate(data)
    except ValidationError as exc:
        raise invalid_from_validation(exc, cls=ConfigError, context=f"calibration file {path}",
                                      field="judge.calibration_file") from None


def mismatches(cal: CalibrationFile, pack: RubricPack) -> list[str]:
    """Why (parts of) ``cal`` do not apply to ``pack`` as it is now; empty when every check matches."""
    if cal.pack != pack.id:
        return [f"it is for pack {cal.pack!r}, not {pack.id!r}"]
    specs = {c.id: c for c in pack.checks}
    out = []
    for model, tier in cal.tiers.items():
        for cid, th in tier.checks.items():
            spec = specs.get(cid)
            if spec is None or spec.llm is None:
                out.append(f"{model}: check {cid!r} has no LLM question in pack {pack.id!r}")
            elif question_hash(spec.llm) != th.question_hash:
                out.append(f"{model}: check {cid!r}: its question changed since the fit "
                           f"(hash {th.question_hash} != {question_hash(spec.llm)})")
    return out
