"""The packs by id: the shipped ones (``builtin/``), then ``$HRM_RUBRICS_DIR``, then the configured folders."""

from __future__ import annotations

import os
from pathlib import Path

from hrm_wire.errors import UnknownRubric
from hrm_wire.models import RubricInfo
from judge_server.compositions import get_composition
from judge_server.packs.loader import load_pack_file
from judge_server.packs.schema import RubricPack

#: the shipped packs (package data: the same path in a source checkout and in a wheel)
PACKS_DIR = Path(__file__).resolve().parent / "builtin"


class RubricRegistry:
    """Packs by id, loaded from the shipped folder plus optional extra folders (a later one overrides)."""

    def __init__(self, extra_dirs: list[Path] | None = None) -> None:
        dirs = [PACKS_DIR]
        env_dir = os.environ.get("HRM_RUBRICS_DIR")
        if env_dir:
            dirs.append(Path(env_dir))
        dirs.extend(extra_dirs or [])
        self.packs: dict[str, RubricPack] = {}
        for d in dirs:
            for path in sorted(d.glob("*.yaml")):
                pack = load_pack_file(path)
                self.packs[pack.id] = pack

    def get(self, pack_id: str) -> RubricPack:
        try:
            return self.packs[pack_id]
        except KeyError:
            raise UnknownRubric(f"unknown rubric pack {pack_id!r}; available: {sorted(self.packs)}",
                                field="rubric") from None

    def infos(self) -> list[RubricInfo]:
        return [pack_info(p) for p in self.packs.values()]


def pack_info(pack: RubricPack) -> RubricInfo:
    """What GET /v1/rubrics and ListRubrics say of a pack."""
    composition = get_composition(pack.composition.kind)
    return RubricInfo(id=pack.id, version=pack.version, description=pack.description,
                      composition=pack.composition.kind, checks=[c.id for c in pack.checks],
                      scores=composition.headline_keys(pack), context_keys=list(pack.context_keys))
