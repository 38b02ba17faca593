"""Issue 12, "LLM extracts, code verifies" for description_faithfulness (DF), measured against the labels.

For each labelled item whose DF check reaches the grader (the ``fact_check`` rule does not veto it and it
cards at least one known product), the 1.5B grader is asked once per carded product to list the claims its
paragraph makes, constrained to ``CLAIMS_SCHEMA``; ``verify_claims`` compares them with the records and the
item's DF verdict is the rule veto, else a certain contradiction, else pass (see ``verdict``).

    # LLM (hold /tmp/hrm-llm.lock): fill the answer cache for one set
    flock /tmp/hrm-llm.lock timeout 3000 nice -n 15 python research/bench/bench_df_claims.py ask dev
    # no LLM: verify, combine, compare with the labels and with the yes/no question of judge_quality_v4
    python research/bench/bench_df_claims.py score dev

Sets: ``dev`` (tune on it), ``independent`` and ``independent2`` (held out: asked once with the frozen design).
Grader answers are cached in ``research/bench/results/df_claims/answers_<set>.jsonl`` keyed by the rendered request, so
a rerun with the same prompt costs no LLM call; per-call seconds are kept with them.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

from hrm_wire.models import Product, ScoreRequest
from judge_server.engines import make_engine
from judge_server.engines.base import ChatMessage, GenerationRequest
from judge_server.engines.configs import engine_config
from judge_server.grading.prompts import UNTRUSTED_NOTICE, neutralise
from judge_server.packs.cards import product_paragraph, scan_cards
from judge_server.packs.registry import RubricRegistry
from judge_server.rules.base import RuleContext
from judge_server.rules.registry import RULES
from research.rejected.claims import (
    CLAIMS_SCHEMA,
    Claim,
    ClaimCheck,
    ClaimsUnparseable,
    parse_claims,
    verify_claims,
)

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "research/bench" / "results" / "df_claims"
SETS = {
    "dev": (["research/devset/dev.jsonl"], "dev_q15"),
    "independent": (["research/evalsets/independent/shop_indep.jsonl"], "shop_indep_q15_cal"),
    "independent2": (["research/evalsets/independent2/shop_indep2.jsonl"], "shop_indep2_q15_cal"),
}
MODEL = "qwen2.5-coder-1.5b"
MAX_TOKENS = 320
CHECK = "description_faithfulness"

# The extraction prompt. The grader sees the record's attribute NAMES (so its attribute labels line up with
# the record keys the verifier links on) but not their values: an extractor that sees the record tends to
# copy the record's value instead of the text's, which hides exactly the contradictions we look for.
PROMPT = (
    "Task: list the factual claims the text makes about the product {name} (id {pid}). A claim is one stated "
    "property with its value: a number with its unit (weight, size, capacity, hours, wattage, pack size, "
    "price), a feature the text says the product has (value true) or lacks (value false), or a rating or "
    "material as short text. Name the attribute with one of these record fields when one fits: {keys}; "
    "else with a short phrase. Copy each value from the text exactly as the text states it. Do not list "
    "opinions, advice, comparisons without a value, or claims about other products. If the text states no "
    "such fact about this product, answer with an empty list.")
FORMAT = ('Answer with a JSON object {{"claims": [{{"product_id": "{pid}", "attribute": "...", "value": ..., '
          '"unit": "..." or null}}]}}.')


def load(name: str) -> list[dict[str, Any]]:
    files, _ = SETS[name]
    return [json.loads(line) for f in files for line in open(ROOT / f) if line.strip()]


def request_of(row: dict[str, Any]) -> ScoreRequest:
    return ScoreRequest.model_validate({k: v for k, v in row.items() if k not in ("labels", "flaw", "injection", "note")})


def messages(system: str, p: Product, paragraph: str) -> tuple[ChatMessage, ...]:
    keys = ", ".join(sorted(p.attributes)) or "(none)"
    user = "\n\n".join([
        PROMPT.format(name=p.name, pid=p.id, keys=keys), UNTRUSTED_NOTICE, FORMAT.format(pid=p.id),
        f"<<<BEGIN TEXT ABOUT THE PRODUCT>>>\n{neutralise(paragraph).strip() or '(nothing)'}\n"
        "<<<END TEXT ABOUT THE PRODUCT>>>"])
    return (ChatMessage(role="system", content=system), ChatMessage(role="user", content=user))


def key_of(msgs: tuple[ChatMessage, ...]) -> str:
    blob = json.dumps([MODEL, MAX_TOKENS, CLAIMS_SCHEMA, [m.model_dump() for m in msgs]], sort_keys=True)
    return hashlib.sha256(blob.encode()).hexdigest()[:24]


def jobs_of(name: str) -> list[dict[str, Any]]:
    """One entry per labelled item: its rule outcome and, unless the rule vetoes, its per-product questions."""
    pack = RubricRegistry().get("smartshop")
    spec = next(c for c in pack.checks if c.id == CHECK)
    out = []
    for row in load(name):
        label = row.get("labels", {}).get("checks", {}).get(CHECK)
        if not isinstance(label, bool):
            continue
        req = request_of(row)
        rule = RULES[spec.rule](RuleContext(req, spec.params))  # type: ignore[index]
        prods = req.products()
        ids = [i for i in scan_cards(req.response).ids if i in prods]
        asks = []
        if rule.passed is not False:
            for i in ids:
                para = product_paragraph(req.response, i, prods[i].name)
                msgs = messages(pack.system.strip(), prods[i], para)
                asks.append({"pid": i, "key": key_of(msgs), "messages": msgs, "paragraph": para})
        out.append({"id": row["id"], "flaw": row.get("flaw"), "label": label, "rule": rule, "req": req,
                    "asks": asks})
    return out


def cache_path(name: str) -> Path:
    return OUT / f"answers_{name}.jsonl"


def read_cache(name: str) -> dict[str, dict[str, Any]]:
    p = cache_path(name)
    return {e["key"]: e for e in map(json.loads, p.open())} if p.exists() else {}


async def ask(name: str) -> None:
    jobs = jobs_of(name)
    cache = read_cache(name)
    todo = {a["key"]: (j["id"], a) for j in jobs for a in j["asks"] if a["key"] not in cache}
    print(f"{name}: {sum(len(j['asks']) for j in jobs)} questions, {len(todo)} not cached", flush=True)
    if not todo:
        return
    eng = make_engine(engine_config(kind="embedded", model=MODEL))
    await eng.start()
    OUT.mkdir(parents=True, exist_ok=True)
    sink = cache_path(name).open("a")
    sem = asyncio.Semaphore(2)  # the embedded engine's two decoding slots
    t0, done = time.time(), 0

    async def one(item: str, a: dict[str, Any]) -> None:
        nonlocal done
        async with sem:
            t = time.time()
            g = await eng.generate(GenerationRequest(messages=a["messages"], json_schema=CLAIMS_SCHEMA,
                                                     schema_name="claims", max_tokens=MAX_TOKENS))
            sink.write(json.dumps({"key": a["key"], "item": item, "pid": a["pid"], "text": g.text,
                                   "finish_reason": g.finish_reason, "prompt_tokens": g.prompt_tokens,
                                   "completion_tokens": g.completion_tokens,
                                   "seconds": round(time.time() - t, 2)}) + "\n")
            sink.flush()
            done += 1
            print(f"{done}/{len(todo)} {time.time() - t0:.0f}s {item} {a['pid']}", flush=True)

    try:
        await asyncio.gather(*(one(item, a) for item, a in todo.values()))
    finally:
        sink.close()
        await eng.close()


# -- scoring (no LLM) ---------------------------------------------------------------------------------------

def checks_for(answer: dict[str, Any], pid: str, products: dict[str, Product],
               text: str | None) -> list[ClaimCheck] | None:
    """The verified claims of one answer (``text``: only claims it bears out may contradict; None: trust the
    extraction); None when the answer is not a claim list (a judge failure)."""
    try:
        claims = parse_claims(answer["text"])
    except ClaimsUnparseable:
        return None
    # the grader was told the id; an id it garbled means the asked product, not "no record"
    fixed = [c if c.product_id in products else Claim(**{**c.model_dump(), "product_id": pid}) for c in claims]
    return verify_claims(fixed, products, text=text)


def verdict(rule_failed: bool, checks: list[list[ClaimCheck] | None], mapping: str) -> bool | None:
    """Item DF verdict. mappings (chosen on dev): ``veto`` any contradiction fails, else pass;
    ``veto_abstain`` as veto, but an item with no supported claim at all abstains (None)."""
    if rule_failed:
        return False
    flat = [k for cs in checks if cs for k in cs]
    if any(k.verdict == "contradicted" for k in flat):
        return False
    if mapping == "veto_abstain" and not any(k.verdict == "supported" for k in flat):
        return None
    return True


def kappa_acc(pairs: list[tuple[bool, bool]]) -> dict[str, Any]:
    n = len(pairs)
    if not n:
        return {"n": 0}
    agree = sum(a == b for a, b in pairs)
    po = agree / n
    pj = sum(a for a, _ in pairs) / n
    ph = sum(b for _, b in pairs) / n
    pe = pj * ph + (1 - pj) * (1 - ph)
    kappa = (po - pe) / (1 - pe) if pe < 1 else (1.0 if po == 1 else 0.0)
    return {"n": n, "accuracy": round(po, 3), "kappa": round(kappa, 3),
            "judge_fail_human_pass": sum(not a and b for a, b in pairs),
            "judge_pass_human_fail": sum(a and not b for a, b in pairs)}


def yesno_verdicts(name: str) -> dict[str, bool | None]:
    """Per item DF verdict of the current yes/no question from judge_quality_v4, abstentions forced to the
    grader's own answer; None where the check was short-circuited (never asked)."""
    path = ROOT / "research/bench" / "results" / "judge_quality_v4" / SETS[name][1] / "results.jsonl"
    out: dict[str, bool | None] = {}
    for r in map(json.loads, path.open()):
        c = r["checks"].get(CHECK)
        if c is None or c["source"] == "skipped":
            out[r["id"]] = None
        elif c["passed"] is not None:
            out[r["id"]] = c["passed"]
        else:
            obs = [o for o in r.get("observations", []) if o["check"] == CHECK]
            out[r["id"]] = obs[0]["passed"] if obs else None
    return out


