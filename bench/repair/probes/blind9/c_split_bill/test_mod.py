import pytest

from mod import split_evenly, who_owes_what


def test_even_split():
    assert split_evenly(9000, 3) == [3000, 3000, 3000]


def test_leftover_cents_go_to_first_people():
    assert split_evenly(10001, 3) == [3334, 3334, 3333]
    assert sum(split_evenly(10001, 3)) == 10001


def test_no_people():
    with pytest.raises(ValueError):
        split_evenly(500, 0)


def test_who_owes_what():
    assert who_owes_what(1000, ["ana", "ben", "cleo"]) == {
        "ana": 334,
        "ben": 333,
        "cleo": 333,
    }
