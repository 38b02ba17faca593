"""Rollout-group affinity for the grader deployment: a Ray Serve request router.

The 16 rollouts of one GRPO prompt share the query (and the pack's system text); with the shared-first
prompt layout (prompts.py) that material is the first part of every question's prompt. Sending a whole
group to one grader replica lets its prefix cache (llama.cpp slots, vLLM APC) prefill it once instead of
once per replica the group is spread over.

Group key, first found: the grader call's Serve ``session_id``, which the ingress sets to the scoring
request's group (``options.group``, e.g. verl's ``uid``; absent: a hash of rubric, query and catalog, see
``request_group``) through ``group_scope``/``current_group``; otherwise a hash of the system message and
the shared material blocks (QUERY, REFERENCE, CONTEXT) of the ``GenerationRequest`` itself. Requests with
neither are routed to the least loaded replica.

The preferred replica is the one with the highest rendezvous hash for the key (stable while replicas come
and go: only groups of a removed replica move). When it is saturated, i.e. its queue is more than
``imbalance`` requests longer than the least loaded replica's, or it is full (``max_ongoing_requests``,
which Serve's selection enforces), the request goes to the least loaded replica instead. So that a group
never waits while another replica could start its question, ``imbalance`` must be below what one replica
runs at once: the service sets it to one less than an embedded grader's slots (``ServeConfig.
grader_affinity_imbalance``). Measured with 2 SmolLM2 replicas of 2 slots and 4 questions in flight, an
imbalance of 4 never spilled: both groups hashed to one replica, the other stayed idle, and half the
judgments missed a 600 s client timeout (research/bench/results/affinity/README.md).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from ray.serve._private.common import RequestMetadata
from ray.serve.config import RequestRouterConfig
from ray.serve.request_router import FIFOMixin, PendingRequest, RequestRouter, RunningReplica

#: material blocks shared by every rollout of one prompt (prompts._SHARED_INPUTS, as rendered)
_SHARED_BLOCK = re.compile(r"<<<BEGIN (QUERY|REFERENCE[A-Z _]*|CONTEXT)>>>\n(.*?)\n<<<END \1>>>", re.S)
#: default for ``imbalance``: a few questions of a group may queue behind their warm prefix
DEFAULT_IMBALANCE = 4
ROUTER_PATH = "judge_server.serve.experimental.group_affinity:GroupAffinityRouter"

#: the group of the scoring request being judged in this task (and the tasks it starts)
_GROUP: ContextVar[str | None] = ContextVar("hrm_rollout_group", default=None)


def request_group(request: Any) -> str:
    """The rollout group of a ScoreRequest: ``options.group`` when given, else a hash of what every
    rollout of one prompt shares (rubric, query, catalog)."""
    explicit = request.options.group
    if explicit:
        return str(explicit)
    catalog = [p.model_dump(mode="json") for p in request.catalog or []]
    shared = json.dumps([request.rubric, request.query, catalog], sort_keys=True, ensure_ascii=False)
    return "h:" + hashlib.blake2b(shared.encode(), digest_size=16).hexdigest()


@contextmanager
def group_scope(request: Any) -> Iterator[str]:
    """Judge ``request`` under its group: grader calls made inside (``current_group``) carry it."""
    group = request_group(request)
    token = _GROUP.set(group)
    try:
        yield group
    finally:
        _GROUP.reset(token)


def current_group() -> str | None:
    """The group of the scoring request this task judges, None outside ``group_scope``."""
    return _GROUP.get()


def prompt_group(request: Any) -> str | None:
    """A key shared by all questions about the rollouts of one prompt: the system text and the shared
    material blocks. None when the request has no such block (nothing to keep together)."""
    messages = getattr(request, "messages", None)
    if not messages:
        return None
    system = "".join(m.content for m in messages if m.role == "system")
    shared = [m.group(0) for msg in messages if msg.role == "user" for m in _SHARED_BLOCK.finditer(msg.content)]
    if not shared:
        return None
    return hashlib.blake2b("\x00".join([system, *shared]).encode(), digest_size=16).hexdigest()


def group_key(pending: PendingRequest | None) -> str | None:
    if pending is None:
        return None
    if pending.metadata.session_id:
        return pending.metadata.session_id
    request = pending.args[0] if pending.args else pending.kwargs.get("request", pending.kwargs.get("requests"))
    if isinstance(request, list):  # generate_many: one judgment's questions, one group
        request = request[0] if request else None
    return prompt_group(request)


def _score(key: str, replica_id: str) -> int:
    return int.from_bytes(hashlib.blake2b(f"{key}\x00{replica_id}".encode(), digest_size=8).digest(), "big")


def preferred_replica(key: str, replicas: list[RunningReplica]) -> RunningReplica:
    """Rendezvous (highest random weight) hashing over the replicas' unique ids."""
    return max(replicas, key=lambda r: _score(key, r.replica_id.unique_id))


class GroupAffinityRouter(FIFOMixin, RequestRouter):
    """Group affinity with a least-loaded fallback (see the module docstring)."""

    def _get_pending_request_matching_metadata(self, request_metadata: RequestMetadata | None = None
                                               ) -> PendingRequest | None:
        # The replica chosen for a request goes to that request. Serve's own match is by internal_request_id,
        # but the grader calls an ingress replica makes while serving one HTTP/gRPC request all inherit that
        # request's id, so the id cannot tell them apart (measured: all but the first calls of a judgment
        # were never routed). The routing task passes its request's own metadata object: match on identity,
        # else FIFOMixin assigns the oldest pending request.
        if request_metadata is None:
            return None
        for pending in self._pending_requests_to_fulfill:
            if pending.metadata is request_metadata and not pending.future.done():
                return pending
        return None

    def initialize_state(self, imbalance: int = DEFAULT_IMBALANCE, **kwargs: Any) -> None:
        if not isinstance(imbalance, int) or imbalance < 0:
            raise ValueError(f"imbalance must be a non-negative int, got {imbalance!r}")
        self.imbalance = imbalance
        self.routed = {"preferred": 0, "fallback": 0, "ungrouped": 0}

    def _queue_len(self, replica: RunningReplica) -> int:
        # unknown (never probed) counts as empty: Serve probes it during selection anyway
        return self.replica_queue_len_cache.get(replica.replica_id) or 0

    async def choose_replicas(self, candidate_replicas: list[RunningReplica],
                              pending_request: PendingRequest | None = None) -> list[list[RunningReplica]]:
        if not candidate_replicas:
            return []
        if pending_request is not None:
            # back off between rounds when every replica is full, instead of spinning
            pending_request.routing_context.should_backoff = True
        key = group_key(pending_request)
        by_load = sorted(candidate_replicas, key=self._queue_len)
        if key is None or len(candidate_replicas) == 1:
            self.routed["ungrouped" if key is None else "preferred"] += 1
            return [by_load]
        preferred = preferred_replica(key, candidate_replicas)
        others = [r for r in by_load if r is not preferred]
        if self._queue_len(preferred) - self._queue_len(by_load[0]) > self.imbalance:
            self.routed["fallback"] += 1
            return [others, [preferred]]
        self.routed["preferred"] += 1
        # a full preferred replica is refused by Serve's selection, which then tries the next rank
        return [[preferred], others]


def grader_router_config(affinity: bool = True, imbalance: int = DEFAULT_IMBALANCE) -> RequestRouterConfig:
    """The grader deployment's router: group affinity, or Serve's default (power of two choices)."""
    if not affinity:
        return RequestRouterConfig()
    return RequestRouterConfig(request_router_class=ROUTER_PATH, request_router_kwargs={"imbalance": imbalance})
