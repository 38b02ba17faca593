"""The multi-node tier: a real Ray cluster of three nodes on this host (tests/multinode/cluster.py), HRM deployed
onto it with `serve deploy`."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cluster import RayCluster  # noqa: E402


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RayCluster]:
    c = RayCluster(tmp_path_factory.mktemp("multinode"))
    try:
        c.start()
        yield c
    finally:
        left = c.stop()
        assert not left, f"Ray processes left behind: {left}"
