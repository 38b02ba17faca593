"""The batch engine: questions exported as an OpenAI Batch API input file, answers imported, rounds converging.

The answers here are written as an answering script would (a fake "grader" reading each exported body); the
real-server sibling is tests/real/test_batch_fidelity.py (llama.cpp's OpenAI-compatible server answers the
exported bodies and the imported verdicts equal the live openai engine's)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hrm_wire.errors import ConfigError
from judge_server.config import HRMConfig
from judge_server.engines.batch import BATCH_URL, BatchEngine, custom_id_of
from judge_server.engines.fake import sample_from_schema
from judge_server.pipeline import ScoringPipeline

ROOT = Path(__file__).resolve().parents[3]


def pipeline(tmp_path: Path, answers: list[Path] | None = None, **judge: Any) -> ScoringPipeline:
    config = HRMConfig(engine={"kind": "batch", "model": "strong", "requests_path": str(tmp_path / "requests.jsonl"),
                               "answers": [str(a) for a in answers or []]},
                       cache={"enabled": False}, judge={"backoff_initial_s": 0, "backoff_max_s": 0, **judge})
    return ScoringPipeline(config)


def exported(tmp_path: Path) -> list[dict[str, Any]]:
    path = tmp_path / "requests.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.is_file() else []


def answer_all(requests: list[dict[str, Any]], path: Path, passing: bool = True) -> Path:
    """An answering script: one {custom_id, content} line per exported question, a valid answer under the
    question's own JSON schema (binary, scale or joint), passing or failing."""
    with open(path, "a") as fh:
        for r in requests:
            schema = r["body"]["response_format"]["json_schema"]["schema"]
            fh.write(json.dumps({"custom_id": r["custom_id"],
                                 "content": json.dumps(sample_from_schema(schema, passing))}) + "\n")
    return path


@pytest.fixture
def item() -> dict[str, Any]:
    rows = [json.loads(line) for line in (ROOT / "examples" / "smartshop.jsonl").read_text().splitlines()]
    return next(r for r in rows if r["id"] == "good-earbuds")


async def judge(p: ScoringPipeline, data: dict[str, Any]):
    await p.start()
    try:
        return await p.score(p.parse_request(data))
    finally:
        await p.close()


async def test_an_unanswered_judgment_awaits_and_exports_batch_api_lines(tmp_path, item) -> None:
    r = await judge(pipeline(tmp_path), item)
    assert r.awaiting_answers and r.reward is None and not r.judge_failed and not r.abstained
    assert r.awaiting is not None and r.awaiting.stage == "l1" and "requests.jsonl" in r.awaiting.cause
    lines = exported(tmp_path)
    assert lines and all(line["method"] == "POST" and line["url"] == BATCH_URL for line in lines)
    body = lines[0]["body"]
    assert body["model"] == "strong" and body["messages"][0]["role"] == "system"
    assert body["response_format"]["type"] == "json_schema" and body["logprobs"] is True
    assert all(line["custom_id"] == custom_id_of("batch:strong", line["body"]) for line in lines)
    assert any(c.awaiting_answer for c in r.checks.values())


async def test_exporting_twice_gives_the_same_ids_and_no_duplicate_lines(tmp_path, item) -> None:
    await judge(pipeline(tmp_path), item)
    first = exported(tmp_path)
    await judge(pipeline(tmp_path), item)
    assert exported(tmp_path) == first


async def test_rounds_converge_to_a_reward(tmp_path, item) -> None:
    answers = tmp_path / "answers.jsonl"
    rounds = 0
    while True:
        r = await judge(pipeline(tmp_path, [answers] if answers.exists() else None), item)
        if not r.awaiting_answers:
            break
        rounds += 1
        answered = {json.loads(line)["custom_id"] for line in answers.read_text().splitlines()} if answers.exists() \
            else set()
        answer_all([q for q in exported(tmp_path) if q["custom_id"] not in answered], answers)
        assert rounds < 6
    assert rounds == 3  # L1, then L2, then the process question (gated on G_L2)
    assert r.reward == pytest.approx(1.5 + 0.05) and r.grader_model == "batch:strong"


async def test_ask_all_exports_every_question_in_one_round(tmp_path, item) -> None:
    first = await judge(pipeline(tmp_path), {**item, "options": {"ask_all": True}})
    assert first.awaiting_answers
    answers = answer_all(exported(tmp_path), tmp_path / "answers.jsonl")
    r = await judge(pipeline(tmp_path, [answers]), {**item, "options": {"ask_all": True}})
    assert not r.awaiting_answers and r.reward == pytest.approx(1.55)


async def test_an_answer_without_logprobs_has_no_measured_confidence(tmp_path, item) -> None:
    p = pipeline(tmp_path)
    await judge(p, item)
    answers = answer_all(exported(tmp_path), tmp_path / "a.jsonl")
    p = pipeline(tmp_path, [answers])
    seen = []
    p.judge.listeners.append(lambda tv: seen.append(tv.verdict.measured))
    await judge(p, item)
    assert seen and not any(seen)


