"""gather_eager: asyncio.gather's results, errors and cancellation, with a task only for a coroutine that waits."""

from __future__ import annotations

import asyncio
import contextvars
import logging

import pytest

from judge_server.checks.eager import gather_eager

VAR: contextvars.ContextVar[str] = contextvars.ContextVar("test_eager", default="caller")


async def at_once(value: int) -> int:
    return value


async def after(value: int, delay: float = 0.0) -> int:
    await asyncio.sleep(delay)
    return value


async def test_results_in_order_whether_or_not_a_coroutine_waits() -> None:
    coros = [at_once(0), after(1, 0.02), at_once(2), after(3, 0.0), after(4, 0.01)]
    assert await gather_eager(coros) == [0, 1, 2, 3, 4]


async def test_no_task_for_coroutines_that_finish_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    loop = asyncio.get_running_loop()
    made: list[object] = []
    create = loop.create_task

    def counting(coro, **kwargs):  # type: ignore[no-untyped-def]
        made.append(coro)
        return create(coro, **kwargs)

    monkeypatch.setattr(loop, "create_task", counting)
    assert await gather_eager([at_once(k) for k in range(5)]) == list(range(5))
    assert made == []
    assert await gather_eager([at_once(0), after(1), at_once(2)]) == [0, 1, 2]
    assert len(made) == 1


async def test_same_as_gather_on_mixed_schedules() -> None:
    def make() -> list:  # type: ignore[type-arg]
        return [after(k, (k % 3) * 0.003) if k % 2 else at_once(k) for k in range(12)]

    assert await gather_eager(make()) == await asyncio.gather(*make())


async def test_first_error_propagates_and_the_others_run_on() -> None:
    finished: list[int] = []

    async def slow_ok() -> int:
        await asyncio.sleep(0.01)
        finished.append(1)
        return 1

    async def fails_at_once() -> int:
        raise ValueError("bad")

    slow = slow_ok()
    with pytest.raises(ValueError, match="bad"):
        await gather_eager([slow, fails_at_once()])
    await asyncio.sleep(0.03)
    assert finished == [1]  # as with gather: a sibling's failure does not cancel it


async def test_error_after_a_wait_propagates() -> None:
    async def fails_later() -> int:
        await asyncio.sleep(0)
        raise KeyError("later")

    with pytest.raises(KeyError):
        await gather_eager([at_once(1), fails_later()])


async def test_a_later_failure_of_a_sibling_is_not_left_unretrieved(caplog: pytest.LogCaptureFixture) -> None:
    async def fails_at_once() -> int:
        raise ValueError("first")

    async def fails_later() -> int:
        await asyncio.sleep(0.005)
        raise RuntimeError("second")

    with caplog.at_level(logging.ERROR, logger="asyncio"), pytest.raises(ValueError):
        await gather_eager([fails_later(), fails_at_once()])
    await asyncio.sleep(0.02)
    import gc

    gc.collect()
    assert "exception was never retrieved" not in caplog.text


async def test_cancelling_the_caller_cancels_what_still_waits() -> None:
    cancelled: list[bool] = []

    async def waits() -> int:
        try:
            await asyncio.sleep(10)
        except asyncio.CancelledError:
            cancelled.append(True)
            raise
        return 0

    outer = asyncio.ensure_future(gather_eager([at_once(1), waits(), waits()]))
    await asyncio.sleep(0.01)
    outer.cancel()
    with pytest.raises(asyncio.CancelledError):
        await outer
    assert cancelled == [True, True]


async def test_each_coroutine_runs_in_its_own_context_copy() -> None:
    seen: list[str] = []

    async def sets(name: str, wait: bool) -> str:
        VAR.set(name)
        if wait:
            await asyncio.sleep(0)
        seen.append(VAR.get())
        return VAR.get()

    async def reads() -> str:
        return VAR.get()

    assert await gather_eager([sets("a", False), reads(), sets("b", True), reads()]) == ["a", "caller", "b",
                                                                                          "caller"]
    assert VAR.get() == "caller"


async def test_a_value_thrown_into_the_handed_over_coroutine_reaches_it() -> None:
    """A future's exception after the hand-over is raised inside the coroutine, where it can be handled."""
    loop = asyncio.get_running_loop()
    fut: asyncio.Future[int] = loop.create_future()

    async def handles() -> str:
        try:
            await fut
        except LookupError as exc:
            return f"handled {exc}"
        return "no error"

    async def fail_soon() -> None:
        await asyncio.sleep(0.001)
        fut.set_exception(LookupError("x"))

    results = await gather_eager([handles(), fail_soon()])
    assert results == ["handled x", None]
