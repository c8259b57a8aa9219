from sellout import longest_sellout, sold_out_nights, spare_rooms


def test_streak_is_broken_by_a_free_night():
    assert longest_sellout([10, 10, 7, 10, 10, 10, 3], 10) == 3


def test_overbooked_nights_count_as_sold_out():
    assert longest_sellout([11, 10, 9, 12], 10) == 2


def test_single_streak():
    assert longest_sellout([5, 10, 10, 10], 10) == 3
    assert longest_sellout([10], 10) == 1


def test_never_sold_out():
    assert longest_sellout([1, 2, 9], 10) == 0
    assert longest_sellout([], 10) == 0


def test_sold_out_nights():
    assert sold_out_nights([10, 9, 12, 10], 10) == [0, 2, 3]
    assert sold_out_nights([], 5) == []


def test_spare_rooms():
    assert spare_rooms([3, 10, 12], 10) == [7, 0, 0]
