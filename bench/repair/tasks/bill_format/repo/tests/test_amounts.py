from amounts import format_cents, format_kwh, group_digits, parse_amount


def test_group_short_numbers():
    assert group_digits("7") == "7"
    assert group_digits("999") == "999"


def test_group_long_numbers():
    assert group_digits("1000") == "1,000"
    assert group_digits("1234567") == "1,234,567"


def test_format_kwh():
    assert format_kwh(12345) == "12,345 kWh"
    assert format_kwh(0) == "0 kWh"


def test_format_cents():
    assert format_cents(123405) == "$1,234.05"
    assert format_cents(-350) == "-$3.50"
    assert format_cents(7) == "$0.07"


def test_parse_amount():
    assert parse_amount("$1,234.05") == 123405
    assert parse_amount(" -$3.50 ") == -350
    assert parse_amount("$12") == 1200
