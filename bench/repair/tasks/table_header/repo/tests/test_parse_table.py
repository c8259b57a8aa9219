from parse_table import column_names, parse_table


def test_parse_table():
    assert parse_table(["name age", "ann 3"]) == [{"name": "ann", "age": "3"}]


def test_column_names():
    assert column_names(["a b"]) == ["a", "b"]
