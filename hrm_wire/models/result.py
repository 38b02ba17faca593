"""What HRM returns: check verdicts, each composition's detail, the score result and batch item errors."""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import ConfigDict, Discriminator, Field, Tag, field_validator, model_validator

from hrm_wire.models.common import _Strict

Source = Literal["rule", "llm", "hybrid", "skipped"]
D = TypeVar("D")
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
    awaiting_answer: bool = Field(
        default=False, description="Undecided until the grader's answer comes in: its question was exported for "
                                   "an offline answer (engine kind batch); passed is None, failed is False.")
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
    checks: list[str] = Field(default_factory=list, description="Ids of its sub-checks (verdicts in `checks`).")

    @field_validator("checks", mode="before")
    @classmethod
    def _ids(cls, v: Any) -> Any:
        return list(v) if isinstance(v, dict) else v  # results stored before v2 held the verdicts here


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
    rubrics: list[str] = Field(default_factory=list, description="Ids of the L2 checks (verdicts in `checks`).")

    @field_validator("rubrics", mode="before")
    @classmethod
    def _ids(cls, v: Any) -> Any:
        return list(v) if isinstance(v, dict) else v


class ProcessResult(_Strict):
    """Process score Score(A, O) of tool use."""

    score: float | None = Field(default=None, ge=0, le=1, description="r_proc before gating; None when skipped.")
    reason: str = Field(default="", description="Judge's reason.")
    skipped: bool = Field(default=False, description="Not run (gate closed or disabled).")
    skip_reason: str | None = Field(default=None, description="Why it was skipped.")
    check: str | None = Field(default=None, description="Id of the process check (its verdict in `checks`).")

    @field_validator("check", mode="before")
    @classmethod
    def _id(cls, v: Any) -> Any:
        return v.get("id") if isinstance(v, dict) else v


class HRMDetail(_Strict):
    """The HRM composition's part of a result (ChatShopBuddy): L1 gate, L2 score, gated process reward."""

    kind: Literal["hrm"] = Field(default="hrm", description="The composition that filled this detail.")
    r_out: float | None = Field(default=None, description="Outcome reward: 0 if the L1 gate fails, else 1 + alpha * "
                                                           "G_L2^k; None when undecided.")
    r_proc: float | None = Field(default=None, description="Process reward after gating (0 when gated off).")
    l1: L1Result | None = Field(default=None, description="L1 gate.")
    l2: L2Result | None = Field(default=None, description="L2 score.")
    process: ProcessResult | None = Field(default=None, description="Process judgment.")


class WeightedDetail(_Strict):
    """The weighted composition's part of a result: reward = sum of weight x score."""

    kind: Literal["weighted"] = Field(default="weighted", description="The composition that filled this detail.")
    components: dict[str, float] = Field(
        default_factory=dict, description="weight x score per check, plus a rule's named sub-rewards as "
                                          "`<check>.<name>` (reported, not added again).")


ItemStatus = Literal["answered", "not_applicable", "abstained", "failed", "awaiting", "not_asked"]


class ItemVerdict(_Strict):
    """One rubric item of the request: its answer and what it added (the question's verdict is in ``checks``)."""

    weight: float = Field(description="The item's weight (negative: a pitfall).")
    veto: bool = Field(default=False, description="A failing veto item zeroes the reward.")
    status: ItemStatus = Field(description="answered; not_applicable (its `applies_if` did not hold); abstained, "
                                           "failed or awaiting (undecided); not_asked (a veto had zeroed the reward).")
    answer: str | None = Field(default=None, description="The chosen choice (no/yes, or the ordinal answer).")
    score: float | None = Field(default=None, ge=0, le=1,
                                description="Position of the answer over the last choice (no/yes: 0/1).")
    check: str = Field(description="Id of the check that asked it (its verdict, reason and confidence in `checks`).")


class ItemsDetail(_Strict):
    """The rubric_items composition's part of a result: reward = max(0, sum w*s / sum of positive w), vetoes first."""

    kind: Literal["rubric_items"] = Field(default="rubric_items", description="The composition that filled this detail.")
    items: dict[str, ItemVerdict] = Field(default_factory=dict, description="Per item id, in the request's order.")
    vetoed_by: str | None = Field(default=None, description="The veto item that zeroed the reward, if one did.")
    decided_weight: float | None = Field(
        default=None, ge=0, le=1, description="Share of the applicable items' total |weight| that was decided.")
    calibrated: bool = Field(default=False, description="Every item question has calibrated thresholds for this "
                                                        "grader (ad-hoc items never do: their verdicts are "
                                                        "uncalibrated).")


class OtherDetail(_Strict):
    """The detail of a composition this wire version does not know (a plugin's): its fields as they came."""

    model_config = ConfigDict(extra="allow")
    kind: str = Field(description="The composition that filled this detail.")


def _detail_kind(v: Any) -> str:
    kind = v.get("kind") if isinstance(v, dict) else getattr(v, "kind", None)
    return kind if kind in DETAIL_KINDS else "other"


