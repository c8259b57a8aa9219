from mod import is_valid_isbn, isbn10_valid, isbn13_valid, normalize


def test_normalize():
    assert normalize("0-306-40615-2") == "0306406152"
    assert normalize("80-902734-1-x") == "809027341X"


def test_isbn10():
    assert isbn10_valid("0-306-40615-2")
    assert isbn10_valid("0-8044-2957-X")
    assert not isbn10_valid("0-306-40615-3")


def test_isbn13():
    assert isbn13_valid("978-0-306-40615-7")
    assert not isbn13_valid("978-0-306-40615-8")


def test_is_valid_isbn():
    assert is_valid_isbn("9780306406157")
    assert not is_valid_isbn("12345")
