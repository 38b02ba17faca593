from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ScoreRequest(_message.Message):
    __slots__ = ("id", "request_json")
    ID_FIELD_NUMBER: _ClassVar[int]
    REQUEST_JSON_FIELD_NUMBER: _ClassVar[int]
    id: str
    request_json: str
    def __init__(self, id: _Optional[str] = ..., request_json: _Optional[str] = ...) -> None: ...

class ScoreBatchRequest(_message.Message):
    __slots__ = ("items",)
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    items: _containers.RepeatedCompositeFieldContainer[ScoreRequest]
    def __init__(self, items: _Optional[_Iterable[_Union[ScoreRequest, _Mapping]]] = ...) -> None: ...

class ScoreBatchResponse(_message.Message):
    __slots__ = ("items",)
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    items: _containers.RepeatedCompositeFieldContainer[ScoreResponse]
    def __init__(self, items: _Optional[_Iterable[_Union[ScoreResponse, _Mapping]]] = ...) -> None: ...

class ScoreResponse(_message.Message):
    __slots__ = ("id", "result", "error")
    ID_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    id: str
    result: Judgment
    error: Error
    def __init__(self, id: _Optional[str] = ..., result: _Optional[_Union[Judgment, _Mapping]] = ..., error: _Optional[_Union[Error, _Mapping]] = ...) -> None: ...

class Judgment(_message.Message):
    __slots__ = ("rubric", "rubric_version", "grader_model", "reward", "judge_failed", "abstained", "cached", "low_confidence", "composition", "scores", "result_json", "awaiting_answers")
    class ScoresEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: float
        def __init__(self, key: _Optional[str] = ..., value: _Optional[float] = ...) -> None: ...
    RUBRIC_FIELD_NUMBER: _ClassVar[int]
    RUBRIC_VERSION_FIELD_NUMBER: _ClassVar[int]
    GRADER_MODEL_FIELD_NUMBER: _ClassVar[int]
    REWARD_FIELD_NUMBER: _ClassVar[int]
    JUDGE_FAILED_FIELD_NUMBER: _ClassVar[int]
    ABSTAINED_FIELD_NUMBER: _ClassVar[int]
    CACHED_FIELD_NUMBER: _ClassVar[int]
    LOW_CONFIDENCE_FIELD_NUMBER: _ClassVar[int]
    COMPOSITION_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    RESULT_JSON_FIELD_NUMBER: _ClassVar[int]
    AWAITING_ANSWERS_FIELD_NUMBER: _ClassVar[int]
    rubric: str
    rubric_version: str
    grader_model: str
    reward: float
    judge_failed: bool
    abstained: bool
    cached: bool
    low_confidence: bool
    composition: str
    scores: _containers.ScalarMap[str, float]
    result_json: str
    awaiting_answers: bool
    def __init__(self, rubric: _Optional[str] = ..., rubric_version: _Optional[str] = ..., grader_model: _Optional[str] = ..., reward: _Optional[float] = ..., judge_failed: _Optional[bool] = ..., abstained: _Optional[bool] = ..., cached: _Optional[bool] = ..., low_confidence: _Optional[bool] = ..., composition: _Optional[str] = ..., scores: _Optional[_Mapping[str, float]] = ..., result_json: _Optional[str] = ..., awaiting_answers: _Optional[bool] = ...) -> None: ...

class Error(_message.Message):
    __slots__ = ("type", "message", "field", "grpc_code", "http_status", "retry_after_s", "details_json")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    FIELD_FIELD_NUMBER: _ClassVar[int]
    GRPC_CODE_FIELD_NUMBER: _ClassVar[int]
    HTTP_STATUS_FIELD_NUMBER: _ClassVar[int]
    RETRY_AFTER_S_FIELD_NUMBER: _ClassVar[int]
    DETAILS_JSON_FIELD_NUMBER: _ClassVar[int]
    type: str
    message: str
    field: str
    grpc_code: str
    http_status: int
    retry_after_s: float
    details_json: str
    def __init__(self, type: _Optional[str] = ..., message: _Optional[str] = ..., field: _Optional[str] = ..., grpc_code: _Optional[str] = ..., http_status: _Optional[int] = ..., retry_after_s: _Optional[float] = ..., details_json: _Optional[str] = ...) -> None: ...

class ListRubricsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListRubricsResponse(_message.Message):
    __slots__ = ("rubrics",)
    RUBRICS_FIELD_NUMBER: _ClassVar[int]
    rubrics: _containers.RepeatedCompositeFieldContainer[Rubric]
    def __init__(self, rubrics: _Optional[_Iterable[_Union[Rubric, _Mapping]]] = ...) -> None: ...

class Rubric(_message.Message):
    __slots__ = ("id", "version", "description", "composition", "checks", "scores", "context_keys")
    ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    COMPOSITION_FIELD_NUMBER: _ClassVar[int]
    CHECKS_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_KEYS_FIELD_NUMBER: _ClassVar[int]
    id: str
    version: str
    description: str
    composition: str
    checks: _containers.RepeatedScalarFieldContainer[str]
    scores: _containers.RepeatedScalarFieldContainer[str]
    context_keys: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, id: _Optional[str] = ..., version: _Optional[str] = ..., description: _Optional[str] = ..., composition: _Optional[str] = ..., checks: _Optional[_Iterable[str]] = ..., scores: _Optional[_Iterable[str]] = ..., context_keys: _Optional[_Iterable[str]] = ...) -> None: ...
