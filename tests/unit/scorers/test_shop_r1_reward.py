"""Every row of the Shop-R1 reward table (paper, Table 1) reproduced from constructed actions."""

import json

import pytest

from hrm_wire.errors import InvalidRequest
from judge_server.packs.registry import RubricRegistry
from judge_server.rules.other.rouge import rouge_l
from judge_server.rules.other.shop_r1 import Action, ShopR1Params, parse_reference, score_action


def cand(action, rationale="Because the page shows what I need."):
    return json.dumps({"rationale": rationale, "action": action})


CLICK = Action("click", "add_to_cart.buy_now")
SEARCH = Action("type_and_submit", "search_input", "geforce gtx 5090 rog")
TERM = Action("terminate")

# Texts with known ROUGE-L against the reference text "a b c d e f g h i j k l m n o p q r s" (19 tokens):
REF19 = " ".join("abcdefghijklmnopqrs")
BELOW = " ".join("abcdefghijklmn") + " v w x y z"  # LCS 14 of 19/19 tokens -> 14/19 = 0.7368
ABOVE = " ".join("abcdefghijklmnop") + " x y z"    # LCS 16 of 19/19 tokens -> 0.8421
AT = "a b c z"                                       # vs "a b c d": LCS 3 of 4/4 -> exactly 0.75


def test_similarity_fixtures_sit_where_named():
    assert rouge_l(REF19, BELOW) == pytest.approx(14 / 19)
    assert rouge_l(REF19, ABOVE) == pytest.approx(16 / 19)
    assert rouge_l("a b c d", AT) == 0.75


# (candidate action, reference, expected format, type, attribute, value)
TABLE = [
    # terminate: type only
    ({"type": "terminate"}, TERM, 0.5, 0.3, 0.0, 0.0),
    # click, name non-empty and exact: +0.2 and DARS x 1.0
    ({"type": "click", "name": "add_to_cart.buy_now"}, CLICK, 0.5, 0.3, 0.2, 1000.0),
    # click, empty name: no attribute, no value
    ({"type": "click", "name": ""}, CLICK, 0.5, 0.3, 0.0, 0.0),
    ({"type": "click"}, CLICK, 0.5, 0.3, 0.0, 0.0),
    # click, name similarity just below / at / just above the 0.75 threshold
    ({"type": "click", "name": BELOW}, Action("click", REF19), 0.5, 0.3, 0.2, 0.0),
    ({"type": "click", "name": AT}, Action("click", "a b c d"), 0.5, 0.3, 0.2, 0.0),  # 0.75 does not exceed 0.75
    ({"type": "click", "name": ABOVE}, Action("click", REF19), 0.5, 0.3, 0.2, 1000 * 16 / 19),
    # type_and_submit, both sub-fields exact: 0.1 + 0.1 attribute, 0.1 x 1 + DARS x 1 value
    ({"type": "type_and_submit", "name": "search_input", "text": "geforce gtx 5090 rog"}, SEARCH,
     0.5, 0.3, 0.2, 0.1 + 1000.0),
    # empty text: name attribute and name value only
    ({"type": "type_and_submit", "name": "search_input", "text": ""}, SEARCH, 0.5, 0.3, 0.1, 0.1),
    # empty name: text attribute and text value only
    ({"type": "type_and_submit", "name": "", "text": "geforce gtx 5090 rog"}, SEARCH, 0.5, 0.3, 0.1, 1000.0),
    # both empty
    ({"type": "type_and_submit"}, SEARCH, 0.5, 0.3, 0.0, 0.0),
    # text similarity at the threshold (0.75 exactly): not earned, the paper rewards similarity that exceeds it
    ({"type": "type_and_submit", "name": "search_input", "text": "geforce rtx 5090 rog"}, SEARCH,
     0.5, 0.3, 0.2, 0.1),
    # text just below / just above the threshold
    ({"type": "type_and_submit", "name": "search_input", "text": BELOW}, Action("type_and_submit", "search_input", REF19),
     0.5, 0.3, 0.2, 0.1),
    ({"type": "type_and_submit", "name": "search_input", "text": ABOVE}, Action("type_and_submit", "search_input", REF19),
     0.5, 0.3, 0.2, 0.1 + 1000 * 16 / 19),
    # name similarity below the threshold: no name value (0.1 x ROUGE-L is thresholded too)
    ({"type": "type_and_submit", "name": "query_box", "text": "geforce gtx 5090 rog"}, SEARCH, 0.5, 0.3, 0.2, 1000.0),
    # wrong action type: format reward only, whatever the sub-fields
    ({"type": "terminate"}, CLICK, 0.5, 0.0, 0.0, 0.0),
    ({"type": "click", "name": "search_input"}, SEARCH, 0.5, 0.0, 0.0, 0.0),
    ({"type": "type_and_submit", "name": "add_to_cart.buy_now", "text": "x"}, CLICK, 0.5, 0.0, 0.0, 0.0),
]


@pytest.mark.parametrize(("action", "ref", "fmt", "typ", "attr", "value"), TABLE)
def test_reward_table(action, ref, fmt, typ, attr, value):
    s = score_action(cand(action), ref)
    assert s.valid
    assert s.components["format"] == pytest.approx(fmt)
    assert s.components["type"] == pytest.approx(typ)
    assert s.components["attribute"] == pytest.approx(attr)
    assert s.components["value"] == pytest.approx(value)
    assert s.total == pytest.approx(fmt + typ + attr + value)


