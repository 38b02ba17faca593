"""``kind_similarity``: a carded product whose name is close to the query in a sentence embedding is plainly
the kind of product asked for.

Used on ``ui_relevance`` ("could a shopper with this query buy this product for it?"), where the embedded
1.5B grader says "no" to fitting products far more often than to misfits. Embedding similarity separates
kinds of product, not constraints (size, price, features are the rules' job), so only products above
``pass_at`` are settled and everything else still goes to the grader.

``pass_at`` was chosen on ``research/devset/`` only, before any independent set was judged with it: over the 71
dev items, the wrong-kind products cards reached at most 0.19 and the fitting ones 0.22-0.74; 0.45 leaves
more than twice the highest wrong-kind similarity as margin.
"""

from __future__ import annotations

from typing import Any

from hrm_wire.models import Product, ScoreRequest
from judge_server.checks.screens.base import Screen, Settled
from judge_server.checks.screens.embedder import MODEL_NAME, TextEmbedder, default_embedder


class KindSimilarity(Screen):
    name = "kind_similarity"

    def __init__(self, params: dict[str, Any], embedder: TextEmbedder | None = None) -> None:
        super().__init__(params)
        pass_at = params.get("pass_at", 0.45)
        if not isinstance(pass_at, (int, float)) or not 0.0 < float(pass_at) <= 1.0:
            raise ValueError(f"kind_similarity: pass_at must be a number in (0, 1], got {pass_at!r}")
        unknown = set(params) - {"pass_at"}
        if unknown:
            raise ValueError(f"kind_similarity: unknown parameter(s) {sorted(unknown)}; known: ['pass_at']")
        self.pass_at = float(pass_at)
        self._embedder = embedder

    @property
    def embedder(self) -> TextEmbedder:
        if self._embedder is None:
            self._embedder = default_embedder()
        return self._embedder

    def load(self) -> None:
        _ = self.embedder

    def settle(self, request: ScoreRequest, products: list[Product]) -> list[Settled]:
        named = [p for p in products if p.name.strip()]
        if not named or not request.query.strip():
            return []
        sims = self.embedder.similarities(request.query, [p.name for p in named])
        return [Settled(p.id, f"{p.id}: name-to-query similarity {s:.2f} >= {self.pass_at:.2f} "
                              f"({MODEL_NAME}): plainly the kind of product asked for")
                for p, s in zip(named, sims, strict=True) if s >= self.pass_at]
