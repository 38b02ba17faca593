"""TRL: ``hrm_client.trainers.trl.hrm_reward`` called the way GRPOTrainer calls reward functions (keyword lists of
the dataset's columns, plus ``log_metric``), and a two-step GRPO run of examples/trl_grpo/train.py through TRL's own
trainer against the service (the 50-step run: research/bench/results/trl_grpo)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from service import ROOT

from hrm_client.trainers.trl import hrm_reward


async def test_one_batched_call_per_step_with_none_for_no_reward(hrm_broken_grader, shop_row, monkeypatch):
    monkeypatch.setenv("HRM_URL", hrm_broken_grader)
    logged: dict[str, float] = {}
    rows = [shop_row, {"prompt": [{"role": "user", "content": "Say hi"}], "label": [["Is it polite?", 1]]}]
    cheap = min(shop_row["label"]["catalog"], key=lambda p: p["price"])["id"]
    completions = [[{"role": "assistant", "content": f"<product>{cheap}</product>"}],
                   [{"role": "assistant", "content": "Hi"}]]
    rewards = await hrm_reward(prompts=[r["prompt"] for r in rows], completions=completions,
                               completion_ids=[[1], [2]], label=[r["label"] for r in rows],
                               trainer_state=None, log_extra=lambda *a: None,
                               log_metric=lambda k, v: logged.__setitem__(k, v))
    # the rule-only pack never asks the (broken) grader; the item question does, and gets no reward: None
    assert rewards == [pytest.approx(1.0), None] and logged["hrm/masked_share"] == 0.5
    assert logged["hrm/error_share"] == 0.0  # judge_failed is not an error of the request


async def test_a_refused_sample_is_none_and_its_cause_is_logged(hrm, shop_row, monkeypatch, caplog):
    monkeypatch.setenv("HRM_URL", hrm)
    logged: dict[str, float] = {}
    bad = {"rubric_items": [{"text": "Is it short?", "weight": "heavy"}]}
    rewards = await hrm_reward(prompts=[shop_row["prompt"]] * 2, completions=["Acme", "Acme"],
                               label=[shop_row["label"], bad], log_metric=lambda k, v: logged.__setitem__(k, v))
    assert rewards[0] is not None and rewards[1] is None and logged["hrm/error_share"] == 0.5
    assert any("1 of 2 samples" in r.getMessage() and "weight" in r.getMessage() for r in caplog.records)


async def test_unlabelled_rows_without_a_rubric_are_warned_about_once(hrm, monkeypatch, caplog):
    """A row with no label is judged by the service's default (shopping) pack: a decided reward, so say so."""
    import hrm_client.trainers.trl as trl

    monkeypatch.setenv("HRM_URL", hrm)
    monkeypatch.delenv("HRM_RUBRIC", raising=False)
    monkeypatch.setattr(trl, "_warned_unlabelled", False)
    prompts = [[{"role": "user", "content": "What is 2+2?"}]]
    for _ in range(2):
        rewards = await hrm_reward(prompts=prompts, completions=["4"])
        assert rewards[0] is not None  # judged (by the default pack), not refused
    warnings = [r.getMessage() for r in caplog.records if "no row of this step carries an HRM label" in r.getMessage()]
    assert len(warnings) == 1 and "smartshop" in warnings[0]


def test_item_rows_through_datasets_keep_their_params():
    """TRL hands dataset columns over as `datasets` stores them: Arrow unifies the items' `params` (a `max` null in
    every `mentions` item). The request still validates, each verifier with its own parameters."""
    from datasets import Dataset
    from shop_task import make_rows

    from hrm_wire.models import ScoreRequest
    from hrm_wire.trainers import build_request

    row = Dataset.from_list(make_rows(2))[0]
    assert row["label"]["rubric_items"][0]["params"]["max"] is None  # what Arrow did
    req = ScoreRequest.model_validate(build_request(row["prompt"], [{"role": "assistant", "content": "Hi"}],
                                                    row["label"]))
    assert [i.params for i in req.rubric_items][-1] == {"max": 40}
    assert set(req.rubric_items[0].params) == {"phrases", "mode"}


@pytest.fixture(scope="session")
def policy(tmp_path_factory) -> Path:
    sys.path.insert(0, str(ROOT / "examples" / "trl_grpo"))
    from convert_policy import convert

    return convert(tmp_path_factory.mktemp("policy") / "smollm2-135m-instruct-hf")


def test_two_grpo_steps_through_trl_and_the_service(hrm, policy, tmp_path):
    env = {**os.environ, "HRM_URL": hrm}
    proc = subprocess.run([sys.executable, "examples/trl_grpo/train.py", "--steps", "2", "--prompts-per-step", "2",
                           "--num-generations", "2", "--max-completion-length", "16", "--policy", str(policy),
                           "--out", str(tmp_path)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    run = json.loads((tmp_path / "run.json").read_text())
    assert len(run["steps"]) == 2 and run["samples"] == 8 and run["answered"] == 8 and run["masked"] == 0
    assert all(0.0 <= s["reward"] <= 1.0 for s in run["steps"])
