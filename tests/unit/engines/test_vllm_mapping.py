"""vLLM engine pieces that run without vLLM (the engine itself: tests/gpu/test_vllm_engine.py)."""

from __future__ import annotations

import math
import sys
from types import SimpleNamespace

import pytest

from hrm_wire.errors import ConfigError, EngineUnavailable
from judge_server.engines import make_engine
from judge_server.engines.base import ChatMessage, GenerationRequest
from judge_server.engines.configs import engine_config
from judge_server.engines.vllm import VLLMEngine, map_vllm_logprobs, phase_seconds, structured_sampling_kwargs

SCHEMA = {"type": "object", "properties": {"is_pass": {"type": "boolean"}}}


class Params:
    def __init__(self, **kw) -> None:
        self.kw = kw


def test_structured_outputs_current_and_legacy_api() -> None:
    current = SimpleNamespace(StructuredOutputsParams=Params, GuidedDecodingParams=Params)
    kwargs = structured_sampling_kwargs(current, SCHEMA)
    assert list(kwargs) == ["structured_outputs"] and kwargs["structured_outputs"].kw == {"json": SCHEMA}
    legacy = SimpleNamespace(GuidedDecodingParams=Params)
    assert list(structured_sampling_kwargs(legacy, SCHEMA)) == ["guided_decoding"]
    with pytest.raises(ConfigError, match="neither"):
        structured_sampling_kwargs(SimpleNamespace(), SCHEMA)


def test_logprobs_mapping_keeps_top_n_by_rank() -> None:
    lp = lambda v, r, t: SimpleNamespace(logprob=v, rank=r, decoded_token=t)  # noqa: E731
    positions = [
        {5: lp(-0.1, 1, "{"), 6: lp(-2.0, 2, "[")},
        {9: lp(-3.0, 3, " false"), 8: lp(-0.2, 1, " true"), 7: lp(-1.0, 2, " maybe")},  # sampled token not in top 2
    ]
    mapped = map_vllm_logprobs([5, 9], positions, 2, decode=lambda t: f"<{t}>")
    assert mapped is not None
    assert (mapped[0].token, mapped[0].logprob, mapped[0].top) == ("{", -0.1, [("{", -0.1), ("[", -2.0)])
    assert mapped[1].token == " false" and mapped[1].logprob == -3.0
    assert mapped[1].top == [(" true", -0.2), (" maybe", -1.0)]
    missing = map_vllm_logprobs([4], [{5: lp(-0.1, 1, None)}], 1, decode=lambda t: f"<{t}>")
    assert missing is not None and missing[0].token == "<4>" and math.isnan(missing[0].logprob)
    assert missing[0].top == [("<5>", -0.1)]
    assert map_vllm_logprobs([1], None, 1, decode=str) is None


async def test_without_vllm_installed_start_says_install_gpu_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    # Creating the engine never imports vLLM (CPU installs); starting it without vLLM says what to install.
    assert "vllm" not in sys.modules
    engine = make_engine(engine_config(kind="vllm"))
    assert isinstance(engine, VLLMEngine) and "vllm" not in sys.modules
    monkeypatch.setitem(sys.modules, "vllm", None)  # an import of vllm now raises ImportError, installed or not
    assert engine.model_id == "vllm:Qwen/Qwen2.5-7B-Instruct"
    with pytest.raises(ConfigError, match=r"hrm-judge\[gpu\]"):
        await engine.start()
    with pytest.raises(EngineUnavailable):
        await engine.generate(GenerationRequest(messages=(ChatMessage(role="user", content="x"),)))


def test_phase_seconds_from_request_stats() -> None:
    stats = SimpleNamespace(scheduled_ts=10.0, first_token_ts=10.5, last_token_ts=12.0)
    assert phase_seconds(SimpleNamespace(metrics=stats)) == {"prefill_s": 0.5, "decode_s": 1.5}
    # stats off (disable_log_stats), not yet stamped, or out of order: no phases rather than wrong ones
    assert phase_seconds(SimpleNamespace(metrics=None)) == {"prefill_s": None, "decode_s": None}
    assert phase_seconds(SimpleNamespace()) == {"prefill_s": None, "decode_s": None}
    unstamped = SimpleNamespace(scheduled_ts=10.0, first_token_ts=0.0, last_token_ts=0.0)
    assert phase_seconds(SimpleNamespace(metrics=unstamped))["prefill_s"] is None
    backwards = SimpleNamespace(scheduled_ts=10.0, first_token_ts=9.0, last_token_ts=12.0)
    assert phase_seconds(SimpleNamespace(metrics=backwards))["decode_s"] is None
