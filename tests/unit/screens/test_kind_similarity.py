"""Screens: the kind_similarity screen settles plain "yes" products so the grader is asked only about the rest.

Logic tests use a stub embedder; ``test_real_model_*`` are the real-backed siblings (the MiniLM int8 model
shipped in the cpu extra).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from hrm_wire.errors import ConfigError, RubricInvalid
from hrm_wire.models import ScoreRequest
from judge_server.checks import screens
from judge_server.checks.screens import kind_similarity
from judge_server.checks.screens.kind_similarity import KindSimilarity
from judge_server.packs.loader import load_pack_file
from judge_server.packs.registry import PACKS_DIR

UR_TEXT = "is this product a right recommendation for the user's query"


@pytest.fixture(autouse=True)
def screened_packs(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The shipped packs with a kind_similarity screen on smartshop's ui_relevance (the shipped pack asks the
    grader about every product: a name-similarity screen cannot vouch for the user's requirements)."""
    folder = tmp_path_factory.mktemp("packs")
    for pack in PACKS_DIR.glob("*.yaml"):
        data = yaml.safe_load(pack.read_text())
        if data["id"] == "smartshop":
            next(c for c in data["checks"] if c["id"] == "ui_relevance")["llm"]["screen"] = {
                "name": "kind_similarity", "params": {"pass_at": 0.45}}
        (folder / pack.name).write_text(yaml.safe_dump(data))
    monkeypatch.setattr("judge_server.packs.registry.PACKS_DIR", folder)
    return folder


class StubEmbedder:
    """Similarity by product name, as scripted; unknown names are far from any query."""

    def __init__(self, by_name: dict[str, float]) -> None:
        self.by_name = by_name
        self.calls: list[tuple[str, list[str]]] = []

    def similarities(self, anchor: str, texts: list[str]) -> list[float]:
        self.calls.append((anchor, texts))
        return [self.by_name.get(t, 0.0) for t in texts]


@pytest.fixture
def stub(monkeypatch: pytest.MonkeyPatch):
    def install(by_name: dict[str, float]) -> StubEmbedder:
        emb = StubEmbedder(by_name)
        monkeypatch.setattr(kind_similarity, "default_embedder", lambda: emb)
        screens._cached.cache_clear()
        return emb

    yield install
    screens._cached.cache_clear()  # later tests get a screen on the real model again


def _request(example: dict[str, Any]) -> ScoreRequest:
    return ScoreRequest.model_validate(example)


def _ur_requests(pipeline) -> list[str]:
    return [r.messages[-1].content for r in pipeline.engine.requests if UR_TEXT in r.messages[-1].content]


def _names(example: dict[str, Any]) -> dict[str, str]:
    req = _request(example)
    return {p.id: p.name for p in req.products().values()}


def test_settles_only_products_at_or_above_pass_at(examples):
    req = _request(examples["good-earbuds"])
    products = list(req.products().values())[:2]
    emb = StubEmbedder({products[0].name: 0.45, products[1].name: 0.44})
    settled = KindSimilarity({"pass_at": 0.45}, embedder=emb).settle(req, products)
    assert [s.product_id for s in settled] == [products[0].id]
    assert "0.45 >= 0.45" in settled[0].evidence and emb.calls == [(req.query, [p.name for p in products])]


def _pack_with_screen(tmp_path: Path, check_id: str, screen: dict[str, Any]) -> Path:
    data = yaml.safe_load((PACKS_DIR / "smartshop.yaml").read_text())
    next(c for c in data["checks"] if c["id"] == check_id)["llm"]["screen"] = screen
    path = tmp_path / "smartshop.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


@pytest.mark.parametrize("params", [{"pass_at": 0}, {"pass_at": 1.5}, {"pass_at": "high"}, {"cutoff": 0.5}])
def test_bad_parameters_fail_when_the_pack_loads(tmp_path, params):
    path = _pack_with_screen(tmp_path, "ui_relevance", {"name": "kind_similarity", "params": params})
    with pytest.raises(RubricInvalid, match="kind_similarity"):
        load_pack_file(path)


def test_unknown_screen_and_screen_on_a_whole_response_question_are_refused(tmp_path):
    with pytest.raises(RubricInvalid, match="unknown screen 'vibes'"):
        load_pack_file(_pack_with_screen(tmp_path, "ui_relevance", {"name": "vibes"}))
    with pytest.raises(RubricInvalid, match="per_product binary"):
        load_pack_file(_pack_with_screen(tmp_path, "text_relevance", {"name": "kind_similarity"}))


