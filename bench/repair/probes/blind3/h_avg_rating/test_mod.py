from mod import average_rating


def test_simple_average():
    assert average_rating([4, 5, 3]) == 4


def test_single_rating():
    assert average_rating([2]) == 2


def test_unrated_entries_are_ignored():
    assert average_rating([5, None, 3, None]) == 4


def test_all_unrated_returns_none():
    assert average_rating([None, None]) is None


def test_empty_returns_none():
    assert average_rating([]) is None
