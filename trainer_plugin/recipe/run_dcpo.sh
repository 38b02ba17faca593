#!/usr/bin/env bash
# DCPO on the shopping agent with HRM rewards: the policy calls product_search / product_detail through
# verl's ToolAgentLoop (hermes tool format), every finished rollout is judged by HRM over gRPC.
# Needs GPUs for the policy (vLLM rollout + FSDP actor); HRM runs elsewhere (`hrm serve`, deploy/).
#   POLICY=Qwen/Qwen3-4B HRM_ADDRESS=hrm.internal:50051 bash trainer_plugin/recipe/run_dcpo.sh
# tests/verl/test_recipe.py composes these overrides against verl's Hydra config.
set -euo pipefail
DATA=${DATA:-data/smartshop}
[ -f "${DATA}_train.parquet" ] || python -m trainer_plugin.recipe.build_dataset --out "$DATA"

ARGS=(
  data.train_files=${DATA}_train.parquet data.val_files=${DATA}_val.parquet
  data.train_batch_size=16 data.max_prompt_length=4096 data.max_response_length=8192
  data.return_raw_chat=True
  actor_rollout_ref.model.path=${POLICY:-Qwen/Qwen3-4B}
  actor_rollout_ref.rollout.name=vllm actor_rollout_ref.rollout.mode=async actor_rollout_ref.rollout.n=16
  actor_rollout_ref.rollout.multi_turn.enable=True
  actor_rollout_ref.rollout.multi_turn.format=hermes
  actor_rollout_ref.rollout.multi_turn.max_assistant_turns=8
  actor_rollout_ref.rollout.multi_turn.max_parallel_calls=2
  actor_rollout_ref.rollout.multi_turn.max_tool_response_length=2048
  actor_rollout_ref.rollout.multi_turn.tool_config_path=trainer_plugin/recipe/tools.yaml
  actor_rollout_ref.rollout.agent.default_agent_loop=tool_agent
  actor_rollout_ref.actor.ppo_mini_batch_size=8
  actor_rollout_ref.actor.clip_ratio=0.2
  actor_rollout_ref.actor.use_kl_loss=True actor_rollout_ref.actor.kl_loss_coef=0.001
  actor_rollout_ref.actor.optim.lr=1e-6
  algorithm.adv_estimator=dcpo algorithm.use_kl_in_reward=False
  +algorithm.dcpo.delta=1e-6 +algorithm.dcpo.failure_reward=-1.0
  trainer.use_v1=True trainer.v1.trainer_mode=sync
  trainer.v1.sampler.custom_sampler.path=pkg://trainer_plugin.sampler
  trainer.v1.sampler.custom_sampler.name=DCPOReplayBuffer
  +trainer.v1.sampler.sampler_kwargs.seed=0
  +trainer.v1.sampler.sampler_kwargs.failure_reward=-1.0
  reward.reward_model.enable=False
  reward.num_workers=8
  reward.reward_manager.name=hrm
  +reward.hrm.address=${HRM_ADDRESS:-127.0.0.1:50051}
  +reward.hrm.rubric=smartshop
  +reward.hrm.timeout_s=300 +reward.hrm.max_attempts=4
  +reward.hrm.max_concurrent=64
  +reward.hrm.failure_reward=-1.0
  trainer.total_epochs=2
)
exec python -m verl.trainer.main_ppo "${ARGS[@]}" "$@"
