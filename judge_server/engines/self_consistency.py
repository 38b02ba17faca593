"""``engine.kind: self_consistency``: one engine sampled k times per yes/no question; agreement is confidence.

A grader whose log-probabilities are over-confident can still be unsure in a way that shows across
samples. For a binary question (the judge asks for log-probs only there) this engine draws ``samples``
answers at ``sample_temperature`` with distinct seeds, reads each answer's verdict word, and returns the
majority answer with synthetic log-probs on its verdict token: ``log(share)`` for each answer, so the
judge's usual confidence (judge_server.grading.parsing.verdict_confidence) becomes the share of samples that
agree with the majority; a joint answer (one verdict per product) is voted product by product. Non-binary
questions pass through as one generation. Usable alone or as a
tier of a cascade (e.g. a greedy 1.5B, then the same 1.5B with self-consistency); its ``model_id`` says
it samples, so its cache entries and calibration are its own.
"""

from __future__ import annotations

import asyncio
import json
import math
from collections import Counter
from typing import Any

from hrm_wire.errors import ConfigError
from judge_server.engines.base import (
    Generation,
    GenerationRequest,
    GraderEngine,
    TokenLogprob,
    summed_usage,
)
from judge_server.engines.configs import SelfConsistencyConfig


def _verdict_word(text: str) -> str | None:
    """The yes/no verdict of a JSON binary answer, or None when it is not one."""
    try:
        value = json.loads(text)
    except (json.JSONDecodeError, TypeError):
        return None
    word = value.get("verdict") if isinstance(value, dict) else None
    return word if word in ("yes", "no") else None


class SelfConsistencyEngine(GraderEngine):
    """Majority vote over sampled answers of the engine in ``config.tiers[0]``."""

    config: SelfConsistencyConfig

    def __init__(self, config: SelfConsistencyConfig, inner: GraderEngine | None = None) -> None:
        super().__init__(config)
        if inner is None:
            from judge_server.engines import make_engine

            if len(config.tiers) != 1 or config.tiers[0].kind in ("self_consistency", "cascade"):
                raise ConfigError("engine.kind self_consistency needs exactly one engine in engine.tiers "
                                  "(not a cascade or another self_consistency)", field="engine.tiers")
            inner = make_engine(config.tiers[0])
        self.inner = inner
        self.supports_json_schema = inner.supports_json_schema
        self.supports_logprobs = True  # synthetic: the share of agreeing samples

    @property
    def model_id(self) -> str:
        return f"{self.inner.model_id}+sc{self.config.samples}@t{self.config.sample_temperature:g}"

    @property
    def cache_identity(self) -> str:
        return f"{self.inner.cache_identity}+sc{self.config.samples}@t{self.config.sample_temperature:g}"

    async def start(self) -> None:
        await self.inner.start()

    def is_ready(self) -> bool:
        return self.inner.is_ready()

    async def close(self) -> None:
        await self.inner.close()

    async def generate(self, request: GenerationRequest) -> Generation:
        if not request.top_logprobs:  # not a yes/no question: nothing to vote on
            return await self.inner.generate(request.model_copy(update={"top_logprobs": 0}))
        k = self.config.samples
        draws = await asyncio.gather(*(self.inner.generate(request.model_copy(update={
            "temperature": self.config.sample_temperature, "seed": request.seed + i, "top_logprobs": 0}))
            for i in range(k)))
        tokens = summed_usage(draws)
        if request.schema_name == "joint_verdict":
            return _vote_joint(draws, tokens, list((request.json_schema or {}).get("required") or []))
        words = [_verdict_word(g.text) for g in draws]
        votes = Counter(w for w in words if w is not None)
        if not votes:  # no sample parsed: hand the first one on, the judge's parser reports it
            return Generation(text=draws[0].text, finish_reason=draws[0].finish_reason, **tokens)
        majority, _ = votes.most_common(1)[0]
        text = draws[words.index(majority)].text
        total = sum(votes.values())
        top = [(w, math.log(n / total)) for w, n in votes.most_common()]
        return Generation(text=text, logprobs=[TokenLogprob(token=majority, logprob=top[0][1], top=top)], **tokens)


def _vote_joint(draws: list[Generation], tokens: dict[str, Any], labels: list[str]) -> Generation:
    """A joint answer (one verdict per label) voted label by label: the returned text holds each label's
    majority word with synthetic log-probs on it, so the judge reads a per-label agreement share. The labels
    are the schema's (without one: every label any sample answered), not the first sample's."""
    answers: list[dict[str, object]] = []
    for g in draws:
        try:
            value = json.loads(g.text)
        except (json.JSONDecodeError, TypeError):
            continue
        if isinstance(value, dict):
            answers.append(value)
    if not answers:
        return Generation(text=draws[0].text, finish_reason=draws[0].finish_reason, **tokens)
    labels = labels or list(dict.fromkeys(label for a in answers for label in a))
    pieces: list[TokenLogprob] = [TokenLogprob(token="{", logprob=0.0)]
    for n, label in enumerate(labels):
        entries = [a[label] for a in answers if isinstance(a.get(label), dict)]
        votes = Counter(e["verdict"] for e in entries if e.get("verdict") in ("yes", "no"))  # type: ignore[index,union-attr]
        if not votes:
            return Generation(text=draws[0].text, finish_reason=draws[0].finish_reason, **tokens)
        total = sum(votes.values())
        top = [(w, math.log(c / total)) for w, c in votes.most_common()]
        word = top[0][0]
        reason = next(str(e.get("reason", "")) for e in entries if e.get("verdict") == word)  # type: ignore[union-attr]
        pieces += [TokenLogprob(token=f'{", " if n else ""}{json.dumps(label)}: {{"verdict": "', logprob=0.0),
                   TokenLogprob(token=word, logprob=top[0][1], top=top),
                   TokenLogprob(token=f'", "reason": {json.dumps(reason)}}}', logprob=0.0)]
    pieces.append(TokenLogprob(token="}", logprob=0.0))
    return Generation(text="".join(t.token for t in pieces), logprobs=pieces, **tokens)
