import pytest
from mod import parse_weight


def test_kilograms():
    assert parse_weight("2.5 kg") == 2500


def test_uppercase_unit():
    assert parse_weight("12 OZ") == 340


def test_mixed_case_pounds():
    assert parse_weight("1 Lb") == 454


def test_unknown_unit():
    with pytest.raises(ValueError):
        parse_weight("3 stone")
