"""`hrm report` on a terminal: 80 columns, the overall column and the headline rows only unless --full."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from rich.console import Console

from hrm_tools.report.report import run_report

ROOT = Path(__file__).resolve().parents[3]


def test_the_default_terminal_report_is_short_and_fits_80_columns(tmp_path):
    out = tmp_path / "scores.jsonl"
    subprocess.run([sys.executable, "-m", "hrm_tools.cli", "score", str(ROOT / "examples/smartshop.jsonl"), "-o",
                    str(out), "--engine", "fake", "--no-cache", "--no-progress"], check=True, cwd=ROOT,
                   capture_output=True)
    texts = {}
    for full in (False, True):
        buf = io.StringIO()
        run_report(out, console=Console(file=buf, width=80), items_path=ROOT / "examples/smartshop.jsonl", full=full)
        texts[full] = buf.getvalue()
    short, long = texts[False].splitlines(), texts[True].splitlines()
    # every line but the file paths it wrote (kept whole, to copy)
    assert all(len(line) <= 80 for line in short + long if not line.startswith("wrote "))
    assert len(short) < 70 < len(long) and "--full" in texts[False]
    assert "search_fuzzy" in texts[True] and "search_fuzzy" not in texts[False]
