from passwords import password_problems


def test_exactly_minimum_length_is_enough():
    assert password_problems("Abcdefg1") == []


def test_short_password():
    assert password_problems("Ab1") == ["too short"]


def test_missing_digit_and_capital():
    assert password_problems("abcdefghij") == ["no digit", "no capital letter"]
