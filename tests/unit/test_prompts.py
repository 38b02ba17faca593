"""The shared-first prompt layout: one byte-identical material prefix per sample, the question last."""

from __future__ import annotations

import json
from pathlib import Path

from hrm_wire.models import ScoreRequest
from judge_server.cards import product_paragraph, scan_cards
from judge_server.prompts import render_messages
from judge_server.rubric import RubricRegistry

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
