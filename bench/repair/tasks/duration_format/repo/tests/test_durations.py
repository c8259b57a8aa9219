import pytest

from durations import format_duration, parse_duration


def test_format_minutes_and_hours():
    assert format_duration(90) == "1m 30s"
    assert format_duration(3661) == "1h 1m 1s"
    assert format_duration(0) == "0s"


def test_format_days():
    assert format_duration(90000) == "1d 1h"


def test_parse_duration():
    assert parse_duration("1h 30m") == 5400
    assert parse_duration("2d4h") == 187200
    with pytest.raises(ValueError):
        parse_duration("soon")


def test_round_trip():
    for text in ["3d", "1d 23h 59m 59s", "12h 5s"]:
        assert format_duration(parse_duration(text)) == text
