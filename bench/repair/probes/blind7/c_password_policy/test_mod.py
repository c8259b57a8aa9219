from mod import check_password, is_strong


def test_acceptable_password():
    assert check_password("Secret123") == []


def test_too_short():
    assert check_password("short1A") == ["too short"]


def test_missing_classes_and_space():
    assert check_password("alllowercase") == ["needs an upper-case letter", "needs a digit"]
    assert check_password("Has Space 1") == ["contains a space"]


def test_strong_password():
    assert is_strong("Correct-Horse-42")


def test_weak_passwords():
    assert not is_strong("abcdefghijk12")
    assert not is_strong("a!")