#: the per-composition part of a result, told apart by ``kind``
ResultDetail = Annotated[
    Annotated[HRMDetail, Tag("hrm")] | Annotated[WeightedDetail, Tag("weighted")]
    | Annotated[ItemsDetail, Tag("rubric_items")] | Annotated[OtherDetail, Tag("other")],
    Discriminator(_detail_kind),
]
DETAIL_KINDS = ("hrm", "weighted", "rubric_items")


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

    @model_validator(mode="before")
    @classmethod
    def _legacy_shape(cls, data: Any) -> Any:
        """Results made before the ``detail`` field (wire v1, stores written then) carried HRM's and the weighted
        composition's fields at the top level; they are read into ``detail``."""
        if not isinstance(data, dict) or "detail" in data:
            return data
        hrm = {k: data[k] for k in ("r_out", "r_proc", "l1", "l2", "process") if k in data}
        components = data.get("components")
        if not hrm and components is None:
            return data
        data = {k: v for k, v in data.items() if k not in ("r_out", "r_proc", "l1", "l2", "process", "components")}
        if components:
            data["detail"] = {"kind": "weighted", "components": components}
        elif any(hrm.get(k) is not None for k in ("l1", "l2", "process", "r_out")):
            data["detail"] = {"kind": "hrm", **hrm}
            data.setdefault("scores", _v1_hrm_scores(hrm))
        if data.get("detail"):
            data.setdefault("composition", data["detail"]["kind"])
        return data

    def detail_as(self, cls: type[D]) -> D | None:
        """``detail`` if it is a ``cls`` (``result.detail_as(HRMDetail)``), else None."""
        return self.detail if isinstance(self.detail, cls) else None

    id: str | None = Field(default=None, description="The request's id.")
    rubric: str = Field(description="Rubric pack id.")
    rubric_version: str = Field(description="Content-derived version of the pack.")
    grader_model: str = Field(description="Grader model id.")
    reward: float | None = Field(default=None, description="The reward the pack's composition computed (HRM: r = r_out "
                                                             "+ beta * r_proc); None if judge_failed or abstained.")
    composition: str | None = Field(default=None, description="The pack's composition (hrm, weighted, ...).")
    detail: ResultDetail | None = Field(default=None, description="The composition's own part of the result, by "
                                                                  "`kind` (HRM: r_out, r_proc, L1, L2, process).")
    scores: dict[str, float] = Field(
        default_factory=dict,
        description="The composition's headline numbers besides the reward, by name (HRM: r_out, r_proc, g_l1 as "
                    "0/1, g_l2, process; weighted: weight x score per check). Undecided ones are absent; the pack "
                    "lists every name its results can carry (`RubricInfo.scores`).")
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
    awaiting_answers: bool = Field(
        default=False, description="The reward depends on grader answers not in yet (engine kind batch: the "
                                   "questions were exported). reward is None; run the judgment again once they are "
                                   "imported. See `awaiting`.")
    awaiting: Failure | None = Field(default=None, description="Which stage/check awaits an answer, and where its "
                                                               "question was exported.")
    stored: StoreState | None = Field(
        default=None,
        description="What the service's judgment store held when this answer went out: `written` (committed "
                    "before the answer), `pending` (still queued: the bounded wait ran out, or is off), "
                    "`queued` (the database is down: written when it returns, or dropped and counted), "
                    "`dropped` (not stored), `off` (the store is disabled). None when not served by a "
                    "service (local scoring) or read back from the store.")


def _v1_hrm_scores(hrm: dict[str, Any]) -> dict[str, float]:
    """The headline numbers a v2 server gives an HRM result (``HRMComposition.headline``), for a v1 result."""
    def get(obj: Any, key: str) -> Any:
        return obj.get(key) if isinstance(obj, dict) else getattr(obj, key, None)

    l1, l2, process = hrm.get("l1"), hrm.get("l2"), hrm.get("process")
    gate = get(l1, "passed") if l1 is not None else None
    out = {"r_out": hrm.get("r_out"), "r_proc": hrm.get("r_proc"), "g_l1": None if gate is None else float(gate),
           "g_l2": get(l2, "score") if l2 is not None else None,
           "process": get(process, "score") if process is not None else None}
    return {k: float(v) for k, v in out.items() if v is not None}


class ItemError(_Strict):
    """A failed item inside a batch: the others carry on."""

    id: str | None = Field(default=None, description="Item id (or line number) that failed.")
    type: str = Field(description="Error type (see hrm_wire.errors).")
    message: str = Field(description="What was wrong.")
    field: str | None = Field(default=None, description="Offending field, when known.")


class RubricInfo(_Strict):
    """A loaded rubric pack, as listed by `hrm rubrics` and GET /v1/rubrics."""

    id: str = Field(description="Pack id (a request's `rubric`).")
    version: str = Field(description="Content-derived version of the pack.")
    description: str = Field(description="What the pack judges.")
    composition: str = Field(description="How its check verdicts become a reward (hrm, weighted, ...).")
    checks: list[str] = Field(description="Ids of its checks.")
    scores: list[str] = Field(default_factory=list,
                              description="Every name a result's `scores` can carry for this pack.")
    context_keys: list[str] = Field(
        default_factory=list,
        description="Keys of `ScoreRequest.context` the pack's rules read, which a trainer plugin computes from the "
                    "rollout when it can (e.g. shop_r1's rationale_self_certainty).")
