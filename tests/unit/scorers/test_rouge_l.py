"""ROUGE-L agrees with Google's rouge-score package (default tokenizer, no stemming)."""

import pytest
from rouge_score import rouge_scorer

from judge_server.rules.other.rouge import lcs_length, rouge_l, tokenize

CASES = [
    ("geforce gtx 5090 rog", "geforce gtx 5090 rog"),
    ("geforce gtx 5090 rog", "geforce rtx 5090 rog"),
    ("geforce gtx 5090 rog", "rog geforce 5090"),
    ("add_to_cart.buy_now", "add to cart"),
    ("refinements.customer_reviews.4_stars_up", "refinements.customer_reviews"),
    ("The Quick Brown Fox", "the quick brown fox jumps"),
    ("wireless mouse for gaming", "gaming mouse, wireless!"),
    ("a b c d e f g", "g f e d c b a"),
    ("a a a b", "a b a a"),
    ("police killed the gunman", "the gunman police killed"),
    ("red wine under $50", "red-wine under 50 dollars"),
    ("", "anything"),
    ("something", ""),
    ("!!!", "???"),
    ("café crème", "cafe creme"),  # non-ASCII letters are dropped by the package's tokenizer
    ("노트북 가방", "노트북"),
    ("USB-C 65W charger", "usb c 65w charger"),
    ("x " * 30 + "y", "y " + "x " * 29),
]


@pytest.fixture(scope="module")
def scorer():
    return rouge_scorer.RougeScorer(["rougeL"], use_stemmer=False)


@pytest.mark.parametrize(("target", "prediction"), CASES)
def test_matches_rouge_score_package(scorer, target, prediction):
    expected = scorer.score(target, prediction)["rougeL"].fmeasure
    assert rouge_l(target, prediction) == pytest.approx(expected, abs=1e-12)


def test_tokenizer_and_lcs_basics():
    assert tokenize("Add_To-Cart  #2") == ["add", "to", "cart", "2"]
    assert lcs_length(list("abcbdab"), list("bdcaba")) == 4
    assert rouge_l("same words", "same words") == 1.0
    assert rouge_l("one two", "three four") == 0.0
