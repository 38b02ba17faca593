"""Which thresholds a judge uses: the configured calibration file(s), checked against packs and graders.

``judge.calibration_file``:

- ``auto`` (default): every ``*.json`` in ``judge_server/thresholds/builtin/`` (package data) and in
  ``$HRM_HOME/calibrations`` whose grader model is one of the engine's tiers and whose pack is known.
  Checks whose question changed since the fit are dropped with a warning; files that do not match
  the grader are skipped silently (they are someone else's calibration), unreadable ones with a warning.
- ``off``: no thresholds; the first tier's verdict always stands and nothing abstains (the behaviour
  before calibration existed).
- a path: that file, strictly. A file for an unknown pack, for none of the engine's graders, or
  with a check whose question changed is refused with ConfigError at startup, unless
  ``judge.calibration_mismatch: warn``, which drops the parts that do not apply and logs why.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from hrm_wire.errors import ConfigError, UnknownRubric
from judge_server.config import JudgeConfig
from judge_server.home import default_home
from judge_server.packs.schema import RubricPack
from judge_server.thresholds.calibration_file import (
    CalibrationFile,
    CheckThreshold,
    mismatches,
    question_hash,
    read_calibration,
)

log = logging.getLogger(__name__)


class PackLookup(Protocol):
    """Where the packs a calibration file names are found (``judge_server.packs.registry.RubricRegistry``)."""

    def get(self, pack_id: str) -> RubricPack:
        """The pack; UnknownRubric if none is loaded under that id."""
        ...

#: the shipped calibrations (package data: the same path in a source checkout and in a wheel)
SHIPPED_DIR = Path(__file__).resolve().parent / "builtin"


@dataclass
class ThresholdSet:
    """Thresholds by (check id, question hash) and grader model id."""

    entries: dict[tuple[str, str], dict[str, CheckThreshold]] = field(default_factory=dict)
    files: list[str] = field(default_factory=list)

    def add(self, cal: CalibrationFile, models: set[str], origin: str) -> None:
        for model, tier in cal.tiers.items():
            if model not in models:
                continue
            for cid, th in tier.checks.items():
                self.entries.setdefault((cid, th.question_hash), {})[model] = th
        self.files.append(origin)

    def _entry(self, check_id: str | None, qhash: str) -> dict[str, CheckThreshold] | None:
        if check_id is not None:
            return self.entries.get((check_id, qhash))
        return next((v for (_, h), v in self.entries.items() if h == qhash), None)

    def calibrated(self, check_id: str | None, qhash: str) -> bool:
        """Whether this question has a calibration at all (else the first tier decides, never abstaining)."""
        return self._entry(check_id, qhash) is not None

    def threshold(self, model_id: str, check_id: str | None, qhash: str, passed: bool | None = None
                  ) -> float | None:
        """The confidence a verdict of ``model_id`` needs to decide; None: that tier never decides it.

        ``passed`` is the verdict given: a class-conditional calibration (``by_verdict``) has one threshold
        per verdict; without it (or for a scale answer) the pooled threshold applies.
        """
        entry = self._entry(check_id, qhash) or {}
        th = entry.get(model_id)
        return th.for_verdict(passed) if th is not None else None

    def __bool__(self) -> bool:
        return bool(self.entries)


def _apply(cal: CalibrationFile, origin: str, models: set[str], registry: PackLookup, strict: bool,
           out: ThresholdSet) -> None:
    """Add what applies of ``cal``; with ``strict`` any mismatch raises ConfigError."""
    def problem(msg: str) -> None:
        if strict:
            raise ConfigError(f"calibration file {origin}: {msg} (set judge.calibration_mismatch: warn to "
                              f"use what still applies)", field="judge.calibration_file")
        log.warning("calibration file %s: %s; ignored", origin, msg)

    try:
        pack = registry.get(cal.pack)
    except UnknownRubric:
        problem(f"pack {cal.pack!r} is not loaded")
        return
    if not set(cal.tiers) & models:
        problem(f"it calibrates grader(s) {sorted(cal.tiers)}, none of this engine's {sorted(models)}")
        return
    bad = mismatches(cal, pack)
    for msg in bad:
        problem(msg)
    if bad:  # drop only the checks whose question changed
        specs = {c.id: c for c in pack.checks}
        for tier in cal.tiers.values():
            tier.checks = {cid: th for cid, th in tier.checks.items()
                           if cid in specs and specs[cid].llm is not None
                           and question_hash(specs[cid].llm) == th.question_hash}  # type: ignore[arg-type]
    out.add(cal, models, origin)


def load_thresholds(config: JudgeConfig, model_ids: list[str], registry: PackLookup,
                    search_dirs: list[Path] | None = None) -> ThresholdSet:
    """The thresholds for an engine whose tiers have ``model_ids`` (see the module docstring)."""
    out = ThresholdSet()
    setting = str(config.calibration_file) if config.calibration_file is not None else "off"
    if setting == "off":
        return out
    models = set(model_ids)
    if setting != "auto":
        path = Path(setting)
        _apply(read_calibration(path), str(path), models, registry, config.calibration_mismatch == "error", out)
        return out
    dirs = search_dirs if search_dirs is not None else [SHIPPED_DIR, default_home() / "calibrations"]
    for d in dirs:
        for path in sorted(d.glob("*.json")) if d.is_dir() else []:
            try:
                cal = read_calibration(path)
            except ConfigError as exc:
                log.warning("%s; skipped", exc.message)
                continue
            if set(cal.tiers) & models:
                _apply(cal, str(path), models, registry, False, out)
    return out
