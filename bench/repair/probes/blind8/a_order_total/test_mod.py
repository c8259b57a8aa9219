import pytest

from mod import order_subtotal, order_total


def test_subtotal():
    items = [("latte", 3.10, 2), ("muffin", 2.50, 1)]
    assert order_subtotal(items) == pytest.approx(8.70)


def test_total_is_rounded_to_cents():
    assert order_total([("latte", 3.10, 3)], 0.08) == 10.04


def test_total_with_tip():
    assert order_total([("espresso", 2.00, 2)], 0.10, tip_percent=15) == 5.06


def test_empty_order():
    assert order_total([], 0.08) == 0
