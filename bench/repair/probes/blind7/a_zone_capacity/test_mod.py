import pytest

from mod import total_capacity, bin_count, find_zone

LAYOUT = {
    "A": {"a1": 10, "a2": 5},
    "B": {"b1": {"s1": 3, "s2": 4}},
}


def test_total_capacity():
    assert total_capacity(LAYOUT) == 22


def test_single_bin():
    assert total_capacity(7) == 7


def test_bin_count():
    assert bin_count(LAYOUT) == 4


def test_find_zone():
    assert find_zone(LAYOUT, ["B", "b1"]) == {"s1": 3, "s2": 4}
    assert find_zone(LAYOUT, []) is LAYOUT
    with pytest.raises(KeyError):
        find_zone(LAYOUT, ["C"])


def test_zone_capacity():
    assert total_capacity(find_zone(LAYOUT, ["A"])) == 15
