"""Synthetic shopping judgments to try the review UI (``hrm review --demo N``) and to test it.

They are built directly as ScoreRequest/ScoreResult objects, graded by no model at all
(``grader_model = "demo-samples"``); the rewards follow the HRM formula so the pages look like
the real thing, but no verdict in them means anything.
"""

from __future__ import annotations

import random

from hrm_wire.models import (
    Category,
    CheckResult,
    DimensionResult,
    Failure,
    L1Result,
    L2Result,
    ObservationStep,
    ProcessResult,
    Product,
    ReasoningStep,
    RewardParams,
    ScoreRequest,
    ScoreResult,
    ToolCallStep,
)
from judge_server.compositions import get_composition
from judge_server.compositions.hrm_reward import hrm_reward, process_gate_open

DEMO_GRADER = "demo-samples"
L1_CHECKS = {
    "product_correctness": ["ui_format", "ui_trigger", "ui_completeness", "ui_relevance"],
    "text_relevance": ["text_relevance"],
    "description_faithfulness": ["description_faithfulness"],
}
L2_RUBRICS = ["core_decision_axis", "logical_consistency", "actionable_next_step", "path_differentiation",
              "route_prioritization", "product_level_comparison", "risk_mitigation"]
_ITEMS = [
    ("wireless earbuds", "Audio", {"battery_hours": 8, "brand": "Sonora"}),
    ("trail running shoes", "Footwear", {"drop_mm": 6, "weight_g": 280}),
    ("espresso machine", "Kitchen", {"pressure_bar": 15, "brand": "Crema"}),
    ("4-person tent", "Outdoor", {"weight_kg": 3.9, "season": "3-season"}),
    ("mechanical keyboard", "Computers", {"switch": "brown", "layout": "TKL"}),
    ("standing desk", "Office", {"width_cm": 140, "motor": "dual"}),
]


def _check(rng: random.Random, cid: str, stage: str, group: str | None, passed: bool | None,
           llm: bool, low: bool) -> CheckResult:
    conf = rng.uniform(0.45, 0.65) if low else rng.uniform(0.8, 1.0)
    if passed is None:
        return CheckResult(id=cid, stage=stage, group=group, passed=None, score=None, source="llm", failed=True,
                           failure="verdict could not be parsed after 3 attempts", attempts=3, confidence=0.0)
    # demo data is made without a grader: the reason says so instead of inventing one that may not fit the check
    reason = f"Demo verdict for {cid.replace('_', ' ')} ({'pass' if passed else 'fail'}), drawn at random: no grader judged it."
    return CheckResult(id=cid, stage=stage, group=group, passed=passed, score=float(passed), reason=reason,
                       confidence=round(conf if llm else 1.0, 3), source="llm" if llm else "rule",
                       attempts=1 if llm else 0)


