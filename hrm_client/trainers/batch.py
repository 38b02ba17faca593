"""Scoring a trainer's samples: requests built per sample (a bad one fails alone), one batched call, outcomes."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from hrm_client.client import AsyncJudgeClient, JudgeClient
from hrm_wire.errors import HRMError, InvalidRequest, invalid_from_validation
from hrm_wire.models import ScoreRequest
from hrm_wire.trainers import Outcome, TrainerInputError, build_request, outcome

Sample = tuple[Any, Any, Any]  # (prompt, completion, label)


def _requests(samples: Sequence[Sample], template: Any, rubric: str | None,
              ) -> tuple[list[ScoreRequest], list[int], dict[int, HRMError]]:
    ok: list[ScoreRequest] = []
    where: list[int] = []
    bad: dict[int, HRMError] = {}
    for i, (prompt, completion, label) in enumerate(samples):
        try:
            ok.append(ScoreRequest.model_validate(build_request(prompt, completion, label, template=template,
                                                                rubric=rubric)))
            where.append(i)
        except TrainerInputError as exc:
            bad[i] = InvalidRequest(str(exc), field="label")
        except ValidationError as exc:
            bad[i] = invalid_from_validation(exc)
    return ok, where, bad


def _outcomes(n: int, where: list[int], answers: Sequence[Any], bad: dict[int, HRMError],
              score_keys: tuple[str, ...]) -> list[Outcome]:
    out: list[Outcome | None] = [None] * n
    for i, err in bad.items():
        out[i] = outcome(err, score_keys)
    for i, ans in zip(where, answers, strict=True):
        out[i] = outcome(ans, score_keys)
    return [o for o in out if o is not None]


async def score_async(client: AsyncJudgeClient, samples: Sequence[Sample], *, template: Any, rubric: str | None,
                      score_keys: tuple[str, ...] = ()) -> list[Outcome]:
    reqs, where, bad = _requests(samples, template, rubric)
    answers: list[Any] = []
    if reqs:
        try:
            answers = await client.score_batch(reqs)
        except (HRMError, OSError, asyncio.TimeoutError) as exc:  # the service is unreachable: every sample says so
            answers = [exc] * len(reqs)
    return _outcomes(len(samples), where, answers, bad, score_keys)


def score_sync(client: JudgeClient, samples: Sequence[Sample], *, template: Any, rubric: str | None,
               score_keys: tuple[str, ...] = ()) -> list[Outcome]:
    reqs, where, bad = _requests(samples, template, rubric)
    answers: list[Any] = []
    if reqs:
        try:
            answers = client.score_batch(reqs)
        except (HRMError, OSError, TimeoutError) as exc:
            answers = [exc] * len(reqs)
    return _outcomes(len(samples), where, answers, bad, score_keys)
