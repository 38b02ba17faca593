"""The one constant-time bearer-token check (scoring transports and the review UI use it)."""

from __future__ import annotations

import hmac
from collections.abc import Iterable
from typing import TypeVar

from hrm_wire.errors import Unauthenticated

V = TypeVar("V")


def bearer_token(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` value (HTTP header or gRPC metadata), else None."""
    if not authorization:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


def match_token(given: str | None, candidates: Iterable[tuple[str, V]]) -> tuple[bool, V | None]:
    """(matched, value of the matching candidate). Every candidate is compared, without short-circuit,
    so the time taken does not reveal which one matched (or how much of it)."""
    ok, found = False, None
    raw = (given or "").encode()
    for secret, value in candidates:
        if hmac.compare_digest(raw, secret.encode()) and given is not None:
            ok, found = True, value
    return ok, found


class TokenSet:
    """Scoring auth: off when empty, else an ``Authorization: Bearer`` value must carry one of the tokens."""

    def __init__(self, tokens: Iterable[str]) -> None:
        self._tokens = [(t, None) for t in dict.fromkeys(tokens) if t]

    @property
    def enabled(self) -> bool:
        return bool(self._tokens)

    def check(self, authorization: str | None) -> None:
        if not self._tokens:
            return
        if not authorization:
            raise Unauthenticated("missing bearer token", field="authorization")
        ok, _ = match_token(bearer_token(authorization), self._tokens)
        if not ok:
            raise Unauthenticated("invalid bearer token", field="authorization")
