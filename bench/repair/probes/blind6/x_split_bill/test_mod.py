import pytest

from mod import split_evenly, to_cents


def test_to_cents_from_string():
    assert to_cents("19.99") == 1999


def test_even_split():
    assert split_evenly(30, 3) == [10.0, 10.0, 10.0]


def test_leftover_cents_go_first():
    assert split_evenly(10, 3) == [3.34, 3.33, 3.33]


def test_no_people():
    with pytest.raises(ValueError):
        split_evenly(10, 0)
