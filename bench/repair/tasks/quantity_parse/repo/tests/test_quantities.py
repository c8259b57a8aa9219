import pytest

from quantities import order_total, parse_quantity


def test_parse_quantity():
    assert parse_quantity(" 12 ") == 12


def test_order_total():
    assert order_total([" 1", "2 "]) == 3


def test_parse_quantity_is_a_number():
    assert parse_quantity("3") + 1 == 4


def test_words_are_refused():
    with pytest.raises(ValueError):
        parse_quantity("ten")
