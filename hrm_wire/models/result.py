"""What HRM returns: check verdicts, the L1/L2/process parts, the score result and batch item errors."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from hrm_wire.models.common import _Strict

Source = Literal["rule", "llm", "hybrid", "skipped"]
#: what the service's judgment store held when an answer went out (``judge_server.store.ack``)
StoreState = Literal["written", "pending", "queued", "dropped", "off"]


class CheckResult(_Strict):
    """The verdict of one check (a rule, an LLM question, or both combined)."""

    id: str = Field(description="Check id from the rubric pack.")
    stage: str = Field(description="Stage the check belongs to (l1, l2, process, or a pack's own).")
    group: str | None = Field(default=None, description="Dimension the check rolls up into (L1 dimensions).")
    passed: bool | None = Field(default=None, description="Binary verdict; None when the judge failed or abstained.")
    score: float | None = Field(default=None, description="Score in [0, 1] (1.0/0.0 for binary checks).")
    raw_score: float | None = Field(default=None, description="Score on the judge's own scale (e.g. 1-3).")
    reason: str = Field(default="", description="Why: the judge's reason or the rule's evidence.")
    evidence: list[str] = Field(default_factory=list, description="Facts a deterministic check found.")
    confidence: float = Field(default=1.0, ge=0, le=1, description="Confidence in the verdict (1.0 for rules).")
    source: Source = Field(default="rule", description="What decided the verdict.")
    attempts: int = Field(default=0, ge=0, description="LLM generations used (retries included).")
    cached: bool = Field(default=False, description="The LLM verdict came from the cache.")
    failed: bool = Field(default=False, description="The judge failed for this check (parse/engine failure).")
    failure: str | None = Field(default=None, description="Cause of the failure.")
    raw: str | None = Field(default=None, description="Raw grader text when parsing failed.")
    abstained: bool = Field(default=False,
                            description="Undecided on purpose: no rule was sure and every grader tier was below its "
                                        "calibrated confidence threshold (passed is None, failed is False).")
    tier: str | None = Field(default=None, description="Grader tier (engine) that produced the deciding verdict.")
    grader_passed: bool | None = Field(
        default=None, description="The check verdict the grader's answers make, unsure ones included: equal to "
                                  "passed for a decided grader check; for an abstained one, the verdict it would "
                                  "have had (never used for the reward; human labels refit thresholds with it).")
    grader_confidence: float | None = Field(
        default=None, ge=0, le=1, description="Confidence of grader_passed as calibration measures it: the most "
                                              "confident 'no' when it fails, the least confident 'yes' when it passes.")


class DimensionResult(_Strict):
    """An L1 dimension: passes only if every sub-check passes."""

    passed: bool | None = Field(default=None, description="Dimension verdict; None if undecided (a sub-check's judge "
                                                              "failed or abstained and none surely failed).")
    reason: str = Field(default="", description="Reason of the deciding sub-check.")
    confidence: float = Field(default=1.0, ge=0, le=1, description="Lowest confidence among its sub-checks.")
    checks: dict[str, CheckResult] = Field(default_factory=dict, description="Sub-checks by id.")


class L1Result(_Strict):
    """L1 gate G_L1 = product of the dimension verdicts."""

    passed: bool | None = Field(default=None, description="G_L1 as a boolean; None if undecided (judge failed or "
                                                              "abstained and no dimension surely failed).")
    dimensions: dict[str, DimensionResult] = Field(default_factory=dict,
                                                   description="product_correctness, text_relevance, description_faithfulness.")


class L2Result(_Strict):
    """L2 score G_L2 = fraction of rubric metrics passed."""

    score: float | None = Field(default=None, ge=0, le=1, description="G_L2; None when skipped, failed or abstained.")
    skipped: bool = Field(default=False, description="Not run (L1 failed).")
    rubrics: dict[str, CheckResult] = Field(default_factory=dict, description="Per-metric verdicts.")


class ProcessResult(_Strict):
    """Process score Score(A, O) of tool use."""

    score: float | None = Field(default=None, ge=0, le=1, description="r_proc before gating; None when skipped.")
    reason: str = Field(default="", description="Judge's reason.")
    skipped: bool = Field(default=False, description="Not run (gate closed or disabled).")
    skip_reason: str | None = Field(default=None, description="Why it was skipped.")
    check: CheckResult | None = Field(default=None, description="The underlying check.")


class Failure(_Strict):
    """Why a judgment failed."""

    stage: str = Field(description="Stage where the judge failed.")
    check: str | None = Field(default=None, description="Check id that failed.")
    cause: str = Field(description="Human-readable cause (parse failure, engine error, timeout).")
    raw: str | None = Field(default=None, description="Last raw grader output, if any.")


class ScoreResult(_Strict):
    """The judgment of one trajectory.

    ``reward`` is None when the judge failed or abstained: neither is ever a silent reward of 0.
    """

    id: str | None = Field(default=None, description="The request's id.")
    rubric: str = Field(description="Rubric pack id.")
    rubric_version: str = Field(description="Content-derived version of the pack.")
    grader_model: str = Field(description="Grader model id.")
    reward: float | None = Field(default=None, description="Total reward r = r_out + beta * r_proc; None if judge_failed "
                                                             "or abstained.")
    r_out: float | None = Field(default=None, description="Outcome reward.")
    r_proc: float | None = Field(default=None, description="Process reward after gating (0 when gated off).")
    l1: L1Result | None = Field(default=None, description="L1 gate (HRM packs).")
    l2: L2Result | None = Field(default=None, description="L2 score (HRM packs).")
    process: ProcessResult | None = Field(default=None, description="Process judgment (HRM packs).")
    components: dict[str, float] = Field(default_factory=dict, description="Per-component rewards (composed packs).")
    checks: dict[str, CheckResult] = Field(default_factory=dict, description="Every check that ran, by id.")
    reasoning_len: int = Field(default=0, ge=0, description="Reasoning length in whitespace tokens.")
    cached: bool = Field(default=False, description="Every LLM verdict came from the cache.")
    judge_failed: bool = Field(default=False, description="The judge failed; the reward is unusable.")
    failure: Failure | None = Field(default=None, description="Cause of the failure.")
    low_confidence: bool = Field(default=False, description="Some deciding check had low confidence: review first.")
    parse_attempts: int = Field(default=0, ge=0, description="Total LLM generations (retries included).")
    retries: int = Field(default=0, ge=0, description="Generations beyond the first per check.")
    llm_calls: int = Field(default=0, ge=0, description="LLM questions asked (cache hits included).")
    timings_ms: dict[str, float] = Field(default_factory=dict, description="Wall time per stage in milliseconds.")
    prompt_tokens: int = Field(default=0, ge=0, description="Prompt tokens of the questions sent to the engine (verdict-cache "
                                                             "misses only), cached_prompt_tokens included.")
    cached_prompt_tokens: int = Field(default=0, ge=0, description="Prompt tokens served from the engine's prefix cache.")
    abstained: bool = Field(default=False,
                            description="The judge abstained: a check the reward depends on was undecided. reward is "
                                        "None, distinct from judge_failed and from a real 0; see `abstention`.")
    abstention: Failure | None = Field(default=None, description="Which stage/check abstained and why.")
    stored: StoreState | None = Field(
        default=None,
        description="What the service's judgment store held when this answer went out: `written` (committed "
                    "before the answer), `pending` (still queued: the bounded wait ran out, or is off), "
                    "`queued` (the database is down: written when it returns, or dropped and counted), "
                    "`dropped` (not stored), `off` (the store is disabled). None when not served by a "
                    "service (local scoring) or read back from the store.")


class ItemError(_Strict):
    """A failed item inside a batch: the others carry on."""

    id: str | None = Field(default=None, description="Item id (or line number) that failed.")
    type: str = Field(description="Error type (see hrm_wire.errors).")
    message: str = Field(description="What was wrong.")
    field: str | None = Field(default=None, description="Offending field, when known.")


class RubricInfo(_Strict):
    """A loaded rubric pack, as listed by `hrm rubrics` and GET /v1/rubrics."""

    id: str
    version: str
    description: str
    composition: str
    checks: list[str]
