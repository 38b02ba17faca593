"""Annotator review UI: judgment list, item view with human labels, judge-vs-human calibration."""

from __future__ import annotations

from typing import Any

__all__ = ["build_review_app", "build_review_router"]


def __getattr__(name: str) -> Any:
    # Lazy: `hrm` imports review.cli for its parser; FastAPI and jinja2 load only when serving.
    if name in __all__:
        from judge_server.review import app
        return getattr(app, name)
    raise AttributeError(name)
