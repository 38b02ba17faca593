"""The wire package: what the server and the client share, and nothing else.

``hrm_wire.models`` (requests and results), ``hrm_wire.errors`` (the one error tree) and
``hrm_wire.proto`` (the gRPC stubs' loader). It imports neither ``judge_server`` nor ``hrm_client``;
both of them import it.
"""
