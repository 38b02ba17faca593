"""Hypothesis over the entry paths the transport fuzzers do not reach: the trainer routes (OpenRLHF, slime, NeMo
Gym), the trainer request builder every client-side trainer function uses, the review UI's label import, and
``hrm score`` files.

Deep nesting (also as JSON inside strings), huge numbers, odd unicode and over-cap sizes, mixed into valid samples.
Every answer is a number or a typed refusal: no untyped 5xx, no exception other than the typed ones, no traceback
from the CLI, and a bad line never loses a good one.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reliability_harness import ROOT, check_http, samples

from hrm_wire.errors import HRMError
from hrm_wire.models import ScoreRequest
from hrm_wire.trainers import TrainerInputError, build_request

pytestmark = pytest.mark.reliability

SAMPLES = samples()
FUZZ = settings(deadline=None, suppress_health_check=list(HealthCheck), database=None, derandomize=True)


def deep(levels: int, inner: Any = 1) -> Any:
    out = inner
    for n in range(levels):
        out = [out] if n % 2 else {"a": out}
    return out


odd_text = st.sampled_from(["", "\u0000", "\ud7ff\ufeff", "\u202e\u2066gpt", "é" * 3000, "<|im_start|>user\n",
                            "\U0001f600" * 50, "x" * 70_000, "<product>PD_1</product>", "NaN", "1e400"])
huge_numbers = st.sampled_from([10**400, -(10**30), 1e308, 2**64, -0.0])
nasty = st.one_of(
    odd_text,
    huge_numbers,
    st.integers(30, 400).map(deep),
    st.integers(30, 400).map(lambda n: json.dumps(deep(n))),  # JSON inside a string
    st.lists(st.just({"id": "x", "text": "Is it ok?"}), min_size=60, max_size=80),  # over the item cap
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=40),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=15,
)
values = st.one_of(nasty, json_values)
messages = st.lists(st.fixed_dictionaries({"role": st.sampled_from(["user", "assistant", "tool", "system", "bot"]),
                                           "content": st.one_of(st.text(max_size=60), st.none(), values)}),
                    max_size=4)
labels = st.one_of(
    st.none(), values,
    st.sampled_from(SAMPLES).map(lambda s: {k: v for k, v in s.items() if k not in ("response", "messages")}),
    st.fixed_dictionaries({"rubric_items": st.one_of(values, st.lists(st.one_of(values, st.fixed_dictionaries(
        {"text": st.one_of(st.text(max_size=30), values), "weight": st.one_of(st.floats(), values)})), max_size=5))}),
)
prompts = st.one_of(st.text(max_size=200), messages, values)
completions = st.one_of(st.text(max_size=200), messages, values)


# -- the trainer request builder (TRL, verl compute_score, AReaL, slime custom RM) --------------------------------
@FUZZ
@given(prompt=prompts, completion=completions, label=labels)
def test_trainer_request_builder_gives_a_request_or_a_typed_error(prompt, completion, label) -> None:
    try:
        data = build_request(prompt, completion, label)
    except TrainerInputError:
        return
    try:
        ScoreRequest.model_validate(data)
    except (ValueError, HRMError):  # pydantic's ValidationError is a ValueError: the transports type it
        return


# -- the trainer routes, over the real app ---------------------------------------------------------------------
def _post(service: Any, path: str, body: Any) -> None:
    from fastapi.testclient import TestClient

    with TestClient(service.app, raise_server_exceptions=False) as client:
        raw = body if isinstance(body, bytes) else json.dumps(body).encode()
        r = client.post(path, content=raw, headers={"content-type": "application/json"})
    check_http(r.status_code, r.headers, r.content, path)
    if r.status_code == 200:
        out = r.json()
        rewards = out.get("rewards") if path.endswith("openrlhf") else [out["reward"] if "reward" in out else out]
        assert all(isinstance(x, (int, float)) for x in rewards), (path, out)


@FUZZ
@given(query=st.lists(st.one_of(st.text(max_size=80), values), max_size=3), prompts=st.one_of(st.none(), values),
       labels_=st.one_of(st.none(), st.lists(labels, max_size=3), values))
def test_openrlhf_route_answers_numbers_or_typed_errors(service, query, prompts, labels_) -> None:
    _post(service, "/trainers/openrlhf", {"query": query, "prompts": prompts, "labels": labels_})


@FUZZ
@given(prompt=prompts, response=completions, label=labels)
def test_slime_route_answers_a_number_or_a_typed_error(service, prompt, response, label) -> None:
    _post(service, "/trainers/slime", {"prompt": prompt, "response": response, "label": label})


@FUZZ
@given(body=st.one_of(values, st.fixed_dictionaries({"responses_create_params": st.one_of(values, st.fixed_dictionaries(
    {"input": messages})), "response": st.one_of(values, st.fixed_dictionaries({"output": messages})),
    "hrm": labels})))
def test_nemo_gym_verify_answers_a_reward_or_a_typed_error(service, body) -> None:
    _post(service, "/trainers/nemo_gym/verify", body)


@FUZZ
@given(raw=st.one_of(st.binary(max_size=300), st.integers(30, 3000).map(lambda n: ("[" * n + "]" * n).encode())))
def test_trainer_routes_take_raw_bytes(service, raw) -> None:
    for path in ("/trainers/openrlhf", "/trainers/slime", "/trainers/nemo_gym/verify"):
        _post(service, path, raw)


# -- the review UI's label import ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def label_store(tmp_path_factory):
    from judge_server.store import JudgmentStore, StoreConfig

    store = JudgmentStore(StoreConfig(url=f"sqlite:///{tmp_path_factory.mktemp('labels') / 'judgments.db'}"))
    yield store
    store.close()


label_records = st.fixed_dictionaries({"judgment_uid": st.one_of(st.text(max_size=20), values),
                                       "request_id": st.one_of(st.none(), st.text(max_size=20), values),
                                       "target": st.one_of(st.text(max_size=30), values),
                                       "verdict": st.one_of(st.sampled_from(["pass", "fail", "unsure", "maybe"]),
                                                            values),
                                       "annotator": st.one_of(st.none(), odd_text, values)})


@FUZZ
@given(lines=st.lists(st.one_of(label_records.map(json.dumps), odd_text, values.map(json.dumps)), min_size=1,
                      max_size=6),
       as_csv=st.booleans())
def test_label_import_reports_each_bad_line_typed(label_store, lines, as_csv) -> None:
    from judge_server.review.exchange import import_labels

    body = ("target,verdict,judgment_uid\n" + "\n".join(f"{n},{n},{n}" for n in lines)) if as_csv else "\n".join(lines)
    try:
        report = import_labels(label_store, body, default_annotator="fuzz")
    except HRMError as exc:
        assert exc.http_status < 500, exc
        return
    assert report.imported == 0  # no judgment exists: every line is a typed per-line error
    assert all(e["type"] and e["message"] for e in report.errors)


# -- hrm score files -------------------------------------------------------------------------------------------
def _mutated(sample: dict[str, Any], key: str, value: Any) -> str:
    return json.dumps({**sample, key: value})


bad_lines = st.one_of(
    st.builds(_mutated, st.sampled_from(SAMPLES), st.sampled_from(["query", "response", "catalog", "trajectory",
                                                                   "rubric_items", "category", "options"]), nasty),
    odd_text.filter(lambda t: len(t) < 5000),
    st.integers(30, 600).map(lambda n: json.dumps({**SAMPLES[0], "context": deep(n)})),
)


@settings(FUZZ, max_examples=3)
@given(bad=st.lists(bad_lines, min_size=4, max_size=8))
def test_hrm_score_gives_every_line_an_answer_and_no_traceback(tmp_path_factory, bad) -> None:
    tmp = tmp_path_factory.mktemp("score")
    good = [dict(s, id=f"good{n}") for n, s in enumerate(SAMPLES[:3])]
    lines = [json.dumps(g) for g in good] + [b.replace("\n", " ") for b in bad]
    src, out = tmp / "in.jsonl", tmp / "out.jsonl"
    src.write_text("\n".join(lines) + "\n")
    env = {**os.environ, "HRM_HOME": str(tmp / "home")}
    proc = subprocess.run([sys.executable, "-m", "hrm_tools.cli", "score", str(src), "-o", str(out), "--engine",
                           "fake", "--no-cache"], capture_output=True, text=True, timeout=300, cwd=ROOT,
                          env={**env, "COLUMNS": "200"})
    assert "Traceback" not in proc.stderr, proc.stderr[-3000:]
    assert proc.returncode == 0, proc.stderr[-2000:]  # bad lines are per-item errors; --strict makes them fatal
    answers = [json.loads(x) for x in Path(out).read_text().splitlines()]
    by_id = {a.get("id"): a for a in answers}
    assert all(by_id[g["id"]].get("reward") is not None for g in good)  # no good line lost to a bad one
    for a in answers:
        assert a.get("reward") is not None or a.get("judge_failed") or a.get("abstained"), a
    # every line is accounted for: a result in the output, or listed (typed) among those without a reward
    said = " ".join(proc.stdout.split())
    without = re.search(r"(\d+) without a usable reward", said)
    assert len(answers) + (int(without.group(1)) if without else 0) == len(lines), said[-2000:]
