"""The plugin's names exist after a plain ``import verl`` (entry point ``verl.plugins``), in a fresh process."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.verl

CHECK = """
import verl
from verl.experimental.reward_loop.reward_manager import get_reward_manager_cls
from verl.trainer.ppo.core_algos import get_adv_estimator_fn
print(get_reward_manager_cls("hrm").__module__, get_adv_estimator_fn("dcpo").__module__)
"""


def _run(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    # Run outside the repo root so a stale *.egg-info there cannot stand in for the installed metadata.
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=180,
                          cwd="/", env={**os.environ, **env})


def test_entry_point_registers_reward_manager_and_estimator() -> None:
    from importlib.metadata import entry_points

    assert "trainer_plugin.verl_plugin" in {ep.value for ep in entry_points(group="verl.plugins")}
    proc = _run(CHECK)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.split() == ["trainer_plugin.reward_manager", "trainer_plugin.advantage"]


def test_entry_point_registers_the_topk_agent_loops() -> None:
    code = """
import verl
from verl.experimental.agent_loop.agent_loop import _agent_loop_registry
print(_agent_loop_registry["tool_agent_topk"]["_target_"], _agent_loop_registry["single_turn_agent_topk"]["_target_"])
"""
    proc = _run(code)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.split() == ["trainer_plugin.topk_agent_loop.ToolTopKAgentLoop",
                                   "trainer_plugin.topk_agent_loop.SingleTurnTopKAgentLoop"]


def test_without_entry_points_the_names_are_absent_and_pkg_paths_still_work() -> None:
    proc = _run(CHECK, VERL_USE_EXTERNAL_PLUGINS="none")
    assert proc.returncode != 0 and "Unknown reward manager: hrm" in proc.stderr
    fallback = """
from omegaconf import OmegaConf
from verl.trainer.ppo.reward import resolve_reward_manager_cls
from verl.utils.import_utils import load_extern_object
cfg = OmegaConf.create({"reward": {"reward_manager": {"source": "importlib", "name": "HRMRewardManager",
                                                       "module": {"path": "pkg://trainer_plugin.reward_manager"}}}})
print(resolve_reward_manager_cls(cfg).__name__,
      load_extern_object("pkg://trainer_plugin.sampler", "DCPOReplayBuffer").__name__)
"""
    proc = _run(fallback, VERL_USE_EXTERNAL_PLUGINS="none")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.split() == ["HRMRewardManager", "DCPOReplayBuffer"]
    proc = _run(CHECK, VERL_USE_EXTERNAL_PLUGINS="none", VERL_USE_EXTERNAL_MODULES="trainer_plugin.verl_plugin")
    assert proc.returncode == 0, proc.stderr[-2000:]


def test_readme_command_line_composes_against_verls_hydra_config() -> None:
    """Every override of the verl page's DCPO command exists in verl 0.9.1's YAML (or is a documented `+` key)."""
    import shlex
    from pathlib import Path

    from hydra import compose, initialize_config_dir
    from verl.trainer.config import __file__ as config_init

    from trainer_plugin.config import from_verl_config

    readme = (Path(__file__).resolve().parents[2] / "docs" / "trainers" / "verl.md").read_text()
    block = readme.split("python -m verl.trainer.main_ppo \\")[1].split("```")[0]
    overrides = [a.replace("$DATA", "/data").replace("$POLICY", "/policy")
                 for a in shlex.split(block.replace("\\\n", " "))]
    with initialize_config_dir(config_dir=str(Path(config_init).parent), version_base=None):
        cfg = compose(config_name="ppo_trainer", overrides=overrides)
    assert cfg.algorithm.adv_estimator == "dcpo" and cfg.reward.reward_manager.name == "hrm"
    assert cfg.trainer.v1.sampler.custom_sampler.path == "pkg://trainer_plugin.sampler"
    hrm = from_verl_config(cfg)
    assert hrm.failure_reward == cfg.algorithm.dcpo.failure_reward == cfg.trainer.v1.sampler.sampler_kwargs.failure_reward
