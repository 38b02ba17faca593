"""gRPC stubs generated from proto/hrm/v2/judge.proto by scripts/gen-proto (checked in; do not edit)."""
