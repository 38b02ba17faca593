"""Naming products in text: the automaton passes find exactly what a substring test per product, then its word
pattern, found (the definition ``Attributor._find_named`` keeps), on every text the labelled sets make it read."""

from __future__ import annotations

import json
from pathlib import Path

from hrm_wire.models import ScoreRequest
from judge_server.packs.cards import paragraphs
from judge_server.rules.shopping import attribution

ROOT = Path(__file__).resolve().parents[3]


def _reference(attr: attribution.Attributor, text: str) -> set[str]:
    out = set()
    if "<product>" in text:
        out = {i.strip() for m in attribution._CARD.finditer(text) for i in m.group(1).split(",")
               if i.strip() in attr.products}
    t = attr.tables
    out |= {pid for pid, id_re in t.id_re.items() if pid in text and id_re.search(text)}
    low = text.lower()
    for pid, name, first3 in t.names:
        if name and (name in low or (first3 is not None and first3 in low)):
            out.add(pid)
        elif any(w in text for w in t.words.get(pid, ())) and t.word_re[pid].search(text):
            out.add(pid)
    return out


def _requests() -> list[ScoreRequest]:
    out = []
    for f in sorted((ROOT / "research").rglob("*.jsonl")):
        if "evalsets" not in f.parts and "devset" not in f.parts:
            continue
        for line in f.read_text().splitlines():
            row = json.loads(line) if line.strip() else {}
            try:
                req = ScoreRequest.model_validate({k: v for k, v in row.items() if k in ScoreRequest.model_fields})
            except ValueError:
                continue
            if req.products():
                out.append(req)
    return out


def test_products_named_in_every_text_equal_the_substring_and_pattern_definition():
    texts = 0
    for req in _requests():
        attr = attribution.Attributor(req.products())
        for para in paragraphs(req.response):
            spans = [para, *(s for item in attribution._LIST_ITEM.split("\n" + para)
                             for s in attribution._SENTENCE.split(" ".join(item.split())))]
            spans += [c for s in spans for c in attribution._CLAUSE.split(s) if c and c.strip()]
            for text in spans:
                assert attr._find_named(text) == _reference(attr, text), text
                texts += 1
    assert texts > 2000


def test_shared_names_and_words_are_found_for_every_product_that_has_them():
    products = {"A1": "Acme K2000 Kettle Pro", "B2": "Acme K3000 Kettle Pro", "C3": "Zed Mug"}
    from hrm_wire.models import Product

    attr = attribution.Attributor({pid: Product(id=pid, name=name) for pid, name in products.items()})
    cases = {"the acme k2000 kettle boils fast": {"A1"},  # a name's first three words
             "ACME K3000 KETTLE PRO": {"B2"},  # a full name, any case
             "the K3000 and Zed": {"B2", "C3"},  # a model word and a brand no other name has
             "A1 is in stock": {"A1"},  # a card id as a word
             "A12, K30000 and Zedd": set(), "nothing here": set()}
    for text, named in cases.items():
        assert attr._find_named(text) == named == _reference(attr, text), text


def test_clauses_of_an_item_naming_nothing_are_attributed_as_when_each_is_searched():
    """``clauses`` skips the search of each clause whose item names no product (and of a paragraph whose item
    names one): the clauses it gives equal those of a search of every text, on every labelled response."""

    class Searching(attribution.Attributor):
        def clauses(self, response: str) -> list[attribution.Clause]:
            out = []
            for para in paragraphs(response):
                para_named = self.named(para)
                for item in attribution._LIST_ITEM.split("\n" + para):
                    item = " ".join(item.split())
                    if not item:
                        continue
                    scope = self.named(item) or para_named
                    for sentence in attribution._SENTENCE.split(item):
                        parts = [t.strip() for t in attribution._CLAUSE.split(sentence) if t.strip()]
                        for text in parts:
                            clause = self._clause(text, scope)
                            clause.sentence = sentence if len(parts) > 1 else ""
                            out.append(clause)
            return out

    clauses = 0
    for req in _requests():
        fast = attribution.Attributor(req.products()).clauses(req.response)
        assert fast == Searching(req.products()).clauses(req.response)
        clauses += len(fast)
    assert clauses > 2000
