import pytest

from mod import parse_amount, format_amount


def test_simple_amounts():
    assert parse_amount("12") == 1200
    assert parse_amount("$0.99") == 99


def test_thousands_separator():
    assert parse_amount("$1,234.50") == 123450


def test_negative_forms():
    assert parse_amount("(7.5)") == -750
    assert parse_amount("-$3.05") == -305


def test_invalid_amounts():
    with pytest.raises(ValueError):
        parse_amount("abc")
    with pytest.raises(ValueError):
        parse_amount("1.234")


def test_format_and_round_trip():
    assert format_amount(123450) == "$1,234.50"
    assert format_amount(-725) == "-$7.25"
    assert format_amount(5) == "$0.05"
    assert parse_amount(format_amount(-1234567)) == -1234567
