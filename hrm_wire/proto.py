"""The gRPC stubs of ``proto/hrm/v2/judge.proto``, checked in under ``hrm_wire/pb/`` (``scripts/gen-proto``).

Import them from here: ``from hrm_wire.proto import judge_pb2, judge_pb2_grpc``.
"""

from __future__ import annotations

from types import ModuleType

from hrm_wire.pb import judge_pb2, judge_pb2_grpc

#: the fully qualified service name, for health checks and reflection
SERVICE_NAME: str = judge_pb2.DESCRIPTOR.services_by_name["JudgeService"].full_name


def load() -> tuple[ModuleType, ModuleType]:
    """``(judge_pb2, judge_pb2_grpc)``."""
    return judge_pb2, judge_pb2_grpc


__all__ = ["SERVICE_NAME", "judge_pb2", "judge_pb2_grpc", "load"]
