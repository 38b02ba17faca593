"""Who is reviewing: token sign-in and annotator identity.

Tokens come as ``secret`` (the annotator types a name at sign-in) or ``name:secret`` (the token
fixes the name, so exports can be trusted to say who labelled). With no tokens, auth is off:
anyone may read, and labelling only needs a name. A browser keeps the token in an HttpOnly,
SameSite=Strict cookie; API callers send ``Authorization: Bearer <token>`` (and ``X-HRM-Annotator``).
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from urllib.parse import unquote

from fastapi import Request

from hrm_wire.errors import InvalidRequest, Unauthenticated
from judge_server.store.store import check_annotator

TOKEN_COOKIE = "hrm_review_token"
NAME_COOKIE = "hrm_review_annotator"
ANNOTATOR_HEADER = "x-hrm-annotator"


@dataclass(frozen=True)
class Identity:
    authenticated: bool
    annotator: str | None
    fixed_name: bool = False


class ReviewAuth:
    def __init__(self, tokens: list[str] | None) -> None:
        self._tokens: list[tuple[str, str | None]] = []
        for entry in tokens or []:
            entry = entry.strip()
            if not entry:
                continue
            name, sep, secret = entry.partition(":")
            if sep and name and secret:
                self._tokens.append((secret, check_annotator(name)))
            else:
                self._tokens.append((entry, None))

    @property
    def enabled(self) -> bool:
        return bool(self._tokens)

    def check_token(self, token: str | None) -> tuple[bool, str | None]:
        """(valid, fixed annotator name). Compares every token in constant time."""
        ok, name = False, None
        given = (token or "").encode()
        for secret, fixed in self._tokens:
            # a name:secret token is accepted whole (what the operator hands out) or as its secret alone
            whole = f"{fixed}:{secret}".encode() if fixed is not None else secret.encode()
            if hmac.compare_digest(given, secret.encode()) | hmac.compare_digest(given, whole):
                ok, name = True, fixed
        return ok, name

    def identify(self, request: Request) -> Identity:
        header = request.headers.get("authorization", "")
        token = header[7:].strip() if header[:7].lower() == "bearer " else request.cookies.get(TOKEN_COOKIE)
        raw_name = request.headers.get(ANNOTATOR_HEADER) or unquote(request.cookies.get(NAME_COOKIE, ""))
        name = raw_name.strip() or None
        if not self.enabled:
            return Identity(authenticated=True, annotator=name)
        ok, fixed = self.check_token(token)
        if not ok:
            return Identity(authenticated=False, annotator=None)
        return Identity(authenticated=True, annotator=fixed or name, fixed_name=fixed is not None)

    def require_reader(self, request: Request) -> Identity:
        ident = self.identify(request)
        if not ident.authenticated:
            raise Unauthenticated("sign in with an annotator token to use the review UI")
        return ident

    def require_annotator(self, request: Request, name_in_body: object = None) -> str:
        ident = self.require_reader(request)
        if ident.fixed_name:
            return ident.annotator or ""
        name = name_in_body or ident.annotator
        if not name:
            raise InvalidRequest("who is labelling? sign in with a name or send the X-HRM-Annotator header",
                                 field="annotator")
        return check_annotator(name)
