"""A plain (non-editable) wheel carries the rubric packs, the review templates and the proto: built from the
checkout, installed with --no-deps into a throwaway venv that borrows .venv's dependencies, used from /tmp."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
#: what a wheel is built from (an sdist carries the same, see MANIFEST.in)
SOURCES = {"judge_server", "hrm_wire", "hrm_client", "hrm_tools", "trainer_plugin", "proto", "pyproject.toml",
           "README.md", "MANIFEST.in"}


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path, Path]:
    """(wheel, venv python, venv site-packages)."""
    tmp = tmp_path_factory.mktemp("wheel")
    # build from a copy of the tracked files: the build writes build/ into its source tree
    src = tmp / "src"
    tracked = subprocess.run(["git", "ls-files", "-z"], check=True, capture_output=True, cwd=ROOT).stdout
    for name in tracked.decode().split("\0"):
        if name and name.split("/")[0] in SOURCES and (ROOT / name).is_file():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, src / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(tmp / "dist")], check=True, capture_output=True, timeout=300, cwd=tmp)
    wheel = next((tmp / "dist").glob("hrm_judge-*.whl"))
    venv = tmp / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    py = venv / "bin" / "python"
    site = Path(subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               check=True, capture_output=True, text=True).stdout.strip())
    # the dependencies come from .venv (appended after the venv's own site-packages: the wheel wins)
    (site / "zz_hrm_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "-q", str(wheel)],
                   check=True, capture_output=True, timeout=300)
    return wheel, py, site


def run(py: Path, code: str, cwd: Path) -> str:
    proc = subprocess.run([str(py), "-c", code], capture_output=True, text=True, timeout=120, cwd=cwd)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


def test_wheel_carries_packs_templates_and_proto(installed, tmp_path):
    wheel, py, site = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    for pack in sorted((ROOT / "judge_server" / "packs" / "builtin").glob("*.yaml")):
        assert f"judge_server/packs/builtin/{pack.name}" in names
    for cal in sorted((ROOT / "judge_server" / "thresholds" / "builtin").glob("*.json")):
        assert f"judge_server/thresholds/builtin/{cal.name}" in names
    for tpl in sorted((ROOT / "judge_server" / "review" / "templates").glob("*.html")):
        assert f"judge_server/review/templates/{tpl.name}" in names
    assert {"hrm_wire/pb/judge_pb2.py", "hrm_wire/pb/judge_pb2_grpc.py", "judge_server/review/static/review.css",
            "hrm_tools/cli.py"} <= names
    # imported from the installed copy, not the checkout
    where = run(py, "import judge_server, hrm_client, hrm_wire; print(judge_server.__file__, hrm_client.__file__)",
                tmp_path)
    assert str(site) in where and str(ROOT) not in where
    run(py, "from hrm_wire.proto import judge_pb2, judge_pb2_grpc; judge_pb2.ScoreRequest(id='x')", tmp_path)
    # the installed package finds its own packs, with no folder given
    packs = run(py, "from judge_server.packs.registry import RubricRegistry; print(sorted(i.id for i in RubricRegistry().infos()))",
                tmp_path)
    assert "smartshop" in packs and "shop_r1" in packs and "workflow_agent" in packs
    for tpl in sorted((ROOT / "judge_server" / "review" / "templates").glob("*.html")):
        assert (site / "judge_server" / "review" / "templates" / tpl.name).read_bytes() == tpl.read_bytes()
    proc = subprocess.run([str(py.parent / "hrm"), "schema", "serve"], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path)
    assert proc.returncode == 0 and '"StoreConfig"' in proc.stdout, proc.stderr[-2000:]
