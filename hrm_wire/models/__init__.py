"""Domain objects: what a caller sends to be scored and what HRM returns.

These pydantic models are the one data model of HRM. The transports (HTTP JSON, gRPC protobuf),
the client, the store and the verl plugin all translate to and from them. ``hrm schema`` prints
their JSON schema.
"""

from hrm_wire.models.common import RewardParams
from hrm_wire.models.items import RubricItem
from hrm_wire.models.request import (
    Category,
    ObservationStep,
    Product,
    ReasoningStep,
    ScoreOptions,
    ScoreRequest,
    Step,
    ToolCallStep,
)
from hrm_wire.models.result import (
    CheckResult,
    DimensionResult,
    Failure,
    HRMDetail,
    ItemError,
    ItemsDetail,
    ItemVerdict,
    L1Result,
    L2Result,
    OtherDetail,
    ProcessResult,
    ResultDetail,
    RubricInfo,
    ScoreResult,
    Source,
    StoreState,
    WeightedDetail,
)

__all__ = ["Category", "CheckResult", "DimensionResult", "Failure", "HRMDetail", "ItemError", "ItemVerdict",
           "ItemsDetail", "L1Result", "L2Result", "ObservationStep", "OtherDetail", "ProcessResult", "Product",
           "ReasoningStep", "ResultDetail", "RewardParams", "RubricInfo", "RubricItem", "ScoreOptions", "ScoreRequest",
           "ScoreResult", "Source", "Step", "StoreState", "ToolCallStep", "WeightedDetail"]
