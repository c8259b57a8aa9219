from mod import is_valid_isbn10


def test_valid_plain():
    assert is_valid_isbn10("0306406152") is True


def test_valid_with_check_x():
    assert is_valid_isbn10("0-8044-2957-X") is True


def test_lowercase_x_accepted():
    assert is_valid_isbn10("080442957x") is True


def test_wrong_checksum():
    assert is_valid_isbn10("0306406153") is False
