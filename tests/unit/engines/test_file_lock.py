"""The model assembly's cross-process file lock: a second process waits until the first lets go."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from judge_server.engines.model_assembly import exclusive_file_lock

HOLDER = """
import sys, time
from pathlib import Path
from judge_server.engines.model_assembly import exclusive_file_lock
lock, marks = Path(sys.argv[1]), Path(sys.argv[2])
with exclusive_file_lock(lock):
    (marks / "held").touch()
    time.sleep(0.5)
    (marks / "released").touch()  # written while still holding the lock
"""


def test_a_second_process_waits_for_the_lock(tmp_path: Path):
    lock = tmp_path / "sub" / ".x.lock"  # the folder is created on demand
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(lock), str(tmp_path)])
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / "held").exists():
            assert holder.poll() is None and time.monotonic() < deadline, "the holder never took the lock"
            time.sleep(0.01)
        with exclusive_file_lock(lock):
            assert (tmp_path / "released").exists()  # we got it only after the holder was done
    finally:
        assert holder.wait(60) == 0
