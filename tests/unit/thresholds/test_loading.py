"""Which calibration files a judge loads, and how mismatched ones are refused or ignored."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from hrm_wire.errors import ConfigError
from judge_server.config import JudgeConfig
from judge_server.packs.registry import RubricRegistry
from judge_server.thresholds import fit, load_thresholds, question_hash, read_calibration
from judge_server.thresholds.calibration_file import mismatches
from judge_server.thresholds.fit import Observation
from judge_server.thresholds.loading import SHIPPED_DIR

PACK = """
id: tinycal
description: one question
composition: {kind: weighted}
checks:
  - id: polite
    stage: main
    llm: {prompt: "Is the response polite to the user? Answer yes or no."}
  - id: short
    stage: main
    llm: {prompt: "Is the response shorter than ten sentences? Answer yes or no."}
"""


@pytest.fixture
def registry(tmp_path: Path) -> RubricRegistry:
    d = tmp_path / "packs"
    d.mkdir()
    (d / "tinycal.yaml").write_text(PACK)
    return RubricRegistry([d])


def _file(registry: RubricRegistry, tmp_path: Path, *, model: str = "grader-a", pack: str = "tinycal",
          hashes: dict[str, str] | None = None, name: str = "cal.json") -> Path:
    p = registry.get("tinycal")
    hashes = hashes or {c.id: question_hash(c.llm) for c in p.checks}
    obs = [Observation(cid, model, h, True, 0.97, True) for cid, h in hashes.items() for _ in range(30)]
    path = tmp_path / "cals" / name
    fit(obs, pack=pack).dump(path)
    return path


def test_explicit_file_loads_thresholds_per_check_and_grader(registry, tmp_path):
    path = _file(registry, tmp_path)
    ts = load_thresholds(JudgeConfig(calibration_file=str(path)), ["grader-a"], registry)
    q = registry.get("tinycal").checks[0].llm
    assert ts.calibrated("polite", question_hash(q)) and ts.threshold("grader-a", "polite", question_hash(q)) == 0.97
    # another grader of the same cascade has no threshold: it never decides this check
    assert ts.threshold("grader-b", "polite", question_hash(q)) is None
    # without a check id the question hash alone finds the entry
    assert ts.calibrated(None, question_hash(q))


def test_off_loads_nothing(registry, tmp_path):
    _file(registry, tmp_path)
    assert not load_thresholds(JudgeConfig(calibration_file="off"), ["grader-a"], registry)
    assert not load_thresholds(JudgeConfig(calibration_file=None), ["grader-a"], registry)


@pytest.mark.parametrize("kind", ["grader", "pack", "question"])
def test_mismatched_explicit_file_is_refused_or_partly_used_with_warn(registry, tmp_path, caplog, kind):
    if kind == "grader":
        path = _file(registry, tmp_path, model="some-other-grader")
        match = "none of this engine's"
    elif kind == "pack":
        path = _file(registry, tmp_path, pack="nosuchpack")
        match = "pack 'nosuchpack' is not loaded"
    else:
        p = registry.get("tinycal")
        path = _file(registry, tmp_path, hashes={"polite": "0123456789abcdef",
                                                  "short": question_hash(p.checks[1].llm)})
        match = "question changed since the fit"
    with pytest.raises(ConfigError, match=match) as info:
        load_thresholds(JudgeConfig(calibration_file=str(path)), ["grader-a"], registry)
    assert info.value.field == "judge.calibration_file"
    with caplog.at_level(logging.WARNING):
        ts = load_thresholds(JudgeConfig(calibration_file=str(path), calibration_mismatch="warn"), ["grader-a"],
                             registry)
    assert match in caplog.text
    if kind == "question":  # the unchanged check still counts, the changed one is dropped
        p = registry.get("tinycal")
        assert ts.calibrated("short", question_hash(p.checks[1].llm))
        assert not ts.calibrated("polite", question_hash(p.checks[0].llm))
    else:
        assert not ts


def test_unreadable_or_foreign_files_are_config_errors(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(ConfigError, match="cannot read"):
        read_calibration(bad)
    bad.write_text('{"format": "something-else"}')
    with pytest.raises(ConfigError, match="not an hrm-calibration document"):
        read_calibration(bad)
    bad.write_text('{"format": "hrm-calibration", "version": 99}')
    with pytest.raises(ConfigError, match="version 99 is not supported"):
        read_calibration(bad)
    bad.write_text('{"format": "hrm-calibration", "version": 1, "pack": "p", "target_agreement": 2, '
                   '"delta": 0.1, "method": "none", "tiers": {}}')
    with pytest.raises(ConfigError, match="target_agreement"):
        read_calibration(bad)


def test_auto_loads_matching_files_and_skips_the_rest(registry, tmp_path, caplog):
    _file(registry, tmp_path, name="mine.json")
    _file(registry, tmp_path, model="other", name="theirs.json")
    (tmp_path / "cals" / "junk.json").write_text("[]")
    with caplog.at_level(logging.WARNING):
        ts = load_thresholds(JudgeConfig(), ["grader-a"], registry, search_dirs=[tmp_path / "cals"])
    assert ts.files == [str(tmp_path / "cals" / "mine.json")]
    assert "junk.json" in caplog.text
    assert not load_thresholds(JudgeConfig(), ["nobody"], registry, search_dirs=[tmp_path / "cals"])


@pytest.mark.parametrize("path", sorted(SHIPPED_DIR.glob("*.json")), ids=lambda p: p.name)
def test_every_shipped_calibration_matches_the_shipped_pack_question_by_question(path: Path) -> None:
    # an edited question voids its thresholds silently under `auto` (a warning, then every verdict decides),
    # so a pack edit that is not refitted must fail here, not in production
    cal = read_calibration(path)
    assert mismatches(cal, RubricRegistry().get(cal.pack)) == []
