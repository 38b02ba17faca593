"""MkDocs hook: the configuration and CLI reference pages, generated at build time from the code itself.

``reference/config.md`` is rendered from the pydantic schema of ``HRMConfig`` and ``ServeConfig`` (every field's
type, default and description, the engine kinds one section each); ``reference/cli.md`` from ``hrm``'s own
argument parser. Nothing on those pages is written by hand, so they cannot drift from the code.
"""

from __future__ import annotations

import argparse
import typing
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

GENERATED = {"reference/config.md", "reference/cli.md", "reference/packs.md"}


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for path in sorted(GENERATED):
        existing = files.get_file_from_path(path)
        if existing is not None:
            files.remove(existing)
        files.append(File.generated(config, path, content=_render(path)))
    return files


def _render(path: str) -> str:
    return {"reference/config.md": config_reference, "reference/cli.md": cli_reference,
            "reference/packs.md": packs_reference}[path]()


def packs_reference() -> str:
    from judge_server.packs.schema import RubricPack

    out = ["# Rubric pack reference\n",
           "Generated from the pack schema (`judge_server/packs/schema.py`) at build time. A pack is one YAML file "
           "whose name is its `id`; how packs are written and added: [Rubric packs](../concepts/packs.md).\n"]
    _section("RubricPack", RubricPack, "", {RubricPack}, out, 2)
    return "\n".join(out) + "\n"


# -- configuration ------------------------------------------------------------------------------------------
def _models_in(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    out: list[type[BaseModel]] = []
    for arg in typing.get_args(annotation):
        out.extend(m for m in _models_in(arg) if m not in out)
    return out


def _type_name(annotation: Any) -> str:
    models = _models_in(annotation)
    if len(models) > 1:  # a union told apart by kind: each member has its own section below
        return "one of: " + ", ".join(m.__name__ for m in models)
    text = getattr(annotation, "__name__", None) if isinstance(annotation, type) else None
    text = text or str(annotation).replace("typing.", "")
    for noise in ("judge_server.", "hrm_wire.", "pydantic.types.", "pathlib.", "engines.configs.", "config.",
                  "serve.", "store.", "models.", "embedded.", "openai.", "vllm.", "fake.", "base."):
        text = text.replace(noise, "")
    return text.replace("|", "\\|")


def _default(field: FieldInfo) -> str:
    if field.default_factory is not None:
        try:
            value = field.default_factory()  # type: ignore[call-arg]
        except TypeError:
            return "(computed)"
        if isinstance(value, BaseModel):
            return "(section)"
    elif field.default is PydanticUndefined:
        return "required"
    else:
        value = field.default
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    return f"`{text}`" if len(text) < 40 else "(long)"


def _section(title: str, model: type[BaseModel], prefix: str, seen: set[type[BaseModel]], out: list[str],
             level: int = 2) -> None:
    out.append(f"{'#' * min(level, 4)} `{prefix or title}`\n")
    if model.__doc__:
        out.append(" ".join(model.__doc__.split()) + "\n")
    out.append("| field | type | default | what it does |\n|---|---|---|---|")
    nested: list[tuple[str, type[BaseModel]]] = []
    for name, field in model.model_fields.items():
        desc = " ".join((field.description or "").split()).replace("|", "\\|")
        out.append(f"| `{name}` | {_type_name(field.annotation)} | {_default(field)} | {desc} |")
        for sub in _models_in(field.annotation):
            if sub not in seen:
                nested.append((name, sub))
    out.append("")
    for name, sub in nested:
        seen.add(sub)
        kind = sub.model_fields.get("kind")
        label = f"{prefix + '.' if prefix else ''}{name}"
        if kind is not None and isinstance(kind.default, str) and len(_models_in(model.model_fields[name].annotation)) > 1:
            label += f" (kind: {kind.default})"
        _section(sub.__name__, sub, label, seen, out, level + 1)


def config_reference() -> str:
    from judge_server.config import HRMConfig
    from judge_server.serve.config import ServeConfig
    from judge_server.store.config import StoreConfig

    out = ["# Configuration reference\n",
           "Generated from the pydantic schema at build time (`hrm schema config`, `hrm schema serve` print the same "
           "as JSON schema). Unknown fields are errors. Environment overrides: `HRM__SECTION__FIELD=value` for the "
           "core config, `HRM_SERVE__FIELD=value` for the service.\n"]
    seen: set[type[BaseModel]] = {HRMConfig}
    out.append("## Core (`HRMConfig`)\n\n`hrm score`, `hrm eval`, `hrm calibrate --config FILE`; the `hrm:` section of the "
               "service config.\n")
    _section("HRMConfig", HRMConfig, "", seen, out, 3)
    seen |= {ServeConfig, StoreConfig}
    out.append("## Service (`ServeConfig`)\n\n`hrm serve --config FILE`, and the `args:` of the Serve application "
               "(`deploy/serve_config.yaml`).\n")
    _section("ServeConfig", ServeConfig, "", seen, out, 3)
    _section("StoreConfig", StoreConfig, "store", seen, out, 3)
    return "\n".join(out) + "\n"


# -- command line ---------------------------------------------------------------------------------------------
def cli_reference() -> str:
    from hrm_tools.cli import build_parser

    parser = build_parser()
    out = ["# Command-line reference\n", "Generated from `hrm`'s own argument parser at build time.\n",
           "```text", parser.format_help().strip(), "```\n"]
    subs = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, sub in subs.choices.items():
        sub.prog = f"hrm {name}"
        out += [f"## `hrm {name}`\n", "```text", sub.format_help().strip(), "```\n"]
    return "\n".join(out)
