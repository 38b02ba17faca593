"""Helpers of the vLLM CPU tier (a module with a unique name: test modules cannot import conftest)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
#: the shipped smoke model; the engine converts its GGUF into a folder vLLM loads (once, cached)
MODEL = "smollm2-135m"
#: long enough for the pipeline's questions on the sample set, short enough that a test can exceed it
MAX_MODEL_LEN = 4096


def engine_config(**vllm: Any) -> dict[str, Any]:
    """An ``engine`` config section for the CPU build: eager mode (torch.compile costs minutes on 2 cores)."""
    return {"kind": "vllm", "model": MODEL, "max_model_len": MAX_MODEL_LEN, "enforce_eager": True,
            "dtype": "bfloat16", **vllm}


def example(item_id: str) -> dict[str, Any]:
    rows = (json.loads(line) for line in (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines())
    return next(r for r in rows if r["id"] == item_id)
