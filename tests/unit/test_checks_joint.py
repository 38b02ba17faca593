"""Joint per-product questions (``llm.joint``): one grader call answers for every carded product.

Fake-engine logic tests; the real-backed sibling is tests/real/test_joint_real.py (SmolLM2 answers a
joint question through the embedded engine, with real log-probs per product).
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import orjson
import pytest
import yaml
from threshold_sets import one_check_thresholds

from hrm_wire.errors import VerdictParseError
from hrm_wire.models import ScoreRequest
from judge_server.config import CacheConfig, HRMConfig, JudgeConfig
from judge_server.engines.base import ChatMessage, Generation, GenerationRequest, TokenLogprob
from judge_server.engines.cascade import CascadeEngine
from judge_server.engines.configs import engine_config
from judge_server.engines.fake import FakeEngine
from judge_server.engines.self_consistency import SelfConsistencyEngine
from judge_server.grading.cache import VerdictCache
from judge_server.grading.judge import Judge
from judge_server.grading.parsing import joint_confidences, joint_schema, parse_joint_verdict
from judge_server.packs.loader import load_pack_file
from judge_server.packs.registry import PACKS_DIR
from judge_server.packs.schema import LLMQuestion
from judge_server.pipeline import ScoringPipeline

DF_TEXT = "is what the response says about this product faithful to its record"
Q = LLMQuestion(prompt="Is the text faithful to the record?", per_product=True, joint=True,
                inputs=["product", "paragraph"])
MSGS = (ChatMessage(role="user", content="material"),)


def _tokens(*pieces: str | tuple[str, float]) -> list[TokenLogprob]:
    """Token stream; a (word, p) piece is a verdict word with probability p on it and 1-p on the other."""
    out = []
    for piece in pieces:
        if isinstance(piece, tuple):
            word, p = piece
            other = "no" if word == "yes" else "yes"
            out.append(TokenLogprob(token=word, logprob=math.log(p), top=[(word, math.log(p)),
                                                                          (other, math.log(1 - p))]))
        else:
            out.append(TokenLogprob(token=piece, logprob=0.0))
    return out


def test_parse_needs_every_label():
    text = '{"p1": {"verdict": "yes", "reason": "ok"}, "p2": {"verdict": "no", "reason": "no HEPA"}}'
    got = parse_joint_verdict(text, ["p1", "p2"])
    assert got["p1"].passed is True and got["p2"].passed is False and got["p2"].reason == "no HEPA"
    with pytest.raises(VerdictParseError, match="no verdict for p3"):
        parse_joint_verdict(text, ["p1", "p2", "p3"])
    schema = joint_schema(["p1", "p2"], 40)
    assert schema["required"] == ["p1", "p2"] and schema["properties"]["p2"]["properties"]["reason"]["maxLength"] == 40


def test_confidence_per_label_ignores_words_in_reasons_and_follows_label_keys():
    # p2 is answered first, and p2's reason contains "no" tokens: each label still gets its own word's mass
    toks = _tokens('{"', "p2", '": {"verdict": "', ("no", 0.8), '", "reason": "', "no", " mention", '"}, "',
                   "p1", '": {"', "verdict", '": "', ("yes", 0.6), '", "reason": "fine"}}')
    confs = joint_confidences(toks, ["p1", "p2"], {"p1": True, "p2": False})
    assert confs["p1"] == pytest.approx(0.6) and confs["p2"] == pytest.approx(0.8)
    assert joint_confidences(None, ["p1"], {"p1": True}) == {"p1": 1.0}


def test_confidence_is_unknown_for_a_non_word_verdict_and_unrequested_keys_take_nothing():
    # without a schema an engine may answer true (parsed as a pass) and add a key nobody asked for: p1's
    # confidence must not come from the "no" in its reason, nor p2's from p3's verdict
    toks = _tokens('{"p1": {"verdict": ', "true", ', "reason": "', ("no", 0.2), ' issue"}, "p2": {"verdict": "',
                   ("yes", 0.95), '", "reason": "ok"}, "p3": {"verdict": "', ("no", 0.9), '"}}')
    confs = joint_confidences(toks, ["p1", "p2"], {"p1": True, "p2": True})
    assert confs == {"p1": 1.0, "p2": pytest.approx(0.95)}


class JointFake(FakeEngine):
    """Answers a joint question from a per-label script of (word, confidence)."""

    def __init__(self, name: str, answers: dict[str, tuple[str, float]]) -> None:
        super().__init__(engine_config(kind="fake", model=name))
        self.answers = answers

    async def generate(self, request: GenerationRequest) -> Generation:
        self.requests.append(request)
        pieces: list[Any] = ["{"]
        for n, label in enumerate(request.json_schema["required"]):  # type: ignore[index]
            word, p = self.answers[label]
            pieces += [f'{", " if n else ""}"{label}": {{"verdict": "', (word, p), f'", "reason": "{self.model_id}"}}']
        pieces.append("}")
        toks = _tokens(*pieces)
        return Generation(text="".join(t.token for t in toks), logprobs=toks, prompt_tokens=100)


def _judge(tiers: list[FakeEngine], ts: Any, tmp_path: Path) -> Judge:
    return Judge(CascadeEngine(engine_config(kind="cascade"), tiers=tiers),
                 VerdictCache(CacheConfig(enabled=True, directory=tmp_path / "c")),
                 JudgeConfig(backoff_initial_s=0, backoff_max_s=0), engine_config(), thresholds=ts)


async def test_each_label_escalates_alone_and_the_next_tier_fills_only_the_unsure_ones(tmp_path):
    weak = JointFake("weak", {"p1": ("yes", 0.97), "p2": ("no", 0.6), "p3": ("yes", 0.5)})
    strong = JointFake("strong", {"p1": ("no", 0.99), "p2": ("no", 0.95), "p3": ("yes", 0.7)})
    j = _judge([weak, strong], one_check_thresholds({"fake-weak": 0.9, "fake-strong": 0.9}, "df", Q), tmp_path)
    await j.engine.start()
    out = await j.ask_joint(Q, MSGS, ["p1", "p2", "p3"], check_id="df")
    p1, p2, p3 = out.verdicts
    assert (p1.tier, p1.verdict.passed, p1.abstained) == ("fake-weak", True, False)  # weak was sure: kept
    assert (p2.tier, p2.verdict.passed, p2.abstained) == ("fake-strong", False, False)
    assert p3.tier == "fake-strong" and p3.abstained and p3.confidence == pytest.approx(0.7)
    assert out.calls == 2 and len(weak.requests) == len(strong.requests) == 1
    assert weak.requests[0].schema_name == "joint_verdict" and weak.requests[0].max_tokens == 3 * Q.max_tokens
    assert j.tier_stats["fake-weak"] == {"asked": 3, "decided": 1, "escalated": 2}
    assert j.tier_stats["fake-strong"] == {"asked": 2, "decided": 1, "abstained": 1}
    # asked again: both joint answers come from the cache, with the same per-label outcome
    again = await j.ask_joint(Q, MSGS, ["p1", "p2", "p3"], check_id="df")
    assert again.cached and again.calls == 2 and len(weak.requests) == 1
    assert [(v.tier, v.abstained) for v in again.verdicts] == [(v.tier, v.abstained) for v in out.verdicts]


async def test_every_label_sure_on_the_first_tier_never_asks_the_next(tmp_path):
    weak = JointFake("weak", {"p1": ("yes", 0.97), "p2": ("no", 0.95)})
    strong = JointFake("strong", {"p1": ("no", 0.99), "p2": ("no", 0.99)})
    j = _judge([weak, strong], one_check_thresholds({"fake-weak": 0.9, "fake-strong": 0.9}, "df", Q), tmp_path)
    await j.engine.start()
    out = await j.ask_joint(Q, MSGS, ["p1", "p2"], check_id="df")
    assert [v.verdict.passed for v in out.verdicts] == [True, False] and not strong.requests


async def test_an_unparseable_joint_answer_is_retried_then_fails_every_label(tmp_path):
    engine = FakeEngine(script=['{"p1": {"verdict": "yes", "reason": "x"}}'] * 3)  # p2 never answered
    j = Judge(engine, VerdictCache(CacheConfig(enabled=False)), JudgeConfig(backoff_initial_s=0, backoff_max_s=0),
              engine_config())
    await engine.start()
    out = await j.ask_joint(Q, MSGS, ["p1", "p2"], check_id="df")
    assert all(not v.ok and "no verdict for p2" in (v.failure or "") for v in out.verdicts)
    assert out.attempts == j.config.max_attempts and "p2" in engine.requests[-1].messages[-1].content


async def _voted(draws: list[str]) -> Any:
    """A joint question answered by self-consistency over three scripted samples."""
    sc = SelfConsistencyEngine(engine_config(kind="self_consistency", samples=3), inner=FakeEngine(script=draws))
    j = Judge(sc, VerdictCache(CacheConfig(enabled=False)), JudgeConfig(), engine_config())
    await sc.start()
    return await j.ask_joint(Q, MSGS, ["p1", "p2"])


async def test_self_consistency_votes_label_by_label(tmp_path):
    draws = ['{"p1": {"verdict": "yes", "reason": "a"}, "p2": {"verdict": "no", "reason": "b"}}',
             '{"p1": {"verdict": "yes", "reason": "c"}, "p2": {"verdict": "yes", "reason": "d"}}',
             '{"p1": {"verdict": "yes", "reason": "e"}, "p2": {"verdict": "no", "reason": "f"}}']
    out = await _voted(draws)
    p1, p2 = out.verdicts
    assert p1.verdict.passed is True and p1.confidence == pytest.approx(1.0)
    assert p2.verdict.passed is False and p2.confidence == pytest.approx(2 / 3) and p2.verdict.reason == "b"


async def test_self_consistency_votes_every_label_of_the_schema_even_if_the_first_sample_lacks_one(tmp_path):
    draws = ['{"p1": {"verdict": "yes", "reason": "a"}}',
             '{"p1": {"verdict": "yes", "reason": "c"}, "p2": {"verdict": "no", "reason": "d"}}',
             '{"p1": {"verdict": "no", "reason": "e"}, "p2": {"verdict": "no", "reason": "f"}}']
    out = await _voted(draws)
    p1, p2 = out.verdicts
    assert p1.verdict.passed is True and p1.confidence == pytest.approx(2 / 3)
    assert p2.verdict.passed is False and p2.confidence == pytest.approx(1.0) and out.attempts == 1


def test_joint_needs_a_per_product_binary_question_without_agree_with():
    with pytest.raises(ValueError, match="joint needs"):
        LLMQuestion(prompt="Does the query call for products?", joint=True)
    with pytest.raises(ValueError, match="joint needs"):
        LLMQuestion(prompt="Does the query call for products?", per_product=True, joint=True,
                    agree_with="cards_shown")


def _joint_pack(tmp_path: Path) -> Path:
    data = yaml.safe_load((PACKS_DIR / "smartshop.yaml").read_text())
    next(c for c in data["checks"] if c["id"] == "description_faithfulness")["llm"]["joint"] = True
    (tmp_path / "packs").mkdir()
    path = tmp_path / "packs" / "smartshop.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def _joint_pipeline(tmp_path: Path) -> tuple[ScoringPipeline, FakeEngine]:
    """A fake-engine pipeline on smartshop with description_faithfulness joint; its joint answers say "no" for
    the last product only."""
    load_pack_file(_joint_pack(tmp_path))
    config = HRMConfig(engine={"kind": "fake"}, cache={"enabled": False}, rubrics_dir=tmp_path / "packs",
                       judge={"backoff_initial_s": 0.0, "backoff_max_s": 0.0, "screens": False,
                               "l1_short_circuit": False})
    engine = FakeEngine(config.engine)
    original = engine._default

    def answer(request: GenerationRequest) -> str:
        if request.schema_name == "joint_verdict":
            labels = request.json_schema["required"]  # type: ignore[index]
            return orjson.dumps({lab: {"verdict": "no" if lab == labels[-1] else "yes", "reason": f"{lab} says"}
                                 for lab in labels}).decode()
        return original(request)

    engine._default = answer  # type: ignore[method-assign]
    return ScoringPipeline(config, engine=engine), engine


def _df_requests(engine: FakeEngine) -> list[GenerationRequest]:
    return [q for q in engine.requests if DF_TEXT in q.messages[-1].content]


async def test_pipeline_asks_once_and_a_no_for_one_product_fails_the_check(tmp_path, examples):
    p, engine = _joint_pipeline(tmp_path)
    await p.start()
    example = examples["good-earbuds"]
    req = ScoreRequest.model_validate(example)
    carded = [i for i in req.products() if f"<product>{i}</product>" in example["response"]]
    assert len(carded) >= 2
    r = await p.score(p.parse_request(example))
    df_requests = _df_requests(engine)
    assert len(df_requests) == 1 and df_requests[0].schema_name == "joint_verdict"
    prompt = df_requests[0].messages[-1].content
    assert all(f"PRODUCT p{k} RECORD" in prompt for k in range(1, len(carded) + 1))
    df = r.checks["description_faithfulness"]
    assert df.passed is False and df.reason.startswith(f"{carded[-1]}: p{len(carded)} says")
    assert r.llm_calls == len(engine.requests)  # the joint call counts once


async def test_one_carded_product_is_asked_in_the_joint_shape_too(tmp_path, examples):
    # one question hash must mean one prompt shape, so the calibration of the joint question covers every call
    p, engine = _joint_pipeline(tmp_path)
    await p.start()
    example = examples["good-earbuds"]
    first = example["response"].index("</product>") + len("</product>")
    example["response"] = example["response"][:first] + re.sub(r"<product>.*?</product>", "",
                                                               example["response"][first:])
    r = await p.score(p.parse_request(example))
    (df_request,) = _df_requests(engine)
    assert df_request.schema_name == "joint_verdict" and df_request.json_schema["required"] == ["p1"]
    assert r.checks["description_faithfulness"].passed is False  # the only product is the last one


def test_shipped_pack_asks_description_faithfulness_jointly_under_its_own_question_hash():
    from judge_server.thresholds import question_hash

    pack = load_pack_file(PACKS_DIR / "smartshop.yaml")
    df = next(c for c in pack.checks if c.id == "description_faithfulness").llm
    ur = next(c for c in pack.checks if c.id == "ui_relevance").llm
    assert df is not None and df.joint and ur is not None and not ur.joint
    assert question_hash(df) != question_hash(df.model_copy(update={"joint": False}))
