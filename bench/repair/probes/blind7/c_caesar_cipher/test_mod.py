from mod import encrypt, decrypt, crack


def test_simple_shift():
    assert encrypt("abc", 1) == "bcd"
    assert encrypt("xyz", 3) == "abc"


def test_mixed_case_and_punctuation():
    assert encrypt("Hello, World!", 5) == "Mjqqt, Btwqi!"


def test_round_trip():
    assert decrypt(encrypt("Attack at Dawn", 7), 7) == "Attack at Dawn"


def test_symbols_between_cases_unchanged():
    assert encrypt("snake_case [v2]", 3) == "vqdnh_fdvh [y2]"


def test_crack():
    assert crack(encrypt("meet me at noon", 11), "noon") == 11
