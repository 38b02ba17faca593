"""research/bench/bench_pipeline_cpu.py end to end against a commit (HEAD, so both trees do the same work)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[3]
BENCH = ROOT / "research" / "bench" / "bench_pipeline_cpu.py"


def _run(tmp_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCH), "--against", "HEAD", "--rounds", "1", "--n", "16",
                           "--concurrency", "4", *extra], capture_output=True, text=True, timeout=300, cwd=tmp_path)


def _worktrees() -> list[str]:
    return subprocess.run(["git", "worktree", "list"], cwd=ROOT, capture_output=True, text=True).stdout.splitlines()


def test_both_trees_are_measured_side_by_side_and_a_doubling_is_loud(tmp_path: Path) -> None:
    before = _worktrees()
    out = tmp_path / "cpu.json"
    ok = _run(tmp_path, "--json", str(out))
    assert ok.returncode == 0, ok.stderr[-2000:]
    assert "round 1/1 HEAD:" in ok.stdout and "round 1/1 this tree:" in ok.stdout
    result = json.loads(out.read_text())
    for tree in ("HEAD", "this tree"):
        median = result["trees"][tree]["median"]
        assert median["miss_cpu_ms"] > 0 and median["hit_cpu_ms"] > 0 and median["miss_questions"] > 1
    assert (tmp_path / "cpu.png").stat().st_size > 0
    # a budget no tree can meet: the run says REGRESSION and exits 3
    strict = _run(tmp_path, "--budget", "0.01")
    assert strict.returncode == 3 and "REGRESSION" in strict.stdout, strict.stdout[-2000:]
    assert _worktrees() == before  # the temporary checkouts are gone
