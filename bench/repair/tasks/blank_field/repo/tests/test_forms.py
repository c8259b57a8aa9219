from forms import is_blank, missing_fields


def test_none_is_blank():
    assert is_blank(None)


def test_spaces_are_blank():
    assert is_blank("  ")
    assert not is_blank(" x ")


def test_missing_fields():
    assert missing_fields({"name": " ", "mail": "a@b"}, ["name", "mail"]) == ["name"]
