import pytest

from mod import byes, rounds_needed


def test_power_of_two():
    assert rounds_needed(8) == 3


def test_odd_count():
    assert rounds_needed(5) == 3


def test_byes():
    assert byes(12) == 4


def test_byes_needs_teams():
    with pytest.raises(ValueError):
        byes(0)
