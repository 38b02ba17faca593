"""The reliability tier: fuzzed inputs over both transports and a replayed corpus of nasty cases."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from reliability_harness import Service, running_service


def pytest_configure(config: pytest.Config) -> None:
    # until pyproject registers it (the lead's file)
    config.addinivalue_line("markers", "reliability: fuzzing and corpus replay against both transports")


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Service]:
    with running_service(tmp_path_factory.mktemp("reliability")) as svc:
        yield svc
