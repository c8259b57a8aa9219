import pytest

from paginate import describe, get_page, page_count, page_links

ITEMS = list(range(1, 46))


def test_page_count():
    assert page_count(45, 10) == 5
    assert page_count(0, 10) == 1


def test_first_page():
    assert get_page(ITEMS, 1, 10) == list(range(1, 11))


def test_last_partial_page():
    assert get_page(ITEMS, 5, 10) == [41, 42, 43, 44, 45]


def test_past_the_end_is_empty():
    assert get_page(ITEMS, 9, 10) == []


def test_describe():
    assert describe(2, 10, 45) == "Showing 11-20 of 45"
    assert describe(1, 10, 0) == "No results"


def test_page_links_and_bad_page():
    assert page_links(5, 9) == [1, 3, 4, 5, 6, 7, 9]
    with pytest.raises(ValueError):
        get_page(ITEMS, 0, 10)
