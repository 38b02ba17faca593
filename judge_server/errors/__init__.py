"""The error tree (``hrm_wire.errors``) on the service's transports, once each: any exception to a typed error
(``faults``), a typed error to an HTTP response (``http_status``: the scoring API and the review UI) and to a gRPC
status (``grpc_status``)."""
