import pytest

from mod import page, page_count


TITLES = [f"Book {n}" for n in range(1, 24)]


def test_page_count():
    assert page_count(0, 10) == 1
    assert page_count(10, 10) == 1
    assert page_count(23, 10) == 3


def test_first_page():
    assert page(TITLES, 1) == [f"Book {n}" for n in range(1, 11)]


def test_last_page_is_partial():
    assert page(TITLES, 3) == ["Book 21", "Book 22", "Book 23"]


def test_page_out_of_range():
    with pytest.raises(ValueError):
        page(TITLES, 4)
    with pytest.raises(ValueError):
        page(TITLES, 0)
