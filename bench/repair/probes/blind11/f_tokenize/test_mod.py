from mod import tokenize, is_number, numbers_in, token_counts


def test_tokenize():
    assert tokenize("Hello, world!") == ["Hello", ",", "world", "!"]
    assert tokenize("pi is 3.14") == ["pi", "is", "3.14"]
    assert tokenize("snake_case x") == ["snake_case", "x"]


def test_is_number():
    assert is_number("42")
    assert is_number("3.14")
    assert not is_number("abc")


def test_is_number_rejects_version_strings():
    assert not is_number("1.2.3")


def test_numbers_in():
    assert numbers_in("Use 2 eggs and 1.5 cups") == [2.0, 1.5]
    assert numbers_in("no numbers here") == []


def test_token_counts():
    assert token_counts("The cat, the hat") == {"the": 2, "cat": 1, "hat": 1}
    assert token_counts("") == {}
