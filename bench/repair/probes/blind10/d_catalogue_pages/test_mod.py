import pytest

from mod import page_count, page_items, page_label

BOOKS = [f"book-{i}" for i in range(1, 46)]


def test_page_count():
    assert page_count(45) == 3
    assert page_count(40) == 2
    assert page_count(0) == 1


def test_first_page():
    assert page_items(BOOKS, 1)[0] == "book-1"
    assert len(page_items(BOOKS, 1)) == 20


def test_last_page():
    assert page_items(BOOKS, 3) == ["book-41", "book-42", "book-43", "book-44", "book-45"]


def test_out_of_range():
    with pytest.raises(ValueError):
        page_items(BOOKS, 4)
    assert page_label(2, 45) == "Page 2 of 3"
