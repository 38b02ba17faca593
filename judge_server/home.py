"""Where HRM keeps what it makes on a machine: the assembled model, the verdict cache, the judgment store."""

from __future__ import annotations

import os
from pathlib import Path


def default_home() -> Path:
    """``$HRM_HOME``, else ``~/.cache/hrm``."""
    return Path(os.environ.get("HRM_HOME") or Path.home() / ".cache" / "hrm")
