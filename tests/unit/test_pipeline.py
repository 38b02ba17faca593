"""The pipeline on the scripted fake engine: gating, call economy, failures, deadlines."""

from __future__ import annotations

import asyncio

import pytest

from hrm_wire.errors import DeadlineExceeded, InvalidRequest, RequestTooLarge, UnknownRubric


async def score(pipeline, data):
    await pipeline.start()
    return await pipeline.score(pipeline.parse_request(data))


async def test_good_item_passes_everything(make_pipeline, examples):
    p = make_pipeline()
    r = await score(p, examples["good-earbuds"])
    assert r.detail.l1.passed and r.detail.l2.score == 1.0 and r.detail.process.score == 1.0
    assert r.reward == pytest.approx(1.55) and not r.judge_failed
    assert r.rubric_version and r.grader_model == "fake-grader"
    assert {"rules", "l1", "l2", "process", "total"} <= set(r.timings_ms)
    dims = r.detail.l1.dimensions
    assert set(dims) == {"product_correctness", "text_relevance", "description_faithfulness"}
    assert set(dims["product_correctness"].checks) == {"ui_format", "ui_trigger", "ui_completeness", "ui_relevance"}


@pytest.mark.parametrize(("item", "options"), [
    ("flaw-malformed-card", {}), ("flaw-unknown-id", {}), ("flaw-missing-card", {}), ("flaw-constraint-violated", {}),
    # cards on an advice answer are a sure failure only when the caller says no cards belong
    ("flaw-cards-on-advice", {"expect_cards": False})])
async def test_rule_failures_close_the_gate_without_any_llm_call(make_pipeline, examples, item, options):
    p = make_pipeline()
    r = await score(p, {**examples[item], "options": options})
    assert r.detail.l1.passed is False and r.reward == 0.0 and not r.judge_failed
    assert r.llm_calls == 0 and not p.engine.requests
    assert r.detail.l2.skipped and r.detail.process.skipped


async def test_llm_l1_failure_skips_l2_and_process(make_pipeline, examples):
    # the first L1 question answered "no": text relevance (or a per-product check) fails
    p = make_pipeline(script=['{"verdict": "no", "reason": "off topic"}'])
    r = await score(p, examples["good-backpack"])
    assert r.detail.l1.passed is False and r.reward == 0.0
    assert all(c.stage == "l1" for c in r.checks.values())
    assert not any(req.messages[-1].content.startswith("Metric") for req in p.engine.requests)


async def test_l2_fraction_and_process_gate(make_pipeline, examples):
    # all L1 pass (default), then L2 answers: script covers L1 questions first
    data = examples["good-castiron-advice"]  # no products: L1 asks completeness and text relevance
    no = '{"verdict": "no", "reason": "x"}'
    yes = '{"verdict": "yes", "reason": "x"}'
    # 2 L1 questions, then 7 L2 questions: 4/7 = 0.571 < eta = 0.7 keeps the process judge off
    p = make_pipeline(script=[yes, yes, yes, yes, yes, yes, no, no, no])
    r = await score(p, data)
    assert r.detail.l2.score == pytest.approx(4 / 7)
    assert r.detail.process.skipped and "below eta" in r.detail.process.skip_reason
    assert r.reward == pytest.approx(1 + 0.5 * (4 / 7) ** 5) and r.detail.r_proc == 0.0
    assert len(p.engine.requests) == 9
    # 5/7 = 0.714 >= eta: the process judge runs (default answer: 4 of 4)
    p = make_pipeline(script=[yes, yes, yes, yes, yes, yes, yes, no, no])
    r = await score(p, data)
    assert r.detail.l2.score == pytest.approx(5 / 7) and r.detail.process.score == 1.0
    assert r.reward == pytest.approx(1 + 0.5 * (5 / 7) ** 5 + 0.05)


async def test_options_override_reward_parameters(make_pipeline, examples):
    data = examples["good-castiron-advice"]
    data["options"] = {"reward": {"alpha": 1.0, "beta": 0.5, "eta": 0.5, "k": 1}}
    r = await score(make_pipeline(), data)
    assert r.reward == pytest.approx(1 + 1.0 + 0.5)


async def test_garbage_every_time_is_judge_failed_not_zero(make_pipeline, examples):
    p = make_pipeline(default="garbage", max_attempts=3)
    r = await score(p, examples["good-castiron-advice"])
    assert r.judge_failed and r.reward is None and r.detail.r_out is None
    assert r.failure.stage == "l1" and r.failure.check == "ui_completeness"  # the first failing check, in pack order
    assert r.failure.raw == "I think it is fine, probably."
    assert r.checks["text_relevance"].attempts == 3 and r.retries == 4  # two questions, two retries each


