from mod import page_count, get_page


def test_page_count():
    assert page_count(10, 3) == 4


def test_page_count_empty():
    assert page_count(0, 5) == 0


def test_first_page():
    assert get_page([1, 2, 3, 4, 5], 1, 2) == [1, 2]


def test_last_partial_page():
    assert get_page([1, 2, 3, 4, 5], 3, 2) == [5]


def test_past_the_end():
    assert get_page([1, 2, 3], 5, 2) == []
