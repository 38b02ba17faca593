"""The reward-calling code of frameworks that do not install on this CPU machine, reproduced from their sources
(file, commit and lines named on each), so HRM's surfaces are tested against what those frameworks send and read.
TRL (tests/trainers/test_trl.py) and verl (tests/verl/test_verl_compute_score.py) are tested with their own code.
"""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import aiohttp


# -- OpenRLHF: openrlhf/utils/agent.py L281-299 and L322-356 @3c3be6234e0cb353e76bb8019947db9dfe99fca7 (v0.11.0) --
async def openrlhf_fetch_rewards_via_http(reward_endpoints: list[str], queries_list: list[str],
                                          prompts_list: list[str], labels_list: list[Any]) -> list[Any]:
    num_servers = len(reward_endpoints)
    batch_size = (len(queries_list) + num_servers - 1) // num_servers
    timeout = aiohttp.ClientTimeout(total=180)
    tasks = []
    for i, rm in enumerate(reward_endpoints):
        start_idx = i * batch_size
        end_idx = min((i + 1) * batch_size, len(queries_list))
        payload = {"query": queries_list[start_idx:end_idx], "prompts": prompts_list[start_idx:end_idx],
                   "labels": labels_list[start_idx:end_idx]}

        async def _post_request(url: str, data: dict[str, Any], try_max_times: int = 5) -> Any:
            for _ in range(try_max_times):
                try:
                    async with aiohttp.ClientSession(timeout=timeout) as session, \
                            session.post(url, json=data) as response:
                        response.raise_for_status()
                        return await response.json()
                except aiohttp.ClientError:
                    pass
                await asyncio.sleep(1)
            raise RuntimeError(f"Request error for {try_max_times} times, returning None. Please check the API server.")

        tasks.append(asyncio.create_task(_post_request(rm, payload)))
    return await asyncio.gather(*tasks)


async def openrlhf_execute_reward(reward_endpoints: list[str], query: str, prompt: str, label: Any) -> dict[str, Any]:
    """What the rollout keeps of one sample's reward (agent.py L281-299)."""
    output: dict[str, Any] = {}
    rewards_info_list = await openrlhf_fetch_rewards_via_http(reward_endpoints, [query], [prompt], [label])
    rewards_info = rewards_info_list[0] if rewards_info_list else None
    if rewards_info:
        score_value = rewards_info.get("scores")
        if score_value is None:
            score_value = rewards_info.get("rewards")
        output.update(reward=rewards_info.get("rewards"), scores=score_value,
                      extra_logs=rewards_info.get("extra_logs") or {})
    return output


# -- slime: slime/utils/types.py L93-147, L246-247; slime/rollout/rm_hub/__init__.py L34-63 @624b824a898ab0e... --
@dataclass
class SlimeSample:
    prompt: str | list[dict[str, Any]] = ""
    response: str = ""
    label: Any = None
    reward: float | dict[str, Any] | None = None
    remove_sample: bool = False
    metadata: dict[str, Any] = field(default_factory=dict)
    custom_rm_path: str | None = None

    def get_reward_value(self, args: Any) -> Any:
        return self.reward if not args.reward_key else self.reward[args.reward_key]


async def slime_remote_rm(args: Any, sample: SlimeSample, max_retries: int = 10) -> Any:
    payload = {"prompt": sample.prompt, "response": sample.response, "label": sample.label}
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=120)) as session:
        for attempt in range(max_retries):
            try:
                async with session.post(args.rm_url, json=payload) as resp:
                    resp.raise_for_status()
                    return await resp.json()
            except Exception:
                if attempt + 1 >= max_retries:
                    raise
                await asyncio.sleep(min(2**attempt, 30) + random.random())
    return None


async def slime_async_rm(args: Any, sample: SlimeSample, load_function: Any, **kwargs: Any) -> Any:
    if args.custom_rm_path is not None:
        rm_function = load_function(args.custom_rm_path)
        return await rm_function(args, sample, **kwargs)
    return await slime_remote_rm(args, sample)


# -- NeMo Gym: responses_api_agents/simple_agent/app.py L333-344 @07d6b0d07b22fcf530b4c211dae2ee23100428e4;
#    NeMo RL: nemo_rl/experience/rollouts.py L266-278, L2784 @7ea279abfbeb698b092856d0dab61e7cf39bc909 --
async def nemo_gym_verify(url: str, row: dict[str, Any], model_response: dict[str, Any]) -> dict[str, Any]:
    """The agent's POST to the resources server: the row (model_dump of the run request) | {"response": ...}."""
    async with aiohttp.ClientSession() as session, \
            session.post(url, json=row | {"response": model_response}) as resp:
        resp.raise_for_status()
        return await resp.json()


def nemo_rl_reads(full_result: dict[str, Any]) -> tuple[float, bool]:
    """What NeMo RL trains on: ``full_result["reward"]`` and ``instance_config.mask_sample``."""
    return float(full_result["reward"]), bool(full_result.get("instance_config", {}).get("mask_sample", False))


# -- AReaL: areal/api/reward_api.py AsyncRewardWrapper L63-209 @4aef98d8d818af55b43621aaadba047ae10f4e77 --
async def areal_async_reward(reward_fn: Any, *args: Any, timeout_seconds: float = 15, max_retries: int = 3,
                             **kwargs: Any) -> float:
    loop = asyncio.get_running_loop()
    with ProcessPoolExecutor(max_workers=1) as executor:
        for attempt in range(max_retries + 1):
            try:
                return await asyncio.wait_for(loop.run_in_executor(executor, partial(reward_fn, *args, **kwargs)),
                                              timeout=timeout_seconds)
            except asyncio.TimeoutError:
                if attempt == max_retries:
                    return 0
    return 0
