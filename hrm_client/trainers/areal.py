"""AReaL's reward function: ``RLVRWorkflow(reward_fn=hrm_client.trainers.areal.reward_fn, ...)``.

Read from AReaL's source (``areal/api/reward_api.py`` L41-209, ``areal/workflow/rlvr.py`` L100-176 @4aef98d):
``reward_fn(prompt, completions, prompt_ids, completion_ids, **row)`` with the chat-templated prompt text and the
completion text (special tokens kept) and every dataset field as a keyword (``messages`` among them); it runs in
a process pool, 15 s a try, 0 after the last timeout. So this function is synchronous and picklable, uses the
row's ``messages`` when it has them (else the templated text), and gives up before AReaL does (14 s). A judgment
without a reward scores ``HRM_FAILURE_REWARD`` (default 0.0): stock AReaL has no mask (a custom workflow can
reject the trajectory: ``reward_outcome`` says whether it should).
"""

from __future__ import annotations

from typing import Any

from hrm_client.trainers.batch import score_sync
from hrm_client.trainers.settings import Settings, sync_client
from hrm_wire.trainers import LABEL_FIELDS, Outcome

#: AReaL's AsyncRewardWrapper waits 15 s per try
DEFAULT_TIMEOUT_S = 14.0


def reward_outcome(prompt: str, completions: str, prompt_ids: Any = None, completion_ids: Any = None,
                   **row: Any) -> Outcome:
    """The full outcome (reward, masked, cause), for a workflow that rejects masked trajectories."""
    s = Settings.from_env(timeout_s=DEFAULT_TIMEOUT_S, failure_reward=0.0)
    label = row.get("hrm")
    if label is None:
        fields = {k: row[k] for k in LABEL_FIELDS if k in row and k not in ("messages", "id", "options")}
        label = fields or row.get("label") or row.get("answer")
    messages = row.get("messages")
    (out,) = score_sync(sync_client(s), [(messages if isinstance(messages, list) else prompt, completions, label)],
                        template=s.template, rubric=s.rubric, score_keys=s.score_keys)
    return out


def reward_fn(prompt: str, completions: str, prompt_ids: Any = None, completion_ids: Any = None,
              **row: Any) -> float:
    """The reward AReaL trains on (``HRM_FAILURE_REWARD`` where HRM gave none)."""
    s = Settings.from_env(timeout_s=DEFAULT_TIMEOUT_S, failure_reward=0.0)
    return reward_outcome(prompt, completions, prompt_ids, completion_ids, **row).value(s.failure_reward)
