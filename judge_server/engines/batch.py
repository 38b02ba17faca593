"""``engine.kind: batch``: the grader's questions exported as an OpenAI Batch API input file, answers imported.

A judgment asks its questions exactly as with a live engine. Each question is one line of a Batch API input
file (``custom_id``, ``method``, ``url: /v1/chat/completions``, ``body``: the messages, the JSON-schema
``response_format``, the sampling parameters and, where asked, ``logprobs``). ``custom_id`` is derived from the
grader's model id and the body, so exporting twice gives the same ids, and an answer lines up with its question
whatever file it arrives in. A question whose answer is not in yet raises ``AwaitingAnswer``: the judge reports
the check, and the judgment, as awaiting answers (never a 0, never judge_failed).

Answers are read from Batch API output files (``{"custom_id", "response": {"status_code", "body": <chat
completion>}, "error"}``) or from the same shape written by hand or a script: ``{"custom_id", "content"}``
(the assistant's text), optionally with ``"logprobs"`` (OpenAI's ``choices[0].logprobs.content`` list). They are
the grader's replies: parsed, retried (a repair prompt is a new question, exported in the next round) and turned
into verdicts like a live engine's. An answer without log-probs has no measured confidence
(``Generation.logprobs`` None): calibration leaves such answers out of a fit, and a cascade's strong tier
without log-probs decides with ``judge.last_tier_decides``.

The loop converges: ``export -> answer -> import -> export what is still missing -> ...``. Bad answer files are
typed errors naming file and line (a malformed line, a duplicate custom_id with a different answer); answers
whose custom_id this run never asked (another grader, a changed prompt, another pack version) are counted and
logged once, not errors: the question they would have answered is exported again.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections import Counter
from pathlib import Path
from typing import Any, Literal

import orjson
from pydantic import Field

from hrm_wire.errors import ConfigError, EngineError
from judge_server.engines.base import (
    AwaitingAnswer,
    EngineSettings,
    Generation,
    GenerationRequest,
    GraderEngine,
)
from judge_server.engines.openai import chat_body, map_logprobs, parse_completion
from judge_server.home import default_home

log = logging.getLogger(__name__)

BATCH_URL = "/v1/chat/completions"


class BatchConfig(EngineSettings):
    """``kind: batch``: export the grader's questions as an OpenAI Batch API file; import its answers."""

    kind: Literal["batch"] = Field(default="batch", description="Engine kind.")
    model: str = Field(min_length=1, description="The grader that answers (its id names results, cache entries "
                                                 "and calibration: batch:<model>); also the body's model.")
    requests_path: Path | None = Field(
        default=None, description="Batch API input file the unanswered questions are appended to (default "
                                  "$HRM_HOME/batch/<model>/requests.jsonl); each question is written once.")
    answers: list[Path] = Field(
        default_factory=list,
        description="Answer files: Batch API output files, or lines {custom_id, content[, logprobs]} written by "
                    "hand or a script. A folder stands for every *.jsonl file in it.")
    logprobs: bool = Field(default=True, description="Ask for log-probs in the exported bodies (yes/no answers), "
                                                     "so imported answers carry a measured confidence.")


def custom_id_of(model_id: str, body: dict[str, Any]) -> str:
    """The stable id of one question: the grader's model id and the exported body, hashed."""
    canon = orjson.dumps({"grader": model_id, "body": body}, option=orjson.OPT_SORT_KEYS)
    return "hrm-" + hashlib.sha256(canon).hexdigest()[:32]


def _answer_files(paths: list[Path]) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        out.extend(sorted(p.glob("*.jsonl")) if p.is_dir() else [p])
    return out


def _answer_of(line: dict[str, Any], where: str) -> Generation | str:
    """An answer line -> the grader's generation, or the error text it carries (a failed request)."""
    if "content" in line:  # by hand or by a script
        content = line["content"]
        if not isinstance(content, str):
            raise ConfigError(f"{where}: content must be the assistant's text (a string)")
        logprobs = line.get("logprobs")
        if logprobs is not None and not isinstance(logprobs, list):
            raise ConfigError(f"{where}: logprobs must be a list of token entries (OpenAI's logprobs.content)")
        return Generation(text=content, logprobs=map_logprobs(logprobs) if logprobs is not None else None)
    if line.get("error"):
        return f"the batch reported an error: {line['error']}"
    response = line.get("response")
    if not isinstance(response, dict):
        raise ConfigError(f"{where}: neither 'content' nor a Batch API 'response' object")
    status = response.get("status_code", 200)
    if status != 200:
        return f"the batch request answered HTTP {status}: {str(response.get('body'))[:300]}"
    try:
        return parse_completion(response.get("body"))
    except EngineError as exc:
        return exc.message


