from form import is_complete, missing_fields

REQUIRED = ["name", "email", "country"]


def test_missing_fields():
    assert missing_fields({"name": "Ada", "email": "  ", "age": 36}, REQUIRED) == ["email", "country"]


def test_complete_form():
    assert is_complete({"name": "Ada", "email": "ada@x.org", "country": "UK"}, REQUIRED) is True


def test_incomplete_form():
    assert is_complete({"name": "Ada", "email": "", "country": "UK"}, REQUIRED) is False
    assert is_complete({"name": "Ada"}, REQUIRED) is False
    assert is_complete({}, []) is True
