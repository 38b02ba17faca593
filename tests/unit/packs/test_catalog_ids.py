"""Card ids come from the records: a team's own catalog (ASINs, SKUs, UUIDs) is judged like the paper's PD_ ids,
and a card whose id no record carries is still a sure failure with its reason, never a silent 0."""

from __future__ import annotations

import pytest
from catalogs import CATALOGS, catalog_request, ids

from hrm_wire.errors import RubricInvalid
from judge_server.packs.cards import DEFAULT_SYNTAX, CardSyntax, scan_cards
from judge_server.packs.loader import validate_pack
from judge_server.packs.registry import RubricRegistry


@pytest.mark.parametrize("catalog", sorted(CATALOGS))
async def test_a_real_catalogs_cards_are_judged(make_pipeline, catalog) -> None:
    p = make_pipeline()
    await p.start()
    r = await p.score(p.parse_request(catalog_request(catalog)))
    assert r.checks["ui_format"].passed is True, r.checks["ui_format"].reason
    assert r.checks["ui_completeness"].passed is True, r.checks["ui_completeness"].reason
    assert r.reward is not None and r.reward > 1.0 and r.llm_calls > 0  # the grader was asked, the gate opened


@pytest.mark.parametrize("catalog", sorted(CATALOGS))
async def test_a_card_no_record_carries_is_a_sure_failure_with_its_reason(make_pipeline, catalog) -> None:
    p = make_pipeline()
    await p.start()
    made_up = {"asin": "B0NOTREAL1", "sku": "SKU-00000-RED", "uuid": "00000000-0000-4000-8000-000000000000"}[catalog]
    r = await p.score(p.parse_request(catalog_request(catalog, card_ids=[ids(catalog)[0], made_up])))
    assert r.reward == 0.0 and not r.judge_failed
    bad = [c for c in r.checks.values() if c.passed is False]
    assert any(made_up in c.reason for c in bad), [c.reason for c in bad]


def test_record_ids_are_valid_whatever_the_pattern() -> None:
    pd_only = CardSyntax(id_pattern=r"PD_[A-Za-z0-9][A-Za-z0-9_-]*")
    text = "<product>B09JB8KPNW</product> and <product>PD_1</product>"
    assert scan_cards(text, pd_only, {"B09JB8KPNW"}).ids == ["B09JB8KPNW", "PD_1"]
    unknown = scan_cards(text, pd_only)  # no record carries the ASIN and it is not shaped like a PD_ id
    assert unknown.ids == ["PD_1"] and "invalid ids ['B09JB8KPNW']" in unknown.problems[0]


def test_record_ids_written_outside_cards_are_bare_ids_only_when_code_like() -> None:
    records = {"B09JB8KPNW", "42"}
    scan = scan_cards("Buy B09JB8KPNW now, 42 people did. <product>B09JB8KPNW</product>", DEFAULT_SYNTAX, records)
    assert scan.bare_ids == ["B09JB8KPNW"]  # "42" in prose is a number, not surely an uncarded product


def test_a_pack_can_name_its_own_card_tag() -> None:
    syntax = CardSyntax(tag="item", separator="|")
    scan = scan_cards("see <item>A-1|B-2</item> and <product>A-1</product>", syntax, {"A-1", "B-2"})
    assert scan.ids == ["A-1", "B-2"] and scan.problems == []


def test_a_bad_card_pattern_is_refused_when_the_pack_loads() -> None:
    data = RubricRegistry().get("smartshop").model_dump()
    data["cards"] = {"id_pattern": "PD_[unclosed"}
    with pytest.raises(RubricInvalid, match="cards.id_pattern: .*not a regular expression"):
        validate_pack(data)
