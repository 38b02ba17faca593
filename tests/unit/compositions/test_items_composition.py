"""The rubric_items composition on the scripted engine: the reward formula, vetoes first, applies_if, ordinal items,
code verifiers, and every way a result is undecided (judge failed, abstained) instead of a silent 0.

Real-backed siblings: tests/real/test_rubric_items_real.py (the embedded grader answers real item questions) and
tests/transports/test_items_transports.py (HTTP and gRPC)."""

from __future__ import annotations

import pytest
from grader_steer import steer

from hrm_wire.errors import InvalidRequest
from hrm_wire.models import ItemsDetail

ITEMS = [
    {"id": "time", "text": "Does the response give a boiling time?", "weight": 3},
    {"id": "safe", "text": "Does the response say to cool the egg in cold water?", "weight": 1},
    {"id": "raw", "text": "Does the response say raw eggs are always safe to eat?", "weight": -2},
]


def request(items=ITEMS, **extra) -> dict:
    return {"query": "How long do I boil an egg?", "response": "Boil it for nine minutes, then cool it in cold water.",
            "rubric_items": items, **extra}


async def score(pipeline, payload, answers=None):
    asked = steer(pipeline, answers or {})
    await pipeline.start()
    result = await pipeline.score(pipeline.parse_request(payload))
    return result, asked


@pytest.mark.parametrize(("answers", "reward"), [
    ({"raw": "no"}, 1.0),                               # (3 + 1) / 4
    ({"raw": "no", "safe": "no"}, 0.75),                # 3 / 4
    ({}, 0.5),                                          # the pitfall is present: (3 + 1 - 2) / 4
    ({"time": "no", "safe": "no"}, 0.0),                # -2 / 4, clipped at 0: a decided 0
    ({"raw": "no", "safe": "abstain"}, 1.0),            # 1 of 6 |w| undecided (<= 25 %): scored on the rest
])
async def test_reward_is_weighted_mean_over_positive_weight(make_pipeline, answers, reward):
    r, _ = await score(make_pipeline(), request(), answers)
    assert not r.abstained and not r.judge_failed
    assert r.reward == pytest.approx(reward)
    d = r.detail_as(ItemsDetail)
    assert r.composition == "rubric_items" and list(d.items) == ["time", "safe", "raw"]
    assert d.calibrated is False and r.rubric == "items"


async def test_item_verdicts_say_what_was_answered(make_pipeline):
    r, _ = await score(make_pipeline(), request(), {"raw": "no", "safe": "abstain"})
    d = r.detail_as(ItemsDetail)
    assert d.items["time"].model_dump() == {"weight": 3.0, "veto": False, "status": "answered", "answer": "yes",
                                            "score": 1.0, "check": "time"}
    assert d.items["raw"].answer == "no" and d.items["safe"].status == "abstained" and d.items["safe"].score is None
    assert d.decided_weight == pytest.approx(5 / 6)
    assert r.scores == {"decided_weight": pytest.approx(5 / 6), "vetoed": 0.0}
    assert r.checks["time"].stage == "item" and r.checks["raw"].passed is False


async def test_too_much_undecided_weight_abstains_naming_it(make_pipeline):
    r, _ = await score(make_pipeline(), request(), {"time": "abstain"})
    assert r.abstained and r.reward is None and not r.judge_failed
    assert r.abstention.check == "time" and "50%" in r.abstention.cause


async def test_a_judge_failure_is_judge_failed_not_zero(make_pipeline):
    r, _ = await score(make_pipeline(), request(), {"safe": "fail"})
    assert r.judge_failed and r.reward is None and r.failure.check == "safe"


async def test_a_failed_veto_zeroes_the_reward_before_other_items_are_asked(make_pipeline):
    items = [{**ITEMS[0], "veto": True}, *ITEMS[1:]]
    r, asked = await score(make_pipeline(), request(items), {"time": "no"})
    assert r.reward == 0.0 and not r.abstained
    assert asked == ["time"]
    d = r.detail_as(ItemsDetail)
    assert d.vetoed_by == "time" and d.items["safe"].status == "not_asked" and r.scores["vetoed"] == 1.0


async def test_a_pitfall_veto_answered_yes_zeroes_the_reward(make_pipeline):
    items = [*ITEMS[:2], {**ITEMS[2], "veto": True}]
    r, _ = await score(make_pipeline(), request(items))
    assert r.reward == 0.0 and r.detail_as(ItemsDetail).vetoed_by == "raw"


async def test_exhaustive_asks_every_item_even_after_a_veto(make_pipeline):
    items = [{**ITEMS[0], "veto": True}, *ITEMS[1:]]
    r, asked = await score(make_pipeline(), request(items, options={"exhaustive": True}), {"time": "no"})
    assert r.reward == 0.0 and sorted(asked) == ["raw", "safe", "time"]
    assert r.detail_as(ItemsDetail).items["safe"].status == "answered"


async def test_an_undecided_veto_abstains_the_result(make_pipeline):
    items = [{**ITEMS[0], "veto": True}, *ITEMS[1:]]
    r, _ = await score(make_pipeline(), request(items), {"time": "abstain"})
    assert r.abstained and r.abstention.stage == "veto" and r.abstention.check == "time"


