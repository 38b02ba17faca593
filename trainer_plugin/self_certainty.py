"""Shop-R1's rationale reward signal: self-certainty of the policy over its rationale tokens.

Paper (Shop-R1, Eq. 3): ``s(r) = mean over the N rationale tokens of KL(p_j || U)``, the KL divergence of the
policy's next-token distribution ``p_j`` from the uniform distribution over the vocabulary ``V``:
``KL(p || U) = sum_i p_i log(p_i |V|) = log|V| - H(p)``. (Eq. 3 as printed also divides by ``|V|``; that
makes the term ~1e-4 and, at the paper's weight alpha = 0.005, invisible next to a 0.5 format reward, so
the mean KL is the default here and ``per_vocab=True`` applies the printed factor.)

Only the sampler sees ``p_j``. A rollout engine returns the top-k log-probabilities of each position
(vLLM ``logprobs=k``), not the whole distribution, so the KL is estimated from them: the top-k tokens
contribute exactly; the remaining mass ``m = 1 - sum(top-k p)`` contributes at least
``m log(m |V| / (|V| - k))`` (spread evenly; log-sum inequality) and at most ``m log(p_k |V|)`` (no tail
token is likelier than the k-th). The default estimate takes the midpoint of the two bounds.

Measured against the full-vocabulary value on SmolLM2-135M (|V| = 49152; three Shop-R1 responses, 18-22
rationale tokens; ``python research/bench/measure_self_certainty.py``), worst relative error:
k=5: mid 8.4% (even 35%, kth 19%); k=20: mid 3.3% (even 17%, kth 11%); k=100: mid 1.2% (even 7%, kth 5%).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence

TAILS = ("even", "kth", "mid")
#: the request-context key a pack declares (``context_keys``) when its rules read the rationale's self-certainty
RATIONALE_SELF_CERTAINTY = "rationale_self_certainty"
TOPK_KEY = "topk_logprobs"
"""Extra field of a rollout with one list of top-k log-probs per response token (trainer_plugin/topk_agent_loop.py)."""
TOPK_ERROR_KEY = "topk_logprobs_error"
"""Extra field saying why a ``*_topk`` agent loop could not record them."""


def kl_from_uniform_topk(top_logprobs: Sequence[float], vocab_size: int, tail: str = "mid") -> float:
    """KL(p || U) of one position from its top-k log-probabilities (natural log).

    The tail mass ``m`` outside the top k contributes between ``m log(m |V| / (|V| - k))`` (``tail="even"``:
    spread evenly, a lower bound) and ``m log(p_k |V|)`` (``tail="kth"``: every tail token as likely as the
    k-th, an upper bound since none is likelier); ``tail="mid"`` takes the mean of the two.
    """
    if tail not in TAILS:
        raise ValueError(f"tail must be one of {TAILS}")
    if vocab_size < 2:
        raise ValueError("vocab_size must be >= 2")
    k = len(top_logprobs)
    if k > vocab_size:
        raise ValueError(f"{k} log-probs for a vocabulary of {vocab_size}")
    log_v = math.log(vocab_size)
    kl = 0.0
    mass = 0.0
    for lp in top_logprobs:
        p = math.exp(lp)
        mass += p
        kl += p * (lp + log_v)
    rest = max(0.0, 1.0 - mass)
    if rest > 0.0 and vocab_size > k:
        even = rest * (math.log(rest) + log_v - math.log(vocab_size - k))
        kth = rest * (min(top_logprobs) + log_v) if k else even
        kl += {"even": even, "kth": max(even, kth), "mid": (even + max(even, kth)) / 2}[tail]
    return max(0.0, kl)


def kl_from_uniform_full(logprobs: Sequence[float]) -> float:
    """KL(p || U) of one position from its full log-probability vector (the reference value)."""
    log_v = math.log(len(logprobs))
    return sum(math.exp(lp) * (lp + log_v) for lp in logprobs if lp > -1e30)


def self_certainty(positions: Sequence[Sequence[float]], vocab_size: int, *, per_vocab: bool = False,
                   tail: str = "mid") -> float:
    """Mean top-k KL from uniform over ``positions`` (each a list of top-k log-probs); 0.0 when empty."""
    if not positions:
        return 0.0
    s = sum(kl_from_uniform_topk(p, vocab_size, tail) for p in positions) / len(positions)
    return s / vocab_size if per_vocab else s


def rationale_span(ids: Sequence[int], decode: Callable[[list[int]], str], key: str = "rationale") -> tuple[int, int]:
    """Token range ``[start, end)`` of the rationale string's value in a ``{"rationale": "...", ...}`` response.

    Character offsets come from decoding growing prefixes (exact for byte-level BPE once a character is
    complete); (0, 0) when the response holds no such field.
    """
    text = decode(list(ids))
    head = text.find(json.dumps(key))
    if head < 0:
        return 0, 0
    colon = text.find(":", head)
    open_q = text.find('"', colon + 1)
    if colon < 0 or open_q < 0:
        return 0, 0
    # the closing quote: the first '"' after open_q that is not escaped
    i = open_q + 1
    while i < len(text) and not (text[i] == '"' and text[i - 1] != "\\"):
        i += 1
    start_char, end_char = open_q + 1, i
    start = end = None
    for n in range(1, len(ids) + 1):
        length = len(decode(list(ids[:n])))
        if start is None and length > start_char:
            start = n - 1
        if length >= end_char:
            end = n
            break
    if start is None:
        return 0, 0
    return start, end if end is not None else len(ids)
