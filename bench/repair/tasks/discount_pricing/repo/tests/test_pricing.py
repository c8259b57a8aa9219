from decimal import Decimal

import pytest

from pricing import add_tax, apply_discount, cart_total, line_total, to_money


def test_to_money_rounds_half_up():
    assert to_money(2.005) == Decimal("2.01")
    assert to_money("3") == Decimal("3.00")


def test_zero_discount_keeps_price():
    assert apply_discount(10, 0) == Decimal("10.00")


def test_discount_reduces_price():
    assert apply_discount(80, 25) == Decimal("60.00")


def test_add_tax():
    assert add_tax(100, 8) == Decimal("108.00")


def test_cart_total_with_discounted_line():
    lines = [(10, 2, 0), (50, 1, 10)]
    assert cart_total(lines) == Decimal("65.00")


def test_invalid_inputs_rejected():
    with pytest.raises(ValueError):
        apply_discount(10, 120)
    with pytest.raises(ValueError):
        line_total(10, -1)
