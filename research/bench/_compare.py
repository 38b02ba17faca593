"""Side-by-side measurement against another checkout, shared by the rule benchmarks.

    from _compare import measured_in    # bench scripts run as `python research/bench/<script>.py`

    before = measured_in(Path("/tmp/old"), __file__, ["research/devset/dev.jsonl"])

The script runs again in a subprocess with the other tree first on ``PYTHONPATH`` and ``--json`` added, so the
old rules and the new ones measure the same files in one run (the machine's drift cannot come between them).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any


def measured_in(tree: Path, script: str, args: list[str]) -> Any:
    """What ``script args --json`` prints last, run against the code of ``tree``."""
    env = {**os.environ, "PYTHONPATH": str(tree.resolve())}
    proc = subprocess.run([sys.executable, script, *args, "--json"], env=env, cwd=tree, capture_output=True,
                          text=True, check=True)
    return json.loads(proc.stdout.strip().splitlines()[-1])
