"""Fixtures of the verl tier: a local policy tokenizer and a real HRM service process."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from verl_helpers import HRMService, load_examples


@pytest.fixture(scope="session")
def tokenizer_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real Hugging Face fast tokenizer saved to disk (byte-level BPE trained on the examples).

    No model hub is reachable, so the policy tokenizer is built here; verl loads it from the path exactly
    as it loads a model's tokenizer (``actor_rollout_ref.model.path``).
    """
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    texts = []
    for d in load_examples().values():
        texts += [d["query"], d["response"], json.dumps(d.get("trajectory", []))]
    tok = Tokenizer(models.BPE(unk_token=None))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=600, special_tokens=["<|endoftext|>", "<|pad|>", "<think>", "</think>"],
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(texts, trainer)
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, eos_token="<|endoftext|>", pad_token="<|pad|>",
                                   additional_special_tokens=["<think>", "</think>"])
    out = tmp_path_factory.mktemp("policy-tokenizer")
    fast.save_pretrained(out)
    return out


@pytest.fixture(scope="session")
def tokenizer(tokenizer_dir: Path) -> Any:
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(tokenizer_dir)


@pytest.fixture
def hrm_service(tmp_path: Path) -> Iterator[Any]:
    """Factory: ``svc = hrm_service("serve")``; every service started is stopped at teardown."""
    started: list[HRMService] = []

    def start(mode: str = "serve", **opts: Any) -> HRMService:
        svc = HRMService(tmp_path, mode, **opts)
        started.append(svc)
        return svc

    yield start
    for svc in started:
        svc.stop()
