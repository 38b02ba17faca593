"""Reward functions RL trainers call in process, each sending the rollouts to an HRM service.

- ``hrm_client.trainers.trl.hrm_reward``: TRL ``reward_funcs`` (async; ``hrm_reward_sync`` too);
- ``hrm_client.trainers.verl.compute_score``: verl ``reward.custom_reward_function`` (teams not using HRM's
  reward manager, ``trainer_plugin``);
- ``hrm_client.trainers.areal.reward_fn``: AReaL ``reward_fn``;
- ``hrm_client.trainers.slime.reward`` / ``reward_group``: slime ``--custom-rm-path`` (masks what HRM could not
  judge, which the ``/trainers/slime`` route cannot).

They are configured by environment variables (``settings.Settings``), so a trainer's own config names them and
nothing else. OpenRLHF, slime's remote reward and NeMo Gym call HTTP routes of the service instead
(``judge_server/serve/trainers``).
"""
