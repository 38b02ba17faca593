"""Build hook: generate the gRPC stubs from proto/ so wheels contain them (metadata is in pyproject.toml)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


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
        super().run()


setup(cmdclass={"build_py": BuildPyWithProto})
