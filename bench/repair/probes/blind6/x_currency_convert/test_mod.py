import pytest

from mod import convert, transfer_fee


def test_transfer_fee():
    assert transfer_fee(1000, 0.5, 2.0) == 5.0


def test_no_fee():
    assert convert(100, 0.85) == 85.0


def test_percentage_fee():
    assert convert(200, 1.1, fee_percent=1.0) == 217.8


def test_minimum_fee():
    assert convert(50, 2.0, fee_percent=1.0, min_fee=3.0) == 94.0


def test_fee_too_large():
    with pytest.raises(ValueError):
        convert(2, 1.0, min_fee=5.0)
