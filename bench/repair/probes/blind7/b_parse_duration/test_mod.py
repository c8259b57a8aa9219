import pytest

from mod import parse_duration, total_duration


def test_hours_and_minutes():
    assert parse_duration("1h30m") == 5400


def test_seconds_only():
    assert parse_duration("45s") == 45


def test_spaces_and_upper_case():
    assert parse_duration(" 2D 3h ") == 2 * 86400 + 3 * 3600


def test_malformed_input():
    for bad in ["10", "h5m", "5x", ""]:
        with pytest.raises(ValueError):
            parse_duration(bad)


def test_total_duration():
    assert total_duration(["1m", "30s", "1h"]) == 3690
