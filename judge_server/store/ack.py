"""What the store held when the service answered: the bounded wait for a judgment's commit.

The service answers a judgment only once the store has committed it (group commit: the writer
resolves every queued judgment's future after its batch's transaction), so a replica killed right
after answering loses no acknowledged judgment. The wait is bounded by ``StoreConfig.ack_timeout_s``
and skipped while the database is unreachable: RL training must not stop because the store is slow
or down. Each answer then says what the store held, and the service counts answers by that state.
"""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import Future
from typing import get_args

from hrm_wire.models import (
    ScoreRequest,
    ScoreResult,
    StoreState,  # the wire field ScoreResult.stored: one list of states
)
from judge_server.store.sink import JudgmentSink

#: committed before the answer went out
WRITTEN: StoreState = "written"
#: still in the replica's write queue when the answer went out (the wait ran out, or is disabled):
#: written shortly, but lost if the replica dies first
PENDING: StoreState = "pending"
#: in the write queue while the database is unreachable: written when it is back, or dropped and
#: counted if the outage outlasts the write retries or fills the queue
QUEUED: StoreState = "queued"
#: not stored: the queue was full, the store closed, or the database refused the row
DROPPED: StoreState = "dropped"
#: the store is disabled
OFF: StoreState = "off"

STATES: tuple[StoreState, ...] = (WRITTEN, PENDING, QUEUED, DROPPED, OFF)
assert set(STATES) == set(get_args(StoreState)), "a state without its constant here"
#: how often a waiting answer looks whether the database went down (a commit ends the wait at once)
_DOWN_CHECK_S = 0.1


async def acknowledge(store: JudgmentSink, request: ScoreRequest, result: ScoreResult) -> StoreState:
    """Hand one judgment to ``store`` and wait, at most ``store.config.ack_timeout_s``, for its commit.

    Never raises and never waits while the database is known to be down; the state is counted in
    ``store.count_answer`` (exported on /metrics as ``hrm_answers_total{stored=...}``).
    """
    done: Future[StoreState] = store.submit(request, result)
    end = time.monotonic() + float(store.config.ack_timeout_s)
    if not done.done() and store.available and time.monotonic() < end:
        waiting = asyncio.wrap_future(done)
        # asyncio.wait, not wait_for: a timeout must not cancel the writer's future. In slices, so a
        # database that goes down meanwhile (the writer is retrying it) ends the wait at once.
        while not waiting.done() and store.available and (left := end - time.monotonic()) > 0:
            await asyncio.wait({waiting}, timeout=min(left, _DOWN_CHECK_S))
    if done.done():
        state = done.result()
    else:
        state = PENDING if store.available else QUEUED
    store.count_answer(state)
    return state
