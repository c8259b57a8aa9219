import pytest

from isbn import is_valid, isbn10_check_digit, normalize, to_isbn13


def test_normalize():
    assert normalize("0-306-40615-2") == "0306406152"
    assert normalize("080442957x") == "080442957X"


def test_valid_isbn10():
    assert is_valid("0-306-40615-2")
    assert isbn10_check_digit("080442957") == "X"
    assert not is_valid("0-306-40615-3")


def test_valid_isbn13():
    assert is_valid("978-0-306-40615-7")
    assert is_valid("978-1-86197-876-9")


def test_invalid_isbn13():
    assert not is_valid("978-0-306-40615-6")
    assert not is_valid("12345")


def test_to_isbn13():
    assert to_isbn13("0-306-40615-2") == "9780306406157"
    with pytest.raises(ValueError):
        to_isbn13("0-306-40615-3")