async def test_garbage_then_valid_json_recovers_with_a_repair_prompt(make_pipeline, examples):
    p = make_pipeline(script=["not json at all"])
    r = await score(p, examples["good-castiron-advice"])
    assert not r.judge_failed and r.checks["ui_completeness"].attempts == 2  # the first question asked
    repair = next(r.messages for r in p.engine.requests if r.messages[-2].role == "assistant")
    assert repair[-2].content == "not json at all"
    assert "could not be used" in repair[-1].content


async def test_judge_failure_in_l2_is_reported_with_its_stage(make_pipeline, examples):
    yes = '{"verdict": "yes", "reason": "x"}'
    p = make_pipeline(script=[yes, yes], default="garbage", max_attempts=2)  # both L1 questions pass
    r = await score(p, examples["good-castiron-advice"])
    assert r.judge_failed and r.failure.stage == "l2" and r.reward is None


async def test_deadline_cancels_the_judgment(make_pipeline, examples, tmp_path):
    p = make_pipeline()
    p.engine.config = p.engine.config.model_copy(update={"delay_s": 5.0})
    await p.start()
    req = p.parse_request(examples["good-castiron-advice"])
    with pytest.raises(DeadlineExceeded):
        await p.score(req, deadline_s=0.05)


async def test_bad_input_is_typed_and_names_the_field(make_pipeline, examples):
    p = make_pipeline()
    with pytest.raises(InvalidRequest) as info:
        p.parse_request({"query": "x"}, item_id="7")
    assert info.value.field == "response" and info.value.item_id == "7"
    with pytest.raises(InvalidRequest) as info:
        p.parse_request({"query": "x", "response": "y", "trajectory": [{"kind": "tool_call", "name": 5}]})
    assert info.value.field.startswith("trajectory.0")
    with pytest.raises(InvalidRequest):
        p.parse_request(b"{not json")
    with pytest.raises(RequestTooLarge):
        p.parse_request(b"{" + b" " * 300_000 + b"}")
    with pytest.raises(RequestTooLarge):
        p.parse_request({"query": "x", "response": "y" * 30_000})
    with pytest.raises(UnknownRubric):
        await p.score(p.parse_request(dict(examples["good-earbuds"], rubric="nope")))


async def test_score_many_isolates_failures(make_pipeline, examples):
    p = make_pipeline()
    await p.start()
    reqs = [p.parse_request(examples["good-earbuds"]), p.parse_request(dict(examples["good-backpack"], rubric="nope"))]
    out = await p.score_many(reqs)
    assert out[0].reward == pytest.approx(1.55)
    assert isinstance(out[1], UnknownRubric) and out[1].item_id == "good-backpack"


async def test_cache_hits_are_flagged_and_skip_the_engine(make_pipeline, examples):
    p = make_pipeline(cache=True)
    first = await score(p, examples["good-earbuds"])
    calls = len(p.engine.requests)
    second = await p.score(p.parse_request(examples["good-earbuds"]))
    assert not first.cached and second.cached and len(p.engine.requests) == calls
    assert second.reward == first.reward
    third = await p.score(p.parse_request(dict(examples["good-earbuds"], options={"use_cache": False})))
    assert not third.cached and len(p.engine.requests) == 2 * calls


async def test_calibration_mode_asks_every_l1_question(make_pipeline, examples):
    p = make_pipeline(l1_short_circuit=False)
    r = await score(p, examples["flaw-constraint-violated"])
    assert r.detail.l1.passed is False
    assert r.checks["text_relevance"].source in ("llm", "hybrid") and r.llm_calls > 0


async def test_reasoning_length_counts_reasoning_steps_and_think_spans(make_pipeline, examples):
    data = examples["good-earbuds"]
    data["response"] = "<think>one two three</think>" + data["response"]
    r = await score(make_pipeline(), data)
    assert r.reasoning_len == len("User wants waterproof running earbuds below $100.".split()) + 3


async def test_concurrent_scoring(make_pipeline, examples):
    p = make_pipeline()
    await p.start()
    reqs = [p.parse_request(d) for d in examples.values()]
    results = await asyncio.gather(*(p.score(r) for r in reqs))
    assert len(results) == len(reqs) and all(r.reward is not None for r in results)


