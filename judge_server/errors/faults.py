"""Turn any exception into a typed HRMError, once, for both transports.

Anything that is not already an HRMError is an internal fault: it is logged here with its traceback
and replaced by a bare ``HRMError("internal error")`` so no transport ever leaks a stack trace.
"""

from __future__ import annotations

import asyncio
import logging

from hrm_wire.errors import DeadlineExceeded, EngineUnavailable, HRMError, Overloaded

log = logging.getLogger("hrm.serve")

#: Ray's errors for "the replica running this call is gone" (a crash, a lost node, a replica killed after its
#: drain time), matched by name so this module imports without Ray. A call that failed with one of them can be
#: re-sent to another replica (RemoteEngine); DeploymentUnavailableError (no deployment at all) cannot.
REPLICA_LOST = frozenset({"ActorDiedError", "RayActorError", "ActorUnavailableError"})


def as_hrm_error(exc: BaseException, *, retry_after_s: float = 1.0) -> HRMError:
    if isinstance(exc, HRMError):
        return exc
    if isinstance(exc, (asyncio.TimeoutError, TimeoutError)):
        return DeadlineExceeded("deadline exceeded; engine work cancelled")
    name = type(exc).__name__
    # Ray Serve's own errors, matched by name so this module imports without Ray.
    if name == "BackPressureError":
        return Overloaded("grader queue is full", retry_after_s=retry_after_s)
    if name in REPLICA_LOST or name == "DeploymentUnavailableError":
        return EngineUnavailable("grader replica unavailable")
    log.error("internal fault", exc_info=(type(exc), exc, exc.__traceback__))
    return HRMError("internal error")
