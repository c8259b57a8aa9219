import pytest

from invoice import format_cents, invoice_total, split_bill, to_cents


def test_to_cents_simple():
    assert to_cents("12.50") == 1250
    assert to_cents(3) == 300


def test_to_cents_is_exact():
    assert to_cents(0.29) == 29
    assert to_cents("19.99") == 1999


def test_invoice_total():
    assert invoice_total([("0.29", 3), ("1.10", 1)]) == 197


def test_format_cents():
    assert format_cents(123456) == "$1,234.56"
    assert format_cents(-5) == "-$0.05"


def test_split_bill():
    assert split_bill(1000, 3) == [334, 333, 333]
    with pytest.raises(ValueError):
        split_bill(100, 0)
