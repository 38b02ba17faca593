"""gRPC stubs generated from proto/hrm/v1/judge.proto by scripts/gen-proto (checked in; do not edit)."""
