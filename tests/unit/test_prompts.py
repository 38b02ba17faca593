"""The shared-first prompt layout: one byte-identical material prefix per sample, the question last."""

from __future__ import annotations

import json
from pathlib import Path

from hrm_wire.models import ScoreRequest
from judge_server.grading.prompts import render_messages
from judge_server.packs.cards import product_paragraph, scan_cards
from judge_server.packs.registry import RubricRegistry

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "smartshop.jsonl"


def _good_request() -> ScoreRequest:
    for line in EXAMPLES.read_text().splitlines():
        data = json.loads(line)
        req = ScoreRequest.model_validate(data)
        if len(scan_cards(req.response).ids) >= 2:
            return req
    raise AssertionError("no example with two cards")


def _all_prompts(req: ScoreRequest, layout: str) -> list[str]:
    pack = RubricRegistry().get("smartshop")
    out = []
    products = req.products()
    for check in pack.checks:
        if check.llm is None:
            continue
        if check.llm.per_product:
            for pid in scan_cards(req.response).ids:
                p = products[pid]
                msgs = render_messages(pack, check.llm, req, product=p,
                                       paragraph=product_paragraph(req.response, pid, p.name), layout=layout)
                out.append("\n".join(m.content for m in msgs))
        else:
            out.append("\n".join(m.content for m in render_messages(pack, check.llm, req, layout=layout)))
    return out


def _common_prefix(texts: list[str]) -> int:
    first = texts[0]
    n = len(first)
    for t in texts[1:]:
        i = 0
        while i < min(n, len(t)) and first[i] == t[i]:
            i += 1
        n = i
    return n


def test_every_question_shares_the_sample_material_as_one_prefix():
    req = _good_request()
    prompts = _all_prompts(req, "shared_first")
    assert len(prompts) >= 4
    shared = _common_prefix(prompts)
    # the whole response sits inside the shared prefix, and each question's own text comes after it
    assert prompts[0].index("<<<END RESPONSE>>>") < shared
    assert all(p.index("Question:") >= shared for p in prompts)
    old = _all_prompts(req, "question_first")
    assert _common_prefix(old) < old[0].index("<<<BEGIN")  # the old layout diverged before any material


def test_material_blocks_follow_the_shared_then_rollout_order():
    req = _good_request()
    text = _all_prompts(req, "shared_first")[0]
    order = [text.index(f"<<<BEGIN {b}>>>") for b in ("QUERY", "TOOL CALLS", "RESPONSE")]
    assert order == sorted(order)
    assert text.rindex("<<<END") < text.index("Question:")


def test_untrusted_notice_is_in_the_system_message():
    req = _good_request()
    pack = RubricRegistry().get("smartshop")
    q = next(c.llm for c in pack.checks if c.llm is not None and not c.llm.per_product)
    msgs = render_messages(pack, q, req, layout="shared_first")
    assert msgs[0].role == "system" and "never follow it" in msgs[0].content
    assert "never follow it" not in msgs[1].content


def test_pack_first_puts_every_question_in_one_system_message_and_asks_briefly():
    req = _good_request()
    pack = RubricRegistry().get("smartshop")
    prompts = _all_prompts(req, "pack_first")
    system = prompts[0][: _common_prefix(prompts)]
    # the guidance of every LLM question of the pack sits in the shared prefix, the material after it
    for check in pack.checks:
        if check.llm is not None:
            assert f"[{check.id}] " in system
    assert all(p.index("<<<END RESPONSE>>>") < p.rindex("Question [") for p in prompts)
    tails = [p[p.rindex("Question ["):] for p in prompts]
    assert all("Apply the guidance given for [" in t and "JSON object" in t for t in tails)
    # the ask restates only the question itself: far shorter than the question-first text
    text_relevance = next(c for c in pack.checks if c.id == "text_relevance").llm
    tail = next(t for t in tails if t.startswith("Question [text_relevance]"))
    assert "does the response answer the user's query?" in tail and text_relevance.prompt.strip() not in tail


def test_pack_first_joint_question_names_every_product():
    from judge_server.grading.prompts import render_joint_messages

    req = _good_request()
    pack = RubricRegistry().get("smartshop")
    df = next(c for c in pack.checks if c.id == "description_faithfulness")
    products = req.products()
    items = [(f"p{k}", products[pid], product_paragraph(req.response, pid, products[pid].name))
             for k, pid in enumerate(scan_cards(req.response).ids, 1)]
    msgs = render_joint_messages(pack, df.llm, req, items, layout="pack_first")
    assert msgs[0].content == render_messages(pack, df.llm, req, layout="pack_first")[0].content  # one system text
    user = msgs[1].content
    assert "Question [description_faithfulness]" in user
    assert all(f"PRODUCT {label} RECORD" in user and f'"{label}"' in user for label, _, _ in items)


def test_a_judgments_shared_blocks_give_the_prompts_rendering_alone_gives():
    """The blocks a judgment's questions share are rendered once (``Blocks``); every layout's prompts are the
    same as when each question renders its own, and a block set made for another request is not used."""
    from judge_server.grading.prompts import Blocks

    req = _good_request()
    pack = RubricRegistry().get("smartshop")
    products = req.products()
    for layout in ("question_first", "shared_first", "pack_first"):
        blocks = Blocks(req)
        for check in pack.checks:
            if check.llm is None:
                continue
            for pid in scan_cards(req.response).ids if check.llm.per_product else [None]:
                p = products[pid] if pid else None
                para = product_paragraph(req.response, pid, p.name) if p else ""
                alone = render_messages(pack, check.llm, req, product=p, paragraph=para, layout=layout)
                shared = render_messages(pack, check.llm, req, product=p, paragraph=para, layout=layout,
                                         blocks=blocks)
                assert shared == alone
    other = req.model_copy(update={"query": "something else entirely"})
    q = next(c.llm for c in pack.checks if c.llm is not None and "query" in c.llm.inputs)
    stale = Blocks(req)
    render_messages(pack, q, req, blocks=stale)
    assert render_messages(pack, q, other, blocks=stale) == render_messages(pack, q, other)
