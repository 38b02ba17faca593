"""HRM client SDK: sync and async, gRPC and HTTP. Installs without Ray or vLLM (the tools are in hrm_tools)."""

from hrm_client.client import NOT_GIVEN, AsyncJudgeClient, JudgeClient, Scored
from hrm_client.errors import HRMError, ServiceUnreachable
from hrm_client.retry import RetryPolicy

__all__ = ["AsyncJudgeClient", "JudgeClient", "Scored", "RetryPolicy", "HRMError", "ServiceUnreachable", "NOT_GIVEN"]
