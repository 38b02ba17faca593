"""``gather`` that runs each coroutine at once and makes a task only of those that suspend (3.12's eager tasks).

A judgment runs its checks concurrently, and with every answer in the verdict cache none of them ever waits: a
task per check then costs its creation, a trip through the event loop and its completion for no concurrency
(~3 us a check, 25 us for seven, against well under 1 us to run the same coroutines in place). Here each
coroutine's first step runs now, in a copy of the context as a task's would; one that finishes there is a
result, one that suspends is handed, where it stopped, to a task, and the rest is ``asyncio.gather``'s.

Python 3.12 has this as ``asyncio.eager_task_factory``; the service runs on 3.11, where the factory does not
exist, so the same hand-over is done here for the one place that gathers per check. One difference: until its
first wait a coroutine runs under the caller's task (3.12 makes the new task current at once), so code that needs
``asyncio.current_task()`` (``asyncio.timeout``) waits once first (``await asyncio.sleep(0)``): the judge does
before it calls a grader engine, so an engine's code always runs in a task of its own.
"""

from __future__ import annotations

import asyncio
import contextvars
import types
from collections.abc import Coroutine, Generator
from typing import Any, TypeVar

T = TypeVar("T")


@types.coroutine
def _resume(coro: Coroutine[Any, Any, T], yielded: Any) -> Generator[Any, Any, T]:
    """Drive ``coro`` on from its first suspension (where it yielded ``yielded``) inside the task that owns it:
    what the task sends or throws (a result, a cancellation) goes on into the coroutine."""
    if yielded is None:  # a bare yield (``asyncio.sleep(0)``): the task's first step, a loop pass later, is that pass
        try:
            yielded = coro.send(None)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]
    while True:
        try:
            sent = yield yielded
        except BaseException as exc:  # noqa: BLE001 - a cancellation or anything thrown into the task goes on in
            try:
                yielded = coro.throw(exc)
            except StopIteration as stop:
                return stop.value  # type: ignore[no-any-return]
        else:
            try:
                yielded = coro.send(sent)
            except StopIteration as stop:
                return stop.value  # type: ignore[no-any-return]


async def _handed_over(coro: Coroutine[Any, Any, T], yielded: Any) -> T:
    # a native coroutine for the task (``create_task`` wants one; it awaits the generator above)
    return await _resume(coro, yielded)


def _retrieve(task: asyncio.Task[Any]) -> None:
    if not task.cancelled():
        task.exception()  # an exception after the gather already failed: seen, as gather marks it


async def gather_eager(coros: list[Coroutine[Any, Any, T]]) -> list[T]:
    """The results of ``coros`` in order, as ``asyncio.gather(*coros)`` gives them: the first exception raised
    propagates (the others run on), cancelling the caller cancels the ones still running."""
    loop = asyncio.get_running_loop()
    results: list[Any] = [None] * len(coros)
    tasks: dict[int, asyncio.Task[T]] = {}
    error: BaseException | None = None
    for i, coro in enumerate(coros):
        ctx = contextvars.copy_context()
        try:
            yielded = ctx.run(coro.send, None)
        except StopIteration as stop:
            results[i] = stop.value
        except (KeyboardInterrupt, SystemExit):
            for rest in coros[i + 1:]:
                rest.close()
            raise
        except BaseException as exc:  # noqa: BLE001 - raised below, once every coroutine has started
            error = error or exc
        else:
            tasks[i] = loop.create_task(_handed_over(coro, yielded), context=ctx)
    if error is not None:
        for task in tasks.values():
            task.add_done_callback(_retrieve)
        raise error
    if tasks:
        for i, value in zip(tasks, await asyncio.gather(*tasks.values()), strict=True):
            results[i] = value
    return results
