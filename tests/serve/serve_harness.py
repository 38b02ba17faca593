"""Helpers of the serve tier: one real Ray + Serve start per session (slow on 2 cores)."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "serve-test-token"
AUTH = (("authorization", f"Bearer {TOKEN}"),)
HEADERS = {"Authorization": f"Bearer {TOKEN}"}
SLOW = "SLOW-MARKER"   # fake engine: +0.4 s per generation
HOLD = "HOLD-MARKER"   # fake engine: +60 s per generation (deadline / backpressure tests)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def sample(idx: int = 0, marker: str | None = None, **changes: Any) -> dict[str, Any]:
    rows = [json.loads(line) for line in (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines()]
    row = dict(rows[idx])
    row.update(changes)
    if marker:
        row["response"] += f" {marker}"
    return row


def grpc_request(payload: dict[str, Any], item_id: str = "") -> Any:
    from hrm_wire.proto import judge_pb2

    return judge_pb2.ScoreRequest(id=item_id, request_json=json.dumps(payload))


def kill_grader_replicas(app: str, limit: int | None = None) -> list[str]:
    """Kill the grader replica actors of ``app`` (at most ``limit``), with no restart by Ray: Serve must
    replace them. Their actor names."""
    import ray

    killed: list[str] = []
    for actor in ray.util.list_named_actors(all_namespaces=True):
        name = actor["name"] if isinstance(actor, dict) else actor
        if f"{app}#grader#" in name and (limit is None or len(killed) < limit):
            ray.kill(ray.get_actor(name, namespace=actor.get("namespace", "serve")), no_restart=True)
            killed.append(str(name))
    return killed