class BatchEngine(GraderEngine):
    """Answers from imported answer files; questions without an answer are exported (``AwaitingAnswer``)."""

    supports_json_schema = True
    supports_logprobs = True
    config: BatchConfig

    def __init__(self, config: BatchConfig) -> None:
        super().__init__(config)
        self.requests_path = Path(config.requests_path or default_home() / "batch" / config.model / "requests.jsonl")
        self._answers: dict[str, Generation | str] = {}
        self._exported: set[str] = set()
        self._asked: set[str] = set()
        self._lock = threading.Lock()
        self._ready = False
        #: answers whose custom_id no question of this run matched, by file
        self.unknown: Counter[str] = Counter()
        self.exported_now = 0

    @property
    def model_id(self) -> str:
        return f"batch:{self.config.model}"

    async def start(self) -> None:
        if self._ready:
            return
        self._load_answers()
        if self.requests_path.is_file():
            for n, raw in enumerate(self.requests_path.read_text().splitlines(), 1):
                if raw.strip():
                    try:
                        self._exported.add(str(json.loads(raw)["custom_id"]))
                    except (ValueError, KeyError, TypeError):
                        raise ConfigError(f"{self.requests_path}:{n}: not a Batch API request line") from None
        self._ready = True

    def _load_answers(self) -> None:
        for path in _answer_files(self.config.answers):
            try:
                lines = path.read_text().splitlines()
            except OSError as exc:
                raise ConfigError(f"cannot read answers file {path}: {exc}", field="engine.answers") from None
            for n, raw in enumerate(lines, 1):
                if not raw.strip():
                    continue
                where = f"{path}:{n}"
                try:
                    line = json.loads(raw)
                except ValueError as exc:
                    raise ConfigError(f"{where}: not JSON ({exc})", field="engine.answers") from None
                if not isinstance(line, dict) or not isinstance(line.get("custom_id"), str):
                    raise ConfigError(f"{where}: an answer line needs a string custom_id", field="engine.answers")
                cid = line["custom_id"]
                answer = _answer_of(line, where)
                known = self._answers.get(cid)
                if known is not None and _text(known) != _text(answer):
                    raise ConfigError(f"{where}: custom_id {cid} answered twice, differently", field="engine.answers")
                self._answers[cid] = answer

    def is_ready(self) -> bool:
        return self._ready

    def body(self, request: GenerationRequest) -> dict[str, Any]:
        """The Batch API body of one question (the same body a live OpenAI-compatible call sends)."""
        if not self.config.logprobs:
            request = request.model_copy(update={"top_logprobs": 0})
        return chat_body(request, self.config.model)

    async def generate(self, request: GenerationRequest) -> Generation:
        body = self.body(request)
        cid = custom_id_of(self.model_id, body)
        self._asked.add(cid)
        answer = self._answers.get(cid)
        if isinstance(answer, Generation):
            return answer
        if isinstance(answer, str):  # the batch failed this request: a generation error, retried as usual
            raise EngineError(f"{cid}: {answer}")
        self._export(cid, body)
        raise AwaitingAnswer(cid, self.requests_path)

    def _export(self, cid: str, body: dict[str, Any]) -> None:
        with self._lock:
            if cid in self._exported:
                return
            self.requests_path.parent.mkdir(parents=True, exist_ok=True)
            line = {"custom_id": cid, "method": "POST", "url": BATCH_URL, "body": body}
            with open(self.requests_path, "ab") as fh:
                fh.write(orjson.dumps(line) + b"\n")
            self._exported.add(cid)
            self.exported_now += 1

    def unused_answers(self) -> int:
        """Answers no question of this run asked for (another grader, a changed prompt, another pack version)."""
        return len(set(self._answers) - self._asked)

    async def close(self) -> None:
        if self._ready and self.exported_now:
            log.warning("batch grader %s: %d question(s) exported to %s, awaiting answers", self.config.model,
                        self.exported_now, self.requests_path)
        self._ready = False


def _text(answer: Generation | str) -> str:
    return answer.text if isinstance(answer, Generation) else answer
