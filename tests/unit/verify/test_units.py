from __future__ import annotations

import pytest

from judge_server.rules.shopping.units import (
    attribute_quantity,
    close,
    negated,
    phrase_pattern,
    quantities_in,
)


def test_quantities_are_parsed_and_normalised():
    qs = {q.text: q for q in quantities_in('weighs 1.2 kg, 8-hour battery, 6.8" screen, a 3-pack, pack of 6, 16 oz')}
    assert qs["1.2 kg"].family == "mass" and qs["1.2 kg"].base == pytest.approx(1200)
    assert qs["8-hour"].family == "duration" and qs["8-hour"].base == 8
    assert qs['6.8"'].family == "length"
    assert qs["3-pack"].family == "count" and qs["pack of 6"].base == 6
    assert qs["16 oz"].family == "volume" and qs["16 oz"].base == pytest.approx(473.2, rel=1e-3)


def test_prices_and_prepositions_are_not_quantities():
    assert quantities_in("costs $129, fits 2 in the box") == []


def test_minutes_and_hours_compare_in_one_family():
    a = attribute_quantity("runtime_min", 150)
    (q,) = quantities_in("runs for 2.5 hours")
    assert a is not None and a.family == q.family == "duration" and close(a.base, q.base)


def test_attribute_keys_name_units_and_ignore_booleans():
    assert attribute_quantity("weight_g", 470).base == 470
    assert attribute_quantity("waterproof", True) is None
    assert attribute_quantity("material", "leather") is None
    assert attribute_quantity("colour_count", "x") is None


def test_tolerance_is_relative():
    assert close(453.6, 450) and not close(7.0, 6.8)


def test_feature_phrases_match_variants_and_negation():
    pat = phrase_pattern("self_emptying")
    assert pat.search("a self-emptying base") and pat.search("self emptying")
    text = "it is not dishwasher safe"
    m = phrase_pattern("dishwasher_safe").search(text)
    assert m and negated(text, m.start())
    text = "fully dishwasher safe"
    assert not negated(text, phrase_pattern("dishwasher_safe").search(text).start())
