"""A private throwaway PostgreSQL cluster for tests: the store's unit tests and the Serve fault tests
share it (``from pg_cluster import Cluster, throwaway_cluster``; ``tests/`` is on ``sys.path`` through
its conftest under pytest's prepend import mode).

Needs the PostgreSQL server binaries (Debian package ``postgresql``) and the psycopg driver (dev
extra). Run as root, the cluster runs as the ``postgres`` system user, since PostgreSQL refuses root.
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest


def _bin(name: str) -> str:
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)),
                                       None)
    if not found:
        pytest.fail(f"PostgreSQL server binary {name!r} not found: apt-get install postgresql")
    return found


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Cluster:
    """The throwaway server, and a way to crash and restart it under a running store."""

    url: str
    ctl: list[str]

    def crash(self) -> None:  # no clean shutdown: as a killed server or a lost host would
        subprocess.run([*self.ctl, "-m", "immediate", "-w", "stop"], check=True, capture_output=True)

    def start(self) -> None:
        subprocess.run([*self.ctl, "-w", "-t", "60", "start"], check=True, capture_output=True)

    def new_database(self, name: str) -> str:
        """A fresh, empty database ``name`` on this cluster (dropped first if a run left it); its URL."""
        import sqlalchemy as sa

        if not re.fullmatch(r"[a-z_][a-z0-9_]{0,62}", name):
            raise ValueError(f"not a plain database name: {name!r}")
        admin = sa.create_engine(self.url, isolation_level="AUTOCOMMIT")
        try:
            with admin.connect() as conn:
                conn.exec_driver_sql(f"DROP DATABASE IF EXISTS {name}")
                conn.exec_driver_sql(f"CREATE DATABASE {name}")
        finally:
            admin.dispose()
        return self.url.rsplit("/", 1)[0] + f"/{name}"


@contextmanager
def throwaway_cluster(*, fsync: bool = False) -> Iterator[Cluster]:
    """initdb a new cluster in a temporary folder, start it on a free loopback port, and remove it on exit.

    ``fsync`` off (tests: a crash of the server process loses nothing either way, only a host crash
    would); on for measurements, where each commit's flush is part of the cost."""
    # not under pytest's tmp root: that is private to the test user, and the server may run as another
    root = Path(tempfile.mkdtemp(prefix="hrm-pg-"))
    data = root / "data"
    as_user: list[str] = []
    if os.geteuid() == 0:
        as_user = ["runuser", "-u", "postgres", "--"]
        os.chmod(root, 0o777)
    port = _free_port()
    try:
        subprocess.run([*as_user, _bin("initdb"), "-D", str(data), "-U", "hrm", "--auth=trust", "-E", "UTF8"],
                       check=True, capture_output=True)
        log = data.parent / "pg.log"
        ctl = [*as_user, _bin("pg_ctl"), "-D", str(data), "-l", str(log),
               "-o", f"-p {port} -k {data.parent} -c listen_addresses=127.0.0.1 -c fsync={'on' if fsync else 'off'}"]
        pg = Cluster(f"postgresql+psycopg://hrm@127.0.0.1:{port}/postgres", ctl)
        pg.start()
        try:
            yield pg
        finally:
            subprocess.run([*as_user, _bin("pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"],
                           capture_output=True)
    finally:
        shutil.rmtree(root, ignore_errors=True)
