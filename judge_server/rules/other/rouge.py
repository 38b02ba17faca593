"""ROUGE-L F-measure, computed the way Google's ``rouge-score`` package does by default.

Re-implemented (LCS over tokens) so the server needs neither ``rouge-score`` nor its nltk/absl
dependencies; tests/unit/scorers/test_rouge.py checks agreement with the package on a table of cases.
Tokenization as ``rouge_score.tokenize`` without stemming: lower-case, every run of characters
outside ``[a-z0-9]`` is a separator. Non-ASCII letters are therefore dropped, as in the package.
"""

from __future__ import annotations

import re

_SEP = re.compile(r"[^a-z0-9]+")


def tokenize(text: str) -> list[str]:
    return [t for t in _SEP.split(text.lower()) if t]


def lcs_length(a: list[str], b: list[str]) -> int:
    """Length of the longest common subsequence (two-row dynamic programme)."""
    if len(a) < len(b):
        a, b = b, a
    prev = [0] * (len(b) + 1)
    for x in a:
        cur = [0]
        for j, y in enumerate(b, 1):
            cur.append(prev[j - 1] + 1 if x == y else max(prev[j], cur[j - 1]))
        prev = cur
    return prev[-1]


def rouge_l(target: str, prediction: str) -> float:
    """ROUGE-L F-measure of ``prediction`` against ``target``; 0.0 when either has no tokens."""
    t, p = tokenize(target), tokenize(prediction)
    if not t or not p:
        return 0.0
    lcs = lcs_length(t, p)
    if lcs == 0:
        return 0.0
    precision, recall = lcs / len(p), lcs / len(t)
    return 2 * precision * recall / (precision + recall)
