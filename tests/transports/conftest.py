"""Fixtures of the transports tier: real HTTP and gRPC servers over a Frontend, no Ray (see transport_harness)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from transport_harness import Transports, _start, make_config


@pytest.fixture
async def transports(tmp_path: Path) -> AsyncIterator[Transports]:
    async with _start(make_config(tmp_path)) as t:
        yield t


@pytest.fixture
def start_transports(tmp_path: Path):
    """Transports with a custom config: ``async with start_transports(max_queue=1) as t``."""

    def starter(**overrides: Any) -> Any:
        return _start(make_config(tmp_path, **overrides))

    return starter