async def test_batch_api_output_lines_with_logprobs_are_measured(tmp_path, item) -> None:
    await judge(pipeline(tmp_path), item)
    out = tmp_path / "batch_output.jsonl"
    with open(out, "w") as fh:
        for n, q in enumerate(exported(tmp_path)):
            text = json.dumps(sample_from_schema(q["body"]["response_format"]["json_schema"]["schema"], True))
            logprobs = {"content": [{"token": '{"', "logprob": 0.0, "top_logprobs": []},
                                    {"token": "verdict", "logprob": 0.0, "top_logprobs": []},
                                    {"token": '":"', "logprob": 0.0, "top_logprobs": []},
                                    {"token": "yes", "logprob": -0.105,
                                     "top_logprobs": [{"token": "yes", "logprob": -0.105},
                                                      {"token": "no", "logprob": -2.3}]}]}
            body = {"id": f"c{n}", "object": "chat.completion", "model": "strong",
                    "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                                 "logprobs": logprobs, "finish_reason": "stop"}]}
            fh.write(json.dumps({"id": f"b{n}", "custom_id": q["custom_id"],
                                 "response": {"status_code": 200, "request_id": f"r{n}", "body": body},
                                 "error": None}) + "\n")
    p = pipeline(tmp_path, [out])
    seen = {}
    p.judge.listeners.append(lambda tv: seen.setdefault(tv.check_id, (tv.verdict.measured, tv.verdict.confidence)))
    r = await judge(p, item)
    assert not r.checks["text_relevance"].awaiting_answer
    measured, confidence = seen["text_relevance"]  # a yes/no question: P(yes) renormalised over yes/no
    assert measured and confidence == pytest.approx(0.8998, abs=1e-3)


async def test_an_unparseable_answer_is_repaired_in_the_next_round(tmp_path, item) -> None:
    await judge(pipeline(tmp_path), item)
    first = exported(tmp_path)
    answers = tmp_path / "a.jsonl"
    with open(answers, "w") as fh:
        for q in first:
            fh.write(json.dumps({"custom_id": q["custom_id"], "content": "I think it is probably fine."}) + "\n")
    r = await judge(pipeline(tmp_path, [answers]), item)
    assert r.awaiting_answers and not r.judge_failed
    repairs = exported(tmp_path)[len(first):]
    assert repairs and all(q["body"]["messages"][-1]["role"] == "user" for q in repairs)
    assert all("could not be used" in q["body"]["messages"][-1]["content"] for q in repairs)
    answer_all(repairs, answers)
    r = await judge(pipeline(tmp_path, [answers]), item)
    assert not any(c.awaiting_answer for c in r.checks.values() if c.stage == "l1")


async def test_a_failed_batch_request_is_an_engine_error_not_a_verdict(tmp_path, item) -> None:
    await judge(pipeline(tmp_path), item)
    answers = tmp_path / "a.jsonl"
    with open(answers, "w") as fh:
        for q in exported(tmp_path):
            fh.write(json.dumps({"custom_id": q["custom_id"], "response": None,
                                 "error": {"code": "server_error", "message": "boom"}}) + "\n")
    r = await judge(pipeline(tmp_path, [answers]), item)
    assert r.judge_failed and r.reward is None and "boom" in r.failure.cause


@pytest.mark.parametrize(("line", "needle"), [
    ("not json", "not JSON"),
    ('{"content": "x"}', "custom_id"),
    ('{"custom_id": "hrm-1"}', "neither 'content' nor"),
    ('{"custom_id": "hrm-1", "content": 3}', "must be the assistant's text"),
])
async def test_malformed_answer_lines_are_typed_errors_naming_the_line(tmp_path, line, needle) -> None:
    answers = tmp_path / "a.jsonl"
    answers.write_text('{"custom_id": "hrm-0", "content": "{}"}\n' + line + "\n")
    engine = pipeline(tmp_path, [answers]).engine
    with pytest.raises(ConfigError) as info:
        await engine.start()
    assert f"{answers}:2" in info.value.message and needle in info.value.message


async def test_a_custom_id_answered_twice_differently_is_refused(tmp_path) -> None:
    answers = tmp_path / "a.jsonl"
    answers.write_text('{"custom_id": "hrm-1", "content": "a"}\n{"custom_id": "hrm-1", "content": "a"}\n'
                       '{"custom_id": "hrm-1", "content": "b"}\n')
    with pytest.raises(ConfigError, match="a.jsonl:3.*answered twice"):
        await pipeline(tmp_path, [answers]).engine.start()


async def test_answers_this_run_never_asked_for_are_counted_not_used(tmp_path, item) -> None:
    answers = tmp_path / "a.jsonl"
    answers.write_text('{"custom_id": "hrm-from-another-grader", "content": "{}"}\n')
    p = pipeline(tmp_path, [answers])
    r = await judge(p, item)
    assert r.awaiting_answers
    engine = p.engine
    assert isinstance(engine, BatchEngine) and engine.unused_answers() == 1


async def test_a_cascade_escalates_to_the_offline_tier(tmp_path, item) -> None:
    from threshold_sets import one_check_thresholds

    config = HRMConfig(engine={"kind": "cascade", "tiers": [
        {"kind": "fake", "model": "weak"},
        {"kind": "batch", "model": "strong", "requests_path": str(tmp_path / "requests.jsonl")}]},
        cache={"enabled": False}, judge={"backoff_initial_s": 0, "backoff_max_s": 0, "last_tier_decides": True})
    p = ScoringPipeline(config)
    question = p.registry.get("smartshop").checks[[c.id for c in p.registry.get("smartshop").checks].index(
        "text_relevance")].llm
    p.judge.thresholds = one_check_thresholds({"fake-weak": None, "batch:strong": 0.0}, "text_relevance", question)
    r = await judge(p, item)
    assert r.checks["text_relevance"].awaiting_answer and r.awaiting_answers
    assert len(exported(tmp_path)) == 1  # only the escalated question went to the offline grader