async def test_exhaustive_option_judges_everything_but_keeps_the_reward_gated(make_pipeline, examples):
    data = examples["flaw-constraint-violated"]
    data["options"] = {"exhaustive": True}
    p = make_pipeline()
    r = await score(p, data)
    assert r.detail.l1.passed is False and r.reward == 0.0 and r.detail.r_proc == 0.0
    assert r.checks["text_relevance"].source != "skipped"
    assert r.detail.l2.score == 1.0 and not r.detail.l2.skipped and r.detail.process.skipped


async def test_prompt_over_the_context_is_not_retried(make_pipeline, examples):
    from hrm_wire.errors import EngineError

    p = make_pipeline(max_attempts=3)
    calls = 0

    async def too_long(request):
        nonlocal calls
        calls += 1
        raise EngineError("prompt exceeds context", details={"type": "exceed_context_size_error"})

    p.engine.generate = too_long
    r = await score(p, examples["good-castiron-advice"])
    assert r.judge_failed and calls == 2 and "exceeds context" in r.failure.cause  # one call per question


async def test_transient_engine_errors_are_retried(make_pipeline, examples):
    from hrm_wire.errors import EngineError

    p = make_pipeline(max_attempts=3)
    real = p.engine.generate
    failures = 0

    async def flaky(request):
        nonlocal failures
        if failures < 2:
            failures += 1
            raise EngineError("slot crashed")
        return await real(request)

    p.engine.generate = flaky
    r = await score(p, examples["good-castiron-advice"])
    assert not r.judge_failed and r.retries == 2 and r.llm_calls >= 2


async def test_process_judge_disabled_gives_r_out_only(make_pipeline, examples):
    data = examples["good-castiron-advice"]
    data["options"] = {"process_judge": False}
    p = make_pipeline()
    r = await score(p, data)
    assert r.detail.process.skipped and "disabled" in r.detail.process.skip_reason
    assert r.detail.r_proc == 0.0 and r.reward == pytest.approx(1.5)
    assert "process" not in r.checks


async def test_pack_without_l2_or_process_checks(make_pipeline, examples):
    from judge_server.packs.schema import RubricPack

    p = make_pipeline()
    full = p.registry.get("smartshop")
    p.registry.packs["smartshop"] = RubricPack.model_validate(
        {**full.model_dump(), "checks": [c.model_dump() for c in full.stage("l1")]})
    r = await score(p, examples["good-castiron-advice"])
    assert r.detail.l1.passed and r.detail.process.skipped and r.reward == pytest.approx(1.5)


@pytest.mark.parametrize(("item", "answer", "passed"), [
    ("good-castiron-advice", "yes", False),  # the grader says the query calls for products; no card is shown
    ("good-castiron-advice", "no", True),
    ("good-earbuds", "yes", True),           # cards shown for a query that calls for products
    ("good-earbuds", "no", False)])
async def test_ui_trigger_grader_classifies_the_query_and_code_checks_the_cards(make_pipeline, examples, monkeypatch,
                                                                                item, answer, passed):
    from judge_server.rules.base import RuleOutcome
    from judge_server.rules.registry import RULES

    # the rule decides from options.expect_cards or a category; without either it is not sure
    with RULES.replaced("ui_trigger", lambda ctx: RuleOutcome(None, "no category or expect_cards")):
        data = {k: v for k, v in examples[item].items() if k != "category"}
        p = make_pipeline(l1_short_circuit=False)
        real = p.judge.ask

        async def ask(q, messages, use_cache=True, *, check_id=None, agree=None):
            from dataclasses import replace

            from judge_server.grading.parsing import ParsedVerdict

            v = await real(q, messages, use_cache, check_id=check_id, agree=agree)
            return replace(v, verdict=ParsedVerdict(answer == "yes", None, "x")) if check_id == "ui_trigger" else v

        p.judge.ask = ask
        r = await score(p, data)
        check = r.checks["ui_trigger"]
        assert check.source == "hybrid" and check.passed is passed and r.detail.l1.passed is passed
        assert check.reason.startswith(f"grader: {answer}; cards shown: {'yes' if item == 'good-earbuds' else 'no'}")
        (question,) = [q for q in p.engine.requests if "call for specific products" in q.messages[-1].content]
        assert data["query"] in question.messages[-1].content