async def test_applies_if_leaves_an_item_out_when_its_condition_does_not_hold(make_pipeline):
    items = [*ITEMS[:2], {**ITEMS[2], "applies_if": "the response discusses raw eggs"}]
    r, asked = await score(make_pipeline(), request(items), {"raw__applies": "no"})
    assert r.reward == pytest.approx(1.0)  # (3 + 1) / 4: the pitfall does not apply
    assert "raw" not in asked and r.detail_as(ItemsDetail).items["raw"].status == "not_applicable"
    assert r.checks["raw__applies"].stage == "condition"


async def test_an_undecided_condition_makes_its_item_undecided(make_pipeline):
    items = [{**ITEMS[0], "applies_if": "the query asks for a time"}, *ITEMS[1:]]
    r, _ = await score(make_pipeline(), request(items), {"time__applies": "abstain"})
    assert r.abstained and r.abstention.check == "time__applies"


async def test_no_positive_item_applying_abstains(make_pipeline):
    items = [{**ITEMS[0], "applies_if": "the query is about baking"}, ITEMS[2]]
    r, _ = await score(make_pipeline(), request(items), {"time__applies": "no", "raw": "no"})
    assert r.abstained and r.reward is None and "no positive-weight item" in r.abstention.cause


async def test_ordinal_choices_score_by_position(make_pipeline):
    items = [{"id": "clarity", "text": "How clear is it?", "choices": ["unclear", "adequate", "clear"]}]
    p = make_pipeline(script=['{"score": 1, "reason": "fine"}'])
    r, _ = await score(p, request(items))
    d = r.detail_as(ItemsDetail)
    assert r.reward == pytest.approx(0.5) and d.items["clarity"].answer == "adequate"
    assert r.checks["clarity"].raw_score == 1


async def test_ordinal_question_lists_the_choices_by_number(make_pipeline):
    items = [{"id": "clarity", "text": "How clear is it?", "choices": ["unclear", "adequate", "clear"]}]
    p = make_pipeline()
    prompts: list[str] = []
    real = p.engine.generate

    async def spy(req):
        prompts.append(req.messages[-1].content)
        return await real(req)

    p.engine.generate = spy
    await score(p, request(items))
    assert "0: unclear\n1: adequate\n2: clear" in prompts[0] and "How clear is it?" in prompts[0]
    assert "<<<BEGIN REFERENCE" not in prompts[0]  # no reference given: no empty block


async def test_code_verifiers_decide_without_the_grader(make_pipeline):
    items = [{"id": "short", "text": "At most 5 words", "verifier": "code:word_count", "params": {"max": 5}},
             {"id": "names_time", "text": "Mentions minutes", "verifier": "code:mentions",
              "params": {"phrases": ["minutes"]}, "weight": 2}]
    r, asked = await score(make_pipeline(), request(items))
    assert asked == [] and r.llm_calls == 0
    assert r.checks["short"].passed is False and r.checks["names_time"].passed is True
    assert r.reward == pytest.approx(2 / 3)


@pytest.mark.parametrize(("item", "field", "words"), [
    ({"text": "x", "verifier": "code:fact_check"}, "rubric_items.0.verifier", "may name"),
    ({"text": "x", "verifier": "code:word_count", "params": {"max": -1}}, "rubric_items.0.params.max", "greater"),
    ({"text": "x", "verifier": "code:word_count", "params": {}}, "rubric_items.0.params", "min, max"),
    ({"text": "x", "verifier": "code:text_format", "params": {"required_patterns": ["(a+)+$"]}},
     "rubric_items.0.params.required_patterns", "at most 0"),
    ({"text": "x", "verifier": "code:mentions", "params": {"phrases": ["a"]}, "choices": ["bad", "ok", "good"]},
     "rubric_items.0.choices", "no/yes"),
])
async def test_bad_code_verifiers_are_invalid_requests_naming_the_item(make_pipeline, item, field, words):
    p = make_pipeline()
    with pytest.raises(InvalidRequest) as info:
        await score(p, request([item]))
    assert info.value.field == field and words in info.value.message


async def test_items_sent_to_a_pack_with_its_own_checks_are_refused(make_pipeline):
    with pytest.raises(InvalidRequest) as info:
        await score(make_pipeline(), request(rubric="smartshop"))
    assert info.value.field == "rubric_items" and "rubric `items`" in info.value.message


async def test_the_items_pack_without_items_is_refused(make_pipeline):
    payload = {"query": "q", "response": "r", "rubric": "items"}
    with pytest.raises(InvalidRequest) as info:
        await score(make_pipeline(), payload)
    assert info.value.field == "rubric_items"


async def test_reserved_condition_ids_are_refused(make_pipeline):
    items = [{"id": "a", "text": "A?", "applies_if": "always"}, {"id": "a__applies", "text": "B?"}]
    with pytest.raises(InvalidRequest) as info:
        await score(make_pipeline(), request(items))
    assert info.value.field == "rubric_items.1.id"


async def test_item_text_is_part_of_the_cache_key(make_pipeline):
    p = make_pipeline(cache=True)
    await p.start()
    first = await p.score(p.parse_request(request(ITEMS[:1])))
    again = await p.score(p.parse_request(request(ITEMS[:1])))
    reworded = await p.score(p.parse_request(request([{**ITEMS[0], "text": "Does it give a time in minutes?"}])))
    assert not first.cached and again.cached and not reworded.cached


async def test_results_carry_the_named_packs_version(make_pipeline):
    p = make_pipeline()
    r, _ = await score(p, request())
    assert r.rubric_version == p.registry.get("items").version
