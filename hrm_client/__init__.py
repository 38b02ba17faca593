"""HRM client (sync + async, gRPC + HTTP) and the eval / report / compare tools. Installs without Ray or vLLM."""

from hrm_client.client import NOT_GIVEN, AsyncJudgeClient, JudgeClient, Scored
from hrm_client.errors import HRMError, ServiceUnreachable
from hrm_client.retry import RetryPolicy

__all__ = ["AsyncJudgeClient", "JudgeClient", "Scored", "RetryPolicy", "HRMError", "ServiceUnreachable", "NOT_GIVEN"]