def score(name: str) -> dict[str, Any]:
    jobs = jobs_of(name)
    cache = read_cache(name)
    yesno = yesno_verdicts(name)
    items, missing = [], 0
    for j in jobs:
        prods = j["req"].products()
        answers = [cache.get(a["key"]) for a in j["asks"]]
        missing += sum(a is None for a in answers)
        per = [checks_for(a, q["pid"], prods, q["paragraph"]) if a else None
               for a, q in zip(answers, j["asks"], strict=True)]
        raw = [checks_for(a, q["pid"], prods, None) if a else None for a, q in zip(answers, j["asks"], strict=True)]
        items.append({
            "id": j["id"], "flaw": j["flaw"], "label": j["label"], "rule_failed": j["rule"].passed is False,
            "yesno": yesno.get(j["id"]),
            "claims": {**{m: verdict(j["rule"].passed is False, per, m) for m in ("veto", "veto_abstain")},
                       "veto_ungrounded": verdict(j["rule"].passed is False, raw, "veto")},
            "llm_calls": len(j["asks"]),
            "judge_failed": sum(a is not None and c is None for a, c in zip(answers, per, strict=True)),
            "seconds": round(sum(a["seconds"] for a in answers if a), 2),
            "checks": [{"pid": q["pid"], "answer": a["text"] if a else None,
                        "verified": None if cs is None else [
                            {"attribute": k.claim.attribute, "value": k.claim.value, "unit": k.claim.unit,
                             "product_id": k.claim.product_id, "verdict": k.verdict, "detail": k.detail}
                            for k in cs]}
                       for q, a, cs in zip(j["asks"], answers, per, strict=True)],
        })
    asked = [i for i in items if i["llm_calls"]]
    summary: dict[str, Any] = {
        "set": name, "items": len(items), "items_reaching_grader": len(asked), "unanswered_questions": missing,
        "llm_calls": sum(i["llm_calls"] for i in items),
        "llm_calls_per_asked_item": round(sum(i["llm_calls"] for i in asked) / max(1, len(asked)), 2),
        "seconds_per_asked_item": round(sum(i["seconds"] for i in asked) / max(1, len(asked)), 1),
        "judge_failed_answers": sum(i["judge_failed"] for i in items),
    }
    both = [i for i in items if i["yesno"] is not None]
    rows = {
        "rule_only": [(not i["rule_failed"], i["label"]) for i in items],
        "claims_veto": [(i["claims"]["veto"], i["label"]) for i in items],
        "claims_veto_ungrounded": [(i["claims"]["veto_ungrounded"], i["label"]) for i in items],
        "claims_veto_abstain_decided": [(i["claims"]["veto_abstain"], i["label"]) for i in items
                                        if i["claims"]["veto_abstain"] is not None],
        "yesno_v4_where_asked": [(i["yesno"], i["label"]) for i in both],
        "claims_veto_where_yesno_asked": [(i["claims"]["veto"], i["label"]) for i in both],
        "rule_only_where_yesno_asked": [(not i["rule_failed"], i["label"]) for i in both],
    }
    summary["metrics"] = {k: kappa_acc(v) for k, v in rows.items()}
    summary["coverage_veto_abstain"] = round(len(rows["claims_veto_abstain_decided"]) / max(1, len(items)), 3)
    summary["good_items_failed_by_claims"] = [i["id"] for i in items if i["label"] and i["claims"]["veto"] is False]
    summary["good_items_failed_by_claims_ungrounded"] = [
        i["id"] for i in items if i["label"] and i["claims"]["veto_ungrounded"] is False]
    summary["flawed_items_caught_by_claims_not_rule"] = [
        i["id"] for i in items if not i["label"] and not i["rule_failed"] and i["claims"]["veto"] is False]
    summary["flawed_items_passed_by_claims"] = [i["id"] for i in items if not i["label"] and i["claims"]["veto"]]
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / f"{name}.json").write_text(json.dumps({"summary": summary, "items": items}, indent=1, default=str) + "\n")
    return summary


if __name__ == "__main__":
    cmd, set_name = sys.argv[1], sys.argv[2]
    if cmd == "ask":
        asyncio.run(ask(set_name))
    else:
        print(json.dumps(score(set_name), indent=1))
