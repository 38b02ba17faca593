"""Build hook: generate the gRPC stubs from proto/ and carry the repository-level data into the package, so a
plain (non-editable) wheel works on its own (metadata is in pyproject.toml).

In the wheel: ``hrm_wire/_gen/`` (stubs and the proto), ``judge_server/packs/*.yaml`` (the rubric packs of
``rubrics/``), ``judge_server/calibrations/*.json`` (``calibrations/``) and the review UI's templates and static
files. From a source checkout the code reads ``rubrics/`` and ``calibrations/`` in place; installed, it reads
the copies (``judge_server.rubric.PACKS_DIR``).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
#: repository folder -> (folder inside the judge_server package, file patterns)
PACKAGE_DATA_DIRS = {"rubrics": ("packs", ("*.yaml", "README.md")), "calibrations": ("calibrations", ("*.json",))}
#: files of judge_server itself that the wheel must carry (besides the modules)
JUDGE_SERVER_DATA = ["py.typed", "review/templates/*.html", "review/static/*"]


class BuildPyWithProto(build_py):
    """Runs ``hrm_wire.proto.generate`` into the source tree, then builds as usual (with ``_gen``)."""

    def run(self) -> None:
        # Load the generator by path: the package is not importable while it is being built.
        spec = importlib.util.spec_from_file_location("_hrm_proto_gen", ROOT / "hrm_wire" / "proto.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.generate(ROOT / "hrm_wire" / "_gen", ROOT / "proto" / "hrm" / "v1" / "judge.proto")
        if self.packages is not None and "hrm_wire._gen" not in self.packages:
            self.packages.append("hrm_wire._gen")
        self.package_data = dict(self.package_data or {})
        self.package_data["hrm_wire._gen"] = ["*.pyi", "*.proto"]
        self.package_data["judge_server"] = sorted({*self.package_data.get("judge_server", []), *JUDGE_SERVER_DATA})
        super().run()
        self._copy_repository_data()

    def _copy_repository_data(self) -> None:
        target_pkg = Path(self.build_lib) / "judge_server"
        for source, (target, patterns) in PACKAGE_DATA_DIRS.items():
            src = ROOT / source
            if not src.is_dir():
                continue
            self.mkpath(str(target_pkg / target))
            for pattern in patterns:
                for f in sorted(src.glob(pattern)):
                    self.copy_file(str(f), str(target_pkg / target / f.name))


setup(cmdclass={"build_py": BuildPyWithProto})
