from changes import change, changes


def test_drop_is_negative():
    assert change(10, 7) == -3


def test_rise():
    assert change(7, 10) == 3


def test_changes_of_one_value():
    assert changes([5]) == []
