"""The client's retry policy: which failures are retried, how often, and how long to wait."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hrm_wire.errors import HRMError

#: keys of ``HRMError.details`` where the client records the status the transport actually returned
WIRE_HTTP_STATUS = "wire_http_status"
WIRE_GRPC_CODE = "wire_grpc_code"


@dataclass(frozen=True)
class RetryPolicy:
    """Retry with exponential backoff and jitter, honouring the server's retry hint.

    A failed attempt is retried when its gRPC status code name is in ``grpc_codes`` or its HTTP status
    is in ``http_statuses`` (connection failures count as UNAVAILABLE / 503), up to ``max_attempts``
    attempts in all. The wait before attempt n+1 is ``min(max_backoff_s, initial_backoff_s *
    multiplier**(n-1))`` scaled by a random factor in [1 - jitter, 1 + jitter]; when the server sent a
    retry hint (``retry_after_s``: gRPC trailer ``retry-after-s``, HTTP ``Retry-After``) and
    ``honour_retry_after`` is set, the wait is at least the hint (capped at ``max_retry_after_s``). A
    call never waits past its own timeout: it raises the last error instead.
    """

    max_attempts: int = 4
    initial_backoff_s: float = 0.2
    max_backoff_s: float = 10.0
    multiplier: float = 2.0
    jitter: float = 0.2
    grpc_codes: frozenset[str] = field(default_factory=lambda: frozenset({"UNAVAILABLE", "RESOURCE_EXHAUSTED"}))
    http_statuses: frozenset[int] = field(default_factory=lambda: frozenset({429, 503}))
    honour_retry_after: bool = True
    max_retry_after_s: float = 60.0

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError("max_attempts must be >= 1")
        if self.initial_backoff_s < 0 or self.max_backoff_s < 0 or self.multiplier < 1:
            raise ValueError("backoff must be non-negative with multiplier >= 1")
        if not 0 <= self.jitter <= 1:
            raise ValueError("jitter must be in [0, 1]")

    @classmethod
    def none(cls) -> RetryPolicy:
        """Never retry."""
        return cls(max_attempts=1)

    def retryable(self, error: HRMError) -> bool:
        # What the wire said wins over the class's default mapping (a proxy's bare 429 has no HRM type).
        status = error.details.get(WIRE_HTTP_STATUS, type(error).http_status)
        code = error.details.get(WIRE_GRPC_CODE, type(error).grpc_code)
        return code in self.grpc_codes or status in self.http_statuses

    def backoff(self, attempt: int, retry_after_s: float | None = None, *, rng: random.Random | None = None) -> float:
        """Seconds to wait after failed attempt number ``attempt`` (1-based)."""
        base = min(self.max_backoff_s, self.initial_backoff_s * self.multiplier ** (attempt - 1))
        r = (rng or random).uniform(1 - self.jitter, 1 + self.jitter) if self.jitter else 1.0
        wait = base * r
        if self.honour_retry_after and retry_after_s is not None and retry_after_s > 0:
            wait = max(wait, min(retry_after_s, self.max_retry_after_s))
        return wait
