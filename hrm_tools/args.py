"""The grader flags every judging command takes the same way: ``--config``, ``--engine``, ``--model``,
``--calibration``, ``--no-cache`` (``hrm score``, ``hrm eval``, ``hrm serve``, ``hrm calibrate``).

Lives on the client side so that ``hrm eval`` (hrm_client) and the server commands share it without the
client importing the server. ``engine_overrides`` turns the flags into the nested dict that the config
loaders merge over the YAML file and the ``HRM__...`` environment (flags win).
"""

from __future__ import annotations

import argparse
from typing import Any

ENGINE_HELP = "Grader engine: embedded (default: llama.cpp in process), vllm, openai, fake, or module:Class."
MODEL_HELP = ("Embedded grader model: qwen2.5-coder-1.5b (default; assembled from its PyPI packages on first use, "
              "~1.1 GB), smollm2-135m (fast plumbing checks; never quote its verdicts), or a path to a .gguf file.")
CALIBRATION_HELP = ("Confidence thresholds the judge uses (judge.calibration_file): auto (default: the shipped file "
                    "for the pack and grader), off (every verdict decides, nothing abstains), or a calibration "
                    "file from `hrm calibrate --fit`.")


def add_engine_args(p: argparse.ArgumentParser, *, config_help: str | None = None, cache: bool = True) -> None:
    g = p.add_argument_group("grader")
    g.add_argument("--config", metavar="FILE",
                   help=config_help or "YAML file with an HRMConfig (see `hrm schema config`); environment "
                                       "overrides: HRM__SECTION__FIELD=value; the flags below override both.")
    g.add_argument("--engine", metavar="KIND", help=ENGINE_HELP)
    g.add_argument("--model", metavar="NAME", help=MODEL_HELP)
    g.add_argument("--calibration", metavar="FILE|auto|off", help=CALIBRATION_HELP)
    if cache:
        g.add_argument("--no-cache", action="store_true", help="Neither read nor write the verdict cache.")
    g.add_argument("--answers", metavar="FILE", action="append", default=None,
                   help="--engine batch: a file (or folder of .jsonl files) of the grader's answers, repeatable: "
                        "Batch API output lines, or {custom_id, content} lines.")
    g.add_argument("--export", metavar="FILE", default=None,
                   help="--engine batch: the Batch API input file the questions still unanswered are appended to.")


def engine_overrides(args: argparse.Namespace) -> dict[str, Any]:
    """``{"engine": {...}, "judge": {...}, "cache": {...}}`` from the flags that were given (empty when none
    were)."""
    out: dict[str, Any] = {}
    engine = {k: v for k, v in (("kind", getattr(args, "engine", None)), ("model", getattr(args, "model", None)),
                                ("answers", getattr(args, "answers", None)),
                                ("requests_path", getattr(args, "export", None))) if v}
    if engine:
        out["engine"] = engine
    if calibration := getattr(args, "calibration", None):
        out["judge"] = {"calibration_file": calibration}
    if getattr(args, "no_cache", False):
        out["cache"] = {"enabled": False}
    return out


def given_engine_flags(args: argparse.Namespace) -> list[str]:
    """The grader flags set on the command line (``hrm eval --url`` refuses them: the service has its own)."""
    names = [("--config", "config"), ("--engine", "engine"), ("--model", "model"), ("--calibration", "calibration"),
             ("--no-cache", "no_cache"), ("--answers", "answers"), ("--export", "export")]
    return [flag for flag, attr in names if getattr(args, attr, None)]
