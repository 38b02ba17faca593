"""Deterministic verification of checkable facts (registers rules on import)."""

from judge_server.verify import constraints, facts, injection, tools  # noqa: F401
