"""Prices a rule can be sure of: plain amounts only; scientific or hex notation in a query or a record is not read
(a rule vetoes only what it knows for sure)."""

from __future__ import annotations

import pytest

from hrm_wire.chat import _price
from judge_server.rules.shopping.constraints import price_cap


@pytest.mark.parametrize(("query", "cap"), [
    ("a kettle under $1e3", None), ("under $1e308 please", None), ("under $0x64", None),
    ("under $1,299.00", 1299.0), ("budget of 1.5k", 1500.0), ("under $50.", 50.0), ("under 50 dollars", 50.0),
])
def test_price_caps(query, cap):
    assert price_cap(query) == cap


@pytest.mark.parametrize(("value", "price"), [
    ("1e20", None), ("0x64", None), ("12-15", None), ("1,2", None), ("nan", None), (float("inf"), None),
    ("$1,299.00", 1299.0), ("49.99 USD", 49.99), ("EUR 12", 12.0), ("$ 30", 30.0), (12, 12.0), (-1, None),
])
def test_record_prices(value, price):
    assert _price(value) == price
