from repeat import duplicates, first_repeat


def test_first_repeat():
    assert first_repeat([7, 3, 9, 3, 7]) == 3


def test_no_repeat():
    assert first_repeat([1, 2]) is None


def test_duplicates():
    assert duplicates([7, 3, 9, 3, 7]) == [3, 7]
