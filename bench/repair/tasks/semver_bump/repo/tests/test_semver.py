import pytest

from semver import bump_version, format_version, parse_version


def test_parse_plain_version():
    assert parse_version("1.4.2") == (1, 4, 2)
    assert parse_version("2.0") == (2, 0, 0)
    assert parse_version("7") == (7, 0, 0)


def test_parse_prefixed_version():
    assert parse_version("v3.1.0") == (3, 1, 0)


def test_parse_ignores_surrounding_whitespace():
    assert parse_version("  v1.2.3\n") == (1, 2, 3)
    assert parse_version(" 0.9 ") == (0, 9, 0)


def test_format_version():
    assert format_version((1, 0, 12)) == "1.0.12"
    assert format_version((2, 3, 0), "v") == "v2.3.0"


def test_bump_levels():
    assert bump_version("1.4.2", "major") == "2.0.0"
    assert bump_version("1.4.2", "minor") == "1.5.0"
    assert bump_version("1.4.2", "patch") == "1.4.3"
    assert bump_version("v0.9", "patch") == "v0.9.1"


def test_bump_keeps_prefix_of_padded_version():
    assert bump_version(" v1.9.9 ", "minor") == "v1.10.0"


def test_unknown_level():
    with pytest.raises(ValueError):
        bump_version("1.0.0", "build")
