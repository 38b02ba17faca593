"""Reading a pack file and validating it against the registries: rules, combine policies, compositions, screens.

The pack models (``judge_server.packs.schema``) check their own shape; the names they refer to are checked
here, through pydantic's validation context (``Registries``), so the schema imports no registry and the
registries' modules may import the schema's types.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from hrm_wire.errors import RubricInvalid, invalid_from_validation
from judge_server.checks.combine import policy
from judge_server.checks.screens import make_screen
from judge_server.compositions import composition_names, get_composition
from judge_server.packs.schema import RubricPack
from judge_server.rules.registry import RULES


class Registries:
    """The registries a pack's names must be found in (``judge_server.packs.schema.PackNames``)."""

    def combine_needs(self, name: str) -> tuple[bool, bool]:
        p = policy(name)
        return p.needs_rule, p.needs_llm

    def check_composition(self, kind: str) -> None:
        if kind not in composition_names():
            raise ValueError(f"unknown composition {kind!r}; registered: {composition_names()}")

    def check_layout(self, pack: RubricPack) -> None:
        if pack.composition.kind in composition_names():
            get_composition(pack.composition.kind).validate_pack(pack)

    def check_screen(self, name: str, params: dict[str, Any]) -> None:
        make_screen(name, params)


REGISTRIES = Registries()


def validate_pack(data: Any, *, source: str = "rubric pack") -> RubricPack:
    """A pack from its data, checked against every registry; RubricInvalid naming the field otherwise."""
    try:
        pack = RubricPack.model_validate(data, context=REGISTRIES)
    except ValidationError as exc:
        raise invalid_from_validation(exc, cls=RubricInvalid, context=source) from None
    unknown = [c.rule for c in pack.checks if c.rule and c.rule not in RULES]
    if unknown:
        raise RubricInvalid(f"{source}: unknown rules {unknown}; registered: {sorted(RULES)}")
    for i, c in enumerate(pack.checks):
        # a rule may declare a pydantic model of its params, so bad params fail at load, not mid-run
        params_model = getattr(RULES[c.rule], "params_model", None) if c.rule else None
        if params_model is not None:
            try:
                params_model.model_validate(c.params)
            except ValidationError as exc:
                raise invalid_from_validation(exc, cls=RubricInvalid, context=source,
                                              prefix=f"checks.{i}.params") from None
    return pack


def load_pack_file(path: Path) -> RubricPack:
    """A pack file, validated; its id must match the file name."""
    try:
        data = yaml.safe_load(path.read_text())
    except (OSError, yaml.YAMLError) as exc:
        raise RubricInvalid(f"cannot read rubric pack {path.name}: {exc}") from None
    pack = validate_pack(data, source=f"rubric pack {path.name}")
    if pack.id != path.stem:
        raise RubricInvalid(f"rubric pack {path.name}: id {pack.id!r} must match the file name")
    return pack
