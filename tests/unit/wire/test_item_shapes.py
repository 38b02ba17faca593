"""Rubric items a request carries: the formats rubric-reward datasets use are read, bad items are refused naming the
item (the composition that scores them: tests/unit/compositions/test_items_composition.py)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from hrm_wire.errors import InvalidRequest, invalid_from_validation
from hrm_wire.models import ScoreRequest
from hrm_wire.models.items import MAX_ITEMS, RubricItem, normalize_item, slug


def req(**extra) -> dict:
    return {"query": "How long do I boil an egg?", "response": "Nine minutes.", **extra}


def error(data: dict) -> InvalidRequest:
    with pytest.raises(ValidationError) as info:
        ScoreRequest.model_validate(data)
    return invalid_from_validation(info.value)


def test_rubrics_as_rewards_items_keep_title_description_and_weight():
    item = RubricItem.model_validate({"title": "Cooking time", "description": "Essential Criteria: gives a time",
                                      "weight": 5})
    assert (item.id, item.weight, item.veto, item.choices) == ("cooking_time", 5.0, False, ["no", "yes"])
    assert item.text == "Cooking time: Essential Criteria: gives a time"
    pitfall = RubricItem.model_validate({"title": "Raw", "description": "Pitfall Criteria: says raw eggs are safe",
                                         "weight": -2})
    assert pitfall.pitfall and pitfall.weight == -2


def test_a_title_the_description_repeats_is_not_doubled():
    item = RubricItem.model_validate({"title": "Dose", "description": "Essential Criteria: gives the dose"})
    assert item.text == "Essential Criteria: gives the dose" and item.id == "dose"


def test_rlcf_checklist_items_as_pairs_or_objects():
    a = RubricItem.model_validate(["Is the poem three lines long?", 100])
    b = RubricItem.model_validate({"question": "Is the poem three lines long?", "importance": 100})
    assert a == b and a.id == "is_the_poem_three_lines_long" and a.weight == 100


def test_verifiers_items_with_choices():
    item = RubricItem.model_validate({"name": "Tone", "text": "How warm is the tone?", "weight": 0.5,
                                      "choices": ["cold", "neutral", "warm"]})
    assert item.id == "tone" and item.choices == ["cold", "neutral", "warm"]


def test_a_rubric_list_is_read_as_the_items_and_picks_the_items_pack():
    r = ScoreRequest.model_validate(req(rubric=[{"title": "Time", "description": "gives a time", "weight": 1}]))
    assert r.rubric == "items" and [i.id for i in r.rubric_items] == ["time"]
    r = ScoreRequest.model_validate(req(rubric_items=[["Gives a time?", 1]]))
    assert r.rubric == "items"
    assert ScoreRequest.model_validate(req()).rubric == "smartshop" and ScoreRequest.model_validate(req()).rubric_items is None


def test_items_given_twice_are_refused():
    e = error(req(rubric=[["a?", 1]], rubric_items=[["b?", 1]]))
    assert e.field == "rubric" and "once" in e.message


@pytest.mark.parametrize(("items", "field", "words"), [
    ([], "rubric_items", "empty"),
    ([["Same question?", 1], ["Same question?", 2]], "rubric_items", "repeats the id"),
    ([["Bad?", -1], ["Worse?", -2]], "rubric_items", "positive weight"),
    ([["Zero?", 0]], "rubric_items", "positive weight"),
    ([{"text": "Nan weight?", "weight": float("nan")}], "rubric_items.0.weight", "finite"),
    ([{"text": "Huge?", "weight": 1e9}], "rubric_items.0.weight", "less than or equal"),
    ([{"text": "x" * 2001}], "rubric_items.0.text", "at most 2000"),
    ([{"text": ""}], "rubric_items.0.text", "at least 1"),
    ([["Fine?", 1], {"text": "Choices?", "choices": ["yes", "Yes"]}], "rubric_items.1.choices", "distinct"),
    ([{"text": "One choice?", "choices": ["only"]}], "rubric_items.0.choices", "at least 2"),
    ([{"text": "Params on llm?", "params": {"max": 3}}], "rubric_items.0", "code verifier"),
    ([{"text": "Bad verifier?", "verifier": "python"}], "rubric_items.0.verifier", "pattern"),
    ([{"id": "Bad Id", "text": "x?"}], "rubric_items.0.id", "pattern"),
    ([{"text": "x?", "colour": "red"}], "rubric_items.0.colour", "Extra inputs"),
    (["just text"], "rubric_items.0", "valid dictionary"),
])
def test_bad_items_name_the_item(items, field, words):
    e = error(req(rubric_items=items))
    assert e.field == field, e.message
    assert words.lower() in e.message.lower(), e.message


def test_at_most_max_items():
    e = error(req(rubric_items=[[f"Question {i}?", 1] for i in range(MAX_ITEMS + 1)]))
    assert e.field == "rubric_items" and str(MAX_ITEMS) in e.message


def test_slug_starts_with_a_letter_and_is_bounded():
    assert slug("5 stars?") == "item_5_stars"
    assert len(slug("word " * 40)) <= 48 and normalize_item(42) == 42


def test_nulls_from_a_dataset_row_mean_not_given():
    """Arrow-backed rows give each item the union of all items' keys, absent ones null (tests/trainers/test_trl.py
    round-trips real rows through `datasets`)."""
    item = RubricItem.model_validate({"id": "short", "text": "At most 40 words", "weight": 1, "veto": None,
                                      "choices": None, "applies_if": None, "verifier": "code:word_count",
                                      "params": {"max": 40, "phrases": None, "mode": None}})
    assert item.params == {"max": 40} and item.choices == ["no", "yes"] and item.veto is False
    assert normalize_item({"text": "x", "params": None}) == {"text": "x", "id": "x"}
