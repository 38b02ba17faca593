"""Entry point of the ``verl.plugins`` group: importing it registers the plugin's names with verl.

verl imports every ``verl.plugins`` entry point at the end of ``import verl`` (in the driver, the
trainer task and every Ray worker), so ``reward.reward_manager.name=hrm`` and
``algorithm.adv_estimator=dcpo`` resolve everywhere without extra flags. verl hides a plugin that fails
to import (DEBUG log only); ``tests/verl`` checks the names are registered. Fallbacks when entry
points are disabled (``VERL_USE_EXTERNAL_PLUGINS=none``): ``VERL_USE_EXTERNAL_MODULES=trainer_plugin.verl_plugin``,
or ``reward.reward_manager.source=importlib reward.reward_manager.module.path=pkg://trainer_plugin.reward_manager
reward.reward_manager.name=HRMRewardManager``.
"""

from trainer_plugin import advantage as _advantage  # noqa: F401  registers adv estimator "dcpo"
from trainer_plugin import reward_manager as _reward_manager  # noqa: F401  registers reward manager "hrm"
from trainer_plugin import topk_agent_loop as _topk  # noqa: F401  registers agent loops "*_topk"

REWARD_MANAGER = "hrm"
ADV_ESTIMATOR = "dcpo"
SAMPLER_PATH = "pkg://trainer_plugin.sampler"
AGENT_LOOPS = ("tool_agent_topk", "single_turn_agent_topk")
