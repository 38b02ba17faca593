"""Cross-site request forgery defences for the review UI (issue 15, defect 1).

Two independent checks guard every state-changing request (anything but GET/HEAD/OPTIONS):

1. **Origin.** A browser names the page that sent a request in ``Origin`` (or at least ``Referer``);
   it must be this service's own host and port. ``SameSite=Strict`` cookies alone do not cover
   this: a page on another port of the same host is the same *site*, so its form posts carry them.
   Clients that send neither header (scripts, curl) are not browsers and pass this check.
2. **Token.** Forms carry a hidden ``csrf`` field and the page's script an ``X-HRM-CSRF`` header:
   an HMAC of the session (the sign-in cookies) under a key created once per database, so every
   replica agrees on it. A page elsewhere can neither read it nor forge it. A plain double-submit
   cookie would not do: any same-site page can write cookies for this host.

API calls authenticated by an ``Authorization`` header need no token (a browser never attaches that
header on its own); nor do calls that carry no review cookie at all, since nothing rides on them.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from urllib.parse import urlsplit

from fastapi import Request

from hrm_wire.errors import PermissionDenied
from judge_server.review.auth import NAME_COOKIE, TOKEN_COOKIE

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
FORM_FIELD = "csrf"
HEADER = "x-hrm-csrf"




def _netloc(url: str) -> str | None:
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    default = 443 if parts.scheme == "https" else 80
    port = parts.port if parts.port is not None else default
    return f"{parts.hostname.lower()}:{port}"


def _own_netlocs(request: Request) -> set[str]:
    """Where this service is reached, from the Host header. A Host without a port is a default port
    behind a proxy that may terminate TLS (the app then sees http while the browser says https), so
    both default ports count; an explicit port must match exactly (the attack is another port)."""
    host = request.headers.get("host")
    if not host:
        return set()
    try:
        explicit = urlsplit(f"http://{host}").port is not None
    except ValueError:
        return set()
    schemes = ("http",) if explicit else ("http", "https")
    return {n for n in (_netloc(f"{scheme}://{host}") for scheme in schemes) if n}


class CsrfGuard:
    """Checks the origin of unsafe requests and issues / verifies session-bound tokens."""

    def __init__(self, key: Callable[[], str], allowed_origins: list[str] | None = None) -> None:
        self._key_source = key
        self._key: bytes | None = None
        # extra origins (e.g. a TLS proxy in front that rewrites Host), as "https://review.example"
        self._allowed = {n for n in (_netloc(o) for o in allowed_origins or []) if n}

    def _secret(self) -> bytes:
        if self._key is None:
            self._key = self._key_source().encode()
        return self._key

    @staticmethod
    def _session(request: Request) -> bytes:
        return (request.cookies.get(TOKEN_COOKIE, "") + "\x00" + request.cookies.get(NAME_COOKIE, "")).encode()

    def token(self, request: Request) -> str:
        """The token for this browser session (changes on sign-in and sign-out)."""
        return hmac.new(self._secret(), b"review-csrf\x00" + self._session(request), hashlib.sha256).hexdigest()

    def check_origin(self, request: Request) -> None:
        """Refuse a browser request sent from a page on another origin (another port included)."""
        if request.method in SAFE_METHODS:
            return
        origin = request.headers.get("origin")
        source = origin if origin is not None else request.headers.get("referer")
        if source is None:
            return  # not a browser
        where = _netloc(source)  # "null" (sandboxed frames, file://) and junk give None: refused
        if where is None or (where not in _own_netlocs(request) and where not in self._allowed):
            raise PermissionDenied(f"cross-origin request refused: sent from {source[:100]!r}, "
                                   "not from this review UI", field="origin")

    def check_token(self, request: Request, given: str | None) -> None:
        """The form field or header must carry this session's token."""
        if not hmac.compare_digest((given or "").encode(), self.token(request).encode()):
            raise PermissionDenied("missing or stale form token: reload the page and try again", field="csrf")

    def check_api(self, request: Request) -> None:
        """API writes: origin always; the header token when a browser session (cookies) authenticates."""
        self.check_origin(request)
        # only a Bearer header authenticates by itself (auth.identify); any other scheme falls back to the
        # cookie, so a browser can add it to a forged request and must still show the token
        if request.method in SAFE_METHODS or request.headers.get("authorization", "")[:7].lower() == "bearer ":
            return
        if request.cookies.get(TOKEN_COOKIE) or request.cookies.get(NAME_COOKIE):
            self.check_token(request, request.headers.get(HEADER))
