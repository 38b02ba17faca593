"""The checked-in gRPC stubs (hrm_wire/pb/) are those of proto/hrm/v2/judge.proto: regenerate with scripts/gen-proto
after editing the proto. Compared as descriptors, so a newer protoc's formatting does not matter."""

from __future__ import annotations

import importlib.resources
import shutil
from pathlib import Path

from google.protobuf import descriptor_pb2
from grpc_tools import protoc

from hrm_wire.pb import judge_pb2

ROOT = Path(__file__).resolve().parents[3]
PROTO = ROOT / "proto" / "hrm" / "v2" / "judge.proto"


def test_checked_in_stubs_match_the_proto(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    shutil.copyfile(PROTO, src / "judge.proto")
    out = tmp_path / "judge.desc"
    well_known = str(importlib.resources.files("grpc_tools") / "_proto")
    assert protoc.main(["grpc_tools.protoc", f"-I{well_known}", f"-Ihrm_wire/pb={src}",
                        f"--descriptor_set_out={out}", "hrm_wire/pb/judge.proto"]) == 0
    fresh = descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes()).file[0]
    for message in fresh.message_type:  # protoc fills json_name in a descriptor set, never in generated code
        for field in (*message.field, *(f for nested in message.nested_type for f in nested.field)):
            field.ClearField("json_name")
    checked_in = descriptor_pb2.FileDescriptorProto.FromString(judge_pb2.DESCRIPTOR.serialized_pb)
    assert fresh == checked_in, "hrm_wire/pb/ is stale: run scripts/gen-proto and commit the stubs"


def test_the_service_is_wire_version_2() -> None:
    from hrm_wire.proto import SERVICE_NAME

    assert SERVICE_NAME == "hrm.v2.JudgeService"
    fields = judge_pb2.Judgment.DESCRIPTOR.fields_by_name
    assert {"scores", "composition", "abstained", "result_json"} <= set(fields)
    assert not {"g_l1", "g_l2", "r_out", "r_proc"} & set(fields)  # HRM-only numbers travel in `scores`
