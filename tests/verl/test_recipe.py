"""The shopping-agent recipe: tools under verl's tool interface, the parquet dataset through verl's RLHFDataset,
and the DCPO command line composed against verl's Hydra config."""

from __future__ import annotations

import asyncio
import json
import re
import shlex
from pathlib import Path

import pytest
from tool_rollout import CATALOG, TOOLS_YAML, qwen_tokenizer_dir

from hrm_wire.chat import products_in_output
from hrm_wire.models import ScoreRequest

pytestmark = pytest.mark.verl
RECIPE = Path(__file__).resolve().parents[2] / "trainer_plugin" / "recipe"


@pytest.fixture(scope="module")
def tools():
    import os

    from verl.tools.tool_registry import initialize_tools_from_config

    os.environ.setdefault("HRM_RECIPE_CATALOG", str(CATALOG))
    return {t.name: t for t in initialize_tools_from_config(str(TOOLS_YAML))}


def _run(tool, **params):
    resp, reward, metrics = asyncio.run(tool.execute("i", params))
    return json.loads(resp.text), reward, metrics


def test_product_search_filters_and_returns_records_hrm_reads(tools) -> None:
    search = tools["product_search"]
    assert search.tool_schema.function.name == "product_search"
    out, reward, metrics = _run(search, query="waterproof running earbuds", max_price=100)
    ids = [p["id"] for p in out["products"]]
    assert ids and all(p["price"] <= 100 for p in out["products"]) and metrics == {"hits": len(ids)}
    assert "PD_103" not in ids  # the $179 earbuds fail the price cap
    attr, _, _ = _run(search, query="earbuds", attributes={"water_resistance": "ip68"})
    assert [p["id"] for p in attr["products"]] == ["PD_101"]
    ranged, _, _ = _run(search, query="e-reader", attributes={"screen_inches": {"min": 6.5}})
    assert [p["id"] for p in ranged["products"]] == ["PD_501"]
    cat, _, _ = _run(search, query="", category="Grinder", limit=3)
    assert [p["id"] for p in cat["products"]] == ["PD_302"]
    bad, _, _ = _run(search, max_price=10)
    assert "error" in bad and bad["products"] == []
    # What the tool printed is what HRM reads from the tool message.
    text = json.dumps(out)
    assert [p["id"] for p in products_in_output(text, tool="product_search")] == ids
    req = ScoreRequest.model_validate({"query": "q", "response": f"<product>{ids[0]}</product>", "trajectory": [
        {"kind": "tool_call", "name": "product_search", "arguments": {"query": "x"}, "call_id": "c"},
        {"kind": "observation", "call_id": "c", "content": text}]})
    assert set(req.products()) == set(ids)


def test_product_detail_by_id(tools) -> None:
    out, _, _ = _run(tools["product_detail"], product_id="PD_502")
    assert out["products"][0]["name"] == "Kobo Clara BW"
    missing, _, _ = _run(tools["product_detail"], product_id="PD_000")
    assert missing["products"] == [] and "PD_000" in missing["error"]


def test_dataset_rows_load_through_verls_rlhf_dataset(tmp_path: Path) -> None:
    from omegaconf import OmegaConf
    from transformers import AutoTokenizer
    from verl.utils.dataset.rl_dataset import RLHFDataset

    from trainer_plugin.recipe.build_dataset import main

    assert main(["--out", str(tmp_path / "shop"), "--val-fraction", "0.25"]) == 0
    tok = AutoTokenizer.from_pretrained(qwen_tokenizer_dir())
    cfg = OmegaConf.create({"prompt_key": "prompt", "max_prompt_length": 2048, "filter_overlong_prompts": True,
                            "return_raw_chat": True, "truncation": "error"})
    ds = RLHFDataset(data_files=[str(tmp_path / "shop_train.parquet")], tokenizer=tok, config=cfg)
    queries = [json.loads(line)["query"] for line in (RECIPE / "queries.jsonl").read_text().splitlines()]
    assert len(ds) == len(queries) - 2
    row = ds[0]
    assert row["agent_name"] == "tool_agent"
    assert row["raw_prompt"][-1]["role"] == "user" and row["raw_prompt"][-1]["content"] == row["extra_info"]["query"]
    assert row["extra_info"]["query"] in queries and row["extra_info"]["category"]
    assert row["extra_info"]["rubric"] == "smartshop" and "products" not in row["extra_info"]


def _script_overrides() -> list[str]:
    text = (RECIPE / "run_dcpo.sh").read_text()
    block = re.search(r"ARGS=\((.*?)\n\)", text, re.S).group(1)
    env = {"DATA": "data/smartshop", "POLICY": str(qwen_tokenizer_dir()), "HRM_ADDRESS": "hrm:50051"}
    block = re.sub(r"\$\{(\w+)(:-[^}]*)?\}", lambda m: env[m.group(1)], block)
    return shlex.split(block, comments=True)


def test_dcpo_command_line_composes_against_verls_hydra_config() -> None:
    from hydra import compose, initialize_config_dir
    from verl.trainer.config import __file__ as config_init

    from trainer_plugin.config import from_verl_config

    overrides = _script_overrides()
    with initialize_config_dir(config_dir=str(Path(config_init).parent), version_base=None):
        cfg = compose(config_name="ppo_trainer", overrides=overrides)
    mt = cfg.actor_rollout_ref.rollout.multi_turn
    assert mt.enable and mt.format == "hermes" and mt.tool_config_path == "trainer_plugin/recipe/tools.yaml"
    assert cfg.actor_rollout_ref.rollout.agent.default_agent_loop == "tool_agent"
    assert cfg.algorithm.adv_estimator == "dcpo" and cfg.reward.reward_manager.name == "hrm"
    assert cfg.trainer.v1.sampler.custom_sampler.name == "DCPOReplayBuffer"
    hrm = from_verl_config(cfg)
    assert (hrm.address, hrm.rubric, hrm.failure_reward) == ("hrm:50051", "smartshop", -1.0)
    assert cfg.algorithm.dcpo.failure_reward == cfg.trainer.v1.sampler.sampler_kwargs.failure_reward == -1.0
    # Batch sizing rule of the README: ppo_mini_batch_size divides train_batch_size / 2.
    assert (cfg.data.train_batch_size // 2) % cfg.actor_rollout_ref.actor.ppo_mini_batch_size == 0
