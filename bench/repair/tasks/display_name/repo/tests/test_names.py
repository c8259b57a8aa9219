from names import display_name, initials


def test_display_name():
    assert display_name("ada  lovelace") == "Ada Lovelace"


def test_initials():
    assert initials("ada lovelace") == "AL"
