import pytest

from mod import next_crop


def test_simple_step():
    assert next_crop("legumes") == "brassicas"


def test_wraps_around():
    assert next_crop("potatoes") == "legumes"


def test_whitespace_and_case():
    assert next_crop("  Roots ") == "potatoes"


def test_unknown_crop():
    with pytest.raises(ValueError):
        next_crop("maize")
