"""Measure the top-k self-certainty approximation against the full-vocabulary value on a small model.

    python research/bench/measure_self_certainty.py [--gguf PATH] [--k 1 5 20]

Loads SmolLM2-135M-Instruct from the GGUF HRM ships (transformers dequantises it; CPU, ~1 GB RAM), teacher-
forces Shop-R1-style responses, and over the rationale tokens of each compares
``self_certainty(top-k)`` (trainer_plugin/self_certainty.py) with the exact mean KL from uniform computed
from the full next-token distribution. Prints one row per response and k with the absolute and relative error.
"""

from __future__ import annotations

import argparse
import json
import time

RESPONSES = [
    {"rationale": "The product page is open and the card matches what I searched for, so I buy it now.",
     "action": {"type": "click", "name": "add_to_cart.buy_now"}},
    {"rationale": "I want a high-end gaming graphics card, so I search for the exact model I have in mind.",
     "action": {"type": "type_and_submit", "name": "search_input", "text": "geforce rtx 5090"}},
    {"rationale": "Nothing on this page fits my budget and I have seen enough options; I stop here.",
     "action": {"type": "terminate"}},
]
PROMPT = "You simulate a web shopper. Given the page, answer with JSON {rationale, action}.\nPage: <html>...</html>\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--gguf", default=None, help="GGUF model (default: the packaged SmolLM2-135M)")
    p.add_argument("--k", type=int, nargs="+", default=[1, 5, 20, 100])
    args = p.parse_args(argv)

    from pathlib import Path

    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from trainer_plugin.self_certainty import TAILS, kl_from_uniform_full, rationale_span, self_certainty

    if args.gguf is None:
        from judge_server.engines.model_assembly import SMOLLM2_135M, locate_chunk

        args.gguf = str(locate_chunk(SMOLLM2_135M.chunks[0]))
    path = Path(args.gguf)
    t0 = time.monotonic()
    tok = AutoTokenizer.from_pretrained(path.parent, gguf_file=path.name)
    model = AutoModelForCausalLM.from_pretrained(path.parent, gguf_file=path.name, dtype=torch.float32)
    model.eval()
    print(f"model {path.name}: vocab {model.config.vocab_size}, loaded in {time.monotonic() - t0:.0f} s")
    print(f"{'response':>8} {'tokens':>6} {'k':>4} {'tail':>5} {'full KL':>9} {'top-k KL':>9} {'abs err':>8} "
          f"{'rel err':>8}")
    worst = {(k, t): 0.0 for k in args.k for t in TAILS}
    for n, resp in enumerate(RESPONSES):
        prompt_ids = tok.encode(PROMPT, add_special_tokens=False)
        resp_ids = tok.encode(json.dumps(resp), add_special_tokens=False)
        start, end = rationale_span(resp_ids, lambda ids: tok.decode(ids))
        with torch.no_grad():
            logits = model(torch.tensor([prompt_ids + resp_ids])).logits[0].float()
        logp = torch.log_softmax(logits, dim=-1)
        # position t predicts token t+1: the distributions over the rationale tokens
        rows = [logp[len(prompt_ids) + j - 1] for j in range(start, end)]
        vocab = logp.shape[-1]
        full = sum(kl_from_uniform_full(r.tolist()) for r in rows) / len(rows)
        for k in args.k:
            tops = [torch.topk(r, k).values.tolist() for r in rows]
            for t in TAILS:
                approx = self_certainty(tops, vocab, tail=t)
                rel = abs(approx - full) / full
                worst[k, t] = max(worst[k, t], rel)
                print(f"{n:>8} {end - start:>6} {k:>4} {t:>5} {full:>9.4f} {approx:>9.4f} {approx - full:>8.4f} "
                      f"{rel:>8.2%}")
    print("worst relative error: " + ", ".join(f"k={k} {t}: {v:.2%}" for (k, t), v in worst.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
