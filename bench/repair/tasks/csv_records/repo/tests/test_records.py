import pytest

from records import column, parse_records, split_line, to_text

TEXT = "name, qty\nbolt, 10\n\nnut, 25\n"


def test_split_line():
    assert split_line(" a ; b ;c", sep=";") == ["a", "b", "c"]


def test_empty_text():
    assert parse_records("\n\n") == []


def test_parse_records():
    assert parse_records(TEXT) == [{"name": "bolt", "qty": "10"}, {"name": "nut", "qty": "25"}]


def test_column():
    assert column(parse_records(TEXT), "qty") == ["10", "25"]


def test_wrong_field_count():
    with pytest.raises(ValueError, match="line 3"):
        parse_records("a,b\n1,2\n3\n")


def test_to_text():
    assert to_text([{"a": 1, "b": 2}]) == "a,b\n1,2\n"
