from picking import first_or, last_or


def test_first_of_empty():
    assert first_or([], "none") == "none"


def test_first():
    assert first_or([3, 4], 0) == 3


def test_last_or():
    assert last_or([], 1) == 1
