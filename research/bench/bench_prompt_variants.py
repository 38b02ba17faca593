"""Prompt-variant experiment on DEV items only (never the independent sets): ui_relevance and
description_faithfulness questions per product, 1.5B grader, same rendering path as production.

    python research/bench/bench_prompt_variants.py ui_relevance 80   # appends to /tmp/exp_ui_relevance.jsonl

ui_relevance also gets synthetic wrong-kind negatives: a dev query paired with a product of another
product family. Results of the run that chose the current ui_relevance question:
research/bench/results/judge_quality_v3/prompt_variants/."""
import asyncio
import json
import random
import sys
import time

from hrm_wire.models import ScoreRequest
from judge_server.engines import make_engine
from judge_server.engines.base import GenerationRequest
from judge_server.engines.configs import engine_config
from judge_server.grading.parsing import binary_schema, parse_json_verdict, verdict_confidence
from judge_server.grading.prompts import render_messages
from judge_server.packs.cards import product_paragraph, scan_cards
from judge_server.packs.registry import RubricRegistry

SYS1 = ("You answer one narrow question about a shopping assistant's answer, using only the material you are "
        "given. You are not the assistant and you do not talk to the user.")
U1 = ("Question: could a shopper with this query reasonably buy this product for it? Look only at what the "
      "product is (its name). Answer \"yes\" if it is the kind of product asked for, one of several items asked "
      "for, or an accessory or part that serves the stated purpose. Answer \"no\" only if it is plainly a "
      "different kind of product (for example a coffee mug for a query about hiking boots). Sizes, prices, "
      "quantities and features are checked by code: ignore them.")
D1 = ("Question: does the text say anything about this product that its record contradicts? Prices and numbers "
      "with units were already checked by code. Compare what the text says about this product's features, "
      "materials, capabilities, included accessories, warranty or awards with the record. Answer \"no\" if the "
      "text states such a thing and the record says otherwise, or if it promises a concrete extra (an accessory, "
      "a warranty, an award, a service) that the record does not list. Answer \"yes\" otherwise: paraphrases of "
      "the record, general advice, opinions and comparisons are fine.")

def variants(check):
    if check == "ui_relevance":
        return {"U0": (None, None), "U1": (None, U1), "U1S1": (SYS1, U1)}
    return {"D0": (None, None), "D1": (None, D1)}

async def main(check, limit):
    reg = RubricRegistry()
    pack = reg.get("smartshop")
    spec = next(c for c in pack.checks if c.id == check)
    rows = [json.loads(line) for line in open("research/devset/dev.jsonl")]
    rng = random.Random(0)
    jobs = []  # (item_id, label, request, product, paragraph)
    by_fam = {}
    for r in rows:
        lab = r["labels"]["checks"].get(check)
        if not isinstance(lab, bool):
            continue
        req = ScoreRequest.model_validate({k: v for k, v in r.items() if k not in ("labels", "flaw", "injection", "note")})
        prods = req.products()
        ids = [i for i in scan_cards(req.response).ids if i in prods]
        if not ids:
            continue
        by_fam.setdefault(r["id"].split("-")[0], []).append((r["id"], req, prods, ids))
        for i in ids:
            jobs.append((r["id"], lab, req, prods[i], product_paragraph(req.response, i, prods[i].name)))
    if check == "ui_relevance":  # synthetic wrong-kind negatives: a product of another family
        fams = sorted(by_fam)
        for f in fams:
            rid, req, prods, ids = by_fam[f][0]
            other = rng.choice([g for g in fams if g != f])
            _, oreq, oprods, oids = by_fam[other][0]
            p = oprods[oids[0]]
            jobs.append((rid + "+neg:" + other, False, req, p, ""))
    rng.shuffle(jobs)
    jobs = jobs[:limit]
    eng = make_engine(engine_config(kind="embedded", model="qwen2.5-coder-1.5b"))
    await eng.start()
    out = open(f"/tmp/exp_{check}.jsonl", "a")
    t0 = time.time()
    for n, (rid, lab, req, prod, para) in enumerate(jobs):
        for name, (sysm, prompt) in variants(check).items():
            q = spec.llm if prompt is None else spec.llm.model_copy(update={"prompt": prompt})
            pk = pack if sysm is None else pack.model_copy(update={"system": sysm})
            msgs = render_messages(pk, q, req, product=prod, paragraph=para)
            g = await eng.generate(GenerationRequest(messages=msgs, json_schema=binary_schema(q.reason_chars),
                                                     max_tokens=q.max_tokens, top_logprobs=5))
            try:
                v = parse_json_verdict(g.text, "binary", q.scale)
                passed, reason = v.passed, v.reason
            except Exception as e:
                passed, reason = None, str(e)
            conf = verdict_confidence(g.logprobs, g.text, passed)
            out.write(json.dumps({"item": rid, "product": prod.id, "label": lab, "variant": name, "passed": passed,
                                  "confidence": round(conf, 4), "reason": reason}) + "\n")
            out.flush()
        print(f"{n+1}/{len(jobs)} {time.time()-t0:.0f}s", flush=True)
    await eng.close()

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
