from mod import get_path, set_path

DATA = {"user": {"name": "Ada", "tags": ["x", "y"], "address": {"city": "London"}}}


def test_nested_dict_lookup():
    assert get_path(DATA, "user.address.city") == "London"


def test_list_index():
    assert get_path(DATA, "user.tags.1") == "y"


def test_missing_key_returns_default():
    assert get_path(DATA, "user.phone") is None
    assert get_path(DATA, "user.phone", default="n/a") == "n/a"


def test_bad_index_and_scalar():
    assert get_path(DATA, "user.tags.5", default="?") == "?"
    assert get_path(DATA, "user.name.first") is None


def test_set_path():
    assert set_path({}, "a.b.c", 1) == {"a": {"b": {"c": 1}}}
    assert set_path({"a": 5}, "a.b", 2) == {"a": {"b": 2}}
