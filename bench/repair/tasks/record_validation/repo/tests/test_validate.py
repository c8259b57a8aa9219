import pytest

from validate import problems, validate


def test_valid_record():
    assert validate({"name": "Ada", "age": 36}) == {"name": "Ada", "age": 36}


def test_invalid_record():
    with pytest.raises(ValueError):
        validate({"name": "", "age": 3})


def test_problems():
    assert problems({"age": -1}) == ["name missing", "bad age"]
