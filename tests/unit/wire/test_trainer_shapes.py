"""What trainers hand a reward, as HRM requests, and HRM's answers as trainer outcomes (hrm_wire/trainers.py).
The routes and functions that use them are tested against each framework's calling code in tests/trainers/."""

from __future__ import annotations

import math

import pytest

from hrm_wire.errors import DeadlineExceeded
from hrm_wire.models import Failure, ScoreRequest, ScoreResult
from hrm_wire.trainers import (
    EXTRA_KEYS,
    TrainerInputError,
    build_request,
    outcome,
    parse_chat,
    strip_end_tokens,
)

SYSTEM = "<|im_start|>system\nYou are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\n"
PROMPT = SYSTEM + "<|im_start|>user\nHow long do I boil an egg?<|im_end|>\n<|im_start|>assistant\n"


def test_chatml_prompt_and_completion_with_its_end_token():
    data = build_request(PROMPT, "About nine minutes.<|im_end|>")
    req = ScoreRequest.model_validate(data)
    assert req.query == "How long do I boil an egg?" and req.response == "About nine minutes."


def test_a_multi_turn_chatml_completion_keeps_its_tool_calls_and_results():
    completion = ('<tool_call>\n{"name": "search_products", "arguments": {"query": "egg timer"}}\n</tool_call>'
                  '<|im_end|>\n<|im_start|>user\n<tool_response>\n[{"product_id": "B0TIMER001", "title": "Egg '
                  'Timer", "price": 7.5}]\n</tool_response><|im_end|>\n<|im_start|>assistant\nThis timer works: '
                  '<product>B0TIMER001</product><|im_end|>')
    req = ScoreRequest.model_validate(build_request(PROMPT, completion))
    kinds = [s.kind for s in req.trajectory]
    assert kinds == ["tool_call", "observation"] and req.trajectory[0].name == "search_products"
    assert "B0TIMER001" in req.products() and req.response == "This timer works: <product>B0TIMER001</product>"


def test_llama3_headers():
    prompt = ("<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\nName a prime.<|eot_id|>"
              "<|start_header_id|>assistant<|end_header_id|>\n\n")
    req = ScoreRequest.model_validate(build_request(prompt, "7<|eot_id|>"))
    assert req.query == "Name a prime." and req.response == "7"


def test_trl_conversational_prompt_and_completion():
    data = build_request([{"role": "user", "content": "Name a prime."}], [{"role": "assistant", "content": "7"}])
    req = ScoreRequest.model_validate(data)
    assert (req.query, req.response) == ("Name a prime.", "7")


def test_plain_text_prompt_is_the_query():
    req = ScoreRequest.model_validate(build_request("Name a prime.", "7"))
    assert (req.query, req.response) == ("Name a prime.", "7")


@pytest.mark.parametrize(("label", "check"), [
    ({"rubric": "shop_r1", "reference": {"type": "click"}}, lambda r: r.rubric == "shop_r1"),
    ('{"rubric_items": [["Is it prime?", 1]]}', lambda r: r.rubric == "items" and len(r.rubric_items) == 1),
    ([["Is it prime?", 1]], lambda r: r.rubric == "items"),
    ("7 is prime", lambda r: r.reference == "7 is prime"),
    ({"answer": 7}, lambda r: r.reference == {"answer": 7}),
    ({"query": "Name a prime number under 10."}, lambda r: r.query == "Name a prime number under 10."),
])
def test_labels(label, check):
    assert check(ScoreRequest.model_validate(build_request("Name a prime.", "7", label)))


def test_a_label_mixing_request_fields_with_others_is_refused():
    with pytest.raises(TrainerInputError, match="colour"):
        build_request("q", "a", {"rubric": "smartshop", "colour": "red"})


def test_a_rollout_without_a_final_answer_is_judged_as_an_empty_one():
    completion = '<tool_call>\n{"name": "search", "arguments": {}}\n</tool_call><|im_end|>'
    req = ScoreRequest.model_validate(build_request(PROMPT, completion))
    assert req.response == "" and req.trajectory[-1].kind == "tool_call"


def test_no_user_turn_and_no_query_is_an_input_error():
    with pytest.raises(TrainerInputError, match="user"):
        build_request([{"role": "system", "content": "s"}], "a")


def test_parse_chat_and_end_tokens():
    assert parse_chat("no markers here") is None
    assert strip_end_tokens("done<|im_end|>\n<|endoftext|>") == "done"


def _result(**kw):
    return ScoreResult(rubric="smartshop", rubric_version="v", grader_model="g", **kw)


def test_outcomes_have_the_same_keys_whatever_happened():
    ok = outcome(_result(reward=1.2, scores={"g_l1": 1.0}), ("g_l1",))
    failed = outcome(_result(judge_failed=True, failure=Failure(stage="l1", cause="parse")), ("g_l1",))
    abstained = outcome(_result(abstained=True, abstention=Failure(stage="l1", cause="unsure")), ("g_l1",))
    error = outcome(DeadlineExceeded("too slow"), ("g_l1",))
    for o in (ok, failed, abstained, error):
        assert list(o.extras) == [*EXTRA_KEYS, "g_l1"]
    assert (ok.reward, ok.masked, ok.extras["g_l1"]) == (1.2, False, 1.0)
    assert failed.reward is None and failed.masked and failed.extras["hrm_judge_failed"] == 1.0
    assert abstained.extras["hrm_abstained"] == 1.0 and "unsure" in abstained.cause
    assert error.extras["hrm_error"] == 1.0 and math.isnan(error.extras["g_l1"]) and error.value(-1.0) == -1.0


@pytest.mark.parametrize("prompt,completion,words", [
    ([None], "Hi", "prompt entry 0 is NoneType"),
    ([{"role": "user", "content": "hi"}], [{"role": "assistant", "content": "Hi"}, 3], "completion entry 1 is int"),
    ("<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n",
     "<tool_call>" + "[" * 3000 + "]" * 3000 + "</tool_call>", "nested deeper"),
])
def test_found_by_the_fuzz_tier_typed_not_a_crash(prompt, completion, words):
    """tests/reliability/test_paths_fuzz.py found these: a TypeError, a RecursionError; now input errors."""
    with pytest.raises(TrainerInputError, match=words):
        build_request(prompt, completion, None)
    with pytest.raises(TrainerInputError, match="nested deeper"):
        build_request("hi", "Hi", "[" * 3000 + "]" * 3000)
