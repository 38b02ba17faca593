"""The vLLM CPU tier: the in-process vLLM engine (CPU build) run for real on SmolLM2-135M.

It runs in ``.venv-vllm`` (scripts/setup-vllm; vLLM's pins clash with verl's in ``.venv``); scripts/test
runs it after the main suite. Where vLLM is not installed (the main ``.venv``) this folder is not collected
at all, so the main suite reports no skipped tests for it. SmolLM2 proves the plumbing only: never read its
verdicts as quality.
"""

from __future__ import annotations

import importlib.util
import os

if importlib.util.find_spec("vllm") is None:
    collect_ignore_glob = ["test_*.py"]

# KV cache size in GiB for vLLM's CPU build (default 4): the machine is shared and the prompts are short.
# Set before any engine (or Ray worker) starts, so the Serve grader replica inherits it too.
os.environ.setdefault("VLLM_CPU_KVCACHE_SPACE", "1")
