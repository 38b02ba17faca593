"""Test helper: make the pipeline's grader answer yes, no, abstain or fail per check id.

The fake engine answers every question with a pass; ``steer`` rewrites the judge's verdict for the named
checks after the real ``Judge.ask`` ran (so prompts, cache and counters are exercised as usual). An
abstention is the verdict the calibrated cascade returns when every tier is below its threshold
(``LLMVerdict.abstained``); the real-backed sibling is the calibration agent's cascade tests.
"""

from __future__ import annotations

from dataclasses import replace

from judge_server.grading.parsing import ParsedVerdict


def _steered(v, q, how: str | None, confidence: float):
    if how == "abstain":
        return replace(v, abstained=True, confidence=confidence, tier="fake-grader",
                       verdict=ParsedVerdict(False, None, "maybe not the kind of item"))
    if how == "no":
        lo = q.scale[0]
        verdict = ParsedVerdict(False, None, "no") if q.answer == "binary" else ParsedVerdict(None, lo, "poor")
        return replace(v, verdict=verdict, confidence=0.95)
    if how == "fail":
        return replace(v, verdict=None, failure="unparseable verdict after 3 attempt(s)", raw="garbage")
    return v


def steer(pipeline, answers: dict[str, str], *, confidence: float = 0.55) -> list[str]:
    """Answer ``answers[check_id]`` ('yes', 'no', 'abstain', 'fail') for those checks; returns the ids asked.
    A joint question (one call for several products) gets that answer for every product."""
    real, real_joint = pipeline.judge.ask, pipeline.judge.ask_joint
    asked: list[str] = []

    async def ask(q, messages, use_cache=True, *, check_id=None, agree=None):
        v = await real(q, messages, use_cache, check_id=check_id, agree=agree)
        asked.append(check_id)
        return _steered(v, q, answers.get(check_id), confidence)

    async def ask_joint(q, messages, labels, use_cache=True, *, check_id=None):
        j = await real_joint(q, messages, labels, use_cache, check_id=check_id)
        asked.append(check_id)
        return replace(j, verdicts=[_steered(v, q, answers.get(check_id), confidence) for v in j.verdicts])

    pipeline.judge.ask = ask
    pipeline.judge.ask_joint = ask_joint
    return asked
