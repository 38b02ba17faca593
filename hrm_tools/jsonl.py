"""JSONL reading and writing with per-line errors (a bad line never stops a batch)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from hrm_wire.errors import InvalidRequest


@dataclass
class Line:
    number: int
    data: dict[str, Any] | None
    error: InvalidRequest | None


def read_jsonl(path: Path) -> Iterator[Line]:
    with path.open("rb") as fh:
        for n, raw in enumerate(fh, 1):
            if not raw.strip():
                continue
            try:
                value = orjson.loads(raw)
            except orjson.JSONDecodeError as exc:
                yield Line(n, None, InvalidRequest(f"line {n}: not valid JSON ({exc})", item_id=f"line {n}"))
                continue
            if not isinstance(value, dict):
                yield Line(n, None, InvalidRequest(f"line {n}: expected a JSON object", item_id=f"line {n}"))
                continue
            yield Line(n, value, None)
