from settings import parse_setting, parse_settings


def test_value_with_equals_sign():
    assert parse_setting("query = a=b") == ("query", "a=b")


def test_parse_settings():
    assert parse_settings("# c\nname = x\n\nport=80") == {"name": "x", "port": "80"}