async def test_l2_questions_see_the_carded_products_records(make_pipeline, examples):
    p = make_pipeline()
    await score(p, examples["good-earbuds"])
    l2 = [q.messages[-1].content for q in p.engine.requests if "Metric: risk mitigation" in q.messages[-1].content]
    assert len(l2) == 1 and "PRODUCT RECORDS" in l2[0]
    assert '"id": "PD_101"' in l2[0] and '"water_resistance": "IP68"' in l2[0]
    assert "the metric fails" in l2[0]  # a text/card conflict fails the rubric


async def test_rule_if_applicable_asks_the_grader_only_when_the_rule_does_not_apply(tmp_path):
    import yaml

    from judge_server.config import HRMConfig
    from judge_server.engines.fake import FakeEngine
    from judge_server.packs.registry import RubricRegistry
    from judge_server.pipeline import ScoringPipeline

    pack = {"id": "tools", "description": "tool arguments", "composition": {"kind": "weighted"},
            "checks": [{"id": "args", "stage": "tools", "rule": "tool_arguments", "combine": "rule_if_applicable",
                        "llm": {"prompt": "Did the assistant need no tool for this query?"}}]}
    (tmp_path / "tools.yaml").write_text(yaml.safe_dump(pack))
    config = HRMConfig(engine={"kind": "fake"}, cache={"enabled": False})
    p = ScoringPipeline(config, engine=FakeEngine(config.engine), registry=RubricRegistry([tmp_path]))
    await p.start()
    with_call = {"rubric": "tools", "query": "q", "response": "r",
                 "trajectory": [{"kind": "tool_call", "name": "search", "arguments": {"q": "x"}}]}
    decided = await p.score(p.parse_request(with_call))
    assert decided.checks["args"].source == "rule" and decided.llm_calls == 0
    asked = await p.score(p.parse_request({**with_call, "trajectory": []}))  # no calls: the rule does not apply
    assert asked.checks["args"].source == "hybrid" and asked.llm_calls == 1 and asked.reward == 1.0


@pytest.mark.parametrize(("layout", "starts"), [("shared_first", "Material to evaluate:"),
                                                ("question_first", "Question: does every product the response")])
async def test_judge_prompt_layout_is_honoured(make_pipeline, examples, layout, starts):
    p = make_pipeline(prompt_layout=layout)
    await score(p, examples["good-castiron-advice"])
    assert p.engine.requests[0].messages[-1].content.startswith(starts)


async def test_retries_back_off_exponentially_up_to_the_cap(make_pipeline, examples, monkeypatch):
    """The retry loop's schedule: initial * 2**(n-1) after the n-th failed attempt, at most backoff_max_s."""
    import judge_server.grading.judge as judge_module

    slept: list[float] = []
    real_sleep = asyncio.sleep

    async def record(seconds: float) -> None:
        slept.append(seconds)
        await real_sleep(0)

    monkeypatch.setattr(judge_module, "backoff_sleep", record)
    p = make_pipeline(default="garbage", max_attempts=4)
    p.judge.config = p.judge.config.model_copy(update={"backoff_initial_s": 0.1, "backoff_max_s": 0.3})
    r = await score(p, examples["good-castiron-advice"])
    assert r.judge_failed and r.checks["text_relevance"].attempts == 4
    # each question's three retries wait 0.1, 0.2 and 0.3 (0.4 capped); none after its last attempt
    from collections import Counter
    waits = Counter(slept)
    assert set(waits) == {0.1, 0.2, 0.3} and waits[0.1] == waits[0.2] == waits[0.3] >= 1


async def test_an_engine_using_asyncio_timeout_runs_in_its_own_task(make_pipeline, examples):
    """Checks start in place (judge_server.checks.eager); the judge waits once before calling the engine, so an
    engine's ``asyncio.timeout`` (bound to the current task) times out its own call, not the whole judgment."""
    from hrm_wire.errors import EngineError
    from judge_server.engines.fake import FakeEngine

    pipeline = make_pipeline()
    engine = pipeline.engine
    assert isinstance(engine, FakeEngine)
    generate = FakeEngine.generate

    async def with_timeout(request):  # a grader client whose calls time out
        try:
            async with asyncio.timeout(0.02):
                await asyncio.sleep(5)
                return await generate(engine, request)
        except TimeoutError:
            raise EngineError("grader timed out") from None

    engine.generate = with_timeout  # type: ignore[method-assign]
    await pipeline.start()
    result = await pipeline.score(pipeline.parse_request(examples["good-earbuds"]))
    assert result.judge_failed and "timed out" in (result.failure.cause or "")  # reported, not a cancelled judgment
    assert result.failure.stage == "l1" and sum(c.failed for c in result.checks.values()) > 1  # asked together
