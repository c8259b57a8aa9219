from lookup import has_path, lookup


def test_path_through_a_string():
    assert lookup({"a": "text"}, ["a", "e"]) is None


def test_lookup():
    assert lookup({"a": {"b": 2}}, ["a", "b"]) == 2


def test_has_path():
    assert not has_path({"a": {}}, ["a", "c"])
