import pytest

from config_values import parse_bool, parse_config, parse_value


def test_booleans():
    assert parse_bool(" Yes ") is True
    assert parse_value("off") is False
    with pytest.raises(ValueError):
        parse_bool("maybe")


def test_integers_and_strings():
    assert parse_value(" 42 ") == 42
    assert parse_value("hello world") == "hello world"


def test_float_values():
    assert parse_value("0.75") == 0.75
    assert parse_value("-1e3") == -1000.0


def test_lists():
    assert parse_value("1, two, yes") == [1, "two", True]


def test_parse_config():
    text = "# demo\nname = demo\nworkers = 4\n\nratio = 0.5  # half\n"
    assert parse_config(text) == {"name": "demo", "workers": 4, "ratio": 0.5}