async def test_every_product_settled_means_no_grader_call_for_the_check(make_pipeline, examples, stub):
    stub({name: 0.9 for name in _names(examples["good-earbuds"]).values()})
    p = make_pipeline()
    await p.start()
    r = await p.score(p.parse_request(examples["good-earbuds"]))
    ur = r.checks["ui_relevance"]
    assert ur.passed is True and ur.source == "rule" and "screen kind_similarity" in ur.reason
    assert any("similarity 0.90" in e for e in ur.evidence)
    assert _ur_requests(p) == []


async def test_unsettled_products_are_asked_and_a_grader_no_still_fails(make_pipeline, examples, stub):
    names = _names(examples["good-earbuds"])
    carded = [i for i in names if f"<product>{i}</product>" in examples["good-earbuds"]["response"]]
    assert len(carded) >= 2, "the example must card two products"
    settled_id, asked_id = carded[0], carded[1]
    stub({names[settled_id]: 0.8})
    # every question passes except UR about the unsettled product: fail it
    p = make_pipeline()
    original = p.engine._default

    def answer(request):
        text = request.messages[-1].content
        if UR_TEXT in text and asked_id in text:
            return '{"verdict": "no", "reason": "a different kind of product"}'
        return original(request)

    p.engine._default = answer  # type: ignore[method-assign]
    await p.start()
    r = await p.score(p.parse_request(examples["good-earbuds"]))
    asked = _ur_requests(p)
    assert len(asked) == len(carded) - 1 and all(settled_id not in t for t in asked)
    ur = r.checks["ui_relevance"]
    assert ur.passed is False and asked_id in ur.reason
    assert any(settled_id in e and "similarity" in e for e in ur.evidence)


async def test_nothing_settled_asks_every_product_as_before(make_pipeline, examples, stub):
    stub({})
    p = make_pipeline()
    await p.start()
    r = await p.score(p.parse_request(examples["good-earbuds"]))
    carded = [i for i in _names(examples["good-earbuds"]) if f"<product>{i}</product>" in
              examples["good-earbuds"]["response"]]
    assert len(_ur_requests(p)) == len(carded) and r.checks["ui_relevance"].source != "rule"


async def test_a_missing_embedding_model_fails_pipeline_start(make_pipeline, monkeypatch):
    def missing():
        raise ConfigError("the similarity screen needs the embedding model", field="checks.llm.screen")

    monkeypatch.setattr(kind_similarity, "default_embedder", missing)
    screens._cached.cache_clear()
    try:
        with pytest.raises(ConfigError, match="embedding model"):
            await make_pipeline().start()
    finally:
        screens._cached.cache_clear()


def test_real_model_separates_kinds_of_product(examples):
    req = _request({**examples["good-earbuds"], "query": "Can you recommend wireless earbuds for the gym?"})
    product = next(iter(req.products().values()))
    fits = product.model_copy(update={"id": "A", "name": "PulseFit Wireless Sport Earbuds"})
    misfit = product.model_copy(update={"id": "B", "name": "PetPro Robot Vacuum"})
    settled = KindSimilarity({"pass_at": 0.45}).settle(req, [fits, misfit])
    assert [s.product_id for s in settled] == ["A"]


async def test_real_model_in_the_pipeline_settles_a_plainly_fitting_product(make_pipeline, examples):
    item = examples["good-earbuds"]
    names = _names(item)
    carded = [i for i in names if f"<product>{i}</product>" in item["response"]]
    # rename the first carded product to say what it is: the real model should settle it
    for step in item["trajectory"]:
        for prod in step.get("products") or []:
            if prod["id"] == carded[0]:
                prod["name"] = "Waterproof Wireless Running Earbuds"
    p = make_pipeline()
    await p.start()
    await p.score(p.parse_request(item))
    assert all(carded[0] not in t for t in _ur_requests(p))


async def test_screens_off_asks_every_product_and_needs_no_model(make_pipeline, examples, monkeypatch):
    def missing():
        raise ConfigError("the similarity screen needs the embedding model", field="checks.llm.screen")

    monkeypatch.setattr(kind_similarity, "default_embedder", missing)
    screens._cached.cache_clear()
    try:
        p = make_pipeline(screens=False)
        await p.start()  # no model needed
        r = await p.score(p.parse_request(examples["good-earbuds"]))
    finally:
        screens._cached.cache_clear()
    carded = [i for i in _names(examples["good-earbuds"]) if f"<product>{i}</product>" in
              examples["good-earbuds"]["response"]]
    assert len(_ur_requests(p)) == len(carded) and r.checks["ui_relevance"].source != "rule"