@pytest.mark.parametrize("response", [
    "not json at all",
    "```json\n" + cand({"type": "terminate"}) + "\n```",              # fenced: not a bare object
    json.dumps([{"rationale": "r", "action": {"type": "terminate"}}]),  # not an object
    json.dumps({"action": {"type": "terminate"}}),                       # no rationale
    json.dumps({"rationale": "  ", "action": {"type": "terminate"}}),    # empty rationale
    json.dumps({"rationale": "r"}),                                      # no action
    cand({"type": "scroll"}),                                            # unknown action type
    cand({"type": "click", "name": 7}),                                  # name not a string
    cand("click"),                                                       # action not an object
])
def test_invalid_format_earns_nothing(response):
    s = score_action(response, TERM)
    assert not s.valid and s.total == 0.0 and not s.exact
    assert s.notes and s.notes[0].startswith("invalid format")


def test_surrounding_whitespace_is_fine_and_rationale_can_be_optional():
    assert score_action("\n  " + cand({"type": "terminate"}) + "  \n", TERM).total == pytest.approx(0.8)
    bare = json.dumps({"rationale": "", "action": {"type": "terminate"}})
    assert score_action(bare, TERM, ShopR1Params(require_rationale=False)).total == pytest.approx(0.8)


def test_dars_and_threshold_are_configurable():
    p = ShopR1Params(dars=10, threshold=0.5)
    near = {"type": "click", "name": "refinements.customer_reviews"}  # ROUGE-L 2/3 vs the reference below
    ref = Action("click", "refinements.customer_reviews.4_stars_up")
    assert score_action(cand(near), ref).components["value"] == 0.0
    assert score_action(cand(near), ref, p).components["value"] == pytest.approx(10 * 2 / 3)
    custom = ShopR1Params(format_reward=1, type_reward=2, click_name_reward=3)
    assert score_action(cand({"type": "click", "name": "zzz"}), CLICK, custom).total == pytest.approx(6)


def test_exact_match_folds_case_and_whitespace_only():
    assert score_action(cand({"type": "click", "name": " Add_To_Cart.Buy_Now "}), CLICK).exact
    assert not score_action(cand({"type": "click", "name": "add to cart buy now"}), CLICK).exact  # ROUGE 1, not exact
    assert score_action(cand({"type": "terminate"}), TERM).exact
    assert not score_action(cand({"type": "type_and_submit", "name": "search_input", "text": "geforce gtx 5090"}),
                            SEARCH).exact


@pytest.mark.parametrize("ref", [{"type": "click", "name": "x"}, {"rationale": "r", "action": {"type": "click", "name": "x"}},
                                 json.dumps({"type": "click", "name": "x"})])
def test_reference_forms(ref):
    assert parse_reference(ref) == Action("click", "x")


@pytest.mark.parametrize("ref", [None, "nope", {"type": "jump"}, {"action": None}, [1, 2]])
def test_bad_reference_is_invalid_request(ref):
    with pytest.raises(InvalidRequest) as info:
        parse_reference(ref)
    assert info.value.field == "reference" and info.value.http_status == 422


async def test_pipeline_reports_components_and_reward(make_pipeline):
    pipe = make_pipeline()
    await pipe.start()
    req = pipe.parse_request({"rubric": "shop_r1", "query": "find a graphics card", "reference": SEARCH.__dict__,
                              "response": cand({"type": "type_and_submit", "name": "search_input",
                                                "text": "geforce rtx 5090 rog"})})
    res = await pipe.score(req)
    assert res.reward == pytest.approx(0.5 + 0.3 + 0.2 + 0.1)  # "rtx" vs "gtx": ROUGE-L exactly 0.75, not above
    assert res.llm_calls == 0 and not res.judge_failed
    assert res.detail.components["action.format"] == 0.5 and res.detail.components["action.value"] == pytest.approx(0.1)
    assert res.detail.components["action.predicted_type_and_submit"] == 1.0
    assert res.detail.components["action.reference_type_and_submit"] == 1.0
    assert res.checks["action"].passed is False  # rtx != gtx: not an exact match
    bad = pipe.parse_request({"rubric": "shop_r1", "query": "q", "response": cand({"type": "terminate"})})
    with pytest.raises(InvalidRequest):
        await pipe.score(bad)
    await pipe.close()


def test_shipped_pack_uses_the_paper_values():
    spec = RubricRegistry().get("shop_r1").checks[0]
    assert ShopR1Params.model_validate(spec.params) == ShopR1Params()
    assert ShopR1Params().dars == 1000 and ShopR1Params().threshold == 0.75


def test_rationale_self_certainty_enters_with_the_papers_weight() -> None:
    s = score_action(cand({"type": "terminate"}), TERM, self_certainty=8.0)
    assert s.components["rationale"] == pytest.approx(0.005 * 8.0)
    assert s.total == pytest.approx(0.5 + 0.3 + 0.04)
    assert score_action(cand({"type": "terminate"}), TERM).components["rationale"] == 0.0
    # no rationale reward for an invalid object, whatever the certainty
    assert score_action("nope", TERM, self_certainty=8.0).total == 0.0


async def test_pipeline_reads_self_certainty_from_context(make_pipeline):
    pipe = make_pipeline()
    await pipe.start()
    base = {"rubric": "shop_r1", "query": "q", "reference": {"type": "terminate"},
            "response": cand({"type": "terminate"})}
    res = await pipe.score(pipe.parse_request({**base, "context": {"rationale_self_certainty": 10.0}}))
    assert res.reward == pytest.approx(0.8 + 0.05) and res.detail.components["action.rationale"] == pytest.approx(0.05)
    with pytest.raises(InvalidRequest, match="rationale_self_certainty"):
        await pipe.score(pipe.parse_request({**base, "context": {"rationale_self_certainty": "high"}}))
    await pipe.close()