def sample_pair(i: int, seed: int = 0) -> tuple[ScoreRequest, ScoreResult]:
    """One varied (request, result): categories, cards and bundles, L1 fails, judge failures, abstentions."""
    rng = random.Random(seed * 100_003 + i)
    what, pcat, attrs = _ITEMS[i % len(_ITEMS)]
    category = list(Category)[i % len(Category)]
    products = [Product(id=f"PD_{100 + i * 3 + k}", name=f"{attrs.get('brand', 'Acme')} {what} {k + 1}",
                        price=round(rng.uniform(20, 400), 2), category=pcat, attributes=dict(attrs))
                for k in range(3)]
    bundle = category == Category.search_bundle
    cards = (f"<product>{products[0].id},{products[1].id}</product>" if bundle
             else f"<product>{products[0].id}</product> and <product>{products[1].id}</product>")
    response = (f"Here are two {what} options that fit your budget.\n\n{cards}\n\n"
                f"The first is cheaper at {products[0].price:.2f} USD; the second lasts longer. "
                "If battery life matters most, pick the second.")
    if i % 11 == 5:
        response += " You might also like <product>PD_999</product>."  # a card with no product record
    request = ScoreRequest(
        id=f"demo-{seed}-{i:04d}", query=f"I need {what} under 300 dollars, what should I buy? (#{i})",
        category=category, response=response,
        trajectory=[
            ReasoningStep(text=f"The user wants {what}; search with a price cap."),
            ToolCallStep(name="search_products", arguments={"query": what, "max_price": 300}, call_id="c1"),
            ObservationStep(call_id="c1", content=f"{len(products)} results", products=products),
            ToolCallStep(name="get_reviews", arguments={"product_id": products[1].id}, call_id="c2"),
            ObservationStep(call_id="c2", content="4.5 stars from 812 reviews"),
        ])

    low = rng.random() < 0.3
    judge_fails = i % 13 == 7
    abstains = i % 17 == 9 and not judge_fails
    dims: dict[str, DimensionResult] = {}
    all_checks: dict[str, CheckResult] = {}
    for dim, checks in L1_CHECKS.items():
        sub: dict[str, CheckResult] = {}
        for cid in checks:
            llm = cid not in ("ui_format", "ui_trigger")
            passed: bool | None = rng.random() < 0.85
            if judge_fails and cid == "description_faithfulness":
                passed = None
            sub[cid] = _check(rng, cid, "l1", dim, passed, llm, low and llm)
            if abstains and cid == "ui_relevance":
                sub[cid] = CheckResult(id=cid, stage="l1", group=dim, passed=None, source="llm", abstained=True,
                                       confidence=0.55, attempts=1, tier="demo",
                                       reason="Every grader tier was below its calibrated confidence threshold.")
        verdicts = [c.passed for c in sub.values()]
        d_passed = None if None in verdicts else all(verdicts)
        decider = next((c for c in sub.values() if c.passed is not True), next(iter(sub.values())))
        all_checks.update(sub)
        dims[dim] = DimensionResult(passed=d_passed, reason=decider.reason, checks=sub,
                                    confidence=min(c.confidence for c in sub.values()))
    g_l1 = None if any(d.passed is None for d in dims.values()) else all(d.passed for d in dims.values())
    l1 = L1Result(passed=g_l1, dimensions=dims)
    params = RewardParams()
    if abstains:
        return request, _finish(ScoreResult(
            id=request.id, rubric="smartshop", rubric_version="demo", grader_model=DEMO_GRADER, l1=l1,
            l2=L2Result(skipped=True), process=ProcessResult(skipped=True, skip_reason="judge abstained"),
            abstained=True, low_confidence=low,
            abstention=Failure(stage="l1", check="ui_relevance",
                               cause="no grader tier reached its confidence threshold")), all_checks, None)
    if g_l1 is None:
        return request, _finish(ScoreResult(
            id=request.id, rubric="smartshop", rubric_version="demo", grader_model=DEMO_GRADER, l1=l1,
            l2=L2Result(skipped=True), process=ProcessResult(skipped=True, skip_reason="judge failed"),
            judge_failed=True, low_confidence=low,
            failure=Failure(stage="l1", check="description_faithfulness",
                            cause="verdict could not be parsed after 3 attempts", raw="{\"verdict\": maybe")), all_checks, None)
    if not g_l1:
        return request, _finish(ScoreResult(
            id=request.id, rubric="smartshop", rubric_version="demo", grader_model=DEMO_GRADER, reward=0.0,
            r_out=0.0, r_proc=0.0, l1=l1, l2=L2Result(skipped=True),
            process=ProcessResult(skipped=True, skip_reason="L1 gate closed"), low_confidence=low), all_checks, None)
    quality = rng.random()
    rubrics = {r: _check(rng, r, "l2", None, rng.random() < quality, True, low) for r in L2_RUBRICS}
    g_l2 = sum(bool(c.passed) for c in rubrics.values()) / len(rubrics)
    if process_gate_open(True, g_l2, params):
        proc_score = round(rng.uniform(0.4, 1.0), 2)
        process = ProcessResult(score=proc_score, reason="Search arguments match the constraints; the reviews "
                                                         "lookup informed the recommendation.")
    else:
        proc_score = None
        process = ProcessResult(skipped=True, skip_reason=f"G_L2 {g_l2:.2f} below eta {params.eta}")
    reward = hrm_reward(True, g_l2, proc_score, params)
    return request, _finish(ScoreResult(
        id=request.id, rubric="smartshop", rubric_version="demo", grader_model=DEMO_GRADER,
        reward=reward.total, r_out=reward.r_out, r_proc=reward.r_proc, l1=l1,
        l2=L2Result(score=g_l2, rubrics=rubrics), process=process, low_confidence=low), all_checks, rubrics)


def _finish(result: ScoreResult, checks: dict[str, CheckResult], rubrics: dict[str, CheckResult] | None) -> ScoreResult:
    """Every check once in ``checks``, and the headline numbers HRM's composition reports."""
    result.checks = {**checks, **(rubrics or {})}
    result.composition = "hrm"
    result.scores = get_composition("hrm").headline(result)
    return result


def sample_pairs(n: int, seed: int = 0) -> list[tuple[ScoreRequest, ScoreResult]]:
    return [sample_pair(i, seed) for i in range(n)]
