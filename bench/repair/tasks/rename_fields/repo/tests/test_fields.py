from fields import drop_fields, rename_fields


def test_rename_fields():
    assert rename_fields({"nm": "Ada", "age": 36}, {"nm": "name"}) == {"name": "Ada", "age": 36}


def test_drop_fields():
    assert drop_fields({"a": 1, "b": 2}, ["b"]) == {"a": 1}
