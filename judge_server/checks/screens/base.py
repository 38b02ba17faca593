"""What a screen is: code that answers some of a per-product grader question's products before the grader.

A per-product question (``LLMQuestion.per_product``) asks the grader once per carded product. A screen looks
at the same inputs and settles the products whose answer is plain, so only the rest reach the grader. A
screen settles only a "yes" (a pass): it never fails a product, because a statistical signal is not a fact
established beyond doubt; failing stays with the rules (a veto) and the grader (a calibrated verdict).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar

from hrm_wire.models import Product, ScoreRequest


@dataclass(frozen=True)
class Settled:
    """A product a screen answered "yes" for, with the evidence shown in the check's result."""

    product_id: str
    evidence: str


class Screen(ABC):
    """Settles plain per-product "yes" answers; registered by ``name`` in ``judge_server.checks.screens``."""

    name: ClassVar[str]

    def __init__(self, params: dict[str, Any]) -> None:
        self.params = params

    def load(self) -> None:  # noqa: B027 - most screens have nothing to load
        """Load models or data; called when a pipeline starts so a missing part fails start, not a request."""

    @abstractmethod
    def settle(self, request: ScoreRequest, products: list[Product]) -> list[Settled]:
        """The products (among ``products``, the carded ones) whose answer is plainly "yes"."""
